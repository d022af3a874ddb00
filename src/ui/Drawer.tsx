import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './icons.tsx';

interface DrawerProps {
  open: boolean;
  onClose: () => void;
  /** Accessible name of the dialog. */
  label: string;
  closeLabel: string;
  testId?: string;
  children: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** A modal panel from the left edge: closes on the backdrop, the X button and Escape. */
export function Drawer({ open, onClose, label, closeLabel, testId, children }: DrawerProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const { overflow } = document.body.style;
    // The page behind must not scroll under the finger while the drawer is open.
    document.body.style.overflow = 'hidden';
    // Nor be reachable by touch, keyboard or screen reader.
    const behind = [...document.body.children].filter(
      (el): el is HTMLElement => el instanceof HTMLElement && !el.contains(panelRef.current) && !el.inert,
    );
    for (const el of behind) {
      el.inert = true;
      // Older screen readers and test tools know aria-hidden, not inert.
      el.setAttribute('aria-hidden', 'true');
    }
    closeRef.current?.focus();
    return () => {
      document.body.style.overflow = overflow;
      for (const el of behind) {
        el.inert = false;
        el.removeAttribute('aria-hidden');
      }
      opener?.focus();
    };
  }, [open]);

  if (!open) return null;

  // Keeps Tab inside the panel, as a modal dialog should.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusable = panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className="drawer-root">
      <div
        className="drawer-backdrop"
        data-testid={testId && `${testId}-backdrop`}
        aria-hidden="true"
        onClick={onClose}
      />
      <div
        ref={panelRef}
        className="drawer-panel"
        role="dialog"
        aria-modal="true"
        aria-label={label}
        data-testid={testId}
        onKeyDown={onKeyDown}
      >
        <div className="drawer-top">
          {/* The dialog already carries the label; this is its visible twin. */}
          <p className="drawer-title" aria-hidden="true">
            {label}
          </p>
          <button
            ref={closeRef}
            type="button"
            className="icon-button"
            aria-label={closeLabel}
            onClick={onClose}
          >
            <CloseIcon />
          </button>
        </div>
        <div className="drawer-body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
