/**
 * The layers the lint holds (biome.json's noRestrictedImports overrides, docs/architecture.md): a
 * probe file for each crossing, written into a scratch copy of the tree's layout beside a copy of
 * biome.json, fails the lint with the layer's message; imports the rules allow pass; and the real
 * tree's engine/, shop/, src/ and server/ pass.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BIOME = path.join(ROOT, 'node_modules', '.bin', 'biome');

interface Diagnostic {
  category: string;
  message: string;
  location: { path: string };
}

function lint(cwd: string, paths: string[]): { status: number | null; diagnostics: Diagnostic[] } {
  const run = spawnSync(
    BIOME,
    ['lint', '--reporter=json', '--max-diagnostics=none', '--only=style/noRestrictedImports', ...paths],
    { cwd, encoding: 'utf8' },
  );
  const report = JSON.parse(run.stdout) as { diagnostics: Diagnostic[] };
  return { status: run.status, diagnostics: report.diagnostics };
}

/** Each probe: where it sits, what it imports, and a piece of the message the lint must give. */
const CROSSINGS: { file: string; from: string; message: string }[] = [
  { file: 'engine/probe.ts', from: '../shop/index.ts', message: 'engine/ is the pure core' },
  { file: 'engine/text/probe.ts', from: '../../server/fonts.ts', message: 'engine/ is the pure core' },
  { file: 'shop/probe.ts', from: '../src/app/format.ts', message: 'shop/ imports only the engine' },
  { file: 'shop/probe.ts', from: '../server/errors.ts', message: 'shop/ imports only the engine' },
  { file: 'shop/probe.ts', from: '../engine/image.ts', message: 'through engine/index.ts' },
  { file: 'src/app/probe.ts', from: '../../server/app.ts', message: 'src/ and server/ never import' },
  { file: 'src/app/probe.ts', from: '../../engine/text/fonts.ts', message: 'through engine/index.ts' },
  { file: 'src/app/probe.ts', from: '../../shop/money.ts', message: 'through shop/index.ts' },
  { file: 'server/routes/probe.ts', from: '../../src/ssr.tsx', message: 'server/ and src/ never import' },
  { file: 'server/routes/probe.ts', from: '../../shop/contract.ts', message: 'through shop/index.ts' },
  { file: 'src/ui/probe.ts', from: '../app/format.ts', message: 'src/ui/ is the bottom' },
  { file: 'src/ui/probe.ts', from: '../features/cart/CartPage.tsx', message: 'src/ui/ is the bottom' },
  { file: 'src/ui/probe.ts', from: '../shared/limitMessage.ts', message: 'src/ui/ is the bottom' },
  { file: 'src/shared/probe.ts', from: '../features/cart/CartPage.tsx', message: 'src/shared/ is below' },
  {
    file: 'src/features/cart/probe.ts',
    from: '../editor/EditorScreen.tsx',
    message: 'imports another only through',
  },
  {
    file: 'src/features/editor/buy/probe.ts',
    from: '../../cart/CartPage.tsx',
    message: 'imports another only through',
  },
  { file: 'server/render/probe.ts', from: '../services/cart/cart.ts', message: 'server/render/ draws' },
  { file: 'server/plugins/probe.ts', from: '../routes/cart.ts', message: 'A plugin serves every route' },
  {
    file: 'server/services/cart/probe.ts',
    from: '../../production/jobs.ts',
    message: 'Services are called by routes',
  },
  { file: 'server/storage/probe.ts', from: '../db/connect.ts', message: 'server/storage/ is the bottom' },
  { file: 'server/db/probe.ts', from: '../services/cart/cart.ts', message: 'server/db/ is the schema' },
];

/** Imports the rules allow, from the same places. */
const ALLOWED: { file: string; from: string }[] = [
  { file: 'engine/text/allowed.ts', from: '../calendar.ts' },
  { file: 'shop/allowed.ts', from: '../engine/index.ts' },
  { file: 'src/features/cart/allowed.ts', from: '../editor/shared.ts' },
  { file: 'src/features/cart/allowed.ts', from: '../../app/format.ts' },
  { file: 'src/features/cart/allowed.ts', from: '../../shared/limitMessage.ts' },
  { file: 'src/features/cart/allowed.ts', from: '../../../shop/index.ts' },
  { file: 'src/features/editor/buy/allowed.ts', from: '../EditorScreen.tsx' },
  { file: 'src/features/editor/buy/allowed.ts', from: '../../../app/format.ts' },
  { file: 'src/ui/allowed.ts', from: './format.ts' },
  { file: 'server/routes/allowed.ts', from: '../services/cart/cart.ts' },
  { file: 'server/production/allowed.ts', from: '../services/checkout/orderJobs.ts' },
];

describe('layer lint', () => {
  let scratch: string;
  beforeAll(() => {
    scratch = mkdtempSync(path.join(tmpdir(), 'lint-layers-'));
    copyFileSync(path.join(ROOT, 'biome.json'), path.join(scratch, 'biome.json'));
    const files = new Map<string, string[]>();
    for (const { file, from } of [...CROSSINGS, ...ALLOWED]) {
      const lines = files.get(file) ?? [];
      lines.push(`import * as m${lines.length} from '${from}';`, `export { m${lines.length} };`);
      files.set(file, lines);
    }
    for (const [file, lines] of files) {
      mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
      writeFileSync(path.join(scratch, file), `${lines.join('\n')}\n`);
    }
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('fails on every crossing with the layer’s message, and only there', () => {
    const { status, diagnostics } = lint(scratch, ['.']);
    expect(status).not.toBe(0);
    const found = diagnostics.map((d) => ({
      file: d.location.path,
      message: d.message,
      category: d.category,
    }));
    for (const { file, message } of CROSSINGS) {
      expect(found, `${file}: ${message}`).toContainEqual(
        expect.objectContaining({
          file,
          category: 'lint/style/noRestrictedImports',
          message: expect.stringContaining(message),
        }),
      );
    }
    // One diagnostic per crossing: none for the allowed imports.
    expect(found).toHaveLength(CROSSINGS.length);
    expect(found.filter((d) => d.file.endsWith('allowed.ts'))).toEqual([]);
  });

  it('passes on the real tree', () => {
    const { status, diagnostics } = lint(ROOT, ['engine', 'shop', 'src', 'server']);
    expect(diagnostics.map((d) => `${d.location.path}: ${d.message}`)).toEqual([]);
    expect(status).toBe(0);
  });
});
