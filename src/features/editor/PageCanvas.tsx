/**
 * The editor's page renderer: a page scene drawn with react-konva. Every item is a `<Shape>` whose
 * sceneFunc calls engine/draw.ts's `drawItem` on the raw canvas context: the very same drawing the
 * print server runs (server/render/page-renderer.ts), so the page seen is the page printed.
 *
 * The drawn shapes do not listen to events (Konva would otherwise draw every picture and glyph a
 * second time into its hit canvas). Taps are found by one transparent, listening rectangle per
 * editable slot, placed and rotated like the slot, when `onSlotTap` is given.
 *
 * Pixel ratio: the on-screen stage draws at the device pixel ratio, so the page is sharp on a phone,
 * but at most MAX_PIXEL_RATIO (issue 18): a Pixel 7's 2.625 would make every layer's canvas 1.7 times
 * the pixels of 2, and a 13-page calendar's overview keeps many layers (the difference is not visible
 * on a 412 px wide page). A comparison with the server's render must use one stage pixel per output
 * pixel, as the server does (`Konva.pixelRatio = 1` there): take it with `stage.toCanvas({
 * pixelRatio: 1 })`, which draws the layers afresh at that ratio (see `stageRef`).
 */
// Konva's core and its Rect only, with react-konva's core: the full builds bring every shape and
// filter (about 100 KB the editor's chunk never uses, parsed on every open).
import Konva from 'konva/lib/Core';
import 'konva/lib/shapes/Rect';
import type { Ref } from 'react';
import { memo, useCallback, useMemo, useRef } from 'react';
import { Layer, Rect, Shape, Stage } from 'react-konva/lib/ReactKonvaCore';
import type { Canvas2D, DrawableImage, DrawDeps, MakeCanvas } from '../../../engine/draw.ts';
import { drawBackground, drawItem } from '../../../engine/draw.ts';
import type { PageScene, SceneItem, ScenePicture } from '../../../engine/scene.ts';
import type { FontSet } from '../../../engine/text/fonts.ts';
import { layerRuns } from './editorRules.ts';

export interface PageCanvasProps {
  scene: PageScene;
  fonts: FontSet;
  /** Stage pixels per millimetre of the page. */
  pxPerMm: number;
  /** The decoded picture of a picture item, or null (not loaded yet: the slot stays white). */
  imageFor: (item: ScenePicture) => DrawableImage | null;
  /** A tap or click on an editable slot, with the slot's full resource id. */
  onSlotTap?: (slotId: string) => void;
  /** The Konva stage, for reading pixels (`toCanvas({ pixelRatio: 1 })`). */
  stageRef?: Ref<Konva.Stage>;
  /** Called after every draw of a layer of the page (the editor marks its first drawn page). */
  onDraw?: () => void;
  /** The slot being edited: drawn in a layer of its own, so changing it redraws only that layer. */
  focusId?: string | null;
}

/** The most canvas pixels per CSS pixel the editor draws with (see the header). */
export const MAX_PIXEL_RATIO = 2;
/** The canvas pixels per CSS pixel the editor draws with on this screen. */
export const editorPixelRatio = () => Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO);
if (typeof window !== 'undefined') {
  Konva.pixelRatio = editorPixelRatio();
}

export const makeCanvas: MakeCanvas = (w, h) =>
  Object.assign(document.createElement('canvas'), { width: w, height: h });

/** The raw 2D context inside Konva's wrapper: it has everything `Canvas2D` needs. */
const raw = (context: Konva.Context) => (context as unknown as { _context: Canvas2D })._context;

/** The page's size in stage pixels, rounded as the server rounds it (pageSizePx). */
export function pagePixels(scene: Pick<PageScene, 'widthMm' | 'heightMm'>, pxPerMm: number) {
  return {
    width: Math.max(1, Math.round(scene.widthMm * pxPerMm)),
    height: Math.max(1, Math.round(scene.heightMm * pxPerMm)),
  };
}

/** Items with React keys: their ids, made unique when a resource is drawn twice on a page. */
function keyed(items: readonly SceneItem[]): { key: string; item: SceneItem }[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const n = seen.get(item.id) ?? 0;
    seen.set(item.id, n + 1);
    return { key: n === 0 ? item.id : `${item.id}#${n}`, item };
  });
}

/** A hit rectangle placed like the slot: Konva turns a node about (x, y) minus its offset. */
function SlotHit({ item, pxPerMm, onTap }: { item: SceneItem; pxPerMm: number; onTap: () => void }) {
  const r = item.rotation;
  const ox = (r ? r.originXMm : item.xMm) * pxPerMm;
  const oy = (r ? r.originYMm : item.yMm) * pxPerMm;
  return (
    <Rect
      name="slot-hit"
      x={ox}
      y={oy}
      offsetX={ox - item.xMm * pxPerMm}
      offsetY={oy - item.yMm * pxPerMm}
      width={item.widthMm * pxPerMm}
      height={item.heightMm * pxPerMm}
      rotation={r?.deg ?? 0}
      fill="transparent"
      perfectDrawEnabled={false}
      onClick={onTap}
      onTap={onTap}
    />
  );
}

const Background = memo(function Background(page: { widthMm: number; heightMm: number; pxPerMm: number }) {
  return (
    <Shape listening={false} sceneFunc={(context) => drawBackground(raw(context), page, page.pxPerMm)} />
  );
});

/** One drawn item. Redrawn only when what it draws changes (its scene item or the drawing deps). */
const ItemShape = memo(
  function ItemShape({ item, deps }: { item: SceneItem; deps: DrawDeps; signature: string }) {
    return <Shape listening={false} sceneFunc={(context) => drawItem(raw(context), item, deps)} />;
  },
  (a, b) => a.deps === b.deps && a.signature === b.signature,
);

export function PageCanvas({
  scene,
  fonts,
  pxPerMm,
  imageFor,
  onSlotTap,
  stageRef,
  onDraw,
  focusId = null,
}: PageCanvasProps) {
  const deps = useMemo<DrawDeps>(
    () => ({ fonts, pxPerMm, imageFor, makeCanvas }),
    [fonts, pxPerMm, imageFor],
  );
  // A new onDraw each render must not count as a change of the layers (that would redraw them all).
  const drawn = useRef(onDraw);
  drawn.current = onDraw;
  const onLayerDraw = useCallback(() => drawn.current?.(), []);
  const { width, height } = pagePixels(scene, pxPerMm);
  // Month cells share their grid's id prefix and are not editable: only real slots get a hit area.
  const slots = onSlotTap ? scene.items.filter((item) => item.editable) : [];
  const runs = layerRuns(
    keyed(scene.items).map((k) => ({ ...k, signature: JSON.stringify(k.item) })),
    focusId,
  );
  return (
    <Stage ref={stageRef} width={width} height={height}>
      {runs.map((run, n) => {
        const last = n === runs.length - 1;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the layers are the runs' fixed places (under, slot, over)
          <Layer key={n} listening={last && slots.length > 0} onDraw={onLayerDraw}>
            {n === 0 && <Background widthMm={scene.widthMm} heightMm={scene.heightMm} pxPerMm={pxPerMm} />}
            {run.map(({ key, item, signature }) => (
              <ItemShape key={key} item={item} deps={deps} signature={signature} />
            ))}
            {last &&
              slots.map((item) => (
                <SlotHit
                  key={`hit:${item.id}:${item.xMm},${item.yMm}`}
                  item={item}
                  pxPerMm={pxPerMm}
                  onTap={() => onSlotTap?.(item.id)}
                />
              ))}
          </Layer>
        );
      })}
    </Stage>
  );
}
