/**
 * The image editor's layer over the page (HTML over the canvas, never printed):
 *
 * - Choose image (select mode): a number on each editable picture slot of the page.
 * - Editing a slot: the gesture surface over the slot. Drag moves the picture, two fingers pinch-zoom
 *   it, the mouse wheel zooms 1.1 in / 0.9 out; while a gesture runs the picture is shown live in
 *   HTML (the canvas keeps the stored crop), and on release the crop snaps (engine snapCrop) and is
 *   stored through the editor store's `setCrop` command (one undo step per gesture). The slot says
 *   its crop in `data-crop` (x,y,width,height) for tests. The low-quality icon sits in its corner.
 */
import { useGesture } from '@use-gesture/react';
import { type CSSProperties, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoreApi } from 'zustand';
import { useStore } from 'zustand';
import {
  type CropRect,
  isLowQuality,
  panCrop,
  snapCrop,
  WHEEL_ZOOM_IN,
  WHEEL_ZOOM_OUT,
  zoomCrop,
} from '../../../../engine/image.ts';
import { editableSlots, partFor } from '../../../../engine/instance.ts';
import type { PageScene, ScenePicture } from '../../../../engine/scene.ts';
import { xphotoUrl } from '../../../api/pictures.ts';
import { RetryingImg } from '../../../ui/LazyImage.tsx';
import { PICTURE_RETRY_MS } from '../editorRules.ts';
import type { EditorState } from '../editorStore.ts';
import { slotBox } from '../PageView.tsx';

const cropText = (c: CropRect) => [c.x, c.y, c.width, c.height].map((v) => v.toFixed(5)).join(',');

export function SlotLayer(props: { store: StoreApi<EditorState>; scene: PageScene; pxPerMm: number }) {
  const { store, scene, pxPerMm } = props;
  const { t } = useTranslation();
  const template = useStore(store, (s) => s.template);
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
  const { t } = useTranslation();
  const template = useStore(store, (s) => s.template);
  const value = useStore(store, (s) => s.history.instance.resources[item.id]);
  const image = value?.type === 'IMAGE' ? value.image : null;
  const at = partFor(template, item.id);
  const frame = at ? { widthMm: at.part.size.width, heightMm: at.part.size.height } : null;
  const adaption = at?.part.adaption ?? 'fill-in';

  const surface = useRef<HTMLDivElement>(null);
  const [live, setLiveState] = useState<CropRect | null>(null);
  const liveRef = useRef<CropRect | null>(null);
  const setLive = (crop: CropRect | null) => {
    liveRef.current = crop;
    setLiveState(crop);
  };
  const now = (): CropRect | null => liveRef.current ?? image?.cropRect ?? null;
  const commit = (crop: CropRect | null) => {
    if (crop && image && frame) {
      store.getState().run('setCrop', item.id, snapCrop(crop, image, image.rotation, frame, adaption));
    }
    setLive(null);
  };
  const focusAt = (clientX: number, clientY: number) => {
    const rect = surface.current?.getBoundingClientRect();
    if (!rect || rect.width === 0 || rect.height === 0) return { x: 0.5, y: 0.5 };
    return { x: (clientX - rect.left) / rect.width, y: (clientY - rect.top) / rect.height };
  };

  const widthPx = item.widthMm * pxPerMm;
  const heightPx = item.heightMm * pxPerMm;

  const bind = useGesture(
    {
      onDrag: ({ first, last, movement: [mx, my], touches, pinching, canceled, cancel, memo }) => {
        if (canceled) return memo;
        if (pinching || touches > 1) {
          cancel();
          return memo;
        }
        const start: CropRect | null = first || !memo ? now() : memo;
        if (!start) return memo;
        const next = panCrop(start, mx / widthPx, my / heightPx);
        if (last) commit(next);
        else setLive(next);
        return start;
      },
      onPinch: ({ first, last, offset: [scale], origin: [ox, oy], memo, canceled }) => {
        if (canceled) return memo;
        const start: { crop: CropRect; scale: number } | null =
          first || !memo ? ((c) => (c ? { crop: c, scale } : null))(now()) : memo;
        if (!start) return memo;
        const next = zoomCrop(start.crop, scale / start.scale, focusAt(ox, oy));
        if (last) commit(next);
        else setLive(next);
        return start;
      },
      onWheel: ({ event, last }) => {
        if (last) {
          commit(now());
          return;
        }
        const crop = now();
        if (!crop || event.deltaY === 0) return;
        setLive(
          zoomCrop(
            crop,
            event.deltaY < 0 ? WHEEL_ZOOM_IN : WHEEL_ZOOM_OUT,
            focusAt(event.clientX, event.clientY),
          ),
        );
      },
    },
    { drag: { filterTaps: true, pointer: { touch: true } }, pinch: { scaleBounds: { min: 0.05, max: 50 } } },
  );

  const shown = live ?? image?.cropRect ?? null;
  const low = !!(image && shown && frame && isLowQuality(shown, image, image.rotation, frame));
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
      {...bind()}
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
          style={{ ...pictureStyle, opacity: live ? 1 : 0 }}
          src={xphotoUrl(image.uuid, 640, image.effect, image.rotation)}
          alt=""
          draggable={false}
        />
      )}
      {low && (
        <span
          className="image-slot__low"
          role="img"
          aria-label={t('editorImage.lowQuality')}
          data-testid="low-quality"
        >
          !
        </span>
      )}
    </div>
  );
}
