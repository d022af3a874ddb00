import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, notInArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { portals, templates } from '../../server/db/schema.ts';
import { loadFontSet } from '../../server/fonts.ts';
import { createImageLoader } from '../../server/render/images.ts';
import {
  LIST_PREVIEW_DRAWING,
  PREVIEW_WIDTH_PX,
  renderMissingPreviews,
} from '../../server/services/templates/previews.ts';
import { systemClock } from '../../shop/clock.ts';
import { PREVIEW_WEBP_WIDTHS, previewSources, previewWebpName } from '../../shop/templateList.ts';
import { SAMPLE_PHOTOS, samplePhotos } from '../fixtures/pictures/make.ts';
import { demoTemplate } from '../support/demoTemplates.ts';
import { testConfig } from './app-harness.ts';
import { type DatabaseKind, databaseKinds, openTestDatabase, type TestDatabase } from './databases.ts';

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describe.each(databaseKinds())('template previews and static files on %s', (kind: DatabaseKind) => {
  let db: TestDatabase;
  let previewsDir: string;
  let written: string[];
  const photos = samplePhotos();
  const deps = async () => ({
    fonts: await loadFontSet(),
    loadImage: createImageLoader({ userPicture: async (uuid) => photos[uuid] ?? null }),
    samplePictures: SAMPLE_PHOTOS.map((p) => ({ uuid: p.name, width: p.width, height: p.height })),
    today: systemClock.now(),
  });

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    // A card with kept versions, a calendar and a photo gift: what is drawn, named and served is the
    // same for every template, and the whole catalogue, three times over, took five minutes of a busy
    // CI machine (the e2e shop and the author harness draw it all).
    const kept = ['Balloon party', 'Classic A4', 'Photo mug'].map((name) => demoTemplate(name).uuid);
    await db.database.db.delete(templates).where(notInArray(templates.uuid, kept));
    previewsDir = mkdtempSync(path.join(tmpdir(), 'previews-'));
    written = await renderMissingPreviews(db.database.db, previewsDir, await deps());
  }, 120_000);
  afterAll(async () => {
    await db?.drop();
  });

  it('renders one 640 px preview per stored template version and language, named as the template says', async () => {
    const named = await db.database.db.selectDistinct({ body: templates.body }).from(templates);
    const names = new Set(named.map((r) => path.basename(r.body.preview.large)));
    expect(written.map((f) => path.basename(f)).sort()).toEqual([...names].sort());
    for (const file of written) {
      expect(path.basename(file)).toMatch(/^[0-9a-f-]{36}-\d+-[a-z]{2}_[A-Z]{2}\.png$/);
      expect(pngSize(readFileSync(file)).width).toBe(PREVIEW_WIDTH_PX);
      // And beside it, the WebP copies the list's tiles ask for (issue 31), each at its width.
      for (const width of PREVIEW_WEBP_WIDTHS) {
        const webp = await sharp(
          path.join(previewsDir, previewWebpName(path.basename(file), width)),
        ).metadata();
        expect(webp).toMatchObject({ format: 'webp', width });
      }
    }
    expect(readdirSync(previewsDir).filter((f) => f.endsWith('.partial'))).toEqual([]);
  });

  it('leaves existing previews alone on the next start', async () => {
    expect(await renderMissingPreviews(db.database.db, previewsDir, await deps())).toEqual([]);
  });

  it('draws again, once, the previews an older drawing left (the preview sheet, issue 18)', async () => {
    const marker = path.join(previewsDir, '.drawing');
    expect(readFileSync(marker, 'utf8').trim()).toBe(String(LIST_PREVIEW_DRAWING));
    writeFileSync(marker, `${LIST_PREVIEW_DRAWING - 1}\n`);
    const again = await renderMissingPreviews(db.database.db, previewsDir, await deps());
    expect(again.sort()).toEqual([...written].sort());
    expect(readFileSync(marker, 'utf8').trim()).toBe(String(LIST_PREVIEW_DRAWING));
    expect(await renderMissingPreviews(db.database.db, previewsDir, await deps())).toEqual([]);
  }, 120_000);

  it('serves previews, fonts and template art, and nothing outside them', async () => {
    const app = await buildApp(testConfig(path.dirname(previewsDir), { previewsDir }), {
      database: db.database,
    });
    try {
      const list = (await app.inject({ url: '/m/api/templates/cards' })).json<
        { preview: { large: string } }[]
      >();
      const preview = await app.inject({ url: `/templates2/all/${list[0]!.preview.large}` });
      expect(preview.statusCode).toBe(200);
      expect(preview.headers['content-type']).toBe('image/png');
      // The address the tile's <picture> names for its WebP copy (shop/templateList.ts).
      const [webp] = previewSources(list[0]!).sources[0]!.srcSet.split(' ');
      const copy = await app.inject({ url: webp! });
      expect(copy.statusCode).toBe(200);
      expect(copy.headers['content-type']).toBe('image/webp');
      const font = await app.inject({ url: '/fonts/Lobster-Regular.ttf' });
      expect(font.statusCode).toBe(200);
      expect(font.headers['cache-control']).toContain('max-age=2592000');
      const art = await app.inject({ url: '/templates2/art/holly.svg' });
      expect(art.statusCode).toBe(200);
      expect(art.headers['content-type']).toContain('image/svg+xml');
      // A path that climbs out is normalised before routing: it never reaches a file outside.
      for (const url of [
        '/fonts/../package.json',
        '/fonts/%2e%2e/package.json',
        '/templates2/art/../../package.json',
      ]) {
        expect((await app.inject({ url })).body, url).not.toContain('devDependencies');
      }
      for (const url of ['/templates2/all/missing.png', '/templates2/art/nope.svg', '/fonts/nope.ttf']) {
        const res = await app.inject({ url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toMatchObject({ code: 'not_found' });
      }
    } finally {
      await app.close();
    }
  });
});

describe('list previews in the portal language', () => {
  it('a template is drawn once per language: the Norwegian portal shows its own suggested texts', async () => {
    const db = await openTestDatabase('pglite');
    try {
      const previewsDir = mkdtempSync(path.join(tmpdir(), 'previews-'));
      const photos = samplePhotos();
      const rows = await db.database.db
        .select({ body: templates.body, locale: portals.locale })
        .from(templates)
        .innerJoin(portals, eq(portals.uuid, templates.portalUuid))
        .where(eq(templates.isCurrent, true));
      const card = demoTemplate('Balloon party');
      // This card's current versions only: the comparison needs no other template drawn.
      const only = rows
        .filter((r) => r.body.uuid === card.uuid)
        .map((r) => ({ uuid: r.body.uuid, version: r.body.version }));
      await renderMissingPreviews(
        db.database.db,
        previewsDir,
        {
          fonts: await loadFontSet(),
          loadImage: createImageLoader({ userPicture: async (uuid) => photos[uuid] ?? null }),
          samplePictures: SAMPLE_PHOTOS.map((p) => ({ uuid: p.name, width: p.width, height: p.height })),
          today: systemClock.now(),
        },
        only,
      );
      const en = rows.find((r) => r.locale === 'en_GB' && r.body.uuid === card.uuid)!;
      const nb = rows.find((r) => r.locale === 'nb_NO' && r.body.uuid === card.uuid)!;
      expect(nb.body.preview.large).not.toBe(en.body.preview.large);
      const enPng = readFileSync(path.join(previewsDir, en.body.preview.large));
      const nbPng = readFileSync(path.join(previewsDir, nb.body.preview.large));
      expect(nbPng.equals(enPng)).toBe(false);
    } finally {
      await db.drop();
    }
  }, 120_000);
});
