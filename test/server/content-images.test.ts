/**
 * Content photos in sizes for the screen (issue 15): the page names each picture's own size, and a
 * photo is served at a few widths as AVIF, WebP or JPEG, made by sharp once and kept on disk.
 */
import { copyFileSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentPages, portals } from '../../server/db/schema.ts';
import { contentImageSources } from '../../shop/contentImages.ts';
import type { ContentPage } from '../../shop/contract.ts';
import { startTestApp, type TestApp } from './app-harness.ts';
import { type DatabaseKind, databaseKinds } from './databases.ts';

describe.each(databaseKinds())('content images on %s', (kind: DatabaseKind) => {
  let t: TestApp;
  let imgDir: string;
  beforeAll(async () => {
    imgDir = mkdtempSync(path.join(tmpdir(), 'content-img-'));
    // A photo wider than every width made but one, and an illustration.
    await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c84' } })
      .jpeg()
      .toFile(path.join(imgDir, 'hero.jpg'));
    copyFileSync(
      path.resolve(import.meta.dirname, '../../public/img/slide-1.svg'),
      path.join(imgDir, 'slide.svg'),
    );
    writeFileSync(path.join(imgDir, 'broken.jpg'), 'not a picture');
    t = await startTestApp(kind, { contentImagesDir: imgDir });
    const [portal] = await t.db.database.db.select({ uuid: portals.uuid }).from(portals);
    await t.db.database.db.insert(contentPages).values({
      portalUuid: portal!.uuid,
      pageId: 'photos',
      title: 'Photos',
      modules: [
        {
          id: 'slider',
          type: 'Slider',
          slides: [
            { background: '/m/img/hero.jpg', title: 'A', text: '', button: null },
            { background: '/m/img/slide.svg', title: 'B', text: '', button: null },
            { background: '/m/img/missing.jpg', title: 'C', text: '', button: null },
          ],
        },
        { id: 'photo', type: 'Image', src: '/m/img/hero.jpg', alt: 'Prints on a table' },
        { id: 'elsewhere', type: 'Image', src: 'https://example.com/a.jpg', alt: 'Elsewhere' },
      ],
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(imgDir, { recursive: true, force: true });
  });

  it('names each picture’s own width and height in the page, when it knows the picture', async () => {
    const res = await t.app.inject({ url: '/m/api/legacy-pages/photos' });
    expect(res.statusCode).toBe(200);
    const [slider, photo, elsewhere] = res.json<ContentPage>().modules as unknown as [
      { slides: { width?: number; height?: number }[] },
      { width?: number; height?: number },
      { width?: number; height?: number },
    ];
    expect(slider.slides.map((s) => [s.width, s.height])).toEqual([
      [1200, 800],
      [800, 400],
      [undefined, undefined],
    ]);
    expect([photo.width, photo.height]).toEqual([1200, 800]);
    expect(elsewhere.width).toBeUndefined();
  });

  it('serves a photo at each width in the srcset, in each format, and keeps what it made', async () => {
    const sources = contentImageSources('/m/img/hero.jpg', 1200)!;
    const urls = [...sources.sources.map((s) => s.srcSet), sources.srcSet]
      .flatMap((set) => set.split(', '))
      .map((entry) => entry.split(' ')[0]!);
    expect(urls.length).toBe(12); // 360, 540, 720 and 1080 px; never enlarged to 1440
    for (const url of urls) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      const format = new URL(url, 'http://x').searchParams.get('f')!;
      const width = Number(new URL(url, 'http://x').searchParams.get('w'));
      expect(res.headers['content-type']).toBe(`image/${format}`);
      expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.width).toBe(width);
      expect(meta.format).toBe(format === 'avif' ? 'heif' : format);
    }
    const kept = readdirSync(path.join(t.dataDir, 'content-images'));
    expect(kept.filter((f) => f.startsWith('hero.jpg.'))).toHaveLength(12);
    expect(kept.filter((f) => f.endsWith('.tmp'))).toEqual([]);

    // Asked again: the kept copy, not a new one.
    const one = path.join(t.dataDir, 'content-images', kept.find((f) => f.endsWith('.720.avif'))!);
    const before = statSync(one).mtimeMs;
    const again = await t.app.inject({ url: '/m/api/content-images/hero.jpg?w=720&f=avif' });
    expect(again.statusCode).toBe(200);
    expect(statSync(one).mtimeMs).toBe(before);
  });

  it('refuses a width or format it does not make, a path, an illustration and a missing photo', async () => {
    const bad = async (url: string, status: number, message: string) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(status);
      expect(res.json().error, url).toContain(message);
    };
    await bad('/m/api/content-images/hero.jpg?w=500&f=avif', 400, 'w: should be one of 360, 540');
    await bad('/m/api/content-images/hero.jpg?w=720&f=gif', 400, 'f: should be one of avif, webp, jpeg');
    await bad('/m/api/content-images/hero.jpg', 400, 'w: ');
    await bad('/m/api/content-images/..%2Fsecret.jpg?w=720&f=jpeg', 400, 'file: is not in the right form');
    await bad('/m/api/content-images/slide.svg?w=720&f=jpeg', 404, 'slide.svg');
    await bad('/m/api/content-images/missing.jpg?w=720&f=jpeg', 404, 'missing.jpg');
  });

  it('a file that is not a picture is an error, and leaves no file behind', async () => {
    const res = await t.app.inject({ url: '/m/api/content-images/broken.jpg?w=360&f=webp' });
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    const kept = readdirSync(path.join(t.dataDir, 'content-images'));
    expect(kept.filter((f) => f.startsWith('broken.jpg'))).toEqual([]);
  });
});
