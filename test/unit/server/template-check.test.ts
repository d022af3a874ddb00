/**
 * `npm run templates -- check` lists every problem of a folder in one run (issue 31): a shape mistake
 * no longer hides a font the shop lacks, each problem names its rule, and a syntax error is in words.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FontSet } from '../../../engine/text/fonts.ts';
import { checkTemplateFolder, formatProblem } from '../../../server/services/templates/templateCheck.ts';
import { loadAllFonts } from '../engine/text/load-fonts.ts';

const FOLDERS = path.resolve(import.meta.dirname, '../../fixtures/template-folders');
let fonts: FontSet;
const dir = mkdtempSync(path.join(tmpdir(), 'template-check-'));
beforeAll(async () => {
  fonts = await loadAllFonts();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('template check', () => {
  it('lists shape, font and art problems together, each with its rule', async () => {
    const folder = path.join(dir, 'broken');
    cpSync(path.join(FOLDERS, 'broken-card'), folder, { recursive: true });
    const file = path.join(folder, 'template.json');
    const json = JSON.parse(readFileSync(file, 'utf8'));
    const text = json.resources.findIndex((r: { font?: unknown }) => r.font);
    json.resources[text].font.family = 'Comic Sans MS';
    writeFileSync(file, JSON.stringify(json, null, 2));

    const problems = await checkTemplateFolder(folder, fonts);
    const lines = problems.map(formatProblem);
    // The shape mistakes of the fixture…
    expect(lines.some((l) => /resources\[2\]\.font\.color: .* \[schema\]$/.test(l))).toBe(true);
    // …do not hide the font the shop lacks, nor the missing art.
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `resources\\[${text}\\]\\.font\\.family: the shop has no font "Comic Sans MS" \\[unknown-font\\]$`,
        ),
      ),
    );
    expect(lines.some((l) => l.includes('the art file "art/leaves.svg" is missing'))).toBe(true);
  });

  it('reports a syntax error once, at its line and column, in words', async () => {
    const folder = path.join(dir, 'not-json');
    cpSync(path.join(FOLDERS, 'author-card'), folder, { recursive: true });
    const file = path.join(folder, 'template.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/\}\s*$/, ',\n}\n'));
    const lines = (await checkTemplateFolder(folder, fonts)).map(formatProblem);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /template\.json:\d+:1: not valid JSON: a property name in double quotes was expected/,
    );
  });
});
