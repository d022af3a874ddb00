/**
 * The customisation editor's screen (S1 §2, §4): the current page scaled to fit, previous/next
 * arrows, the part selector strip with a check mark per complete page, and the sub-menu by name:
 * main, year, preview; image, text and buy are the next step and show a "coming next" panel.
 *
 * Leaving: Cancel without changes leaves at once; with changes it asks first (not dismissable by the
 * backdrop or Escape). The editor closes CLOSE_DELAY_MS after Done or Cancel, to the template list.
 */
import { memo, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useStore } from 'zustand';
import type { FontSet } from '../../../engine/index.ts';
import {
  calendarYearText,
  canRedo,
  canUndo,
  createInstance,
  editableSlots,
  harnessInstance,
  isBook,
  missingSlots,
  type PictureRef,
  pageComplete,
  pageScene,
  startMonthOf,
  type Template,
  visiblePages,
} from '../../../engine/index.ts';
import type { OrderLine, Product } from '../../../shop/index.ts';
import { datesToOffer } from '../../../shop/index.ts';
import { xphotoUrl } from '../../api/pictures.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { UploadQueueDialogs } from '../../shared/UploadQueueDialogs.tsx';
import { useBackGuard } from '../../shared/useBackGuard.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { CheckIcon, RedoIcon, UndoIcon } from '../../ui/icons.tsx';
import { BuyScreen } from './buy/BuyScreen.tsx';
import { cartLineInstance } from './buy/buyRules.ts';
import { UpdateCartScreen } from './buy/UpdateCartScreen.tsx';
import { DatesScreen } from './DatesScreen.tsx';
import { accountDesignSync } from './designSync.ts';
import { CLOSE_DELAY_MS, EDITOR_MARGINS, fitPxPerMm, lineStorageKey } from './editorRules.ts';
import { createEditorStore, useEditedTemplate } from './editorStore.ts';
import { ImageMenu } from './image/ImageEditor.tsx';
import { imageSession } from './image/imageSession.ts';
import { SlotLayer } from './image/SlotLayer.tsx';
import { editorPixelRatio } from './PageCanvas.tsx';
import { PageView } from './PageView.tsx';
import { PreviewScreen } from './PreviewScreen.tsx';
import { BookPagesScreen } from './photobook/BookPagesScreen.tsx';
import { freshBookPages } from './photobook/bookRules.ts';
import { MakeBookScreen } from './photobook/MakeBookScreen.tsx';
import { createBrowserPictureLoader, screenCanvasSide } from './pictures.ts';
import { ChooseText } from './text/ChooseText.tsx';
import { TextEditor } from './text/TextEditor.tsx';
import { insertTextTarget } from './text/textEditorRules.ts';
import { useBoxSize } from './useBoxSize.ts';
import { useHolidays, useSavedDates } from './useCalendarDates.ts';
import type { AccountWork } from './useEditorTemplate.ts';
import { useUndoKeys } from './useUndoKeys.ts';
import { YearScreen } from './YearScreen.tsx';

/** The editor's first drawn page, for the bench (bench/editor-open.bench.ts). */
export const FIRST_PAGE_MARK = 'editor:first-page-drawn';

export function EditorScreen(props: {
  template: Template;
  fonts: FontSet;
  productUuid: string;
  leaveTo: string;
  updateMode?: boolean;
  /** Update mode: the cart line whose resources and year the editor opens with (S0 §2). */
  line?: OrderLine;
  /** A new design starts with these pictures autofilled ('View with own pictures' on the list). */
  startPictures?: readonly PictureRef[];
  /** A new design of a logged-in shopper: kept with the account as they work ('My designs'). */
  account?: AccountWork | null;
  /** A photo book's product (its page rules and price), or null for every other template. */
  bookProduct?: Product | null;
}) {
  const { template, fonts, leaveTo, updateMode = false } = props;
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [sync] = useState(() => (props.account?.signedIn ? accountDesignSync(template.uuid) : null));
  const [store] = useState(() => {
    const { line, startPictures } = props;
    if (line) {
      return createEditorStore(template, new Date(), {
        key: lineStorageKey(line.uuid),
        fresh: (today) => cartLineInstance(template, line, today),
      });
    }
    const rules = props.bookProduct?.photobook?.pages;
    return createEditorStore(template, new Date(), {
      // The instance the list tile was drawn from (the server's previewScenes use the same function),
      // not "changed" yet: Cancel leaves without asking until the shopper does something. A book
      // made by hand starts at its product's least pages.
      fresh:
        isBook(template) && rules
          ? (today) => createInstance(template, today, freshBookPages(template, rules))
          : startPictures?.length
            ? (today) => ({ ...harnessInstance(template, null, startPictures, today), dirty: false })
            : undefined,
      account: sync ? { design: props.account?.design ?? null, sync } : undefined,
    });
  });
  // What waits to be sent goes when the editor closes or the phone leaves the page.
  useEffect(() => {
    if (!sync) return;
    const hidden = () => document.visibilityState === 'hidden' && sync.flush();
    document.addEventListener('visibilitychange', hidden);
    return () => {
      document.removeEventListener('visibilitychange', hidden);
      sync.flush();
    };
  }, [sync]);
  // The browser's copy of the work waits for an idle moment (editorStore): it is written at once when
  // the phone leaves the page or the editor closes.
  useEffect(() => {
    const { flush } = store.getState();
    const hidden = () => document.visibilityState === 'hidden' && flush();
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', flush);
    return () => {
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [store]);
  const history = useStore(store, (s) => s.history);
  const menu = useStore(store, (s) => s.menu);
  const { run, setMenu, discard, today, undo, redo } = store.getState();
  const instance = history.instance;
  useUndoKeys(undo, redo);

  const loader = useMemo(
    () =>
      createBrowserPictureLoader({
        svgLongestSide: screenCanvasSide(editorPixelRatio()),
        userPicture: async (uuid) => {
          const response = await fetch(xphotoUrl(uuid, 640));
          return response.ok ? response.blob() : null;
        },
      }),
    [],
  );

  const name =
    template.name[i18n.language as keyof typeof template.name] ??
    template.name.en_GB ??
    Object.values(template.name)[0];
  useDocumentTitle(name);

  // A photo book is drawn and edited as its cover and its inner pages as they are now.
  const drawn = useEditedTemplate(store);
  const pages = useMemo(() => visiblePages(drawn), [drawn]);
  const at = Math.max(
    0,
    pages.findIndex((p) => p.id === instance.currentPageId),
  );
  const holidays = useHolidays(template.type === 'CALENDAR', instance.year, startMonthOf(instance));
  const savedDates = useSavedDates(template.type === 'CALENDAR');
  const offeredDates = useMemo(
    () => datesToOffer(savedDates, instance.personalDates ?? []),
    [savedDates, instance.personalDates],
  );
  // A photo book's overview and Make my book cover the page: behind them its scene (its text shaped
  // anew), what is missing and whether the book has text are not worked out on every tap, nor the
  // page drawn again (StillWhileHidden), until the page shows.
  const bookScreen = menu === 'pages' || menu === 'make';
  const scene = useMemoWhileShown(
    bookScreen,
    () => pageScene(drawn, instance, pages[at]!.id, fonts, i18n.language, holidays),
    [drawn, instance, pages, at, fonts, i18n.language, holidays],
  );

  const stage = useRef<HTMLDivElement>(null);
  const box = useBoxSize(stage);
  const pxPerMm = fitPxPerMm(scene, box, EDITOR_MARGINS);

  const [confirming, setConfirming] = useState(false);
  const [closing, setClosing] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);
  const close = () => {
    setClosing(true);
    closeTimer.current = window.setTimeout(
      () => leave(() => navigate(leaveTo, { replace: true })),
      CLOSE_DELAY_MS,
    );
  };
  const cancel = () => {
    if (store.getState().history.instance.dirty) setConfirming(true);
    else {
      discard();
      close();
    }
  };
  // Back asks like Cancel; the editor keeps its Back entry while the shopper decides.
  const { rearm, leave } = useBackGuard(() => {
    if (closing) return;
    if (store.getState().history.instance.dirty) rearm();
    cancel();
  });

  const toMain = () => {
    run('selectResource', null);
    setMenu('main');
  };
  const openSlot = (slotId: string) => {
    const item = scene.items.find((i) => i.id === slotId);
    run('selectResource', slotId);
    setMenu(item?.kind === 'text' ? 'text' : 'image');
  };
  // Insert text (S1 §2): one editable text slot on the page opens it, several open Choose text.
  const textSlots = useMemo(() => editableSlots(drawn, pages[at]!.id, 'STRING'), [drawn, pages, at]);
  const choosingText = menu === 'text' && instance.currentResourceId === null;
  const insertText = () => {
    const target = insertTextTarget(drawn, pages[at]!.id);
    if ('open' in target) run('selectResource', target.open);
    setMenu('text');
  };
  const chooseText = (slotId: string) => {
    if (textSlots.includes(slotId)) run('selectResource', slotId);
  };
  const currentText = instance.currentResourceId ? instance.resources[instance.currentResourceId] : undefined;

  const isCalendar = template.type === 'CALENDAR';
  // Worked out again only when what they read changes: a 100-page book's overview redraws on every
  // command, and these walk every page.
  const hasText = useMemoWhileShown(
    bookScreen,
    () => template.hasUserText || pages.some((p) => editableSlots(drawn, p.id, 'STRING').length > 0),
    [template.hasUserText, pages, drawn],
  );
  const resources = instance.resources;
  const missing = useMemoWhileShown(bookScreen, () => missingSlots(drawn, { resources }), [drawn, resources]);
  const complete = missing.length === 0;
  // A grey Add to cart is still tappable (issue 34): it says why and goes to the first empty place.
  const toMissing = () => {
    const first = missing[0];
    if (!first) return;
    run('selectPage', first.pageId);
    run('selectResource', first.fullId);
    setMenu(first.type === 'STRING' ? 'text' : 'image');
  };
  const drawnOnce = useRef(false);

  return (
    <main className="editor" data-testid="editor" aria-busy={closing}>
      <header className="editor-top">
        <h1 className="editor-top__title">{name}</h1>
        <div className="editor-history">
          <HistoryButton label={t('editor.undo')} disabled={!canUndo(history) || closing} onClick={undo}>
            <UndoIcon />
          </HistoryButton>
          <HistoryButton label={t('editor.redo')} disabled={!canRedo(history) || closing} onClick={redo}>
            <RedoIcon />
          </HistoryButton>
        </div>
      </header>
      {menu === 'pages' && isBook(template) && (
        <BookPagesScreen
          template={template}
          instance={instance}
          product={props.bookProduct ?? null}
          run={run}
          onOpenPage={(pageId) => {
            run('selectPage', pageId);
            setMenu('main');
          }}
          onDone={toMain}
        />
      )}
      {menu === 'make' && isBook(template) && (
        <MakeBookScreen
          template={template}
          today={today}
          onCancel={toMain}
          onMade={(made) => {
            store.getState().replace(made);
            setMenu('pages');
          }}
        />
      )}
      {!bookScreen && pages.length > 1 && (
        <nav className="editor-strip" aria-label={t('editor.pages')}>
          {pages.map((p, n) => {
            const done = pageComplete(drawn, instance, p.id);
            return (
              <button
                key={p.id}
                type="button"
                className="editor-strip__page"
                aria-current={n === at ? 'page' : undefined}
                aria-label={
                  done ? t('editor.pageComplete', { number: n + 1 }) : t('editor.page', { number: n + 1 })
                }
                data-complete={done}
                onClick={() => run('selectPage', p.id)}
              >
                {n + 1}
                {done && <CheckIcon />}
              </button>
            );
          })}
        </nav>
      )}
      <div ref={stage} className="editor-stage" hidden={bookScreen}>
        <StillWhileHidden hidden={bookScreen}>
          {box.width > 0 && (
            <PageView
              scene={scene}
              year={instance.year}
              fonts={fonts}
              loader={loader}
              pxPerMm={pxPerMm}
              marks={menu === 'main'}
              onSlotTap={menu === 'main' ? openSlot : choosingText ? chooseText : undefined}
              numbered={choosingText ? textSlots : undefined}
              overlay={
                menu === 'image' ? <SlotLayer store={store} scene={scene} pxPerMm={pxPerMm} /> : undefined
              }
              focusId={menu === 'image' ? instance.currentResourceId : null}
              label={t('editor.pageOf', { number: at + 1, total: pages.length })}
              testId="editor-page"
              onFirstDraw={() => {
                if (drawnOnce.current) return;
                drawnOnce.current = true;
                performance.mark(FIRST_PAGE_MARK);
              }}
            />
          )}
          {at > 0 && (
            <button
              type="button"
              className="editor-arrow editor-arrow--prev"
              aria-label={t('editor.previousPage')}
              onClick={() => run('stepPage', -1)}
            >
              ‹
            </button>
          )}
          {at < pages.length - 1 && (
            <button
              type="button"
              className="editor-arrow editor-arrow--next"
              aria-label={t('editor.nextPage')}
              onClick={() => run('stepPage', 1)}
            >
              ›
            </button>
          )}
        </StillWhileHidden>
      </div>

      {menu === 'main' && (
        <nav className="editor-menu editor-main" aria-label={t('editor.menu')}>
          <button type="button" className="editor-tool" onClick={() => setMenu('image')}>
            {t('editor.insertImage')}
          </button>
          {hasText && (
            <button type="button" className="editor-tool" onClick={insertText}>
              {t('editor.insertText')}
            </button>
          )}
          {isCalendar && (
            <button type="button" className="editor-tool" onClick={() => setMenu('year')}>
              {t('editor.changeYear')}{' '}
              <span className="editor-tool__year">
                {calendarYearText(instance.year, startMonthOf(instance))}
              </span>
            </button>
          )}
          {isCalendar && (
            <button type="button" className="editor-tool" onClick={() => setMenu('dates')}>
              {t('editor.dates')}
            </button>
          )}
          {isBook(template) && (
            <button type="button" className="editor-tool" onClick={() => setMenu('make')}>
              {t('photobook.make')}
            </button>
          )}
          {isBook(template) && (
            <button type="button" className="editor-tool" onClick={() => setMenu('pages')}>
              {t('photobook.pages')}
            </button>
          )}
          <button type="button" className="editor-tool" onClick={() => setMenu('preview')}>
            {t('editor.preview')}
          </button>
          <button type="button" className="editor-tool" disabled={closing} onClick={cancel}>
            {t('editor.cancel')}
          </button>
          <button
            type="button"
            className="editor-tool editor-tool--primary"
            disabled={closing}
            // Grey but tappable (not aria-disabled): it takes the shopper to what is missing.
            data-ready={complete}
            aria-describedby={complete ? undefined : 'editor-missing'}
            onClick={() => (complete ? setMenu('buy') : toMissing())}
          >
            {updateMode ? t('editor.updateCart') : t('editor.addToCart')}
          </button>
          {!complete && (
            <p id="editor-missing" className="editor-main__why" data-testid="editor-missing">
              {t('editor.missing', { count: missing.length })}
            </p>
          )}
        </nav>
      )}
      {menu === 'year' && (
        <YearScreen
          template={template}
          year={instance.year}
          startMonth={startMonthOf(instance)}
          today={today}
          onCancel={toMain}
          onDone={(year, startMonth) => {
            run('setCalendarStart', year, startMonth, today);
            toMain();
          }}
        />
      )}
      {menu === 'dates' && (
        <DatesScreen
          dates={instance.personalDates ?? []}
          offered={offeredDates}
          holidays={instance.holidays !== false}
          onAdd={(date) => run('addPersonalDate', date)}
          onAddOffered={() => run('addPersonalDates', [...offeredDates])}
          onRemove={(index) => run('removePersonalDate', index)}
          onHolidays={(on) => run('setHolidays', on)}
          onDone={toMain}
        />
      )}
      {menu === 'buy' &&
        (updateMode && props.line ? (
          <UpdateCartScreen
            template={template}
            instance={instance}
            line={props.line}
            onBack={toMain}
            onUpdated={() => {
              discard();
              leave(() => navigate(`/cart/view/${props.line!.uuid}`, { replace: true }));
            }}
          />
        ) : (
          <BuyScreen
            template={template}
            instance={instance}
            productUuid={props.productUuid}
            onCancel={toMain}
            onAdded={() => {
              discard();
              leave(() => navigate('/cart', { replace: true }));
            }}
          />
        ))}
      {menu === 'image' && <ImageMenu store={store} scene={scene} onExit={toMain} />}
      <UploadQueueDialogs queue={imageSession(store).queue} />
      {menu === 'text' &&
        (currentText?.type === 'STRING' && instance.currentResourceId ? (
          <TextEditor
            key={instance.currentResourceId}
            template={drawn}
            fonts={fonts}
            slotId={instance.currentResourceId}
            value={currentText}
            run={run}
            onDone={toMain}
          />
        ) : (
          <ChooseText slots={textSlots} onChoose={chooseText} onCancel={toMain} />
        ))}
      {menu === 'preview' && (
        <div className="editor-overlay">
          <PreviewScreen
            template={drawn}
            instance={instance}
            fonts={fonts}
            loader={loader}
            holidays={holidays}
            onCancel={toMain}
            onDone={toMain}
          />
        </div>
      )}

      <Dialog
        open={confirming}
        // S1 §2: neither the backdrop nor Escape dismisses it; only its two buttons do.
        onClose={() => {}}
        title={t('editor.unsavedText')}
        testId="unsaved-dialog"
        actions={
          <>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setConfirming(false);
                discard();
                close();
              }}
            >
              {t('editor.closeWithoutSaving')}
            </button>
            <button type="button" className="button" onClick={() => setConfirming(false)}>
              {t('editor.continueEditing')}
            </button>
          </>
        }
      />
    </main>
  );
}

/** Undo or Redo in the title bar: an icon named by its label (also its tooltip on a desktop). */
function HistoryButton(props: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="editor-history__button"
      aria-label={props.label}
      title={props.label}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      {props.children}
    </button>
  );
}

/** useMemo that, while `hidden`, keeps the value it last worked out. */
function useMemoWhileShown<T>(hidden: boolean, make: () => T, deps: readonly unknown[]): T {
  const last = useRef<{ value: T } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's own dependencies
  return useMemo(() => {
    if (hidden && last.current) return last.current.value;
    last.current = { value: make() };
    return last.current.value;
  }, [hidden, ...deps]);
}

/**
 * What it holds is not drawn again while hidden (the page behind a photo book's overview, which
 * changes the book on every tap); it is drawn as it is now when it shows again.
 */
const StillWhileHidden = memo(
  function StillWhileHidden(props: { hidden: boolean; children: ReactNode }) {
    return props.children;
  },
  (before, after) => before.hidden && after.hidden,
);
