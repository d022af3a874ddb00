/**
 * Update mode's 'Update cart' (S0 §2, S1 §3): the line goes back to the server with the editor's
 * resources and year (PUT, checked against the line's template), then the cart shows it at
 * /cart/view/{uuid}. A refusal stays in the editor with the work kept.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Instance, Template } from '../../../../engine/index.ts';
import type { OrderLine } from '../../../../shop/index.ts';
import { useCartStore } from '../../../app/cartStore.ts';
import { updatedLine } from './buyRules.ts';

export function UpdateCartScreen(props: {
  template: Template;
  instance: Instance;
  line: OrderLine;
  onBack: () => void;
  /** The line is saved: the editor forgets the work kept for a reload and shows the line. */
  onUpdated: () => void;
}) {
  const { template, instance, line, onBack, onUpdated } = props;
  const { t } = useTranslation();
  const saveLine = useCartStore((s) => s.saveLine);
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    // Once per opening, also under StrictMode's double effects.
    if (started.current) return;
    started.current = true;
    saveLine(updatedLine(template, line, instance)).then(
      () => onUpdated(),
      (error: unknown) => {
        console.warn('The line could not be updated', error);
        setFailed(true);
      },
    );
  }, [saveLine, template, line, instance, onUpdated]);

  return (
    <section className="editor-menu buy" data-testid="update-cart" aria-busy={!failed}>
      {failed ? (
        <>
          <p className="form-error" role="alert">
            {t('buy.updateFailed')}
          </p>
          <div className="editor-menu__actions">
            <button type="button" className="button" onClick={onBack}>
              {t('editor.back')}
            </button>
          </div>
        </>
      ) : (
        <p className="buy__note" role="status">
          {t('buy.updating')}
        </p>
      )}
    </section>
  );
}
