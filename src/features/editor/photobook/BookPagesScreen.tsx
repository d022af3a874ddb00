/**
 * A photo book's page overview (issue 33): every inner page as a thumbnail (plain elements with the
 * pictures' small copies, never a live canvas, so a 100-page book scrolls as a list does), reordered by
 * dragging a page's handle or with its move buttons; pictures swapped between slots by dragging one
 * onto another; pages added and removed in the product's steps with the price; a page's layout changed keeping its pictures; the tray of the book's pictures with
 * how often each is used. Every change is an engine command, so Undo takes it back.
 */
import { memo, type PointerEvent as ReactPointerEvent, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookTemplate, Instance } from '../../../../engine/index.ts';
import { layoutSlots, trayOf } from '../../../../engine/index.ts';
import type { Product } from '../../../../shop/index.ts';
import { xphotoUrl } from '../../../api/pictures.ts';
import { useMoney } from '../../../app/format.ts';
import type { EditorState } from '../editorStore.ts';
import { bookPrice, pageSteps } from './bookRules.ts';
import './photobook.css';

export function BookPagesScreen(props: {
  template: BookTemplate;
  instance: Instance;
  product: Product | null;
  run: EditorState['run'];
  onOpenPage: (pageId: string) => void;
  onDone: () => void;
}) {
  const { template, instance, product, run } = props;
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
  const list = useRef<HTMLOListElement>(null);

  /** The page under the pointer while a handle is dragged: the list item it is over. */
  const indexAt = (x: number, y: number) => {
    const item = document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-page-index]');
    return item && list.current?.contains(item) ? Number(item.dataset.pageIndex) : null;
  };
  const startDrag = (from: number) => (e: ReactPointerEvent<HTMLButtonElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    setDragging({ from, over: from });
  };
  const moveDrag = (e: ReactPointerEvent<HTMLButtonElement>) => {
    if (!dragging) return;
    const over = indexAt(e.clientX, e.clientY);
    if (over !== null && over !== dragging.over) setDragging({ ...dragging, over });
  };
  const endDrag = () => {
    if (dragging && dragging.over !== dragging.from) run('movePage', dragging.from, dragging.over);
    setDragging(null);
  };

  // A picture dragged onto another slot, on this page or another, swaps with what is there
  // (engine swapPictures: an empty slot takes it, each is cropped anew for its frame).
  const startSwap = useCallback(
    (e: ReactPointerEvent<HTMLElement>) => {
      const from = e.currentTarget.dataset.slot;
      if (!from) return;
      e.stopPropagation();
      const target = e.currentTarget;
      target.setPointerCapture(e.pointerId);
      const up = (u: PointerEvent) => {
        target.removeEventListener('pointerup', up);
        const to = document.elementFromPoint(u.clientX, u.clientY)?.closest<HTMLElement>('[data-slot]')
          ?.dataset.slot;
        if (to && to !== from) run('swapPictures', from, to);
      };
      target.addEventListener('pointerup', up);
    },
    [run],
  );

  const layoutName = (typeId: string) => {
    const slots = layoutSlots(template, typeId);
    const pictures = slots.filter((s) => s.type === 'IMAGE').length;
    if (pictures === 0) return t('photobook.layoutText');
    const name = t('photobook.layoutPictures', { count: pictures });
    return slots.some((s) => s.type === 'STRING') ? t('photobook.layoutCaption', { layout: name }) : name;
  };
  const tray = trayOf(instance);
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
          <li
            key={page.id}
            data-page-index={n}
            className="book-page"
            aria-current={n === selected ? 'true' : undefined}
            data-drop={dragging && dragging.over === n && dragging.from !== n ? 'true' : undefined}
          >
            <button
              type="button"
              className="book-page__thumb"
              aria-label={t('photobook.openPage', { number: n + 1 })}
              data-testid="book-page"
              data-page-id={page.id}
              style={{ aspectRatio: `${template.dimensions.width} / ${template.dimensions.height}` }}
              onClick={() => run('selectPage', page.id)}
              onDoubleClick={() => props.onOpenPage(page.id)}
            >
              <PageThumbnail
                template={template}
                instance={instance}
                pageId={page.id}
                typeId={page.typeId}
                onPictureDown={startSwap}
              />
            </button>
            <span className="book-page__number">{n + 1}</span>
            <span className="book-page__tools">
              <button
                type="button"
                className="book-page__handle"
                aria-label={t('photobook.dragPage', { number: n + 1 })}
                data-testid="book-page-handle"
                onPointerDown={startDrag(n)}
                onPointerMove={moveDrag}
                onPointerUp={endDrag}
                onPointerCancel={() => setDragging(null)}
              >
                ⠿
              </button>
              <button
                type="button"
                aria-label={t('photobook.moveEarlier', { number: n + 1 })}
                disabled={n === 0}
                onClick={() => run('movePage', n, n - 1)}
              >
                ‹
              </button>
              <button
                type="button"
                aria-label={t('photobook.moveLater', { number: n + 1 })}
                disabled={n === pages.length - 1}
                onClick={() => run('movePage', n, n + 1)}
              >
                ›
              </button>
            </span>
          </li>
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
              {template.book.layouts.map((id) => (
                <option key={id} value={id}>
                  {layoutName(id)}
                </option>
              ))}
            </select>
          </label>
        )}
        {current && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => props.onOpenPage(current.id)}
          >
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

/**
 * A page drawn again only when its own slots changed: immer keeps an unchanged value the same object,
 * so moving a page or editing another one leaves a 100-page overview's other thumbnails alone.
 */
const PageThumbnail = memo(PageThumbnailOf, (before, after) => {
  if (
    before.template !== after.template ||
    before.pageId !== after.pageId ||
    before.typeId !== after.typeId ||
    before.onPictureDown !== after.onPictureDown
  )
    return false;
  return layoutSlots(after.template, after.typeId).every(
    ({ resourceId }) =>
      before.instance.resources[`${after.pageId}:${resourceId}`] ===
      after.instance.resources[`${after.pageId}:${resourceId}`],
  );
});

/** A page drawn small: its layout's picture boxes with the pictures' small copies, cropped near the slot's crop. */
function PageThumbnailOf(props: {
  template: BookTemplate;
  instance: Instance;
  pageId: string;
  typeId: string;
  onPictureDown: (e: ReactPointerEvent<HTMLElement>) => void;
}) {
  const { template, instance, pageId, typeId } = props;
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
