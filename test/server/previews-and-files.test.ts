import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadFontSet } from '../../server/fonts.ts';
import { createImageLoader } from '../../server/render/images.ts';
import { PREVIEW_WIDTH_PX, renderMissingPreviews } from '../../server/services/previews.ts';
import { systemClock } from '../../shop/clock.ts';
import { SAMPLE_PHOTOS, samplePhotos } from '../fixtures/pictures/make.ts';
import { type DatabaseKind, databaseKinds, openTestDatabase, type TestDatabase } from './databases.ts';

const root = path.resolve(import.meta.dirname, '../..');

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
    previewsDir = mkdtempSync(path.join(tmpdir(), 'previews-'));
    written = await renderMissingPreviews(db.database.db, previewsDir, await deps());
  }, 120_000);
  afterAll(async () => {
    await db?.drop();
  });

  it('renders one 640 px preview per stored template version, named as the template says', () => {
    // 13 current templates and one older version of the balloon card.
    expect(written).toHaveLength(14);
    for (const file of written) {
      expect(path.basename(file)).toMatch(/^[0-9a-f-]{36}-\d+\.png$/);
      expect(pngSize(readFileSync(file)).width).toBe(PREVIEW_WIDTH_PX);
    }
    expect(readdirSync(previewsDir).filter((f) => f.endsWith('.partial'))).toEqual([]);
  });

  it('leaves existing previews alone on the next start', async () => {
    expect(await renderMissingPreviews(db.database.db, previewsDir, await deps())).toEqual([]);
  });

  it('serves previews, fonts and template art, and nothing outside them', async () => {
    const app = await buildApp({
      database: db.database,
      distDir: null,
      localeDir: path.join(root, 'public', 'locale'),
      previewsDir,
      logLevel: 'warn',
      redisUrl: null,
    });
    try {
      const list = (await app.inject({ url: '/m/api/templates/cards' })).json<
        { preview: { large: string } }[]
      >();
      const preview = await app.inject({ url: `/templates2/all/${list[0]!.preview.large}` });
      expect(preview.statusCode).toBe(200);
      expect(preview.headers['content-type']).toBe('image/png');
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
