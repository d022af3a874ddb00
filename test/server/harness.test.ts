import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadImage } from '@napi-rs/canvas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harnessInstance, harnessYears } from '../../engine/harness.ts';
import { buildApp } from '../../server/app.ts';
import { SAMPLE_PICTURES } from '../../server/render/sample-pictures.ts';
import { systemClock } from '../../shop/clock.ts';
import { demoTemplate } from '../support/demoTemplates.ts';
import { testConfig } from './app-harness.ts';
import { openTestDatabase, type TestDatabase } from './databases.ts';

const root = path.resolve(import.meta.dirname, '../..');
const today = systemClock.now();
/** A demo template folder with art, copied into the test's own templates root. */
const SNOWY = '05-snowy-frame';

describe('author harness endpoints', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let plain: FastifyInstance;

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    const dataDir = path.join(tmpdir(), 'unused');
    const harness = { templatesDir: path.join(root, 'templates') };
    app = await buildApp(testConfig(dataDir, { harness }), { database: db.database });
    plain = await buildApp(testConfig(dataDir, { harness: null }), { database: db.database });
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

  it('refuses a page too tall to draw at the width asked (the renderer cannot make the canvas)', async () => {
    const template = demoTemplate('Balloon party');
    for (const dimensions of [
      { width: 1, height: 100_000 },
      { width: 1e-300, height: 105 },
    ]) {
      const tall = await app.inject({
        method: 'POST',
        url: '/m/api/dev/render',
        payload: { template: { ...template, dimensions }, pageId: template.pages[0]!.id, widthPx: 4000 },
      });
      expect(tall.statusCode, JSON.stringify(dimensions)).toBe(400);
      expect(tall.json().error).toMatch(/px tall/);
    }
  });
});

describe('author harness: template folders and preflight', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let templatesDir: string;
  const folderUrl = '/m/api/dev/template-folders/snowy';

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    templatesDir = await mkdtemp(path.join(tmpdir(), 'harness-templates-'));
    await cp(path.join(root, 'templates', SNOWY), path.join(templatesDir, 'snowy'), { recursive: true });
    // Not a template folder: no template.json.
    await mkdir(path.join(templatesDir, 'notes'));
    app = await buildApp(testConfig(templatesDir, { harness: { templatesDir } }), { database: db.database });
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
    if (templatesDir) await rm(templatesDir, { recursive: true, force: true });
  });

  it('lists the template folders of the templates root (not folders without a template.json)', async () => {
    const res = await app.inject({ method: 'GET', url: '/m/api/dev/template-folders' });
    expect(res.statusCode).toBe(200);
    const snowy = JSON.parse(await readFile(path.join(templatesDir, 'snowy', 'template.json'), 'utf8'));
    expect(res.json()).toEqual([
      { folder: 'snowy', name: snowy.name.en_GB, uuid: snowy.uuid, version: snowy.version },
    ]);
  });

  it("serves a folder's template.json as written, with a tag that changes when the folder does", async () => {
    const file = path.join(templatesDir, 'snowy', 'template.json');
    const first = await app.inject({ method: 'GET', url: folderUrl });
    expect(first.statusCode).toBe(200);
    expect(first.json().text).toBe(await readFile(file, 'utf8'));
    const etag = first.headers.etag as string;
    expect(first.json().etag).toBe(etag);
    const same = await app.inject({ method: 'GET', url: folderUrl, headers: { 'if-none-match': etag } });
    expect(same.statusCode).toBe(304);

    // Mid-edit and not JSON: still served, for the harness to show as a problem.
    await writeFile(file, '{ "uuid": ');
    const edited = await app.inject({ method: 'GET', url: folderUrl, headers: { 'if-none-match': etag } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().text).toBe('{ "uuid": ');
    expect(edited.headers.etag).not.toBe(etag);

    // Art changed: the tag changes too (the page's pictures are drawn again).
    await cp(path.join(root, 'templates', SNOWY, 'template.json'), file);
    const restored = await app.inject({ method: 'GET', url: folderUrl });
    await writeFile(
      path.join(templatesDir, 'snowy', 'art', 'holly.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>',
    );
    const art = await app.inject({
      method: 'GET',
      url: folderUrl,
      headers: { 'if-none-match': restored.headers.etag as string },
    });
    expect(art.statusCode).toBe(200);
    await cp(
      path.join(root, 'templates', SNOWY, 'art', 'holly.svg'),
      path.join(templatesDir, 'snowy', 'art', 'holly.svg'),
    );
  });

  it("serves the folder's art, and nothing outside the templates root", async () => {
    const art = await app.inject({ method: 'GET', url: `${folderUrl}/files/art/holly.svg` });
    expect(art.statusCode).toBe(200);
    expect(art.headers['content-type']).toMatch(/^image\/svg\+xml/);
    const missing = await app.inject({ method: 'GET', url: `${folderUrl}/files/art/nothing.svg` });
    expect(missing.statusCode).toBe(404);
    for (const url of [
      '/m/api/dev/template-folders/..',
      '/m/api/dev/template-folders/%2E%2E',
      '/m/api/dev/template-folders/..%2Fsnowy',
      '/m/api/dev/template-folders/.hidden',
      `${folderUrl}/files/..%2F..%2Fetc%2Fpasswd`,
      `${folderUrl}/files/%2E%2E/%2E%2E/package.json`,
      '/m/api/dev/template-folders/..%2F..%2F/files/package.json',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect([400, 404], url).toContain(res.statusCode);
      expect(res.json().error, url).toEqual(expect.any(String));
    }
    const notes = await app.inject({ method: 'GET', url: '/m/api/dev/template-folders/notes' });
    expect(notes.statusCode).toBe(404);
  });

  it("renders a folder's template with the folder's own art", async () => {
    const template = demoTemplate('Snowy frame');
    const body = { template, pageId: template.pages[0]!.id, widthPx: 120 };
    const withArt = await app.inject({
      method: 'POST',
      url: '/m/api/dev/render',
      payload: { ...body, folder: 'snowy' },
    });
    expect(withArt.statusCode).toBe(200);
    const bad = await app.inject({
      method: 'POST',
      url: '/m/api/dev/render',
      payload: { ...body, folder: '../x' },
    });
    expect(bad.statusCode).toBe(400);
    const none = await app.inject({
      method: 'POST',
      url: '/m/api/dev/render',
      payload: { ...body, folder: 'nope' },
    });
    expect(none.statusCode).toBe(404);
  });

  it('preflight: every problem at once, each with its page, part and box', async () => {
    const template = demoTemplate('Snowy frame');
    const page = template.pages[0]!;
    const type = template.partTypes.find((p) => p.id === page.typeId)!;
    // Two mistakes at once: a slot pushed off the page and a font the shop does not have.
    const moved = structuredClone(template);
    const movedType = moved.partTypes.find((p) => p.id === page.typeId)!;
    const slot = movedType.renderParts[0]!;
    slot.position = { x: template.dimensions.width - 5, y: slot.position.y };
    const text = movedType.renderParts.find((r) => r.font)!;
    text.font = { ...text.font!, family: 'No Such Font' };
    const res = await app.inject({
      method: 'POST',
      url: '/m/api/dev/preflight',
      payload: { template: moved },
    });
    expect(res.statusCode).toBe(200);
    const { problems } = res.json() as {
      problems: { rule: string; pageId: string | null; part: string | null; boxMm?: object }[];
    };
    const outside = problems.find((p) => p.rule === 'outside-page');
    expect(outside).toMatchObject({
      pageId: page.id,
      part: type.renderParts[0]!.resourceId,
      boxMm: { x: template.dimensions.width - 5, y: slot.position.y, ...slot.size },
    });
    expect(problems.some((p) => p.rule === 'unknown-font')).toBe(true);

    const ok = await app.inject({ method: 'POST', url: '/m/api/dev/preflight', payload: { template } });
    expect(ok.json().problems.filter((p: { rule: string }) => p.rule === 'outside-page')).toEqual([]);

    const schema = await app.inject({
      method: 'POST',
      url: '/m/api/dev/preflight',
      payload: { template: { ...template, uuid: 'nope', pages: 'x' } },
    });
    expect(schema.statusCode).toBe(200);
    const schemaProblems = schema.json().problems as { rule: string; path: string; pageId: null }[];
    expect(schemaProblems.length).toBeGreaterThan(1);
    expect(schemaProblems.every((p) => p.rule === 'schema' && p.pageId === null)).toBe(true);
  });

  it('preflight answers a page too large to sample with its problems, not a 500', async () => {
    const template = demoTemplate('Balloon party');
    for (const dimensions of [
      { width: 1, height: 100_000 },
      { width: 100_000, height: 100_000 },
      { width: 1e-300, height: 105 },
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/m/api/dev/preflight',
        payload: { template: { ...template, dimensions } },
      });
      expect(res.statusCode, JSON.stringify(dimensions)).toBe(200);
    }
  });

  it('preflight refuses a request without a template', async () => {
    const res = await app.inject({ method: 'POST', url: '/m/api/dev/preflight', payload: { nothing: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/template/);
    const notJson = await app.inject({
      method: 'POST',
      url: '/m/api/dev/preflight',
      headers: { 'content-type': 'application/json' },
      payload: '{ "template": ',
    });
    expect(notJson.statusCode).toBe(400);
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
