import { type ReactNode, useEffect, useId, useRef } from 'react';

interface DialogProps {
  open: boolean;
  /** Escape, the backdrop and the browser's back gesture all close it as a cancel. */
  onClose: () => void;
  title: string;
  children?: ReactNode;
  /** The buttons at the foot of the dialog. */
  actions?: ReactNode;
  testId?: string;
  /** Full-screen on phones (the pickers); a small centred box otherwise (confirmations). */
  size?: 'small' | 'sheet';
}

/**
 * A modal dialog on the native <dialog>: showModal() gives focus trapping, Escape and an inert page
 * behind it for free, the same on every phone.
 */
export function Dialog({ open, onClose, title, children, actions, testId, size = 'small' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard closes it with Escape (onCancel); the click is the backdrop tap
    <dialog
      ref={ref}
      className={`dialog dialog--${size}`}
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A tap on the backdrop lands on the <dialog> itself, outside its content box.
        if (event.target === ref.current) onClose();
      }}
    >
      {open && (
        <div className="dialog__content">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          {children && <div className="dialog__body">{children}</div>}
          {actions && <div className="dialog__actions">{actions}</div>}
        </div>
      )}
    </dialog>
  );
}
