/**
 * A preview sheet (engine/previewSheet.ts) drawn as one PNG: each page drawn by the print renderer at
 * the size its cell takes, laid on the neutral sheet with a soft shadow so white pages stand apart.
 * A one-page sheet is that page's own preview, unchanged. Used by the list previews (previews.ts)
 * and the thumbnails' worker thread (previewTask.ts).
 */
import { createCanvas } from '@napi-rs/canvas';
import type { PageScene } from '../../engine/index.ts';
import { type PreviewSheet, SHEET_BACKGROUND } from '../../engine/index.ts';
import { type RenderDeps, renderPreviewPng, withPageCanvas } from './page-renderer.ts';

/** The sheet's pixel size at `widthPx` wide (the height rounded, as a page's is). */
export function sheetSizePx(sheet: Pick<PreviewSheet, 'widthMm' | 'heightMm'>, widthPx: number) {
  const pxPerMm = widthPx / sheet.widthMm;
  return { widthPx, heightPx: Math.max(1, Math.round(sheet.heightMm * pxPerMm)), pxPerMm };
}

/** `scenes` are the cells' pages, in the sheet's order. */
export async function renderSheetPng(
  sheet: PreviewSheet,
  scenes: readonly PageScene[],
  widthPx: number,
  deps: RenderDeps,
): Promise<Buffer> {
  if (scenes.length !== sheet.cells.length) {
    throw new Error(`The sheet has ${sheet.cells.length} pages, ${scenes.length} scenes were given`);
  }
  if (sheet.cells.length === 1) return renderPreviewPng(scenes[0]!, widthPx, deps);
  const { heightPx, pxPerMm } = sheetSizePx(sheet, widthPx);
  const canvas = createCanvas(widthPx, heightPx);
  const context = canvas.getContext('2d');
  context.fillStyle = SHEET_BACKGROUND;
  context.fillRect(0, 0, widthPx, heightPx);
  const shadow = Math.max(1, Math.round(Math.min(widthPx, heightPx) / 100));
  for (const [n, cell] of sheet.cells.entries()) {
    const x = Math.round(cell.x * pxPerMm);
    const y = Math.round(cell.y * pxPerMm);
    const width = Math.max(1, Math.round(cell.width * pxPerMm));
    await withPageCanvas(scenes[n]!, { ...deps, widthPx: width }, ({ canvas: page }) => {
      context.save();
      context.shadowColor = 'rgba(0, 0, 0, 0.28)';
      context.shadowBlur = 2 * shadow;
      context.shadowOffsetY = shadow;
      context.drawImage(page, x, y);
      context.restore();
    });
  }
  return canvas.encode('png');
}
