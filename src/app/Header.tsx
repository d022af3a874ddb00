import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CartIcon, MenuIcon } from '../ui/icons.tsx';
import { selectLineCount, useCartStore } from './cartStore.ts';
import { MenuDrawer } from './MenuDrawer.tsx';
import { usePortal } from './portal.tsx';

export function Header() {
  const { t } = useTranslation();
  const portal = usePortal();
  const lineCount = useCartStore(selectLineCount);
  const [menuOpen, setMenuOpen] = useState(false);
  const { logo } = portal;
  const logoImage = <img className="logo-image" src={logo.src} alt={logo.alt} width={120} height={40} />;

  return (
    <>
      <header className="site-header">
        <div className="site-header__inner">
          <button
            type="button"
            className="icon-button"
            aria-label={t('header.menu')}
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            data-testid="menu-button"
            onClick={() => setMenuOpen(true)}
          >
            <MenuIcon />
          </button>
          {logo.external ? (
            <a className="logo-link" href={logo.href}>
              {logoImage}
            </a>
          ) : (
            <Link className="logo-link" to="/">
              {logoImage}
            </Link>
          )}
          <Link className="icon-button cart-link" to="/cart">
            <CartIcon />
            {/* The count is visible text, so the name carries it too ("Cart 2"): voice control says what it sees. */}
            <span className="visually-hidden">{t('header.cart')} </span>
            {/* An empty cart has no badge: a red "0" reads as something to attend to (issue 31). */}
            {lineCount > 0 && (
              <span className="cart-count" data-testid="cart-count">
                {lineCount}
              </span>
            )}
          </Link>
        </div>
      </header>
      <MenuDrawer open={menuOpen} onClose={() => setMenuOpen(false)} items={portal.menu} />
    </>
  );
}
