/**
 * A photo book's page overview (issue 33): every inner page as a thumbnail (plain elements with the
 * pictures' small copies, never a live canvas, so a 100-page book scrolls as a list does), reordered by
 * dragging a page's handle or with its move buttons; pictures swapped between slots by dragging one
 * onto another; pages added and removed in the product's steps with the price; a page's layout changed keeping its pictures; the tray of the book's pictures with
 * how often each is used. Every change is an engine command, so Undo takes it back.
 */
import { memo, type PointerEvent as ReactPointerEvent, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookPageRef, BookTemplate, Instance } from '../../../../engine/index.ts';
import { layoutSlots, trayOf } from '../../../../engine/index.ts';
import type { Product } from '../../../../shop/index.ts';
import { xphotoUrl } from '../../../api/pictures.ts';
import { useMoney } from '../../../app/format.ts';
import type { EditorState } from '../editorStore.ts';
import { bookPrice, numberedLabel, pageSteps } from './bookRules.ts';
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
  const [dragging, setDragging] = useState<{ from: number; over: number } | null>(null);
  // The handlers are the same functions on every render (they read the drag from a ref), so a page
  // whose own values did not change is not drawn again when another one moves (PageItem's memo).
  const drag = useRef(dragging);
  drag.current = dragging;
  const openPage = useRef(onOpenPage);
  openPage.current = onOpenPage;
  const list = useRef<HTMLOListElement>(null);

  /** The page under the pointer while a handle is dragged: the list item it is over. */
  const indexAt = useCallback((x: number, y: number) => {
    const item = document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-page-index]');
    return item && list.current?.contains(item) ? Number(item.dataset.pageIndex) : null;
  }, []);
  const handlers = useMemo<PageHandlers>(
    () => ({
      select: (pageId) => run('selectPage', pageId),
      open: (pageId) => openPage.current(pageId),
      move: (from, to) => run('movePage', from, to),
      dragStart: (from, e) => {
        e.currentTarget.setPointerCapture(e.pointerId);
        setDragging({ from, over: from });
      },
      dragMove: (e) => {
        const now = drag.current;
        if (!now) return;
        const over = indexAt(e.clientX, e.clientY);
        if (over !== null && over !== now.over) setDragging({ ...now, over });
      },
      dragEnd: () => {
        const now = drag.current;
        if (now && now.over !== now.from) run('movePage', now.from, now.over);
        setDragging(null);
      },
      dragCancel: () => setDragging(null),
      // A picture dragged onto another slot, on this page or another, swaps with what is there
      // (engine swapPictures: an empty slot takes it, each is cropped anew for its frame); a finger
      // picks it up with a long press (pictureSwapDrag.ts says why).
      pictureDown: (e) => {
        e.stopPropagation();
        startPictureDrag(e.nativeEvent, e.currentTarget, (from, to) => run('swapPictures', from, to));
      },
    }),
    [run, indexAt],
  );

  const labels = useMemo<PageLabels>(
    () => ({
      open: numberedLabel((number) => t('photobook.openPage', { number })),
      drag: numberedLabel((number) => t('photobook.dragPage', { number })),
      earlier: numberedLabel((number) => t('photobook.moveEarlier', { number })),
      later: numberedLabel((number) => t('photobook.moveLater', { number })),
    }),
    [t],
  );

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

  return (
    <section className="book-pages" aria-labelledby="book-pages-title">
      <header className="book-pages__top">
        <h2 id="book-pages-title">{t('photobook.pages')}</h2>
        <p data-testid="book-page-count">
          {t('photobook.pageCount', { count: pages.length })}
          {price !== null && (
            <>
              {' · '}
              <strong data-testid="book-price">{money(price)}</strong>
            </>
          )}
        </p>
      </header>
      <ol ref={list} className="book-pages__list" aria-label={t('photobook.pages')}>
        {pages.map((page, n) => (
          <PageItem
            key={page.id}
            template={template}
            instance={instance}
            page={page}
            n={n}
            last={n === pages.length - 1}
            selected={n === selected}
            drop={dragging !== null && dragging.over === n && dragging.from !== n}
            handlers={handlers}
            labels={labels}
          />
        ))}
      </ol>

      <div className="book-pages__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={steps.add === 0}
          onClick={() => run('addPages', selected + 1, steps.add)}
        >
          {t('photobook.addPages', { count: steps.add || rules?.step || 2 })}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={steps.remove === 0}
          onClick={() => run('removePages', Math.min(selected, pages.length - steps.remove), steps.remove)}
        >
          {t('photobook.removePages', { count: steps.remove || rules?.step || 2 })}
        </button>
        {current && (
          <label className="book-pages__layout">
            {t('photobook.layoutOf', { number: selected + 1 })}
            <select value={current.typeId} onChange={(e) => run('setPageLayout', current.id, e.target.value)}>
              {layoutNames.map(({ id, name }) => (
                <option key={id} value={id}>
                  {name}
                </option>
              ))}
            </select>
          </label>
        )}
        {current && (
          <button type="button" className="button button--secondary" onClick={() => onOpenPage(current.id)}>
            {t('photobook.editPage', { number: selected + 1 })}
          </button>
        )}
      </div>

      {tray.length > 0 && (
        <section className="book-tray" aria-labelledby="book-tray-title">
          <h3 id="book-tray-title">{t('photobook.tray')}</h3>
          <ul className="book-tray__list">
            {tray.map(({ picture, uses }) => (
              <li key={picture.uuid} className="book-tray__picture" data-uses={uses}>
                <img src={xphotoUrl(picture.uuid, 160)} alt="" loading="lazy" />
                <span>{uses === 0 ? t('photobook.notUsed') : t('photobook.used', { count: uses })}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <div className="book-pages__done">
        <button type="button" className="button" onClick={props.onDone}>
          {t('photobook.done')}
        </button>
      </div>
    </section>
  );
}

interface PageHandlers {
  select(pageId: string): void;
  open(pageId: string): void;
  move(from: number, to: number): void;
  dragStart(from: number, e: ReactPointerEvent<HTMLButtonElement>): void;
  dragMove(e: ReactPointerEvent<HTMLButtonElement>): void;
  dragEnd(): void;
  dragCancel(): void;
  pictureDown(e: ReactPointerEvent<HTMLElement>): void;
}

interface PageItemProps {
  template: BookTemplate;
  instance: Instance;
  page: BookPageRef;
  n: number;
  last: boolean;
  selected: boolean;
  drop: boolean;
  handlers: PageHandlers;
  labels: PageLabels;
}

/** A page's button labels by its number, in the shop's language (numberedLabel). */
interface PageLabels {
  open(number: number): string;
  drag(number: number): string;
  earlier(number: number): string;
  later(number: number): string;
}

/** Whether a page's own slots hold the same values: immer keeps an unchanged value the same object. */
function sameSlots(template: BookTemplate, page: BookPageRef, before: Instance, after: Instance) {
  if (before.resources === after.resources) return true;
  return layoutSlots(template, page.typeId).every(
    ({ resourceId }) =>
      before.resources[`${page.id}:${resourceId}`] === after.resources[`${page.id}:${resourceId}`],
  );
}

/**
 * One page of the overview, drawn again only when its own values changed: moving a page, removing the
 * last ones or editing another page leaves a 100-page overview's other pages alone.
 */
const PageItem = memo(PageItemOf, (before, after) => {
  const { instance: _b, ...restBefore } = before;
  const { instance: _a, ...restAfter } = after;
  for (const key of Object.keys(restAfter) as (keyof typeof restAfter)[])
    if (restBefore[key] !== restAfter[key]) return false;
  return sameSlots(after.template, after.page, before.instance, after.instance);
});

function PageItemOf({ template, instance, page, n, last, selected, drop, handlers, labels }: PageItemProps) {
  return (
    <li
      data-page-index={n}
      className="book-page"
      aria-current={selected ? 'true' : undefined}
      data-drop={drop ? 'true' : undefined}
    >
      <button
        type="button"
        className="book-page__thumb"
        aria-label={labels.open(n + 1)}
        data-testid="book-page"
        data-page-id={page.id}
        style={{ aspectRatio: `${template.dimensions.width} / ${template.dimensions.height}` }}
        onClick={() => handlers.select(page.id)}
        onDoubleClick={() => handlers.open(page.id)}
      >
        <PageThumbnail
          template={template}
          instance={instance}
          page={page}
          onPictureDown={handlers.pictureDown}
        />
      </button>
      <span className="book-page__number">{n + 1}</span>
      <span className="book-page__tools">
        <button
          type="button"
          className="book-page__handle"
          aria-label={labels.drag(n + 1)}
          data-testid="book-page-handle"
          onPointerDown={(e) => handlers.dragStart(n, e)}
          onPointerMove={handlers.dragMove}
          onPointerUp={handlers.dragEnd}
          onPointerCancel={handlers.dragCancel}
        >
          ⠿
        </button>
        <button
          type="button"
          aria-label={labels.earlier(n + 1)}
          disabled={n === 0}
          onClick={() => handlers.move(n, n - 1)}
        >
          ‹
        </button>
        <button
          type="button"
          aria-label={labels.later(n + 1)}
          disabled={last}
          onClick={() => handlers.move(n, n + 1)}
        >
          ›
        </button>
      </span>
    </li>
  );
}

/** A page's picture boxes, drawn again only when its own slots changed (PageItem says why). */
const PageThumbnail = memo(
  PageThumbnailOf,
  (before, after) =>
    before.template === after.template &&
    before.page === after.page &&
    before.onPictureDown === after.onPictureDown &&
    sameSlots(after.template, after.page, before.instance, after.instance),
);

/** A page drawn small: its layout's picture boxes with the pictures' small copies, cropped near the slot's crop. */
function PageThumbnailOf(props: {
  template: BookTemplate;
  instance: Instance;
  page: BookPageRef;
  onPictureDown: (e: ReactPointerEvent<HTMLElement>) => void;
}) {
  const { template, instance } = props;
  const { id: pageId, typeId } = props.page;
  const { width, height } = template.dimensions;
  return (
    <span className="book-thumb">
      {layoutSlots(template, typeId).map(({ resourceId, type, part }) => {
        const box = {
          left: `${(part.position.x / width) * 100}%`,
          top: `${(part.position.y / height) * 100}%`,
          width: `${(part.size.width / width) * 100}%`,
          height: `${(part.size.height / height) * 100}%`,
        };
        const fullId = `${pageId}:${resourceId}`;
        const value = instance.resources[fullId];
        if (type === 'STRING') return <span key={resourceId} className="book-thumb__text" style={box} />;
        const image = value?.type === 'IMAGE' ? value.image : null;
        if (!image)
          return <span key={resourceId} className="book-thumb__empty" style={box} data-slot={fullId} />;
        const c = image.cropRect;
        const focus = `${(c.x + c.width / 2) * 100}% ${(c.y + c.height / 2) * 100}%`;
        return (
          <img
            key={resourceId}
            className="book-thumb__picture"
            style={{ ...box, objectPosition: focus }}
            src={xphotoUrl(image.uuid, 160)}
            alt=""
            loading="lazy"
            draggable={false}
            data-slot={fullId}
            data-picture={image.uuid}
            data-testid="book-picture"
            onPointerDown={props.onPictureDown}
          />
        );
      })}
    </span>
  );
}
