/**
 * Fair previews (issue 18): the cart thumbnail, the 'View with own pictures' preview and the list
 * preview of a product with more than one printed page show every page, laid out as its preview
 * sheet (engine/previewSheet.ts), at the sheet's own aspect ratio; a calendar shows its cover and a
 * strip of the pages after it. A one-page landscape card keeps its own 148 x 105 shape.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultYear } from '../../engine/calendar.ts';
import type { Instance } from '../../engine/instance.ts';
import {
  type PreviewSheet,
  previewSheet,
  SHEET_BACKGROUND,
  type SheetCell,
} from '../../engine/previewSheet.ts';
import { parseTemplate, type Template, visiblePages } from '../../engine/template.ts';
import type { Cart } from '../../shop/contract.ts';
import { addPayload } from '../../src/features/editor/buy/buyRules.ts';
import { startTestApp, type TestApp } from './app-harness.ts';
import { uploadPhoto } from './multipart.ts';
import { filled } from './template-helpers.ts';

const PASSWORD = 'preview sheets password';
const CART = '/m/api/webshop/cart';

type Rgb = [number, number, number];
const RED: Rgb = [0xc8, 0x28, 0x28];
const GREEN: Rgb = [0x28, 0x96, 0x3c];
const BLUE: Rgb = [0x3a, 0x7b, 0xd5];
const hex = ([r, g, b]: Rgb) => `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
const BACKGROUND: Rgb = [1, 3, 5].map((at) => Number.parseInt(SHEET_BACKGROUND.slice(at, at + 2), 16)) as Rgb;
const flatSvg = (colour: Rgb) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="1480" height="1050"><title>flat</title>` +
  `<rect width="1480" height="1050" fill="${hex(colour)}"/></svg>`;

/** A landscape card with a back: a red front with the shopper's photo on it, a plain green back. */
const twoSidedCard = (product: Template['product']) => ({
  uuid: '3f1e2d4c-5b6a-4798-8a9b-0c1d2e3f4a5b',
  version: 1,
  name: { en_GB: 'Front and back' },
  type: 'CARDS',
  categories: ['THANKS'],
  product,
  dimensions: { width: 148, height: 105 },
  separateFromBackground: true,
  supportedYears: [],
  year: null,
  resources: [
    {
      id: 'front-art',
      type: 'IMAGE',
      userSupplied: false,
      required: false,
      disableEdit: true,
      image: { src: 'art/sheet-red.svg', width: 1480, height: 1050 },
    },
    {
      id: 'back-art',
      type: 'IMAGE',
      userSupplied: false,
      required: false,
      disableEdit: true,
      image: { src: 'art/sheet-green.svg', width: 1480, height: 1050 },
    },
    { id: 'photo', type: 'IMAGE', userSupplied: true, required: true, disableEdit: false },
  ],
  partTypes: [
    {
      id: 'front',
      resources: [],
      renderParts: [
        {
          resourceId: 'front-art',
          type: 'IMAGE',
          adaption: 'fill-in',
          size: { width: 148, height: 105 },
          position: { x: 0, y: 0 },
        },
        {
          resourceId: 'photo',
          type: 'IMAGE',
          adaption: 'fill-in',
          size: { width: 50, height: 40 },
          position: { x: 90, y: 55 },
        },
      ],
    },
    {
      id: 'back',
      resources: [],
      renderParts: [
        {
          resourceId: 'back-art',
          type: 'IMAGE',
          adaption: 'fill-in',
          size: { width: 148, height: 105 },
          position: { x: 0, y: 0 },
        },
      ],
    },
  ],
  pages: [
    { id: 'front', typeId: 'front', clientIgnore: false, months: {}, renderParts: [] },
    { id: 'back', typeId: 'back', clientIgnore: false, months: {}, renderParts: [] },
  ],
});

/** The pixels of a picture as raw RGB, with a reader of one pixel. */
async function pixelsOf(image: Buffer) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number): Rgb => {
    const i = (Math.round(y) * info.width + Math.round(x)) * info.channels;
    return [data[i]!, data[i + 1]!, data[i + 2]!];
  };
  return { width: info.width, height: info.height, at };
}

/** Every picture slot of a new design filled with the whole picture; texts keep their suggestions. */

const near = (a: Rgb, b: Rgb, tolerance = 24) => a.every((c, n) => Math.abs(c - b[n]!) <= tolerance);

/** The share of a cell's pixels (on a picture of the whole sheet) near a colour. */
async function shareIn(image: Buffer, sheet: PreviewSheet, cell: SheetCell, colour: Rgb): Promise<number> {
  const pixels = await pixelsOf(image);
  const scale = pixels.width / sheet.widthMm;
  let hits = 0;
  let all = 0;
  for (let y = Math.ceil(cell.y * scale) + 1; y < (cell.y + cell.height) * scale - 1; y++) {
    for (let x = Math.ceil(cell.x * scale) + 1; x < (cell.x + cell.width) * scale - 1; x++) {
      all += 1;
      if (near(pixels.at(x, y), colour)) hits += 1;
    }
  }
  return hits / all;
}

/** The picture's size is the sheet's at its width: the sheet's aspect ratio, within a pixel. */
function expectSheetShape(size: { width?: number; height?: number }, sheet: PreviewSheet) {
  expect(size.height).toBe(Math.round((size.width! * sheet.heightMm) / sheet.widthMm));
}

describe('preview sheets: every printed part, at its own aspect ratio', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let previewsDir: string;
  let cookie: string;
  let photo: { uuid: string; width: number; height: number };
  let card: Template;
  let sheet: PreviewSheet;

  const addLine = async (template: Template, instance: Instance) => {
    const res = await app.inject({
      method: 'POST',
      url: CART,
      headers: { cookie },
      payload: addPayload(template, instance, template.product.uuid, { subProductUuids: [] }, 1) as object,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Cart).orderLines.at(-1)!;
  };
  const thumbnail = async (lineUuid: string, width = 320) => {
    const res = await app.inject({
      url: `${CART}/${lineUuid}/preview.jpg?width=${width}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  };

  beforeAll(async () => {
    previewsDir = mkdtempSync(path.join(tmpdir(), 'preview-sheets-'));
    t = await startTestApp('pglite', { labPassword: PASSWORD, previewsDir });
    app = t.app;
    const cards = (await app.inject({ url: '/m/api/templates/cards' })).json<Template[]>();
    const landscape = cards.find((c) => c.product.formatSize.widthMm === 148 && c.pages.length === 1)!;
    const published = await app.inject({
      method: 'POST',
      url: '/lab/api/templates',
      headers: { authorization: `Bearer ${PASSWORD}` },
      payload: {
        template: twoSidedCard(landscape.product),
        art: {
          'art/sheet-red.svg': Buffer.from(flatSvg(RED)).toString('base64'),
          'art/sheet-green.svg': Buffer.from(flatSvg(GREEN)).toString('base64'),
        },
      },
    });
    expect(published.statusCode, published.body).toBe(201);
    const served = await app.inject({
      url: `/m/api/templates/by-uuid/${twoSidedCard(landscape.product).uuid}`,
    });
    const parsed = parseTemplate(served.json());
    if (!parsed.ok) throw new Error('The published card does not parse');
    card = parsed.template;
    sheet = previewSheet(card);
    ({ picture: photo, cookie } = await uploadPhoto(app, {
      width: 1200,
      height: 900,
      background: hex(BLUE),
    }));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await rm(previewsDir, { recursive: true, force: true });
  });

  it("draws a two-sided card's cart thumbnail with the front and the back, each whole", async () => {
    expect(sheet.cells.map((c) => c.pageId)).toEqual(['front', 'back']);
    const line = await addLine(card, filled(card, photo, app.clock.now()));
    const jpeg = await thumbnail(line.uuid);
    const meta = await sharp(jpeg).metadata();
    expect(meta.width).toBe(320);
    expectSheetShape(meta, sheet);
    const [front, back] = sheet.cells as [SheetCell, SheetCell];
    // The front: red art with the blue photo on it; the back: green all over.
    expect(await shareIn(jpeg, sheet, front, RED)).toBeGreaterThan(0.6);
    expect(await shareIn(jpeg, sheet, front, BLUE)).toBeGreaterThan(0.08);
    expect(await shareIn(jpeg, sheet, front, GREEN)).toBe(0);
    expect(await shareIn(jpeg, sheet, back, GREEN)).toBeGreaterThan(0.9);
    expect(await shareIn(jpeg, sheet, back, RED)).toBe(0);
    // Between and around the pages: the neutral sheet, so white pages would stand apart too.
    const pixels = await pixelsOf(jpeg);
    const scale = pixels.width / sheet.widthMm;
    const between = ((front.y + front.height + back.y) / 2) * scale;
    expect(near(pixels.at(pixels.width / 2, between), BACKGROUND, 12)).toBe(true);
    // The file's first thumbnail starts the render worker: 10 s alone, past 30 s beside the e2e suite.
  }, 90_000);

  it("draws the two-sided card's 'View with own pictures' preview and list preview as the same sheet", async () => {
    const own = await app.inject({
      url: `/m/api/templates/by-uuid/${card.uuid}/own-preview.jpg?pictures=${photo.uuid}&width=480`,
      headers: { cookie },
    });
    expect(own.statusCode).toBe(200);
    const ownMeta = await sharp(own.rawPayload).metadata();
    expect(ownMeta.width).toBe(480);
    expectSheetShape(ownMeta, sheet);
    expect(await shareIn(own.rawPayload, sheet, sheet.cells[1]!, GREEN)).toBeGreaterThan(0.9);

    // The list preview is drawn when the version is published, in the background.
    const file = path.join(previewsDir, card.preview.large);
    await expect.poll(() => existsSync(file), { timeout: 30_000 }).toBe(true);
    const png = readFileSync(file);
    const listMeta = await sharp(png).metadata();
    expectSheetShape(listMeta, sheet);
    expect(await shareIn(png, sheet, sheet.cells[0]!, RED)).toBeGreaterThan(0.6);
    expect(await shareIn(png, sheet, sheet.cells[1]!, GREEN)).toBeGreaterThan(0.9);
  });

  it('keeps a one-page landscape card at 148 x 105, nothing added around it', async () => {
    const cards = (await app.inject({ url: '/m/api/templates/cards' })).json<Template[]>();
    const listed = cards.find(
      (c) => c.dimensions.width === 148 && c.dimensions.height === 105 && c.pages.length === 1,
    )!;
    const template = parseTemplate(
      (await app.inject({ url: `/m/api/templates/by-uuid/${listed.uuid}` })).json(),
    );
    if (!template.ok) throw new Error('The card does not parse');
    const line = await addLine(template.template, filled(template.template, photo, app.clock.now()));
    const meta = await sharp(await thumbnail(line.uuid)).metadata();
    expect(meta.width).toBe(320);
    expect(meta.height).toBe(Math.round((320 * 105) / 148));
  });

  it("draws a calendar's cover and a strip of its next pages, each with the shopper's picture", async () => {
    const calendars = (await app.inject({ url: '/m/api/templates/calendars' })).json<Template[]>();
    const listed = calendars.find((c) => c.pages.filter((p) => !p.clientIgnore).length > 4)!;
    const parsed = parseTemplate(
      (await app.inject({ url: `/m/api/templates/by-uuid/${listed.uuid}` })).json(),
    );
    if (!parsed.ok) throw new Error('The calendar does not parse');
    const calendar = parsed.template;
    const instance = filled(calendar, photo, app.clock.now());
    instance.year = defaultYear(calendar, app.clock.now());
    const line = await addLine(calendar, instance);
    const jpeg = await thumbnail(line.uuid);
    const calendarSheet = previewSheet(calendar);
    expect(calendarSheet.pageCount).toBe(visiblePages(calendar).length);
    expectSheetShape(await sharp(jpeg).metadata(), calendarSheet);
    expect(calendarSheet.cells.length).toBeGreaterThan(1);
    expect(calendarSheet.cells.length).toBeLessThan(calendarSheet.pageCount);
    // Every page shown has a photo slot the shopper filled, so each cell shows some of the blue.
    for (const cell of calendarSheet.cells) {
      expect(await shareIn(jpeg, calendarSheet, cell, BLUE), cell.pageId).toBeGreaterThan(0.05);
    }
  });
});
