import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { YEARS_AHEAD } from '../../../engine/calendar.ts';
import { editableSlots } from '../../../engine/instance.ts';
import {
  type Font,
  parseTemplate,
  renderPartsOf,
  resourceSlots,
  type Template,
  visiblePages,
} from '../../../engine/template.ts';
import { isFontFamily } from '../../../engine/text/catalogue.ts';
import type { FontSet } from '../../../engine/text/fonts.ts';
import { layoutText, MIN_TEXT_SIZE_PT } from '../../../engine/text/layout.ts';
import {
  productKeyOf,
  TEMPLATE_CATEGORIES,
  TEMPLATE_PRODUCTS,
} from '../../../server/db/templates/products.ts';
import {
  DEMO_TEMPLATES_DIR,
  readTemplateFolder,
  templateFolderPaths,
} from '../../../server/storage/templateFiles.ts';
import { systemClock } from '../../../shop/clock.ts';
import { allDemoTemplates, currentDemoTemplates, demoTemplate } from '../../support/demoTemplates.ts';
import { loadAllFonts } from '../engine/text/load-fonts.ts';

const current = currentDemoTemplates();
const all = allDemoTemplates();
const older = all.filter((t) => !current.some((c) => c.uuid === t.uuid && c.version === t.version));
const lastYear = systemClock.now().getFullYear() + YEARS_AHEAD;
const ofType = (type: Template['type']) => current.filter((t) => t.type === type);
const userImages = (t: Template) =>
  resourceSlots(t).filter((s) => s.resource.userSupplied && s.resource.type === 'IMAGE').length;

function fontsOf(t: Template): Font[] {
  const fonts: Font[] = [];
  const fromResources = [...t.resources, ...t.partTypes.flatMap((p) => p.resources)];
  for (const r of fromResources) if (r.font) fonts.push(r.font);
  for (const page of t.pages) {
    for (const rp of renderPartsOf(t, page)) {
      if (rp.font) fonts.push(rp.font);
      if (rp.month) fonts.push(...Object.values(rp.month.cells).map((c) => c.font));
    }
  }
  return fonts;
}

describe('demo templates', () => {
  it.each(all.map((t) => [`${t.name.en_GB} v${t.version}`, t] as const))(
    '%s passes parseTemplate',
    (_, t) => {
      const result = parseTemplate(t);
      expect(result.ok ? [] : result.problems).toEqual([]);
    },
  );

  it('use only the 15 font families', () => {
    for (const t of all) {
      for (const f of fontsOf(t)) expect(isFontFamily(f.family), `${t.name.en_GB}: ${f.family}`).toBe(true);
    }
    // ...and vary them: most of the 15 are shown off somewhere.
    expect(new Set(all.flatMap((t) => fontsOf(t).map((f) => f.family))).size).toBeGreaterThanOrEqual(12);
  });

  it('hold the art they reference in their folder, and it stays small', async () => {
    for (const dir of await templateFolderPaths(DEMO_TEMPLATES_DIR)) {
      const folder = await readTemplateFolder(dir);
      expect(folder.problems).toEqual([]);
      for (const [src, bytes] of folder.art) {
        expect(src).toMatch(/^art\/[a-z0-9-]+\.svg$/);
        expect(bytes.length, `${folder.dir}/${src}`).toBeLessThan(3 * 1024);
      }
    }
  });

  it('have unique uuids, and previews named by uuid and version', () => {
    expect(new Set(current.map((t) => t.uuid)).size).toBe(current.length);
    for (const t of all) expect(t.preview.large).toBe(`${t.uuid}-${t.version}.png`);
    for (const t of older) {
      const newer = current.find((c) => c.uuid === t.uuid);
      expect(newer && newer.version > t.version).toBe(true);
    }
  });

  it('count their user slots', () => {
    for (const t of all) {
      const user = resourceSlots(t).filter((s) => s.resource.userSupplied);
      expect(t.numUserImages).toBe(userImages(t));
      expect(t.numUserParts).toBe(user.length);
      expect(t.hasUserText).toBe(user.some((s) => s.resource.type === 'STRING'));
    }
  });

  // The catalogue's counts (cards, calendars, photo gifts, categories, folded cards) are checked over
  // the files by test/server/catalogue.test.ts; here, what every template of a kind must be.
  it('cards: lifted off the page, each in known card categories, a 15x15, a text-only one and one with 3+ pictures', () => {
    const cards = ofType('CARDS');
    const cardCategories = new Set(
      TEMPLATE_CATEGORIES.filter((c) => c.type === 'CARDS').map((c) => c.category),
    );
    for (const c of cards) {
      expect(c.categories.length, c.name.en_GB).toBeGreaterThan(0);
      for (const category of c.categories) expect(cardCategories, c.name.en_GB).toContain(category);
    }
    expect(cards.some((c) => c.dimensions.width === 150 && c.dimensions.height === 150)).toBe(true);
    expect(cards.some((c) => userImages(c) === 0 && c.hasUserText)).toBe(true);
    expect(cards.some((c) => userImages(c) >= 3)).toBe(true);
    expect(cards.every((c) => c.separateFromBackground)).toBe(true);
  });

  it('folded cards say how they print: duplex with a fold inside the sheet, or a 4-page booklet', () => {
    for (const c of all.filter((t) => t.folds?.length || t.printLayout)) {
      const where = c.name.en_GB;
      expect(c.type, where).toBe('CARDS');
      if (c.printLayout === 'booklet') {
        expect(c.pages.length % 4, where).toBe(0);
        expect(c.folds ?? [], where).toEqual([]);
        continue;
      }
      expect(c.printLayout, where).toBe('duplex');
      expect(c.pages.length % 2, where).toBe(0);
      for (const f of c.folds ?? []) {
        const across = f.axis === 'vertical' ? c.dimensions.width : c.dimensions.height;
        expect(f.atMm, where).toBeGreaterThan(0);
        expect(f.atMm, where).toBeLessThan(across);
      }
    }
  });

  it('calendars: a cover and 12 month pages with month titles, a year on the cover and a picture on each', () => {
    const calendars = ofType('CALENDAR');
    expect(calendars.length).toBeGreaterThan(0);
    for (const c of calendars) {
      const pages = visiblePages(c);
      expect(pages, c.name.en_GB).toHaveLength(13);
      const [cover, ...months] = pages;
      expect(renderPartsOf(c, cover!).some((rp) => rp.resourceId === 'YEAR_STRING')).toBe(true);
      months.forEach((page, i) => {
        const parts = renderPartsOf(c, page);
        expect(parts.some((rp) => rp.resourceId === `MONTH(${i + 1})_YEAR_STRING`)).toBe(true);
        const grid = parts.find((rp) => rp.type === 'MONTH')!;
        expect(page.months[grid.resourceId]).toBe(i + 1);
      });
      expect(c.numUserImages, c.name.en_GB).toBe(13);
    }
    // Classic A4 follows the shop's YEARS_AHEAD; Modern 20x30 is sold for this year and the next two.
    expect(demoTemplate('Classic A4').yearsAhead).toBeUndefined();
    expect(demoTemplate('Modern 20x30').yearsAhead).toBe(2);
  });

  it('calendars: each has a text the shopper can change, a title or a caption (issue 34)', () => {
    const calendars = ofType('CALENDAR');
    expect(calendars.length).toBeGreaterThan(0);
    const editable = Object.fromEntries(
      calendars.map((c) => [
        c.name.en_GB,
        visiblePages(c).some((page) => editableSlots(c, page.id, 'STRING').length > 0),
      ]),
    );
    expect(editable).toEqual(Object.fromEntries(calendars.map((c) => [c.name.en_GB, true])));
  });

  it('name no year of their own: the years they are sold for come from the clock', () => {
    for (const t of all)
      expect({ [t.name.en_GB!]: [t.supportedYears, t.year] }).toEqual({ [t.name.en_GB!]: [[], null] });
  });

  it('photo gifts: each in a known photo gift category, with at least one picture', () => {
    const gifts = ofType('PHOTOGIFT');
    const giftCategories = new Set(
      TEMPLATE_CATEGORIES.filter((c) => c.type === 'PHOTOGIFT').map((c) => c.category),
    );
    for (const g of gifts) {
      expect(g.categories.length, g.name.en_GB).toBeGreaterThan(0);
      for (const category of g.categories) expect(giftCategories, g.name.en_GB).toContain(category);
    }
    expect(gifts.every((g) => userImages(g) >= 1)).toBe(true);
  });

  it('keep every user slot inside the page', () => {
    for (const t of all) {
      const userIds = new Set(
        [...t.resources, ...t.partTypes.flatMap((p) => p.resources)]
          .filter((r) => r.userSupplied)
          .map((r) => r.id),
      );
      for (const page of t.pages) {
        for (const rp of renderPartsOf(t, page).filter((p) => userIds.has(p.resourceId))) {
          const where = `${t.name.en_GB} ${page.id} ${rp.resourceId}`;
          expect(rp.position.x, where).toBeGreaterThanOrEqual(0);
          expect(rp.position.y, where).toBeGreaterThanOrEqual(0);
          expect(rp.position.x + rp.size.width, where).toBeLessThanOrEqual(t.dimensions.width);
          expect(rp.position.y + rp.size.height, where).toBeLessThanOrEqual(t.dimensions.height);
        }
      }
    }
  });

  it("match their product's format and name a known product and category", () => {
    const categories = new Set(TEMPLATE_CATEGORIES.map((c) => c.category));
    for (const t of all) {
      const p = TEMPLATE_PRODUCTS[productKeyOf(t.product.uuid)!]!;
      expect(t.product.formatSize).toEqual({ widthMm: p.widthMm, heightMm: p.heightMm });
      expect({ width: t.dimensions.width, height: t.dimensions.height }).toEqual({
        width: p.widthMm,
        height: p.heightMm,
      });
      for (const c of t.categories) expect(categories.has(c)).toBe(true);
      expect(Object.keys(t.name).sort()).toEqual(['da_DK', 'en_GB', 'nb_NO']);
    }
  });

  describe('texts', () => {
    let fontSet: FontSet;
    beforeAll(async () => {
      fontSet = await loadAllFonts();
    });

    it('fit their boxes as authored, and user texts start at the editor minimum size or above', () => {
      const problems: string[] = [];
      for (const t of all) {
        const byId = new Map(
          [...t.resources, ...t.partTypes.flatMap((p) => p.resources)].map((r) => [r.id, r]),
        );
        for (const page of t.pages) {
          for (const rp of renderPartsOf(t, page).filter((p) => p.type === 'STRING')) {
            const resource = byId.get(rp.resourceId);
            const f = rp.font!;
            // The special ids get their longest text: September of the last year a calendar is sold for.
            const text = resource
              ? (f.text ?? '')
              : rp.resourceId === 'YEAR_STRING'
                ? String(lastYear)
                : `September ${lastYear}`;
            const where = `${t.name.en_GB} ${page.id} ${rp.resourceId}`;
            if (resource?.userSupplied && f.size < MIN_TEXT_SIZE_PT) problems.push(`${where}: ${f.size} pt`);
            const layout = layoutText(
              fontSet,
              {
                family: f.family,
                sizePt: f.size,
                horizontalAlign: f.horizontalAlign,
                verticalAlign: f.verticalAlign,
              },
              text,
              { widthMm: rp.size.width, heightMm: rp.size.height },
            );
            if (layout.overflows) problems.push(`${where}: overflows ${rp.size.width}x${rp.size.height} mm`);
          }
        }
      }
      expect(problems).toEqual([]);
    });
  });

  it("docs/template-format.md's complete example is a valid template", () => {
    const doc = readFileSync(path.resolve(import.meta.dirname, '../../../docs/template-format.md'), 'utf8');
    const example = /```json\n(\{\n {2}"uuid"[\s\S]*?)\n```/.exec(doc)?.[1];
    expect(example).toBeDefined();
    const result = parseTemplate(JSON.parse(example!));
    expect(result.ok ? [] : result.problems).toEqual([]);
  });
});
