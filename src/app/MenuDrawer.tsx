import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MenuItem } from '../../shop/contract.ts';
import { Drawer } from '../ui/Drawer.tsx';
import { ChevronIcon } from '../ui/icons.tsx';

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

function hasPage(item: MenuItem): boolean {
  return item.url !== '' && item.url !== '#';
}
