/**
 * One page of the shopper's template: its scene (engine/scene.ts) drawn by PageCanvas once the
 * page's pictures are decoded, with the editor's own marks over it in HTML (never in the canvas,
 * so they are never printed): empty picture slots and the 'Select text' hint on empty user texts.
 *
 * For tests and the bench, the page says what it shows: `data-page-id`, `data-year`, the ISO week
 * numbers of its month grid in `data-weeks`, its weekday headings in `data-headings`, its other
 * texts (titles, greetings) in `data-texts`, `data-drawn="true"` once Konva has drawn it, and
 * `data-pictures-missing`, the pictures not drawn (yet). The canvas draws glyph outlines, so these
 * are the only way to read its words.
 */
import { type CSSProperties, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DrawableImage, FontSet, PageScene, SceneItem, ScenePicture } from '../../../engine/index.ts';
import { PICTURE_RETRY_MS } from './editorRules.ts';
import { PageCanvas, pagePixels } from './PageCanvas.tsx';
import { type BrowserPictureLoader, pictureKey } from './pictures.ts';

/** The ISO week numbers a page's month grid shows, top to bottom (the scene's `…/w0`..`/w5` cells). */
export const weekNumbers = (scene: PageScene) =>
  scene.items
    .filter((i) => i.kind === 'text' && /\/w\d$/.test(i.id))
    .map((i) => (i.kind === 'text' ? i.lines.join('') : ''));

/** The month grid's weekday headings, Monday first (the scene's `…/h0`..`/h6` cells). */
export const weekdayHeadings = (scene: PageScene) =>
  scene.items
    .filter((i) => i.kind === 'text' && /\/h\d$/.test(i.id))
    .map((i) => (i.kind === 'text' ? i.lines.join(' ') : ''));

/** The page's texts outside the month grid, one a line: what the grid's cells do not say. */
export const pageTexts = (scene: PageScene) =>
  scene.items
    .filter((i) => i.kind === 'text' && !i.empty && !/\/[hwd][\d-]+$/.test(i.id))
    .map((i) => (i.kind === 'text' ? i.lines.join(' ') : ''));

/**
 * Decoded pictures of a scene; undefined until all are there (a failed one stays empty and is tried
 * again PICTURE_RETRY_MS later, S1 §4). `missing` counts the pictures not drawn yet.
 */
function useSceneImages(scene: PageScene, loader: BrowserPictureLoader) {
  // A page with no picture to decode (a new calendar's month, a card's empty slots) has nothing to
  // wait for: it is drawn by the first render, not by a render after an effect and a promise (one
  // frame and one pass less before the editor's first page, issue 18's open time).
  const [images, setImages] = useState<{
    scene: PageScene;
    map: Map<string, DrawableImage>;
    missing: number;
  } | null>(() => (scenePictures(scene).length === 0 ? { scene, map: new Map(), missing: 0 } : null));
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry's trigger
  useEffect(() => {
    let live = true;
    let retry: number | undefined;
    const map = new Map<string, DrawableImage>();
    const pictures = scenePictures(scene);
    const keys = new Set(pictures.map((item) => pictureKey(item.picture!.source)));
    Promise.all(
      pictures.map(async (item) => {
        const source = item.picture!.source;
        try {
          const image = await loader(source);
          if (image) map.set(pictureKey(source), image);
        } catch (error) {
          console.warn('A picture of the page could not be loaded', error);
        }
      }),
    ).then(() => {
      if (!live) return;
      const missing = keys.size - map.size;
      // The same pictures as before keep the same map: the page is not drawn again for nothing.
      setImages((before) => {
        if (!before || !sameImages(before.map, map)) return { scene, map, missing };
        // Nothing changed at all (the first render had it right): no render again.
        return before.scene === scene && before.missing === missing
          ? before
          : { scene, map: before.map, missing };
      });
      // The loader forgets a failure, so the next attempt fetches it again.
      if (missing > 0) retry = window.setTimeout(() => setAttempt((n) => n + 1), PICTURE_RETRY_MS);
    });
    return () => {
      live = false;
      window.clearTimeout(retry);
    };
  }, [scene, loader, attempt]);
  // The previous page's pictures stay drawn until the new page's are decoded (no white flash).
  return images;
}

/** The scene's pictures that have something to decode (an empty slot has none). */
const scenePictures = (scene: PageScene) =>
  scene.items.filter((i): i is ScenePicture => i.kind === 'picture' && i.picture !== null);

function sameImages(a: ReadonlyMap<string, DrawableImage>, b: ReadonlyMap<string, DrawableImage>) {
  if (a.size !== b.size) return false;
  for (const [key, image] of a) if (b.get(key) !== image) return false;
  return true;
}

/** A slot's box over the page in CSS pixels, placed and turned as the canvas draws it. */
export function slotBox(item: SceneItem, pxPerMm: number): CSSProperties {
  const r = item.rotation;
  return {
    left: item.xMm * pxPerMm,
    top: item.yMm * pxPerMm,
    width: item.widthMm * pxPerMm,
    height: item.heightMm * pxPerMm,
    transform: r ? `rotate(${r.deg}deg)` : undefined,
    transformOrigin: r
      ? `${(r.originXMm - item.xMm) * pxPerMm}px ${(r.originYMm - item.yMm) * pxPerMm}px`
      : undefined,
  };
}

export interface PageViewProps {
  scene: PageScene;
  year: number;
  fonts: FontSet;
  pxPerMm: number;
  loader: BrowserPictureLoader;
  /** Editor marks (empty slots, 'Select text'); off in the preview. */
  marks?: boolean;
  onSlotTap?: (slotId: string) => void;
  /** Select mode (Choose text / Choose image): these slots get the numbers 1, 2, … */
  numbered?: readonly string[];
  /** HTML laid over the page in page pixels (the image editor's slot layer). */
  overlay?: ReactNode;
  onFirstDraw?: () => void;
  /** The slot being edited, drawn in a layer of its own (see PageCanvas). */
  focusId?: string | null;
  label?: string;
  testId?: string;
}

export function PageView(props: PageViewProps) {
  const { scene, year, fonts, pxPerMm, loader, marks = false, onSlotTap, onFirstDraw, label, testId } = props;
  const { numbered } = props;
  const { t } = useTranslation();
  const decoded = useSceneImages(scene, loader);
  const images = decoded?.map;
  const [drawn, setDrawn] = useState(false);
  const imageFor = useMemo(
    () => (item: ScenePicture) => (item.picture && images?.get(pictureKey(item.picture.source))) || null,
    [images],
  );
  const { width, height } = pagePixels(scene, pxPerMm);
  const weeks = useMemo(() => weekNumbers(scene).join(','), [scene]);
  const headings = useMemo(() => weekdayHeadings(scene).join(','), [scene]);
  const texts = useMemo(() => pageTexts(scene).join('\n'), [scene]);
  const onDraw = () => {
    if (drawn) return;
    setDrawn(true);
    onFirstDraw?.();
  };

  return (
    <div
      className={`editor-page${scene.lifted ? ' editor-page--lifted' : ''}`}
      style={{ width, height }}
      role="img"
      aria-label={label}
      data-testid={testId}
      data-page-id={scene.pageId}
      data-year={year}
      data-weeks={weeks || undefined}
      data-headings={headings || undefined}
      data-texts={texts || undefined}
      data-drawn={drawn ? 'true' : 'false'}
      data-pictures-missing={decoded?.missing ?? undefined}
    >
      {images && (
        <PageCanvas
          scene={scene}
          fonts={fonts}
          pxPerMm={pxPerMm}
          imageFor={imageFor}
          onSlotTap={onSlotTap}
          onDraw={onDraw}
          focusId={props.focusId}
        />
      )}
      {marks &&
        scene.items.map((item) => {
          if (!item.editable) return null;
          if (item.kind === 'picture' && item.picture === null) {
            return (
              <div
                key={`empty:${item.id}`}
                className="editor-slot editor-slot--picture"
                style={slotBox(item, pxPerMm)}
              />
            );
          }
          if (item.kind === 'text' && item.empty) {
            return (
              <div
                key={`empty:${item.id}`}
                className="editor-slot editor-slot--text"
                style={slotBox(item, pxPerMm)}
              >
                {t('editor.selectText')}
              </div>
            );
          }
          return null;
        })}
      {numbered?.map((id, n) => {
        const item = scene.items.find((i) => i.id === id);
        return item ? (
          <div
            key={`number:${id}`}
            className="editor-slot editor-slot--number"
            style={slotBox(item, pxPerMm)}
            data-slot-number={n + 1}
          >
            <span>{n + 1}</span>
          </div>
        ) : null;
      })}
      {props.overlay}
    </div>
  );
}
