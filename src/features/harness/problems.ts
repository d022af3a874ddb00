/**
 * The preflight's problems as the harness gets them from POST /m/api/dev/preflight (the same
 * preflight `npm run templates -- check` runs): every problem at once, each naming its page and part.
 */
import type { PreflightProblem } from '../../../engine/index.ts';
import { devRoutes } from '../../../shop/index.ts';
import { call } from '../../api/call.ts';

export type HarnessProblem = PreflightProblem;

export async function fetchProblems(template: unknown, folder: string | null): Promise<PreflightProblem[]> {
  const { problems } = await call(devRoutes.preflight, { body: { template, ...(folder ? { folder } : {}) } });
  return problems;
}

/** A file that is not JSON at all: the one problem there is. */
export const notJsonProblem = (name: string, message: string): HarnessProblem => ({
  rule: 'schema',
  pageId: null,
  part: null,
  path: name,
  message,
});
