import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FOOTER_PAGE_IDS } from '../../shop/index.ts';
import { usePortal } from './portal.tsx';

/**
 * The footer of every shop page (issue 34): contact, delivery, help, terms, returns and privacy,
 * each a content page the portal writes, and the company behind the shop.
 */
export function Footer() {
  const { t } = useTranslation();
  const { companyName } = usePortal();
  return (
    <footer className="shop-footer">
      <nav aria-label={t('footer.label')}>
        <ul className="shop-footer__links">
          {FOOTER_PAGE_IDS.map((id) => (
            <li key={id}>
              <Link to={`/pages/${id}`}>{t(`footer.${id}`)}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="shop-footer__company">© {companyName}</p>
    </footer>
  );
}
