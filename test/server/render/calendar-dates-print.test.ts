/**
 * The print file of a calendar line carries the shopper's own date and the portal's public holiday
 * (issue 18): the May page of the PDF the lab gets, rasterised by poppler, has ink where the scene
 * puts 'Anna 40' and Norway's Constitution Day, and none of it there when the line has neither.
 * The scenes' texts are checked in test/unit/server/print-scenes.test.ts and the editor's May grid in
 * test/e2e/languages.spec.ts; this is the last step, the PDF itself (text is drawn as outlines, so
 * pdftotext cannot read it).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageScene, SceneText } from '../../../engine/scene.ts';
import type { FontSet } from '../../../engine/text/fonts.ts';
import { loadFontSet } from '../../../server/fonts.ts';
import { printScenes } from '../../../server/production/renderTask.ts';
import { DEFAULT_BLEED_MM, renderPdf } from '../../../server/render/pdf-renderer.ts';
import type { StoredTemplate } from '../../../server/services/templates/templateLines.ts';
import { systemClock } from '../../../shop/clock.ts';
import { demoTemplate } from '../../support/demoTemplates.ts';

const run = promisify(execFile);
const DPI = 150;
const CHANNEL_TOLERANCE = 48;
const year = systemClock.now().getFullYear() + 1;
const anna = { day: 17, month: 5, text: 'Anna 40', yearly: true };

let fonts: FontSet;
let dir: string;
beforeAll(async () => {
  fonts = await loadFontSet();
  dir = mkdtempSync(path.join(tmpdir(), 'calendar-dates-print-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const template = demoTemplate('Classic A4');
async function mayScene(over: Partial<StoredTemplate>): Promise<PageScene> {
  const stored: StoredTemplate = {
    template: template.uuid,
    version: template.version,
    resources: [],
    year,
    startMonth: 1,
    personalDates: [],
    holidays: false,
    subProductUuids: [],
    ...over,
  };
  const scenes = await printScenes(
    { template, stored, orderedAt: systemClock.now().toISOString(), language: 'nb_NO' },
    fonts,
  );
  return scenes.find((s) => s.pageId === 'month-5')!;
}

/** The page as the lab's PDF has it, rasterised by poppler: RGB pixels with the bleed around the trim. */
async function printed(scene: PageScene, name: string) {
  const result = await renderPdf([scene], {
    fonts,
    userPicture: async () => null,
    title: name,
    creationDate: new Date(0),
  });
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, result.pdf);
  const prefix = path.join(dir, name);
  await run('pdftocairo', ['-r', String(DPI), '-singlefile', '-png', file, prefix]);
  const { data, info } = await sharp(`${prefix}.png`)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width };
}

/** The share of a text's box (on the trim, mm) whose pixels differ between two rasters of the page. */
function changedIn(text: SceneText, a: Buffer, b: Buffer, width: number): number {
  const px = (mm: number) => Math.round(((mm + DEFAULT_BLEED_MM) / 25.4) * DPI);
  let changed = 0;
  let all = 0;
  for (let y = px(text.yMm); y < px(text.yMm + text.heightMm); y++)
    for (let x = px(text.xMm); x < px(text.xMm + text.widthMm); x++) {
      const at = (y * width + x) * 3;
      all++;
      if ([0, 1, 2].some((c) => Math.abs(a[at + c]! - b[at + c]!) > CHANNEL_TOLERANCE)) changed++;
    }
  return changed / all;
}

describe("a Norwegian calendar's print file (issue 18)", () => {
  it("draws the shopper's date and the Constitution Day in May, where the scene puts them", async () => {
    const dated = await mayScene({ personalDates: [anna], holidays: true });
    const texts = dated.items.filter((i): i is SceneText => i.kind === 'text');
    const own = texts.find((t) => t.lines.join(' ') === 'Anna 40');
    // In some years Whit Monday falls on the same day: both are named in one text.
    const holiday = texts.find((t) => t.lines.join(' ').includes('Grunnlovsdagen'));
    expect(own, 'the scene has the personal date').toBeDefined();
    expect(holiday, 'the scene has the holiday').toBeDefined();

    const withDates = await printed(dated, 'dated');
    const without = await printed(await mayScene({}), 'bare');
    // Glyphs cover a part of their box: a twentieth of it is far more than anti-aliasing could differ by.
    expect(changedIn(own!, withDates.data, without.data, withDates.width)).toBeGreaterThan(0.05);
    expect(changedIn(holiday!, withDates.data, without.data, withDates.width)).toBeGreaterThan(0.05);
  }, 60_000);
});
