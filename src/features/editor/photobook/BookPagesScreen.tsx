/**
 * A photo book's page overview (issue 33): every inner page as a thumbnail (plain elements with the
 * pictures' small copies, never a live canvas, so a 100-page book scrolls as a list does), reordered by
 * dragging a page's handle or with the selected page's move buttons; pictures swapped between slots
 * by dragging one onto another; pages added and removed in the product's steps with the price; a
 * page's layout changed keeping its pictures; the tray of the book's pictures with how often each is
 * used. Every change is an engine command, so Undo takes it back; a tap's runs after the frame that
 * shows the tap (overviewTaps.ts).
 */
import {
  type CSSProperties,
  type MouseEvent,
  memo,
  type PointerEvent as ReactPointerEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { BookPageRef, BookTemplate, Instance } from '../../../../engine/index.ts';
import { layoutSlots, type PageSlot, trayOf } from '../../../../engine/index.ts';
import type { Product } from '../../../../shop/index.ts';
import { xphotoUrl } from '../../../api/pictures.ts';
import { useMoney } from '../../../app/format.ts';
import type { EditorState } from '../editorStore.ts';
import { bookPrice, numberedLabel, pageSteps } from './bookRules.ts';
import { addPageStep, movePageBy, movePageTo, removePageStep, type Shown, tapQueue } from './overviewTaps.ts';
import { type PageLabels, PageNumbering } from './pageNumbering.ts';
import { startPictureDrag } from './pictureSwapDrag.ts';
import './photobook.css';

export function BookPagesScreen(props: {
  template: BookTemplate;
  instance: Instance;
  product: Product | null;
  run: EditorState['run'];
  onOpenPage: (pageId: string) => void;
  onDone: () => void;
}) {
  const { template, instance, product, run, onOpenPage } = props;
  const { t } = useTranslation();
  const money = useMoney();
  const pages = instance.bookPages ?? [];
  const rules = product?.photobook?.pages;
  const steps = rules ? pageSteps(rules, pages.length) : { add: 0, remove: 0 };
  const price = product ? bookPrice(product, pages.length) : null;
  const selected = Math.max(
    0,
    pages.findIndex((p) => p.id === instance.currentPageId),
  );
  // The overview as last drawn, read by a tap's command when it runs and by the handlers.
  const shown = useRef<Shown>(null!);
  shown.current = { run, pages, selected, steps };
  const later = useMemo(() => tapQueue(() => shown.current), []);
  const [dragging, setDragging] = useState<{ from: number; over: number } | null>(null);
  // The handlers are the same functions on every render (they read the drag from a ref), so a page
  // whose own values did not change is not drawn again when another one moves (PageItem's memo).
  const drag = useRef(dragging);
  drag.current = dragging;
  const openPage = useRef(onOpenPage);
  openPage.current = onOpenPage;
  const list = useRef<HTMLOListElement>(null);
  const scroller = useRef<HTMLElement>(null);
  // A page's place is looked up by its id when it is used: the numbers written into pages off screen
  // may lag a change by a few tasks (PageNumbering).
  const placeOf = useCallback((item: HTMLElement) => {
    const id = item.dataset.pageId!;
    return { n: shown.current.pages.findIndex((p) => p.id === id), id };
  }, []);

  /** The page under the pointer while a handle is dragged: the list item it is over. */
  const indexAt = useCallback(
    (x: number, y: number) => {
      const item = document.elementFromPoint(x, y)?.closest<HTMLElement>('.book-page');
      return item && list.current?.contains(item) ? placeOf(item).n : null;
    },
    [placeOf],
  );
  // The list listens for all its pages, one listener per kind rather than nine on every page (a
  // 100-page book's pages are drawn and renumbered quicker); the page and its part come from the
  // element's data.
  const handlers = useMemo<PageHandlers>(() => {
    const pageOf = (el: Element) => {
      const item = el.closest<HTMLElement>('.book-page');
      return item ? placeOf(item) : null;
    };
    return {
      click: (e) => {
        const el = e.target as Element;
        const page = pageOf(el);
        if (!page) return;
        if (el.closest('.book-page__thumb')) later((now) => now.run('selectPage', page.id));
      },
      doubleClick: (e) => {
        const el = e.target as Element;
        const page = pageOf(el);
        if (page && el.closest('.book-page__thumb')) openPage.current(page.id);
      },
      pointerDown: (e) => {
        const el = e.target as Element;
        // A picture dragged onto another slot, on this page or another, swaps with what is there
        // (engine swapPictures: an empty slot takes it, each is cropped anew for its frame); a finger
        // picks it up with a long press (pictureSwapDrag.ts says why).
        const picture = el.closest<HTMLElement>('.book-thumb__picture');
        if (picture) {
          e.stopPropagation();
          startPictureDrag(e.nativeEvent, picture, (from, to) =>
            later((now) => now.run('swapPictures', from, to)),
          );
          return;
        }
        const handle = el.closest<HTMLElement>('.book-page__handle');
        const page = handle && pageOf(handle);
        if (!handle || !page) return;
        handle.setPointerCapture(e.pointerId);
        setDragging({ from: page.n, over: page.n });
      },
      pointerMove: (e) => {
        const now = drag.current;
        if (!now) return;
        const over = indexAt(e.clientX, e.clientY);
        if (over !== null && over !== now.over) setDragging({ ...now, over });
      },
      pointerUp: () => {
        const now = drag.current;
        if (!now) return;
        const id = shown.current.pages[now.from]?.id;
        if (id && now.over !== now.from) later(movePageTo(id, now.over));
        setDragging(null);
      },
      pointerCancel: () => {
        if (drag.current) setDragging(null);
      },
    };
  }, [later, indexAt, placeOf]);

  const labels = useMemo<PageLabels>(
    () => ({
      open: numberedLabel((number) => t('photobook.openPage', { number })),
      drag: numberedLabel((number) => t('photobook.dragPage', { number })),
    }),
    [t],
  );
  // Pages written in, taken out or moved are numbered again: those on screen before the browser
  // paints the change, the rest in the tasks after it (pageNumbering.ts says why).
  const numbering = useMemo(() => new PageNumbering(), []);
  useEffect(() => () => numbering.cancel(), [numbering]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pages are read from the list's elements, which follow them
  useLayoutEffect(() => {
    if (list.current && scroller.current) numbering.number(list.current, labels, scroller.current);
  }, [pages, labels, numbering]);

  // The layout choices' names: worked out once, not on every command.
  const layoutNames = useMemo(() => {
    const nameOf = (typeId: string) => {
      const slots = layoutSlots(template, typeId);
      const pictures = slots.filter((s) => s.type === 'IMAGE').length;
      if (pictures === 0) return t('photobook.layoutText');
      const name = t('photobook.layoutPictures', { count: pictures });
      return slots.some((s) => s.type === 'STRING') ? t('photobook.layoutCaption', { layout: name }) : name;
    };
    return template.book.layouts.map((id) => ({ id, name: nameOf(id) }));
  }, [template, t]);
  const { resources, tray: kept } = instance;
  const tray = useMemo(() => trayOf({ resources, tray: kept }), [resources, kept]);
  const current = pages[selected];
  // The screen's words: translated once and filled with the page's number (numberedLabel), the
  // counts' again only when a count changes (each translation is ~0.3 ms on a phone at 4×).
  const step = rules?.step ?? 2;
  const fixed = useMemo(
    () => ({
      pages: t('photobook.pages'),
      tray: t('photobook.tray'),
      done: t('photobook.done'),
      earlier: numberedLabel((number) => t('photobook.moveEarlier', { number })),
      later: numberedLabel((number) => t('photobook.moveLater', { number })),
      layoutOf: numberedLabel((number) => t('photobook.layoutOf', { number })),
      editPage: numberedLabel((number) => t('photobook.editPage', { number })),
    }),
    [t],
  );
  const pageCount = useMemo(() => t('photobook.pageCount', { count: pages.length }), [t, pages.length]);
  const addPages = useMemo(() => t('photobook.addPages', { count: steps.add || step }), [t, steps.add, step]);
  const removePages = useMemo(
    () => t('photobook.removePages', { count: steps.remove || step }),
    [t, steps.remove, step],
  );
  const words = {
    ...fixed,
    pageCount,
    addPages,
    removePages,
    earlier: fixed.earlier(selected + 1),
    later: fixed.later(selected + 1),
    layoutOf: fixed.layoutOf(selected + 1),
    editPage: fixed.editPage(selected + 1),
  };

  return (
    <section ref={scroller} className="book-pages" aria-labelledby="book-pages-title">
      <header className="book-pages__top">
        <h2 id="book-pages-title">{words.pages}</h2>
        <p data-testid="book-page-count">
          {words.pageCount}
          {price !== null && (
            <>
              {' · '}
              <strong data-testid="book-price">{money(price)}</strong>
            </>
          )}
        </p>
      </header>
      {/* Every page in the document: a windowed list was measured and left out (decisions 3.22). */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the clicks are its buttons' (a key on a button clicks it), heard once here for all pages */}
      <ol
        ref={list}
        className="book-pages__list"
        aria-label={words.pages}
        onClick={handlers.click}
        onDoubleClick={handlers.doubleClick}
        onPointerDown={handlers.pointerDown}
        onPointerMove={handlers.pointerMove}
        onPointerUp={handlers.pointerUp}
        onPointerCancel={handlers.pointerCancel}
      >
        {pages.map((page, n) => (
          <PageItem
            key={page.id}
            template={template}
            instance={instance}
            page={page}
            selected={n === selected}
            drop={dragging !== null && dragging.over === n && dragging.from !== n}
          />
        ))}
      </ol>

      {/* The selected page's tools stay at the foot of the screen while the pages scroll under them. */}
      {current && (
        <div className="book-pages__selected">
          <button
            type="button"
            className="button button--secondary book-pages__move"
            aria-label={words.earlier}
            disabled={selected === 0}
            onClick={() => later(movePageBy(current.id, -1))}
          >
            ‹
          </button>
          <button
            type="button"
            className="button button--secondary book-pages__move"
            aria-label={words.later}
            disabled={selected === pages.length - 1}
            onClick={() => later(movePageBy(current.id, 1))}
          >
            ›
          </button>
          <select
            className="book-pages__layout"
            aria-label={words.layoutOf}
            value={current.typeId}
            onChange={(e) => run('setPageLayout', current.id, e.target.value)}
          >
            {layoutNames.map(({ id, name }) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </select>
          <button type="button" className="button button--secondary" onClick={() => onOpenPage(current.id)}>
            {words.editPage}
          </button>
        </div>
      )}

      <div className="book-pages__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={steps.add === 0}
          onClick={() => later(addPageStep)}
        >
          {words.addPages}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={steps.remove === 0}
          onClick={() => later(removePageStep)}
        >
          {words.removePages}
        </button>
      </div>

      {tray.length > 0 && (
        <section className="book-tray" aria-labelledby="book-tray-title">
          <h3 id="book-tray-title">{words.tray}</h3>
          <ul className="book-tray__list">
            {tray.map(({ picture, uses }) => (
              <TrayPicture key={picture.uuid} uuid={picture.uuid} uses={uses} />
            ))}
          </ul>
        </section>
      )}

      <div className="book-pages__done">
        <button type="button" className="button" onClick={props.onDone}>
          {words.done}
        </button>
      </div>
    </section>
  );
}

/** The list's listeners for all its pages (BookPagesScreen's handlers). */
interface PageHandlers {
  click(e: MouseEvent<HTMLElement>): void;
  doubleClick(e: MouseEvent<HTMLElement>): void;
  pointerDown(e: ReactPointerEvent<HTMLElement>): void;
  pointerMove(e: ReactPointerEvent<HTMLElement>): void;
  pointerUp(e: ReactPointerEvent<HTMLElement>): void;
  pointerCancel(e: ReactPointerEvent<HTMLElement>): void;
}

interface PageItemProps {
  template: BookTemplate;
  instance: Instance;
  page: BookPageRef;
  selected: boolean;
  drop: boolean;
}

/** Whether a page's own slots hold the same values: immer keeps an unchanged value the same object. */
function sameSlots(template: BookTemplate, page: BookPageRef, before: Instance, after: Instance) {
  if (before.resources === after.resources) return true;
  return slotIdsOf(template, page).every((id) => before.resources[id] === after.resources[id]);
}

/**
 * A page's slots' ids, made once per page: a page the engine did not change is the same object after
 * a command, and removing two pages compares the 98 others' slots.
 */
const slotIds = new WeakMap<BookPageRef, { template: BookTemplate; ids: string[] }>();
function slotIdsOf(template: BookTemplate, page: BookPageRef): string[] {
  let known = slotIds.get(page);
  if (known?.template !== template) {
    known = { template, ids: layoutSlots(template, page.typeId).map((s) => `${page.id}:${s.resourceId}`) };
    slotIds.set(page, known);
  }
  return known.ids;
}

/**
 * One page of the overview, drawn again only when its own values changed: moving, adding or removing
 * pages or editing another page leaves a 100-page overview's other pages alone. Its number is not one
 * of its values: PageNumbering writes it.
 */
const PageItem = memo(PageItemOf, (before, after) => {
  const { instance: _b, ...restBefore } = before;
  const { instance: _a, ...restAfter } = after;
  for (const key of Object.keys(restAfter) as (keyof typeof restAfter)[])
    if (restBefore[key] !== restAfter[key]) return false;
  return sameSlots(after.template, after.page, before.instance, after.instance);
});

function PageItemOf({ template, instance, page, selected, drop }: PageItemProps) {
  // The number and the buttons' labels are PageNumbering's (the same elements in the same order: it
  // finds them by position). Moving by a button is the selected page's (BookPagesScreen): two more
  // buttons on each of 100 pages were a third of the overview's elements, and too small for a finger.
  return (
    <li
      data-page-id={page.id}
      className="book-page"
      aria-current={selected ? 'true' : undefined}
      data-drop={drop ? 'true' : undefined}
    >
      <button
        type="button"
        className="book-page__thumb"
        data-testid="book-page"
        data-page-id={page.id}
        style={thumbStyle(template)}
      >
        <PageThumbnail template={template} instance={instance} page={page} />
      </button>
      <span className="book-page__number" />
      <button type="button" className="book-page__handle" data-testid="book-page-handle">
        ⠿
      </button>
    </li>
  );
}

/** A picture of the tray with how often the book uses it: drawn again only when that changes. */
const TrayPicture = memo(function TrayPicture({ uuid, uses }: { uuid: string; uses: number }) {
  const { t } = useTranslation();
  return (
    <li className="book-tray__picture" data-uses={uses}>
      <img src={xphotoUrl(uuid, 160)} alt="" loading="lazy" />
      <span>{uses === 0 ? t('photobook.notUsed') : t('photobook.used', { count: uses })}</span>
    </li>
  );
});

/** A page's shape as a thumbnail's style, one object per template (an unchanged style is not set again). */
const thumbStyles = new WeakMap<BookTemplate, CSSProperties>();
function thumbStyle(template: BookTemplate): CSSProperties {
  let style = thumbStyles.get(template);
  if (!style) {
    style = { aspectRatio: `${template.dimensions.width} / ${template.dimensions.height}` };
    thumbStyles.set(template, style);
  }
  return style;
}

/** Each slot's box in percent of the page: worked out once per layout, not per page drawn. */
const slotBoxes = new WeakMap<readonly PageSlot[], CSSProperties[]>();
function boxesOf(template: BookTemplate, slots: readonly PageSlot[]): CSSProperties[] {
  let boxes = slotBoxes.get(slots);
  if (!boxes) {
    const { width, height } = template.dimensions;
    boxes = slots.map(({ part }) => ({
      left: `${(part.position.x / width) * 100}%`,
      top: `${(part.position.y / height) * 100}%`,
      width: `${(part.size.width / width) * 100}%`,
      height: `${(part.size.height / height) * 100}%`,
    }));
    slotBoxes.set(slots, boxes);
  }
  return boxes;
}

/** A page's picture boxes, drawn again only when its own slots changed (PageItem says why). */
const PageThumbnail = memo(
  PageThumbnailOf,
  (before, after) =>
    before.template === after.template &&
    before.page === after.page &&
    sameSlots(after.template, after.page, before.instance, after.instance),
);

/** A page drawn small: its layout's picture boxes with the pictures' small copies, cropped near the slot's crop. */
function PageThumbnailOf(props: { template: BookTemplate; instance: Instance; page: BookPageRef }) {
  const { template, instance } = props;
  const { typeId } = props.page;
  const slots = layoutSlots(template, typeId);
  const boxes = boxesOf(template, slots);
  const ids = slotIdsOf(template, props.page);
  return (
    <span className="book-thumb">
      {slots.map(({ resourceId, type }, k) => {
        const box = boxes[k];
        const fullId = ids[k]!;
        const value = instance.resources[fullId];
        if (type === 'STRING') return <span key={resourceId} className="book-thumb__text" style={box} />;
        const image = value?.type === 'IMAGE' ? value.image : null;
        if (!image)
          return <span key={resourceId} className="book-thumb__empty" style={box} data-slot={fullId} />;
        const c = image.cropRect;
        const focus = `${(c.x + c.width / 2) * 100}% ${(c.y + c.height / 2) * 100}%`;
        // Loaded as they scroll near, decoded off the main thread.
        return (
          <img
            key={resourceId}
            className="book-thumb__picture"
            style={{ ...box, objectPosition: focus }}
            src={xphotoUrl(image.uuid, 160)}
            alt=""
            loading="lazy"
            decoding="async"
            draggable={false}
            data-slot={fullId}
            data-picture={image.uuid}
            data-testid="book-picture"
          />
        );
      })}
    </span>
  );
}
