import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Me, MenuItem } from '../../shop/index.ts';
import { getMe, logout } from '../api/user.ts';
import { Drawer } from '../ui/Drawer.tsx';
import { ChevronIcon } from '../ui/icons.tsx';
import { useCartStore } from './cartStore.ts';

/** S0 §2: the menu has up to three levels. */
const MAX_DEPTH = 3;

interface MenuDrawerProps {
  open: boolean;
  onClose: () => void;
  items: MenuItem[];
}

export function MenuDrawer({ open, onClose, items }: MenuDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      label={t('header.menu')}
      closeLabel={t('menu.close')}
      testId="menu-drawer"
    >
      <nav aria-label={t('header.menu')}>
        <MenuList items={items} depth={1} onFollow={onClose} />
        {open && <AccountEntries onFollow={onClose} />}
      </nav>
    </Drawer>
  );
}

function MenuList({
  items,
  depth,
  onFollow,
  id,
}: {
  items: MenuItem[];
  depth: number;
  onFollow: () => void;
  id?: string;
}) {
  return (
    <ul className={`menu-list menu-level-${depth}`} id={id}>
      {items.map((item) => (
        <MenuEntry key={item.id} item={item} depth={depth} onFollow={onFollow} />
      ))}
    </ul>
  );
}

function MenuEntry({ item, depth, onFollow }: { item: MenuItem; depth: number; onFollow: () => void }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const childrenId = useId();
  const children = depth < MAX_DEPTH && item.children?.length ? item.children : null;

  const toggle = () => setExpanded((open) => !open);
  // A parent without a page of its own is all toggle.
  if (children && !hasPage(item)) {
    return (
      <li className="menu-entry">
        <button
          type="button"
          className="menu-link menu-parent"
          aria-expanded={expanded}
          aria-controls={expanded ? childrenId : undefined}
          onClick={toggle}
        >
          {item.title}
          <ChevronIcon />
        </button>
        {expanded && <MenuList items={children} depth={depth + 1} onFollow={onFollow} id={childrenId} />}
      </li>
    );
  }

  return (
    <li className="menu-entry">
      <div className="menu-row">
        {item.m ? (
          <Link className="menu-link" to={item.url} onClick={onFollow}>
            {item.title}
          </Link>
        ) : (
          <a className="menu-link" href={item.url} onClick={onFollow}>
            {item.title}
          </a>
        )}
        {children && (
          <button
            type="button"
            className="icon-button menu-toggle"
            aria-expanded={expanded}
            aria-controls={expanded ? childrenId : undefined}
            aria-label={t('menu.submenu', { title: item.title })}
            onClick={toggle}
          >
            <ChevronIcon />
          </button>
        )}
      </div>
      {children && expanded && (
        <MenuList items={children} depth={depth + 1} onFollow={onFollow} id={childrenId} />
      )}
    </li>
  );
}

/**
 * A logged-in shopper's own entries: My orders, My designs and Log out. Asked for when the menu opens (not on
 * every page), so the first screen makes no extra call.
 */
function AccountEntries({ onFollow }: { onFollow: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [me, setMe] = useState<Me | null>(null);
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    getMe(controller.signal).then(setMe, () => setMe(null));
    return () => controller.abort();
  }, []);
  if (!me) return null;
  // Nobody logged in: 'Log in' leads to My orders, where the log-in and 'find my order' are (issue 34).
  if (me.isAnonymousUser) {
    return (
      <ul className="menu-list menu-level-1 menu-account">
        <li className="menu-entry">
          <Link className="menu-link" to="/orders" onClick={onFollow}>
            {t('menu.logIn')}
          </Link>
        </li>
      </ul>
    );
  }
  const logOut = async () => {
    setLeaving(true);
    try {
      await logout();
    } finally {
      setLeaving(false);
    }
    setMe({ isAnonymousUser: true });
    // The cart was the account's: the badge follows the anonymous session's.
    void useCartStore.getState().load();
    onFollow();
    navigate('/');
  };
  return (
    <ul className="menu-list menu-level-1 menu-account" aria-label={t('menu.account', { name: me.name })}>
      <li className="menu-entry">
        <Link className="menu-link" to="/orders" onClick={onFollow}>
          {t('menu.myOrders')}
        </Link>
      </li>
      <li className="menu-entry">
        <Link className="menu-link" to="/designs" onClick={onFollow}>
          {t('menu.myDesigns')}
        </Link>
      </li>
      <li className="menu-entry">
        <button type="button" className="menu-link menu-logout" onClick={logOut} disabled={leaving}>
          {t('menu.logOut')}
        </button>
      </li>
    </ul>
  );
}

function hasPage(item: MenuItem): boolean {
  return item.url !== '' && item.url !== '#';
}
