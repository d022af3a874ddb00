/**
 * The preflight as the author harness asks for it (POST /m/api/dev/preflight): every problem of a
 * template at once, each naming its page and part, with the part's box for the harness to outline.
 *
 * Until the shared preflight (server/services/preflight.ts, `runPreflight`) is in, this answers in
 * its shape from engine/problems.ts's author problems; then it only calls `runPreflight`, so the
 * harness and `npm run templates -- check` show the same list.
 */
import { authorProblems, type ProblemKind } from '../../engine/problems.ts';
import { parseTemplate, renderPartsOf } from '../../engine/template.ts';
import { withPreview } from '../../shop/templateFile.ts';
import { loadFontSet } from '../fonts.ts';

export interface BoxMm {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The shared preflight's problem (engine/preflight.ts). */
export interface PreflightProblem {
  rule: string;
  pageId: string | null;
  part: string | null;
  path: string;
  message: string;
  boxMm?: BoxMm;
}

const RULES: Record<ProblemKind, string> = {
  schema: 'schema',
  font: 'unknown-font',
  'text-overflow': 'text-overflow',
  'outside-page': 'outside-page',
  'low-resolution': 'low-resolution',
};

/** `page {id} / {resourceId}` (with a month cell after it), as engine/problems.ts writes where. */
const ON_PAGE = /^page (.+?) \/ (\S+)/;

export async function runHarnessPreflight(file: unknown): Promise<PreflightProblem[]> {
  const fonts = await loadFontSet();
  // Checked as the shop reads a template folder: the preview picture is the shop's own drawing.
  const json = withPreview(file);
  const parsed = parseTemplate(json);
  return authorProblems(json, fonts).map((p) => {
    const match = ON_PAGE.exec(p.where);
    const [pageId, part] = match ? [match[1]!, match[2]!] : [null, null];
    const page = parsed.ok ? parsed.template.pages.find((pg) => pg.id === pageId) : undefined;
    const slot =
      page && parsed.ok ? renderPartsOf(parsed.template, page).find((r) => r.resourceId === part) : undefined;
    return {
      rule: RULES[p.kind],
      pageId,
      part,
      path: p.where,
      message: p.message,
      ...(slot ? { boxMm: { ...slot.position, ...slot.size } } : {}),
    };
  });
}
