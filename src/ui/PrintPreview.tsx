import { type CSSProperties, type KeyboardEventHandler, type Ref, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CropRect,
  type Frame,
  hasFitWarning,
  type PictureRegions,
  type PictureSize,
} from '../../engine/index.ts';
import { leastPrintDpi, type PrintQuality, printQuality } from '../../shop/index.ts';
import { WarningIcon } from './icons.tsx';
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
  /** What the analysis found (issue 32): the shop's crop holds the faces. Null until it has run. */
  regions?: PictureRegions | null;
}

export interface PreviewGeometry {
  /** The whole print, turned as it lies. */
  print: Frame;
  /** Where the picture goes: the print, or the part inside its white border. */
  area: Frame;
}

export interface PrintPreviewProps {
  geometry: PreviewGeometry;
  crop: CropRect;
  src: string;
  alt: string;
  picture: KnownPicture;
  size?: 'large' | 'small' | 'thumb';
  /** The small filter tiles leave the warnings to the big preview. */
  warnings?: boolean;
  /**
   * The print editor's words for a low-quality print: the format's name and a smaller format that
   * would be sharp (issue 34). With them the warning triangle opens an explanation.
   */
  qualityHelp?: { format: string; sharper: string | undefined };
  /** The crop page's gesture surface: fingers and mouse, the wheel through the ref, arrow keys and +/-. */
  surface?: {
    ref: Ref<HTMLDivElement>;
    onKeyDown: KeyboardEventHandler<HTMLDivElement>;
    label: string;
    fingers: FingerHandlers;
  };
}

/** How sharp the print will be (shop/printQuality.ts); only a known original size can tell. */
export function knownQuality(crop: CropRect, area: Frame, picture: KnownPicture): PrintQuality | undefined {
  return picture.exact ? printQuality(crop, picture.size, area) : undefined;
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
  qualityHelp,
  surface,
}: PrintPreviewProps) {
  const { t } = useTranslation();
  const [explained, setExplained] = useState(false);
  const explanationId = useId();
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
  const quality = warnings ? knownQuality(crop, area, picture) : undefined;
  const low = quality?.low === true;
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
          {low &&
            (qualityHelp ? (
              <button
                type="button"
                className="print-preview__low-quality"
                aria-label={t('printEditor.lowQuality')}
                aria-expanded={explained}
                aria-controls={explanationId}
                data-testid="low-quality"
                onClick={() => setExplained((shown) => !shown)}
              >
                <WarningIcon />
              </button>
            ) : (
              <span
                className="print-preview__low-quality"
                role="img"
                aria-label={t('printEditor.lowQuality')}
                data-testid="low-quality"
              >
                <WarningIcon />
              </span>
            ))}
        </div>
      </div>
      {low && qualityHelp && (
        <div className="print-preview__quality" data-testid="quality-explanation">
          <button
            type="button"
            className="print-preview__quality-toggle"
            aria-expanded={explained}
            aria-controls={explanationId}
            onClick={() => setExplained((shown) => !shown)}
          >
            {t('quality.low', { dpi: quality.dpi })}
          </button>
          <span id={explanationId} hidden={!explained}>
            {t('quality.explain', {
              format: qualityHelp.format,
              dpi: quality.dpi,
              min: Math.ceil(leastPrintDpi(area)),
            })}{' '}
            {qualityHelp.sharper
              ? t('quality.suggest', { format: qualityHelp.sharper })
              : t('quality.noSharper')}
            {/* Zoomed in on both sides: zooming out brings in more pixels (a fill crop has one side whole). */}
            {crop.width < 1 && crop.height < 1 && <> {t('quality.zoomOut')}</>}
          </span>
        </div>
      )}
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
