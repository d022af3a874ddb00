import type { CSSProperties, KeyboardEventHandler, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CropRect,
  type Frame,
  hasFitWarning,
  isLowQuality,
  type PictureSize,
} from '../../engine/index.ts';
import { useRetryingSrc } from './LazyImage.tsx';
import './print-preview.css';
import type { FingerHandlers } from './useFingerGesture.ts';

/** A picture's upright pixel size, and whether it is the original's (see usePictureSize). */
export interface KnownPicture {
  size: PictureSize;
  /**
   * Whether `size` is the original's pixel size. A fallback may only know a preview's size: right
   * for the crop's aspect, useless for the print-quality check, which is then skipped.
   */
  exact: boolean;
}

export interface PreviewGeometry {
  /** The whole print, turned as it lies. */
  print: Frame;
  /** Where the picture goes: the print, or the part inside its white border. */
  area: Frame;
}

interface PrintPreviewProps {
  geometry: PreviewGeometry;
  crop: CropRect;
  src: string;
  alt: string;
  picture: KnownPicture;
  size?: 'large' | 'small' | 'thumb';
  /** The small filter tiles leave the warnings to the big preview. */
  warnings?: boolean;
  /** The crop page's gesture surface: fingers and mouse, the wheel through the ref, arrow keys and +/-. */
  surface?: {
    ref: Ref<HTMLDivElement>;
    onKeyDown: KeyboardEventHandler<HTMLDivElement>;
    label: string;
    fingers: FingerHandlers;
  };
}

/** Whether the print will look soft (S0 §5); only a known original size can tell. */
export function lowQuality(crop: CropRect, area: Frame, picture: KnownPicture): boolean {
  return picture.exact && isLowQuality(crop, picture.size, 0, area);
}

/**
 * The print as it will come out: a box with the print's aspect, the white border as a margin, and
 * exactly the crop of the picture inside. Positioned in percentages of the area, so the box can
 * take any size the screen gives it without measuring.
 */
export function PrintPreview({
  geometry,
  crop,
  src,
  alt,
  picture,
  size = 'large',
  warnings = true,
  surface,
}: PrintPreviewProps) {
  const { t } = useTranslation();
  const { print, area } = geometry;
  // The same margin on every side (S0 §9), so one side's difference gives it.
  const inset = (print.widthMm - area.widthMm) / 2;
  const frameStyle = { '--print-aspect': print.widthMm / print.heightMm } as CSSProperties;
  const areaStyle: CSSProperties = {
    left: `${(inset / print.widthMm) * 100}%`,
    right: `${(inset / print.widthMm) * 100}%`,
    top: `${(inset / print.heightMm) * 100}%`,
    bottom: `${(inset / print.heightMm) * 100}%`,
  };
  const imageStyle: CSSProperties = {
    width: `${100 / crop.width}%`,
    height: `${100 / crop.height}%`,
    left: `${(-crop.x / crop.width) * 100}%`,
    top: `${(-crop.y / crop.height) * 100}%`,
  };
  const image = <RetryingImage className="print-preview__image" src={src} alt={alt} style={imageStyle} />;
  const low = warnings && lowQuality(crop, area, picture);
  const fit = warnings && hasFitWarning(crop);

  return (
    <figure className={`print-preview print-preview--${size}`}>
      <div className="print-preview__stage">
        <div className="print-preview__print" style={frameStyle} data-white-border={inset > 0}>
          {surface ? (
            <div
              ref={surface.ref}
              className="print-preview__area print-preview__area--surface"
              style={areaStyle}
              data-testid="print-preview"
              data-crop={JSON.stringify(crop)}
              role="application"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a keyboard widget: arrows move, +/- zoom
              tabIndex={0}
              aria-label={surface.label}
              onKeyDown={surface.onKeyDown}
              {...surface.fingers}
            >
              {image}
            </div>
          ) : (
            <div
              className="print-preview__area"
              style={areaStyle}
              data-testid={size === 'large' ? 'print-preview' : undefined}
              data-crop={JSON.stringify(crop)}
            >
              {image}
            </div>
          )}
          {low && (
            <span
              className="print-preview__low-quality"
              role="img"
              aria-label={t('printEditor.lowQuality')}
              data-testid="low-quality"
            >
              <WarningIcon />
            </span>
          )}
        </div>
      </div>
      {fit && (
        <figcaption className="print-preview__fit-warning" data-testid="fit-warning">
          {t('printEditor.fitWarning')}
        </figcaption>
      )}
    </figure>
  );
}

/** S0 §4: a picture that fails to load is tried again after 2 s (LazyImage's rule). */
function RetryingImage({
  src,
  alt,
  className,
  style,
}: {
  src: string;
  alt: string;
  className: string;
  style: CSSProperties;
}) {
  const image = useRetryingSrc(src);
  return (
    <img
      key={image.attempt}
      className={className}
      src={image.src}
      alt={alt}
      style={style}
      draggable={false}
      onError={image.onError}
    />
  );
}

function WarningIcon() {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <path
        d="M12 2 1 21h22L12 2Z"
        fill="#f2b705"
        stroke="#1f2430"
        strokeWidth="1.2"
        strokeLinejoin="round"
      />
      <path d="M11 9h2v6h-2zM11 16.5h2v2h-2z" fill="#1f2430" />
    </svg>
  );
}
