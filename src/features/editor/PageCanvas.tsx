/**
 * The editor's page renderer: a page scene drawn with Konva, driven imperatively (react-konva and its
 * react-reconciler were 138 KB of the editor's chunk, minified, for this one stage). Every item is a
 * Konva `Shape` whose sceneFunc calls engine/draw.ts's `drawItem` on the raw canvas context: the very
 * same drawing the print server runs (server/render/page-renderer.ts), so the page seen is the page
 * printed.
 *
 * The shapes are kept by key between renders, and a layer is drawn again only when one of its shapes
 * changed (a new signature: the JSON of its scene item, or new drawing deps), was added, removed or
 * moved (editorRules.ts's `layersToRedraw`). The layers are `layerRuns`: the slot being edited sits in
 * a layer of its own, so a gesture on it redraws that layer alone.
 *
 * The drawn shapes do not listen to events (Konva would otherwise draw every picture and glyph a
 * second time into its hit canvas). Taps are found by one transparent, listening rectangle per
 * editable slot, placed and rotated like the slot, when `onSlotTap` is given; they lie in the last
 * layer, the only one that listens.
 *
 * Pixel ratio: the on-screen stage draws at the device pixel ratio, so the page is sharp on a phone,
 * but at most MAX_PIXEL_RATIO (issue 18): a Pixel 7's 2.625 would make every layer's canvas 1.7 times
 * the pixels of 2, and a 13-page calendar's overview keeps many layers (the difference is not visible
 * on a 412 px wide page). A comparison with the server's render must use one stage pixel per output
 * pixel, as the server does (`Konva.pixelRatio = 1` there): take it with `stage.toCanvas({
 * pixelRatio: 1 })`, which draws the layers afresh at that ratio (see `stageRef`).
 */
// Konva's core and its Rect only: the full build brings every shape and filter (about 100 KB the
// editor's chunk never uses, parsed on every open).
import Konva from 'konva/lib/Core';
import type { ShapeConfig } from 'konva/lib/Shape';
import { Rect } from 'konva/lib/shapes/Rect';
import type { Ref } from 'react';
import { useImperativeHandle, useLayoutEffect, useMemo, useRef } from 'react';
import type {
  Canvas2D,
  DrawableImage,
  DrawDeps,
  FontSet,
  MakeCanvas,
  PageScene,
  SceneItem,
  ScenePicture,
} from '../../../engine/index.ts';
import { drawBackground, drawItem } from '../../../engine/index.ts';
import { type LayerNode, layerRuns, layersToRedraw } from './editorRules.ts';

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
  // The page's layers draw when PageCanvas says so, once per change (see the header): Konva's own
  // drawing on every change would draw a new layer twice, once as it fills and once on the stage.
  Konva.autoDrawEnabled = false;
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

/** Items with keys: their ids, made unique when a resource is drawn twice on a page. */
function keyed(items: readonly SceneItem[]): { key: string; item: SceneItem }[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const n = seen.get(item.id) ?? 0;
    seen.set(item.id, n + 1);
    return { key: n === 0 ? item.id : `${item.id}#${n}`, item };
  });
}

/** A node the page wants in a layer: what it is set to, and how to make it the first time. */
interface Wanted extends LayerNode {
  attrs: ShapeConfig;
  create: (attrs: ShapeConfig) => Konva.Shape;
}

const drawnShape = (attrs: ShapeConfig) => new Konva.Shape({ ...attrs, listening: false });

/** A hit rectangle placed like the slot: Konva turns a node about (x, y) minus its offset. */
function slotHit(key: string, item: SceneItem, pxPerMm: number, onTap: (slotId: string) => void): Wanted {
  const r = item.rotation;
  const ox = (r ? r.originXMm : item.xMm) * pxPerMm;
  const oy = (r ? r.originYMm : item.yMm) * pxPerMm;
  const attrs = {
    x: ox,
    y: oy,
    offsetX: ox - item.xMm * pxPerMm,
    offsetY: oy - item.yMm * pxPerMm,
    width: item.widthMm * pxPerMm,
    height: item.heightMm * pxPerMm,
    rotation: r?.deg ?? 0,
  };
  return {
    key: `hit:${key}`,
    signature: JSON.stringify(attrs),
    attrs,
    create: (now) =>
      new Rect({ ...now, name: 'slot-hit', fill: 'transparent', perfectDrawEnabled: false }).on(
        'click tap',
        () => onTap(item.id),
      ),
  };
}

/** The page's layers and what each holds, bottom up: the background, the items, the slots' hit areas. */
function pageLayers(
  scene: PageScene,
  deps: DrawDeps,
  focusId: string | null,
  onTap: ((slotId: string) => void) | null,
): Wanted[][] {
  const { widthMm, heightMm } = scene;
  const { pxPerMm } = deps;
  const background: Wanted = {
    key: 'background',
    signature: `${widthMm}x${heightMm}@${pxPerMm}`,
    attrs: { sceneFunc: (context) => drawBackground(raw(context), { widthMm, heightMm }, pxPerMm) },
    create: drawnShape,
  };
  const items = keyed(scene.items).map(({ key, item }) => ({
    key,
    item,
    signature: JSON.stringify(item),
    attrs: { sceneFunc: (context: Konva.Context) => drawItem(raw(context), item, deps) },
    create: drawnShape,
  }));
  // Month cells share their grid's id prefix and are not editable: only real slots get a hit area.
  const hits = onTap
    ? keyed(scene.items.filter((item) => item.editable)).map(({ key, item }) =>
        slotHit(key, item, pxPerMm, onTap),
      )
    : [];
  const runs = layerRuns(items, focusId);
  return runs.map((run, n) => [
    ...(n === 0 ? [background] : []),
    ...run,
    ...(n === runs.length - 1 ? hits : []),
  ]);
}

/** The stage and what its layers drew last, to compare the next page with. */
interface View {
  stage: Konva.Stage;
  /** Called after each draw of a layer. */
  onDraw: () => void;
  layers: Konva.Layer[];
  nodes: Map<string, { node: Konva.Shape; signature: string }>;
  drawn: LayerNode[][];
  deps: DrawDeps | null;
}

/**
 * Brings the stage's layers to `wanted`, the last one listening when `hits` (it holds the slots' hit
 * areas). The layers that changed are drawn at the next frame, or not at all when `draw` is false
 * (the caller draws every layer itself).
 */
function reconcile(view: View, wanted: Wanted[][], deps: DrawDeps, hits: boolean, draw: boolean) {
  // New deps (fonts, scale, pictures) change what every shape draws, whatever their signatures.
  const fresh = view.deps !== deps;
  const redraw = fresh ? wanted.map(() => true) : layersToRedraw(view.drawn, wanted);
  wanted.forEach((nodes, n) => {
    const known = view.layers[n];
    const layer = known ?? new Konva.Layer().on('draw', view.onDraw);
    const listening = n === wanted.length - 1 && hits;
    if (layer.listening() !== listening) layer.listening(listening);
    if (!redraw[n]) return;
    const shapes = nodes.map((w) => {
      const kept = view.nodes.get(w.key);
      if (!kept) {
        const node = w.create(w.attrs);
        view.nodes.set(w.key, { node, signature: w.signature });
        return node;
      }
      if (fresh || kept.signature !== w.signature) {
        kept.node.setAttrs(w.attrs);
        kept.signature = w.signature;
      }
      return kept.node;
    });
    // A shape still in another layer moves here (Konva's add takes it from its old parent).
    layer.removeChildren();
    layer.add(...shapes);
    if (known) {
      if (draw) layer.batchDraw();
    } else {
      view.layers.push(layer);
      view.stage.add(layer); // draws it at once
    }
  });
  const keys = new Set(wanted.flatMap((nodes) => nodes.map((w) => w.key)));
  for (const [key, { node }] of view.nodes) {
    if (keys.has(key)) continue;
    node.destroy();
    view.nodes.delete(key);
  }
  for (const layer of view.layers.splice(wanted.length)) layer.destroy();
  view.drawn = wanted.map((nodes) => nodes.map(({ key, signature }) => ({ key, signature })));
  view.deps = deps;
}

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
  // Read when a layer draws or a slot is tapped: a new function each render is no change of the page.
  const drawn = useRef(onDraw);
  drawn.current = onDraw;
  const tapped = useRef(onSlotTap);
  tapped.current = onSlotTap;
  const tappable = onSlotTap !== undefined;
  const { width, height } = pagePixels(scene, pxPerMm);
  const container = useRef<HTMLDivElement>(null);
  const view = useRef<View | null>(null);

  // Declared first, so the stage goes when the component's effects go: at unmount, and between
  // StrictMode's two runs (the effect below then makes a new stage and draws it whole).
  useLayoutEffect(
    () => () => {
      view.current?.stage.destroy();
      view.current = null;
    },
    [],
  );

  useLayoutEffect(() => {
    view.current ??= {
      stage: new Konva.Stage({ container: container.current!, width, height }),
      onDraw: () => drawn.current?.(),
      layers: [],
      nodes: new Map(),
      drawn: [],
      deps: null,
    };
    const { stage } = view.current;
    const onTap = tappable ? (slotId: string) => tapped.current?.(slotId) : null;
    const hits = tappable && scene.items.some((item) => item.editable);
    // Resizing the stage draws every layer at once: the layers changed need no other draw then.
    const resize = stage.width() !== width || stage.height() !== height;
    reconcile(view.current, pageLayers(scene, deps, focusId, onTap), deps, hits, !resize);
    if (resize) stage.size({ width, height });
  }, [scene, deps, focusId, tappable, width, height]);

  // Set after the stage is made (effects run in order); null again when it is destroyed.
  useImperativeHandle(stageRef, () => view.current!.stage, []);

  // Konva puts its `.konvajs-content` with one canvas per layer in this div, as react-konva's Stage did.
  return <div ref={container} />;
}
