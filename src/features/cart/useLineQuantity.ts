import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderLine } from '../../../shop/index.ts';
import { CallError } from '../../api/call.ts';
import type { LineToSave } from '../../api/cart.ts';
import { useCartStore } from '../../app/cartStore.ts';
import { limitMessage } from '../../shared/limitMessage.ts';
import { createQuantitySaver, type QuantitySaver } from './quantitySaver.ts';

/**
 * A template line with only its quantity changed: `templates: []` tells the server to keep the
 * line's design as stored (no new check of its texts and pictures), and it prices the new quantity.
 */
export function quantityChange(line: OrderLine, quantity: number): LineToSave {
  return { ...line, quantity, templates: [] };
}

/** The server's own words when it sent any (`{error, code}`), else null. */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof CallError) || error.code <= 0) return null;
  const body = error.body as { error?: unknown } | undefined;
  return typeof body?.error === 'string' && body.error ? body.error : null;
}

/**
 * A cart line's quantity changed in place (photo gift lines): the quantity shown at once, saved with
 * PUT …/cart/{uuid} once the taps stop; on a failed save the line shows the server's quantity again
 * and the server's message.
 */
export function useLineQuantity(line: OrderLine) {
  const { t, i18n } = useTranslation();
  const saveLine = useCartStore((s) => s.saveLine);
  // Chosen and not confirmed by the server yet; null shows the line's own quantity.
  const [pending, setPending] = useState<number | null>(null);
  // A failed save: what the server answered, and its message (null when it sent none).
  const [failure, setFailure] = useState<{ error: unknown; reason: string | null } | null>(null);
  const lineRef = useRef(line);
  useEffect(() => {
    lineRef.current = line;
  }, [line]);
  const saver = useRef<QuantitySaver | null>(null);
  useEffect(() => {
    const created = createQuantitySaver({
      // Back where the server has it (plus, then minus): nothing to send.
      save: (quantity) =>
        quantity === lineRef.current.quantity
          ? Promise.resolve()
          : saveLine(quantityChange(lineRef.current, quantity)),
      onSaved: (_quantity, settled) => {
        if (settled) setPending(null);
      },
      onFailed: (error) => {
        console.warn('The quantity could not be saved', error);
        setPending(null);
        setFailure({ error, reason: serverMessage(error) });
      },
    });
    saver.current = created;
    return () => created.dispose();
  }, [saveLine]);

  return {
    quantity: pending ?? line.quantity,
    /** Chosen but not sent yet or not answered: the price shown is not the new one. */
    pending: pending !== null,
    error:
      failure &&
      (limitMessage(failure.error, t, i18n.language) ??
        (failure.reason ? t('cart.quantityNotSaved', { reason: failure.reason }) : t('common.saveFailed'))),
    change(quantity: number) {
      setFailure(null);
      setPending(quantity);
      saver.current?.change(quantity);
    },
  };
}
