/**
 * The preflight's problems as the harness gets them from POST /m/api/dev/preflight (the same
 * preflight `npm run templates -- check` runs): every problem at once, each naming its page and part.
 */
import { call } from '../../api/call.ts';

export interface HarnessProblem {
  rule: string;
  pageId: string | null;
  part: string | null;
  path: string;
  message: string;
  boxMm?: { x: number; y: number; width: number; height: number };
}

export async function fetchProblems(template: unknown): Promise<HarnessProblem[]> {
  const { problems } = await call<{ problems: HarnessProblem[] }>('dev/preflight', {
    method: 'POST',
    body: { template },
  });
  return problems;
}

/** A file that is not JSON at all: the one problem there is. */
export const notJsonProblem = (name: string, message: string): HarnessProblem => ({
  rule: 'schema',
  pageId: null,
  part: null,
  path: name,
  message: `not JSON: ${message}`,
});
