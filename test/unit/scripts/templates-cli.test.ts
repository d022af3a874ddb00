/**
 * `npm run templates -- import` (scripts/templates.ts) as an author meets it (issue 31): it checks a
 * folder as `check` does before it sends anything, and a shop that does not answer is one line, not a
 * stack trace. No shop runs here: an address nothing listens on stands for one that is down.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const folders = path.join(root, 'test/fixtures/template-folders');
const NOBODY = 'http://127.0.0.1:9';

function importFolder(name: string) {
  const res = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/tsx/dist/cli.mjs'),
      'scripts/templates.ts',
      'import',
      path.join(folders, name),
    ],
    { cwd: root, encoding: 'utf8', env: { ...process.env, SHOP_URL: NOBODY, LAB_PASSWORD: 'secret' } },
  );
  return { status: res.status, stdout: res.stdout, stderr: res.stderr };
}

describe('npm run templates -- import', () => {
  it('says in one line that no shop answers, and exits 2', () => {
    const res = importFolder('author-card');
    expect(res.status).toBe(2);
    expect(res.stderr.trim().split('\n')).toEqual([
      `No shop answers at ${NOBODY}: start it (npm start) or set SHOP_URL to its address.`,
    ]);
  }, 120_000);

  it('checks the folder first and sends nothing when it has problems', () => {
    const res = importFolder('broken-card');
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('the art file "art/leaves.svg" is missing');
    expect(res.stderr).toMatch(/broken-card: not sent, \d+ problem\(s\)/);
    // It never tried the shop: no line about one not answering.
    expect(res.stderr).not.toContain('No shop answers');
  }, 120_000);
});
