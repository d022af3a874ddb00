/**
 * The browser's render of a page with the print guides and the problems' outlines drawn over it:
 * an SVG in page millimetres over the canvas, never drawn into it (the pixel comparison with the
 * server's render reads the canvas alone). Room for the bleed is kept around the page whether its
 * guide is on or not, so switching guides never moves the page.
 */
import type { ReactNode } from 'react';
import { BLEED_MM, type Guide, type PageGuides } from '../../../engine/index.ts';
import type { HarnessProblem } from './problems.ts';

export function PageOverlay(props: {
  guides: PageGuides;
  on: ReadonlySet<Guide>;
  pxPerMm: number;
  problems: HarnessProblem[];
  children: ReactNode;
}) {
  const { guides, on, pxPerMm, problems, children } = props;
  const { bleed, trim, safe } = guides;
  const pad = BLEED_MM * pxPerMm;
  const rect = (r: typeof trim) => ({ x: r.x, y: r.y, width: r.width, height: r.height });
  return (
    <div className="harness-overlay" style={{ padding: pad }}>
      {children}
      <svg
        className="harness-guides"
        viewBox={`${bleed.x} ${bleed.y} ${bleed.width} ${bleed.height}`}
        width={bleed.width * pxPerMm}
        height={bleed.height * pxPerMm}
        aria-hidden="true"
      >
        {on.has('bleed') && (
          <rect data-testid="guide-bleed" className="harness-guide-bleed" {...rect(bleed)} />
        )}
        {on.has('trim') && <rect data-testid="guide-trim" className="harness-guide-trim" {...rect(trim)} />}
        {on.has('safe') && <rect data-testid="guide-safe" className="harness-guide-safe" {...rect(safe)} />}
        {on.has('fold') &&
          guides.folds.map((f) => (
            <line key={`${f.x1},${f.y1}`} data-testid="guide-fold" className="harness-guide-fold" {...f} />
          ))}
        {problems.map((p, n) =>
          p.boxMm ? (
            <rect
              // biome-ignore lint/suspicious/noArrayIndexKey: problems have no id; their order is stable.
              key={n}
              data-testid="problem-outline"
              data-part={p.part ?? ''}
              data-rule={p.rule}
              className="harness-outline"
              {...rect(p.boxMm)}
            />
          ) : null,
        )}
      </svg>
    </div>
  );
}
