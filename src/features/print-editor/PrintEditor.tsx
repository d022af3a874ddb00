import './print-editor.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { adaptionName, EFFECTS, type Effect } from '../../../engine/index.ts';
import type { OrderLine, Product } from '../../../shop/index.ts';
import {
  chooseFilter,
  chooseFormat,
  type DraftView,
  draftView,
  type EditContext,
  type EditPage,
  type EditSession,
  findProduct,
  flipOrientation,
  formatChoices,
  isChanged,
  linePrice,
  mergeDraft,
  minimumQuantity,
  openPage,
  plainFormat,
  priceText,
  setCrop,
  setQuantity,
  sharperFormat,
  startSession,
  toggleWhiteBorder,
  whiteBorderTwin,
} from '../../../shop/index.ts';
import { xphotoUrl } from '../../api/pictures.ts';
import { useCartStore } from '../../app/cartStore.ts';
import { useMoney, useProductName, useSizeFormat } from '../../app/format.ts';
import { usePortal } from '../../app/portal.tsx';
import { usePriceList } from '../../app/priceList.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { limitMessage } from '../../shared/limitMessage.ts';
import { PriceTableDialog } from '../../shared/PriceTableDialog.tsx';
import { useBackGuard } from '../../shared/useBackGuard.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { PrintPreview } from '../../ui/PrintPreview.tsx';
import { CropView } from './CropView.tsx';
import { EditorPage } from './EditorPage.tsx';
import { FilterPage, PREVIEW_SCALE } from './FilterPage.tsx';
import { FormatPage } from './FormatPage.tsx';
import { QuantityPage } from './QuantityPage.tsx';
import { clearDraft, loadDraft, saveDraft } from './savedDraft.ts';
import { type KnownPicture, usePictureSize } from './usePictureSize.ts';

/**
 * The print editor (S0 §2 'Print editor', §4 'Edit session'): one print line's format, crop,
 * filter and quantity, edited as a draft that is saved only on Done.
 */
export function PrintEditor({ line }: { line: OrderLine }) {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('printEditor.title'));
  const navigate = useNavigate();
  const money = useMoney();
  const size = useSizeFormat();
  const productName = useProductName();
  const { regional } = usePortal();
  const saveLine = useCartStore((s) => s.saveLine);
  const { products, failed: priceListFailed, reload } = usePriceList();
  const pictureUuid = line.files[0]?.uuid;
  const pictureState = usePictureSize(pictureUuid);
  const [session, setSession] = useState<EditSession>(() => loadDraft(line) ?? startSession(line));
  const [priceTableOpen, setPriceTableOpen] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [saving, setSaving] = useState(false);
  // A failed save: what the server answered (the cart's limits are worded; anything else is generic).
  const [saveFailed, setSaveFailed] = useState<{ error: unknown } | null>(null);

  // The filter page shows every effect at once; fetched now, they are in the cache when it opens.
  useEffect(() => {
    if (!pictureUuid) return;
    for (const effect of EFFECTS) new Image().src = xphotoUrl(pictureUuid, PREVIEW_SCALE, effect);
  }, [pictureUuid]);

  // Unsaved changes outlive a reload (issue 34); an unchanged draft leaves nothing behind.
  // A save under way keeps nothing: the cart's answer brings the saved line before the save returns.
  const savingRef = useRef(false);
  useEffect(() => {
    if (savingRef.current) return;
    if (isChanged(session)) saveDraft(line, session);
    else clearDraft(line.uuid);
  }, [line, session]);

  // A new page starts at its top, like a new route would.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on a page change only
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [session.page]);

  const picture: KnownPicture | null = pictureState.status === 'ready' ? pictureState : null;
  const context: EditContext | null = products
    ? { products, picture: picture?.size ?? null, regions: picture?.regions ?? null }
    : null;
  const product = products ? findProduct(products, session.draft.productUuid) : undefined;
  const view: DraftView | undefined = context ? draftView(session.draft, context) : undefined;
  const update = (command: (current: EditSession, context: EditContext) => EditSession) => {
    if (context) setSession((current) => command(current, context));
  };
  const open = (page: EditPage) => setSession((current) => openPage(current, page));
  const back = () => open('main');

  // The phone's Back asks like Cancel (issue 34, as the card editor): on a sub-page it goes back to
  // the main page; with changes it asks; else it leaves.
  const sessionRef = useRef(session);
  sessionRef.current = session;
  const { rearm, leave: leaveEditor } = useBackGuard(() => {
    const current = sessionRef.current;
    if (current.page !== 'main') {
      rearm();
      setSession(openPage(current, 'main'));
    } else if (isChanged(current)) {
      rearm();
      setConfirmDiscard(true);
    } else {
      navigate('/cart', { replace: true });
    }
  });
  const goTo = (to: string) => leaveEditor(() => navigate(to, { replace: true }));
  const leave = () => {
    clearDraft(line.uuid);
    goTo('/cart');
  };
  const cancel = () => (isChanged(session) ? setConfirmDiscard(true) : leave());
  const done = async () => {
    if (!isChanged(session)) {
      goTo(`/cart/view/${line.uuid}`);
      return;
    }
    setSaving(true);
    setSaveFailed(null);
    savingRef.current = true;
    try {
      await saveLine(mergeDraft(line, session.draft));
      clearDraft(line.uuid);
      goTo(`/cart/view/${line.uuid}`);
    } catch (error) {
      savingRef.current = false;
      console.warn('The order line could not be saved', error);
      setSaveFailed({ error });
      setSaving(false);
    }
  };

  const header = (
    <header className="print-editor__header">
      <h1 className="print-editor__title">{t('printEditor.title')}</h1>
      {product && <PriceTextButton product={product} onOpen={() => setPriceTableOpen(true)} />}
    </header>
  );

  if (priceListFailed && !products) {
    return (
      <section className="page print-editor">
        {header}
        <p className="print-editor__error" role="alert">
          {t('printEditor.loadFailed')}
        </p>
        <button type="button" className="button" onClick={reload}>
          {t('common.retry')}
        </button>
      </section>
    );
  }
  if (!products || pictureState.status === 'loading') {
    return (
      <section className="page print-editor">
        {header}
        <Loading />
      </section>
    );
  }

  // The words of a low-quality warning: this format, and a smaller one the picture is sharp in.
  const sharper =
    product && picture ? sharperFormat(picture.size, product, formatChoices(products)) : undefined;
  const qualityHelp =
    product && picture
      ? { format: productName(product.name), sharper: sharper && productName(sharper.name) }
      : undefined;
  const src = pictureUuid ? xphotoUrl(pictureUuid, PREVIEW_SCALE, session.draft.image.filter) : '';
  const twin = product ? whiteBorderTwin(product, products) : undefined;
  const page: EditPage = view && picture ? session.page : session.page === 'crop' ? 'main' : session.page;

  return (
    <section className="page print-editor" data-page={page}>
      {header}
      {page === 'main' && (
        <div className="print-editor__page print-editor__main">
          {view && picture ? (
            <PrintPreview
              geometry={view}
              crop={view.crop}
              src={src}
              alt={line.description}
              picture={picture}
              qualityHelp={qualityHelp}
            />
          ) : (
            // Without the picture's size there is no exact preview; format, filter and quantity still work.
            <p className="print-editor__error" role="alert">
              {t('printEditor.loadFailed')}
            </p>
          )}
          <dl className="print-editor__summary">
            <div>
              <dt>{t('prints.format')}</dt>
              <dd data-testid="line-format">
                {product ? `${productName(product.name)} (${size(...product.printareasize)})` : ''}
              </dd>
            </div>
            <div>
              <dt>{t('prints.quantity')}</dt>
              <dd data-testid="line-quantity">{t('cart.pieces', { count: session.draft.quantity })}</dd>
            </div>
            <div>
              <dt>{t('prints.filter')}</dt>
              <dd>{t(`prints.${session.draft.image.filter}`)}</dd>
            </div>
            <div className="print-editor__price">
              {/* The line's price, not a unit price: said so to a screen reader (issue 34). */}
              <dt className="visually-hidden">{t('cart.linePrice', { count: session.draft.quantity })}</dt>
              <dd data-testid="line-price">
                {/* The server prices the line again on save; until then this is a preview. */}
                {money(
                  isChanged(session) && product
                    ? linePrice(product, session.draft.quantity)
                    : line.actualLinePrice,
                )}
              </dd>
            </div>
          </dl>
          <div className="print-editor__tools">
            <ToolButton label={t('prints.format')} onClick={() => open('format')} />
            <ToolButton label={t('prints.crop')} disabled={!view} onClick={() => open('crop')} />
            <ToolButton label={t('prints.filter')} onClick={() => open('filter')} />
            <ToolButton label={t('prints.quantity')} onClick={() => open('quantity')} />
          </div>
          {saveFailed && (
            <p className="print-editor__error print-editor__save-error" role="alert">
              {limitMessage(saveFailed.error, t, i18n.language) ?? t('common.saveFailed')}
            </p>
          )}
          <div className="print-editor__actions print-editor__actions--main">
            <button type="button" className="button button--secondary" onClick={cancel} disabled={saving}>
              {t('common.cancel')}
            </button>
            <button type="button" className="button" onClick={() => void done()} disabled={saving}>
              {t('common.done')}
            </button>
          </div>
        </div>
      )}
      {page === 'filter' && view && picture && pictureUuid && (
        <FilterPage
          pictureUuid={pictureUuid}
          view={view}
          picture={picture}
          current={session.draft.image.filter}
          onChoose={(filter) => setSession((s) => chooseFilter(s, filter))}
          onCancel={back}
        />
      )}
      {page === 'filter' && !(view && picture && pictureUuid) && (
        // Without the picture's size the tiles cannot show the crop; the choice still works.
        <FilterFallback onChoose={(filter) => setSession((s) => chooseFilter(s, filter))} onCancel={back} />
      )}
      {page === 'quantity' && (
        <QuantityPage
          quantity={session.draft.quantity}
          minimum={minimumQuantity(product)}
          onDone={(quantity) => update((s, c) => setQuantity(s, quantity, c))}
          onCancel={back}
        />
      )}
      {page === 'format' && (
        <FormatPage
          formats={formatChoices(products)}
          currentUuid={product ? plainFormat(product, products).uuid : session.draft.productUuid}
          onChoose={(format) => update((s, c) => chooseFormat(s, format, c))}
          onCancel={back}
        />
      )}
      {page === 'crop' && view && picture && (
        <CropView
          // A flip or a border change starts the crop over: a fresh page with the new starting crop.
          key={`${view.product.uuid}:${view.landscape}`}
          view={view}
          picture={picture}
          src={src}
          alt={line.description}
          qualityHelp={qualityHelp}
          adaption={adaptionName(session.draft.image.adaption)}
          whiteBorder={{ shown: twin !== undefined || regional, available: twin !== undefined }}
          onFlip={() => update(flipOrientation)}
          onWhiteBorder={() => update(toggleWhiteBorder)}
          onCancel={back}
          onDone={(crop) => update((s, c) => setCrop(s, crop, c))}
        />
      )}
      {product && (
        <PriceTableDialog product={product} open={priceTableOpen} onClose={() => setPriceTableOpen(false)} />
      )}
      <Dialog
        open={confirmDiscard}
        onClose={() => setConfirmDiscard(false)}
        title={t('printEditor.discardTitle')}
        testId="discard-dialog"
        actions={
          <>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setConfirmDiscard(false)}
            >
              {t('printEditor.keepEditing')}
            </button>
            <button type="button" className="button button--danger" onClick={leave}>
              {t('printEditor.discard')}
            </button>
          </>
        }
      >
        <p>{t('printEditor.discardText')}</p>
      </Dialog>
    </section>
  );
}

function ToolButton({
  label,
  onClick,
  disabled,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <button type="button" className="print-editor__tool" onClick={onClick} disabled={disabled}>
      {label}
    </button>
  );
}

/** 'Prices from %s' (S0 §2), which opens the price table. */
function PriceTextButton({ product, onOpen }: { product: Product; onOpen: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const text = priceText(product);
  if (!text) return null;
  return (
    <button type="button" className="link-button" onClick={onOpen} aria-haspopup="dialog">
      {t(text.key, { price: money(text.amount), quantity: text.quantity })}
    </button>
  );
}

function FilterFallback({
  onChoose,
  onCancel,
}: {
  onChoose: (filter: Effect) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <EditorPage title={t('prints.filter')} onCancel={onCancel}>
      <div className="print-editor__tools">
        {EFFECTS.map((effect) => (
          <ToolButton key={effect} label={t(`prints.${effect}`)} onClick={() => onChoose(effect)} />
        ))}
      </div>
    </EditorPage>
  );
}
