import path from 'node:path';
import { loadImage } from '@napi-rs/canvas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harnessInstance, harnessYears } from '../../engine/harness.ts';
import { buildApp } from '../../server/app.ts';
import { SAMPLE_PICTURES } from '../../server/render/sample-pictures.ts';
import { systemClock } from '../../shop/clock.ts';
import { demoTemplate } from '../support/demoTemplates.ts';
import { openTestDatabase, type TestDatabase } from './databases.ts';

const root = path.resolve(import.meta.dirname, '../..');
const today = systemClock.now();

describe('author harness endpoints', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let plain: FastifyInstance;

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    const options = { database: db.database, distDir: null, localeDir: path.join(root, 'public', 'locale') };
    app = await buildApp({ ...options, logLevel: 'warn', harness: true });
    plain = await buildApp({ ...options, logLevel: 'warn', harness: false });
  });
  afterAll(async () => {
    await app?.close();
    await plain?.close();
    await db?.drop();
  });

  it('exist only when the harness is switched on', async () => {
    const res = await plain.inject({ method: 'GET', url: '/m/api/dev/sample-pictures' });
    expect(res.statusCode).toBe(404);
  });

  it('lists the sample pictures and serves each as PNG at its size', async () => {
    const list = (await app.inject({ method: 'GET', url: '/m/api/dev/sample-pictures' })).json();
    expect(list).toEqual(SAMPLE_PICTURES.map(({ uuid, width, height }) => ({ uuid, width, height })));
    const first = list[0] as { uuid: string; width: number; height: number };
    const res = await app.inject({ method: 'GET', url: `/m/api/dev/sample-pictures/${first.uuid}.png` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const image = await loadImage(res.rawPayload);
    expect([image.width, image.height]).toEqual([first.width, first.height]);
    const missing = await app.inject({
      method: 'GET',
      url: '/m/api/dev/sample-pictures/00000000-0000-4000-8000-000000000000.png',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('renders a page of a demo template at the width asked for', async () => {
    const template = demoTemplate('Classic A4');
    const res = await app.inject({
      method: 'POST',
      url: '/m/api/dev/render',
      payload: { template, year: today.getFullYear() + 1, pageId: template.pages[1]!.id, widthPx: 300 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const image = await loadImage(res.rawPayload);
    expect(image.width).toBe(300);
    expect(image.height).toBe(Math.round((template.dimensions.height * 300) / template.dimensions.width));
  });

  it('refuses bad input with a message: a broken template lists its problems', async () => {
    const template = demoTemplate('Balloon party');
    const bad = await app.inject({
      method: 'POST',
      url: '/m/api/dev/render',
      payload: { template: { ...template, uuid: 'nope' }, year: null, pageId: 'x', widthPx: 300 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/uuid/);
    const noPage = await app.inject({
      method: 'POST',
      url: '/m/api/dev/render',
      payload: { template, pageId: 'no-such-page', widthPx: 300 },
    });
    expect(noPage.statusCode).toBe(400);
    expect(noPage.json().error).toMatch(/no page "no-such-page"/);
    const noWidth = await app.inject({
      method: 'POST',
      url: '/m/api/dev/render',
      payload: { template, pageId: template.pages[0]!.id, widthPx: 0 },
    });
    expect(noWidth.statusCode).toBe(400);
    expect(noWidth.json().code).toBe('invalid_request');
  });
});

describe('harnessInstance', () => {
  it('autofills every user picture slot and sets an allowed year', () => {
    const calendar = demoTemplate('Classic A4');
    const years = harnessYears(calendar, today);
    expect(years.length).toBeGreaterThan(0);
    const year = years.at(-1)!;
    const instance = harnessInstance(calendar, year, SAMPLE_PICTURES, today);
    expect(instance.year).toBe(year);
    const pictures = Object.values(instance.resources).filter((r) => r.type === 'IMAGE');
    expect(pictures.length).toBeGreaterThan(0);
    expect(pictures.every((r) => r.type === 'IMAGE' && r.image !== null)).toBe(true);
  });

  it('offers no year for a card', () => {
    const card = demoTemplate('Balloon party');
    expect(harnessYears(card, today)).toEqual([]);
  });
});
