/**
 * How sharp a picture prints where it is placed, live while the shopper moves it (issue 32): a badge
 * with a colour, a shape and words (never the colour alone), from engine/quality.ts's three levels,
 * whose button opens a short explanation. The level (not every dpi) is said to a screen reader as it
 * changes, so a keyboard zoom is heard and a pinch does not chatter.
 *
 * `QualityMark` is the compact form for a template editor's slot, drawn over the picture.
 */
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GOOD_PRINT_DPI, type PrintQuality, type QualityLevel } from '../../engine/index.ts';
import './quality-badge.css';

/**
 * The badge's explanation: what the level means and what to do. `least` is the print's least
 * resolution (engine leastPrintDpi); `atStop` says the zoom clamp holds the crop; `low` replaces the
 * words for a low print (the print editor names a smaller format that would be sharp).
 */
export function explainQuality(
  t: TFunction,
  quality: PrintQuality,
  { least, atStop, low }: { least: number; atStop: boolean; low?: string },
): string {
  const min = Math.ceil(least);
  if (quality.level === 'low') return low ?? t('quality.why.low', { dpi: quality.dpi, min });
  const why =
    quality.level === 'good'
      ? t('quality.why.good', { dpi: quality.dpi })
      : t('quality.why.fair', { good: GOOD_PRINT_DPI });
  return atStop ? `${why} ${t('quality.atClamp', { min })}` : why;
}

/** Whether a crop is held by the zoom clamp: as small as `least` (its rounding let through). */
export const atZoomStop = (crop: { width: number }, least: { width: number } | undefined): boolean =>
  !!least && crop.width <= least.width * (1 + 1e-6);

export function QualityBadge({ quality, explanation }: { quality: PrintQuality; explanation: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  const { level, dpi } = quality;
  return (
    <div
      className={`quality-badge quality-badge--${level}`}
      data-testid="quality-badge"
      data-level={level}
      data-dpi={dpi}
    >
      <button
        type="button"
        className="quality-badge__toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((shown) => !shown)}
      >
        <LevelIcon level={level} />
        <span>{t(`quality.level.${level}`, { dpi })}</span>
      </button>
      <span className="visually-hidden" aria-live="polite">
        {t(`quality.name.${level}`)}
      </span>
      <p id={id} className="quality-badge__why" hidden={!open} data-testid="quality-why">
        {explanation}
      </p>
    </div>
  );
}

/** The badge's compact form on a template slot: drawn only (the editor's menu has the badge). */
export function QualityMark({ quality }: { quality: PrintQuality }) {
  const { t } = useTranslation();
  const { level, dpi } = quality;
  return (
    <span
      className={`quality-mark quality-badge--${level}`}
      data-testid="quality-mark"
      data-level={level}
      data-dpi={dpi}
    >
      <LevelIcon level={level} />
      {t(`quality.short.${level}`, { dpi })}
    </span>
  );
}

/** A check in a circle, a half-filled circle, a triangle with a bar: each level has its own shape. */
function LevelIcon({ level }: { level: QualityLevel }) {
  return (
    <svg
      className="quality-badge__icon"
      viewBox="0 0 24 24"
      width={18}
      height={18}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {level === 'good' && (
        <>
          <circle cx="12" cy="12" r="10" />
          <path d="M7 12.5l3.2 3.2L17 9" />
        </>
      )}
      {level === 'fair' && (
        <>
          <circle cx="12" cy="12" r="10" />
          <path d="M12 2a10 10 0 0 1 0 20Z" fill="currentColor" />
        </>
      )}
      {level === 'low' && (
        <>
          <path d="M12 2.5 1.5 21h21L12 2.5Z" />
          <path d="M12 9.5v5M12 17.5v.5" />
        </>
      )}
    </svg>
  );
}
