import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderLine } from '../../../shop/index.ts';
import { TrashIcon } from '../../ui/icons.tsx';

interface CartLineFrameProps {
  line: OrderLine;
  testId: string;
  /** Extra states as class names ('is-selected', 'cart-line--template', …). */
  modifiers?: (string | false)[];
  /** Sent to the server and not answered yet (S0 §4). */
  updating: boolean;
  highlighted: boolean;
  /** The delete button with its confirmation; absent in select mode. */
  onDelete?: () => void;
  children: ReactNode;
}

/** What every cart line shares: its anchor for /cart/view/{uuid}, its states and the delete button. */
export function CartLineFrame({
  line,
  testId,
  modifiers = [],
  updating,
  highlighted,
  onDelete,
  children,
}: CartLineFrameProps) {
  const { t } = useTranslation();
  const classes = ['cart-line', ...modifiers, updating && 'is-updating', highlighted && 'is-highlighted']
    .filter(Boolean)
    .join(' ');
  return (
    <li
      className={classes}
      data-testid={testId}
      data-line={line.uuid}
      id={`line-${line.uuid}`}
      aria-busy={updating || undefined}
    >
      {children}
      {onDelete && (
        <button
          type="button"
          className="icon-button cart-line__delete"
          aria-label={t('cart.deleteLine', { name: line.description })}
          disabled={updating}
          onClick={onDelete}
        >
          <TrashIcon />
        </button>
      )}
    </li>
  );
}
