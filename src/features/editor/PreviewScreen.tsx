/**
 * Preview (S1 §2): the overview of every visible page in 2, 3 or 4 columns (xs, sm, lg), headed with
 * the Danish word for preview, with Cancel and Done back to the main menu; a tap on a page opens the
 * full-screen 'Preview' dialog on it, with Close and previous/next page navigation. A folded card says
 * how it prints (issue 18: which page is which side of the sheet).
 */

import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FontSet, Holiday, Instance } from '../../../engine/index.ts';
import { isBook, type PageScene, pageScene, type Template, visiblePages } from '../../../engine/index.ts';
import { gridColumns } from '../../app/layout.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { fitPxPerMm, PREVIEW_MARGINS } from './editorRules.ts';
import { PageView } from './PageView.tsx';
import { spreads } from './photobook/bookRules.ts';
import type { BrowserPictureLoader } from './pictures.ts';
import { useBoxSize } from './useBoxSize.ts';

const GAP_PX = 12;

export function PreviewScreen(props: {
  template: Template;
  instance: Instance;
  fonts: FontSet;
  loader: BrowserPictureLoader;
  /** The public holidays the calendar marks (useHolidays). */
  holidays?: readonly Holiday[];
  onCancel: () => void;
  onDone: () => void;
}) {
  const { template, instance, fonts, loader, holidays, onCancel, onDone } = props;
  const { t, i18n } = useTranslation();
  const pages = useMemo(() => visiblePages(template), [template]);
  const scenes = useMemo(
    () => pages.map((p) => pageScene(template, instance, p.id, fonts, i18n.language, holidays)),
    [pages, template, instance, fonts, i18n.language, holidays],
  );
  const grid = useRef<HTMLDivElement>(null);
  const { width } = useBoxSize(grid);
  // A photo book is seen as it opens: its cover, then spreads of two pages side by side.
  const book = isBook(template);
  const shown = useMemo(
    () => (book ? [[null, 0] as [null, number], ...spreads(scenes.slice(1).map((_, k) => k + 1))] : null),
    [book, scenes],
  );
  const perRow = gridColumns(typeof window === 'undefined' ? width : window.innerWidth);
  const columns = book ? Math.max(1, Math.floor(perRow / 2)) : perRow;
  const cell = Math.max(40, (width - GAP_PX * (columns - 1)) / columns);
  const [open, setOpen] = useState<number | null>(null);
  const page = (n: number, box: { width: number; height: number }) => (
    <PageView
      scene={scenes[n]!}
      year={instance.year}
      fonts={fonts}
      loader={loader}
      pxPerMm={fitPxPerMm(scenes[n]!, box, { x: 0, y: 0 })}
      testId="overview-page"
    />
  );

  return (
    <section className="editor-overview" aria-labelledby="editor-overview-title">
      <h2 id="editor-overview-title" className="editor-overview__title">
        {t('editor.overviewTitle')}
      </h2>
      {/* A folded card's pages are sides of one sheet: say which is which before the shopper buys it. */}
      {template.printLayout && (
        <p className="editor-overview__layout" data-testid="print-layout">
          {t(`editor.printLayout.${template.printLayout}`)}
        </p>
      )}
      <div
        ref={grid}
        className="editor-overview__grid"
        data-testid="preview-overview"
        data-columns={columns}
        style={{ gridTemplateColumns: `repeat(${columns}, 1fr)`, gap: GAP_PX }}
      >
        {width > 0 &&
          shown?.map(([left, right], k) => (
            <button
              key={`${left}-${right}`}
              type="button"
              className="editor-overview__spread"
              data-testid="preview-spread"
              aria-label={
                k === 0
                  ? t('editor.cover')
                  : left !== null && right !== null
                    ? t('editor.spread', { left, right })
                    : t('editor.page', { number: left ?? right })
              }
              onClick={() => setOpen(left ?? right ?? 0)}
            >
              <span className="editor-overview__half">
                {left !== null && page(left, { width: (cell - 4) / 2, height: cell })}
              </span>
              <span className="editor-overview__half">
                {right !== null && page(right, { width: (cell - 4) / 2, height: cell })}
              </span>
            </button>
          ))}
        {width > 0 &&
          !shown &&
          scenes.map((scene, n) => (
            <button
              key={scene.pageId}
              type="button"
              className="editor-overview__page"
              aria-label={t('editor.page', { number: n + 1 })}
              onClick={() => setOpen(n)}
            >
              <PageView
                scene={scene}
                year={instance.year}
                fonts={fonts}
                loader={loader}
                pxPerMm={fitPxPerMm(scene, { width: cell, height: cell * 1.5 }, { x: 0, y: 0 })}
                testId="overview-page"
              />
            </button>
          ))}
      </div>
      <div className="editor-menu__actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('editor.cancel')}
        </button>
        <button type="button" className="button" onClick={onDone}>
          {t('editor.done')}
        </button>
      </div>
      <PreviewDialog
        open={open !== null}
        at={open ?? 0}
        scenes={scenes}
        year={instance.year}
        fonts={fonts}
        loader={loader}
        onStep={(n) => setOpen(n)}
        onClose={() => setOpen(null)}
      />
    </section>
  );
}

function PreviewDialog(props: {
  open: boolean;
  at: number;
  scenes: PageScene[];
  year: number;
  fonts: FontSet;
  loader: BrowserPictureLoader;
  onStep: (n: number) => void;
  onClose: () => void;
}) {
  const { open, at, scenes, year, fonts, loader, onStep, onClose } = props;
  const { t } = useTranslation();
  const scene = scenes[at];
  // The dialog fills the screen; its padding takes 32 px of the width, its title and buttons about
  // 150 px of the height.
  const box = { width: window.innerWidth - 32, height: Math.max(120, window.innerHeight - 150) };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('editor.preview')}
      size="sheet"
      testId="preview-dialog"
      actions={
        <button type="button" className="button" onClick={onClose}>
          {t('editor.close')}
        </button>
      }
    >
      {scene && (
        <div className="editor-preview">
          <PageView
            scene={scene}
            year={year}
            fonts={fonts}
            loader={loader}
            pxPerMm={fitPxPerMm(scene, box, PREVIEW_MARGINS)}
            label={t('editor.page', { number: at + 1 })}
            testId="preview-page"
          />
          <div className="editor-preview__nav">
            <button
              type="button"
              className="button button--secondary"
              disabled={at === 0}
              onClick={() => onStep(at - 1)}
            >
              {t('editor.previousPage')}
            </button>
            <span className="editor-preview__count">
              {t('editor.pageOf', { number: at + 1, total: scenes.length })}
            </span>
            <button
              type="button"
              className="button button--secondary"
              disabled={at === scenes.length - 1}
              onClick={() => onStep(at + 1)}
            >
              {t('editor.nextPage')}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
