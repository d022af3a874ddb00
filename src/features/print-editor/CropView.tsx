import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Adaption,
  type CropRect,
  type FramePoint,
  leastPrintDpi,
  maxZoomIn,
  panCrop,
  snapCrop,
  WHEEL_ZOOM_IN,
  WHEEL_ZOOM_OUT,
  zoomClampDpi,
  zoomCrop,
  zoomStop,
} from '../../../engine/index.ts';
import type { DraftView } from '../../../shop/index.ts';
import { knownQuality, PrintPreview, type PrintPreviewProps } from '../../ui/PrintPreview.tsx';
import { atZoomStop, explainQuality, QualityBadge } from '../../ui/QualityBadge.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { useFingerGesture } from '../../ui/useFingerGesture.ts';
import { useWheel } from '../../ui/useWheel.ts';
import { EditorPage } from './EditorPage.tsx';
import type { KnownPicture } from './usePictureSize.ts';

/** One arrow-key step, in fractions of the frame: small enough to place a picture precisely. */
const KEY_PAN = 0.02;

interface CropViewProps {
  view: DraftView;
  picture: KnownPicture;
  src: string;
  alt: string;
  qualityHelp: PrintPreviewProps['qualityHelp'];
  /** The line's adaption: a fill-in line snaps back to cover the print, a fit-in one may leave gaps. */
  adaption: Adaption;
  /** Shown when the format has a white-border twin or the portal is regional; usable only with a twin. */
  whiteBorder: { shown: boolean; available: boolean };
  onFlip: () => void;
  onWhiteBorder: () => void;
  onCancel: () => void;
  onDone: (crop: CropRect) => void;
}

/**
 * The crop page (S0 §2): drag to move, pinch or the mouse wheel to zoom, and the crop settles on
 * release. The working crop stays here until Done; the orientation and white-border switches are
 * edits of the line, and the editor remounts this page with their new starting crop.
 *
 * Issue 32: the quality badge follows the crop as the fingers move, and the zoom stops at the print's
 * least resolution (zoomClampDpi) while pinching, wheeling or pressing +, and on release. Known only
 * with the original's size: with a preview's, neither is shown and the old floor (MIN_CROP_DPI) holds.
 */
export function CropView({
  view,
  picture,
  src,
  alt,
  qualityHelp,
  adaption,
  whiteBorder,
  onFlip,
  onWhiteBorder,
  onCancel,
  onDone,
}: CropViewProps) {
  const { t } = useTranslation();
  const [crop, setCrop] = useState<CropRect>(view.crop);
  // Gesture handlers run between renders; the ref always holds the crop the shopper sees.
  const cropRef = useRef(crop);
  const areaRef = useRef<HTMLDivElement>(null);

  const show = (next: CropRect) => {
    cropRef.current = next;
    setCrop(next);
  };
  const clampDpi = picture.exact ? zoomClampDpi(view.area) : undefined;
  const least = clampDpi === undefined ? undefined : zoomStop(picture.size, 0, view.area, clampDpi);
  const snap = (next: CropRect) => snapCrop(next, picture.size, 0, view.area, adaption, clampDpi);
  /** Zoom by `factor`, stopping at the clamp. */
  const zoom = (from: CropRect, factor: number, focus?: FramePoint) =>
    zoomCrop(from, least ? Math.min(factor, maxZoomIn(from, least)) : factor, focus);
  /** A point of the screen as a fraction of the picture's area, where a zoom stays put. */
  const focusAt = (clientX: number, clientY: number): FramePoint => {
    const rect = areaRef.current?.getBoundingClientRect();
    if (!rect || rect.width === 0 || rect.height === 0) return { x: 0.5, y: 0.5 };
    return { x: (clientX - rect.left) / rect.width, y: (clientY - rect.top) / rect.height };
  };

  // Drag and pinch through the pure rule the template editor uses too (engine/gesture.ts): a second
  // finger turns a drag into a pinch, and a lifted one back, without a jump. Settles on release.
  const fingers = useFingerGesture({
    crop: () => cropRef.current,
    least: () => least,
    onMove: show,
    onEnd: (next) => {
      if (next) show(snap(next));
    },
  });

  useWheel(areaRef, {
    onStep: (event) => {
      if (event.deltaY === 0) return;
      // Every notch settles at once: the print's crop has no moving state to end.
      const factor = event.deltaY < 0 ? WHEEL_ZOOM_IN : WHEEL_ZOOM_OUT;
      show(snap(zoom(cropRef.current, factor, focusAt(event.clientX, event.clientY))));
    },
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, () => CropRect> = {
      ArrowLeft: () => panCrop(cropRef.current, KEY_PAN, 0),
      ArrowRight: () => panCrop(cropRef.current, -KEY_PAN, 0),
      ArrowUp: () => panCrop(cropRef.current, 0, KEY_PAN),
      ArrowDown: () => panCrop(cropRef.current, 0, -KEY_PAN),
      '+': () => zoom(cropRef.current, WHEEL_ZOOM_IN),
      '=': () => zoom(cropRef.current, WHEEL_ZOOM_IN),
      '-': () => zoom(cropRef.current, WHEEL_ZOOM_OUT),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    show(snap(move()));
  };

  const quality = knownQuality(crop, view.area, picture);
  const lowWords =
    quality &&
    qualityHelp &&
    [
      t('quality.explain', {
        format: qualityHelp.format,
        dpi: quality.dpi,
        min: Math.ceil(leastPrintDpi(view.area)),
      }),
      qualityHelp.sharper ? t('quality.suggest', { format: qualityHelp.sharper }) : t('quality.noSharper'),
      // Zoomed in on both sides: zooming out brings in more pixels (a fill crop has one side whole).
      ...(crop.width < 1 && crop.height < 1 ? [t('quality.zoomOut')] : []),
    ].join(' ');

  return (
    <EditorPage
      title={t('prints.crop')}
      className="print-editor__crop"
      onCancel={onCancel}
      onDone={() => onDone(snap(cropRef.current))}
    >
      <PrintPreview
        geometry={view}
        crop={crop}
        src={src}
        alt={alt}
        picture={picture}
        // The badge below explains every level here, the low one included.
        surface={{ ref: areaRef, onKeyDown, label: t('printEditor.cropHint'), fingers }}
      />
      {quality && (
        <QualityBadge
          quality={quality}
          explanation={explainQuality(t, quality, {
            least: leastPrintDpi(view.area),
            atStop: atZoomStop(crop, least),
            low: lowWords,
          })}
        />
      )}
      <p className="print-editor__hint">{t('printEditor.cropHint')}</p>
      <div className="print-editor__switches">
        <Switch label={t('printEditor.landscape')} checked={view.landscape} onChange={onFlip} />
        {whiteBorder.shown && (
          <Switch
            label={t('printEditor.whiteBorder')}
            checked={view.product.whiteBorder}
            disabled={!whiteBorder.available}
            onChange={onWhiteBorder}
          />
        )}
      </div>
    </EditorPage>
  );
}
