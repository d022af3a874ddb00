/**
 * The image editor's layer over the page (HTML over the canvas, never printed):
 *
 * - Choose image (select mode): a number on each editable picture slot of the page.
 * - Editing a slot: the gesture surface over the slot. Drag moves the picture, two fingers pinch-zoom
 *   it, the mouse wheel zooms 1.1 in / 0.9 out; while a gesture runs the picture is shown live in
 *   HTML (the canvas keeps the stored crop), and when the last finger lifts the crop snaps (engine
 *   snapCrop) and is stored through the editor store's `setCrop` command (one undo step per
 *   gesture) a frame later, the HTML picture staying until the canvas shows it. Fingers are pointer events fed to the pure rule of engine/gesture.ts, so a finger
 *   landing or lifting mid-gesture never moves the picture (a drag becomes a pinch and back).
 *   The slot says its crop in `data-crop` (x,y,width,height) and a running gesture in `data-moving`
 *   for tests. Issue 32: the quality mark in its corner follows the crop shown, live (the menu's
 *   badge too, through the image session), and a zoom stops at the print's least resolution
 *   (zoomClampDpi) while pinching or wheeling and on release.
 */
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoreApi } from 'zustand';
import { useStore } from 'zustand';
import type { PageScene, ScenePicture } from '../../../../engine/index.ts';
import {
  type CropRect,
  cropQuality,
  editableSlots,
  maxZoomIn,
  partFor,
  snapCrop,
  WHEEL_ZOOM_IN,
  WHEEL_ZOOM_OUT,
  zoomClampDpi,
  zoomCrop,
  zoomStop,
} from '../../../../engine/index.ts';
import { xphotoUrl } from '../../../api/pictures.ts';
import { RetryingImg } from '../../../ui/LazyImage.tsx';
import { QualityMark } from '../../../ui/QualityBadge.tsx';
import { useFingerGesture } from '../../../ui/useFingerGesture.ts';
import { useWheel } from '../../../ui/useWheel.ts';
import { PICTURE_RETRY_MS } from '../editorRules.ts';
import { type EditorState, useEditedTemplate } from '../editorStore.ts';
import { slotBox } from '../PageView.tsx';
import { imageSession } from './imageSession.ts';

const cropText = (c: CropRect) => [c.x, c.y, c.width, c.height].map((v) => v.toFixed(5)).join(',');

export function SlotLayer(props: { store: StoreApi<EditorState>; scene: PageScene; pxPerMm: number }) {
  const { store, scene, pxPerMm } = props;
  const { t } = useTranslation();
  const template = useEditedTemplate(store);
  const instance = useStore(store, (s) => s.history.instance);
  const run = store.getState().run;
  const current = instance.currentResourceId;

  if (current === null) {
    const ids = editableSlots(template, scene.pageId, 'IMAGE');
    return (
      <>
        {ids.map((id, n) => {
          const item = scene.items.find((i) => i.id === id);
          if (!item) return null;
          return (
            <button
              key={id}
              type="button"
              className="image-choose__slot"
              style={slotBox(item, pxPerMm)}
              aria-label={t('editorImage.slot', { number: n + 1 })}
              data-testid="choose-slot-mark"
              onClick={() => run('selectResource', id)}
            >
              <span className="image-choose__number">{n + 1}</span>
            </button>
          );
        })}
      </>
    );
  }

  const item = scene.items.find((i): i is ScenePicture => i.kind === 'picture' && i.id === current);
  if (!item) return null;
  return <GestureSlot key={current} store={store} item={item} pxPerMm={pxPerMm} />;
}

function GestureSlot(props: { store: StoreApi<EditorState>; item: ScenePicture; pxPerMm: number }) {
  const { store, item, pxPerMm } = props;
  const template = useEditedTemplate(store);
  const value = useStore(store, (s) => s.history.instance.resources[item.id]);
  const image = value?.type === 'IMAGE' ? value.image : null;
  const at = partFor(template, item.id);
  const frame = at ? { widthMm: at.part.size.width, heightMm: at.part.size.height } : null;
  const adaption = at?.part.adaption ?? 'fill-in';
  const clampDpi = frame ? zoomClampDpi(frame) : undefined;
  const least = image && frame && clampDpi ? zoomStop(image, image.rotation, frame, clampDpi) : undefined;

  const surface = useRef<HTMLDivElement>(null);
  const [live, setLiveState] = useState<CropRect | null>(null);
  const liveRef = useRef<CropRect | null>(null);
  const setLive = (crop: CropRect | null) => {
    liveRef.current = crop;
    setLiveState(crop);
  };
  // After the release, the snapped crop the HTML picture shows until the canvas has drawn it.
  const [released, setReleasedState] = useState<CropRect | null>(null);
  const releasedRef = useRef<CropRect | null>(null);
  const setReleased = (crop: CropRect | null) => {
    releasedRef.current = crop;
    setReleasedState(crop);
  };
  const now = (): CropRect | null => liveRef.current ?? releasedRef.current ?? image?.cropRect ?? null;
  /**
   * The release: the HTML picture shows the snapped crop at once; the store takes it in the next frame
   * (the page's render and the canvas redraw), and the HTML picture goes two frames after that, when
   * the canvas shows the same. Done in one frame, that work made the one long frame of a gesture
   * (issue 18's bench: 50 ms at 4x CPU).
   */
  const commit = (crop: CropRect | null) => {
    setLive(null);
    if (!crop || !image || !frame) return;
    const snapped = snapCrop(crop, image, image.rotation, frame, adaption, clampDpi);
    setReleased(snapped);
    requestAnimationFrame(() => {
      store.getState().run('setCrop', item.id, snapped);
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          if (releasedRef.current === snapped) setReleased(null);
        }),
      );
    });
  };
  const focusAt = (clientX: number, clientY: number) => {
    const rect = surface.current?.getBoundingClientRect();
    if (!rect || rect.width === 0 || rect.height === 0) return { x: 0.5, y: 0.5 };
    return { x: (clientX - rect.left) / rect.width, y: (clientY - rect.top) / rect.height };
  };

  const widthPx = item.widthMm * pxPerMm;
  const heightPx = item.heightMm * pxPerMm;

  // Fingers and the mouse button, through the pure rule of engine/gesture.ts.
  const fingers = useFingerGesture({
    crop: now,
    least: () => least,
    onMove: setLive,
    onEnd: (crop) => commit(crop),
  });

  // The menu's quality badge follows the crop shown while the store still has the old one.
  const { shown: shownCrop } = imageSession(store);
  useEffect(() => {
    shownCrop.setState({ slotId: item.id, crop: live ?? released });
  }, [shownCrop, item.id, live, released]);
  useEffect(() => () => shownCrop.setState({ slotId: null, crop: null }), [shownCrop]);

  // iOS Safari's own pinch (a page zoom) stays out of the slot, as touch-action: none asks.
  useEffect(() => {
    const element = surface.current;
    if (!element) return;
    const stop = (e: Event) => e.preventDefault();
    element.addEventListener('gesturestart', stop);
    element.addEventListener('gesturechange', stop);
    return () => {
      element.removeEventListener('gesturestart', stop);
      element.removeEventListener('gesturechange', stop);
    };
  }, []);

  useWheel(surface, {
    onStep: (event) => {
      const crop = now();
      if (!crop || event.deltaY === 0) return;
      const factor = event.deltaY < 0 ? WHEEL_ZOOM_IN : WHEEL_ZOOM_OUT;
      // Each notch stops at the zoom clamp, so the picture never zooms in and springs back.
      setLive(
        zoomCrop(
          crop,
          least ? Math.min(factor, maxZoomIn(crop, least)) : factor,
          focusAt(event.clientX, event.clientY),
        ),
      );
    },
    onEnd: () => commit(now()),
  });

  const shown = live ?? released ?? image?.cropRect ?? null;
  const quality = image && shown && frame ? cropQuality(shown, image, image.rotation, frame) : undefined;
  const pictureStyle: CSSProperties | undefined = shown
    ? {
        width: widthPx / shown.width,
        height: heightPx / shown.height,
        left: (-shown.x * widthPx) / shown.width,
        top: (-shown.y * heightPx) / shown.height,
      }
    : undefined;

  return (
    <div
      ref={surface}
      {...fingers}
      className="image-slot"
      style={slotBox(item, pxPerMm)}
      data-testid="image-slot"
      data-slot-id={item.id}
      data-crop={shown ? cropText(shown) : undefined}
      data-moving={live ? 'true' : 'false'}
    >
      {image && (
        <RetryingImg
          delayMs={PICTURE_RETRY_MS}
          className="image-slot__picture"
          style={{ ...pictureStyle, opacity: live || released ? 1 : 0 }}
          src={xphotoUrl(image.uuid, 640, image.effect, image.rotation)}
          alt=""
          draggable={false}
        />
      )}
      {quality && <QualityMark quality={quality} />}
    </div>
  );
}
