/**
 * A folded card's print file (docs/template-format.md "Folded cards: print layout"): one PDF page per
 * template page, in order, and its manifest entry says how the pages make the sheet, so the lab knows
 * which page goes on which side and where it folds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type RenderTask, runRenderTask } from '../../../server/production/renderTask.ts';
import { systemClock } from '../../../shop/clock.ts';
import { demoTemplate } from '../../support/demoTemplates.ts';

const root = mkdtempSync(path.join(tmpdir(), 'folded-print-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The print task of a line of a demo template, no picture filled (the file is drawn without them). */
function task(name: string): Extract<RenderTask, { kind: 'template' }> {
  const template = demoTemplate(name);
  return {
    kind: 'template',
    storage: { kind: 'local', root },
    out: `production/test/${template.uuid}.pdf`,
    name: `${template.uuid}.pdf`,
    template,
    stored: {
      template: template.uuid,
      version: template.version,
      resources: [],
      year: systemClock.now().getFullYear(),
      startMonth: 1,
      personalDates: [],
      holidays: false,
      subProductUuids: [],
    },
    pictureSources: {},
    title: name,
    author: 'test',
    orderedAt: systemClock.now().toISOString(),
    language: 'en_GB',
  };
}

describe('the print file of a folded card', () => {
  it('2 pages: the outside and the inside of the flat sheet, duplex, folded in the middle', async () => {
    const { file } = await runRenderTask(task('Birthday stars, folded'));
    expect(file).toMatchObject({
      widthMm: 210,
      heightMm: 148,
      pages: 2,
      printLayout: 'duplex',
      folds: [{ axis: 'vertical', atMm: 105 }],
    });
  }, 60_000);

  it('4 pages: the panels front to back, a booklet the lab imposes, no fold of their own', async () => {
    const { file } = await runRenderTask(task('Eucalyptus wedding, 4 pages'));
    expect(file).toMatchObject({ widthMm: 150, heightMm: 150, pages: 4, printLayout: 'booklet' });
    expect(file.folds).toBeUndefined();
  }, 60_000);

  it('a flat card says nothing of a layout: each page a sheet of its own', async () => {
    const { file } = await runRenderTask(task('Balloon party'));
    expect(file.pages).toBe(1);
    expect(file.printLayout).toBeUndefined();
    expect(file.folds).toBeUndefined();
  }, 60_000);
});
