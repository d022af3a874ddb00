/**
 * A photo book's print files (issue 33), on PGlite and PostgreSQL: a book line becomes a cover PDF
 * (one page: back, spine and front as one spread, as wide as its page count's spine) and a pages PDF
 * (the inner pages in order), both with 3 mm bleed, checked with Debian's pdfinfo and qpdf; the
 * manifest names both with their sizes and page counts, and a book with more pages has a wider cover.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BookTemplate, bookPageId, layoutSlots } from '../../engine/index.ts';
import type { Product } from '../../shop/contract.ts';
import { PT_PER_MM, pageCounts, spineWidthMm } from '../../shop/index.ts';
import { startTestApp, type TestApp } from './app-harness.ts';
import { type DatabaseKind, databaseKinds } from './databases.ts';
import { uploadPhoto } from './multipart.ts';
import { cartOf, placeOrder, producedManifest, run } from './production-helpers.ts';

const LAB_PASSWORD = 'lab desk password for book tests';
const FAST = { pollingIntervalSeconds: 0.5, retryDelay: 1, retryLimit: 1, superviseIntervalSeconds: 1 };

/** pdfinfo -box's boxes of every page, in points: [x0, y0, x1, y1]. */
async function pageBoxes(pdf: string) {
  const { stdout } = await run('pdfinfo', ['-box', '-f', '1', '-l', '9999', pdf]);
  const pages = Number(stdout.match(/^Pages: +(\d+)/m)![1]);
  const box = (page: number, name: string) =>
    stdout
      .match(new RegExp(`Page +${page} ${name}: +([\\d.\\s-]+)`))![1]!
      .trim()
      .split(/\s+/)
      .map(Number);
  return Array.from({ length: pages }, (_, k) => ({
    trim: box(k + 1, 'TrimBox'),
    bleed: box(k + 1, 'BleedBox'),
    media: box(k + 1, 'MediaBox'),
  }));
}

const widthMm = (b: number[]) => (b[2]! - b[0]!) / PT_PER_MM;
const heightMm = (b: number[]) => (b[3]! - b[1]!) / PT_PER_MM;

describe.each(databaseKinds())('photo book production on %s', (kind: DatabaseKind) => {
  let t: TestApp;
  let app: FastifyInstance;
  let book: BookTemplate;
  let product: Product;

  beforeAll(async () => {
    t = await startTestApp(kind, { jobs: { work: true, timing: FAST }, labPassword: LAB_PASSWORD });
    app = t.app;
    const books = (await app.inject({ url: '/m/api/templates/photobooks' })).json() as BookTemplate[];
    book = books.find((b) => b.name.en_GB === 'Holiday book')!;
    const products = ((await app.inject({ url: '/m/api/products' })).json() as { products: Product[] })
      .products;
    product = products.find((p) => p.uuid === book.product.uuid)!;
  });
  afterAll(async () => {
    await t?.close();
  });

  const spec = () => product.photobook!;

  /** A book of `pages` inner pages, every layout in turn, the shopper's one picture in every slot. */
  async function orderBook(pages: number) {
    const { picture, cookie } = await uploadPhoto(app, { width: 1600, height: 1200, background: '#c0392b' });
    const bookPages = Array.from({ length: pages }, (_, k) => ({
      id: bookPageId(k + 1),
      typeId: book.book.layouts[k % book.book.layouts.length]!,
    }));
    const image = { uuid: picture.uuid, rotation: 0, cropRect: { x: 0, y: 0, width: 1, height: 1 } };
    // Every picture slot takes the one picture: a book is ordered only when no slot is empty.
    const onPages = bookPages.flatMap((page) =>
      layoutSlots(book, page.typeId)
        .filter((s) => s.type === 'IMAGE')
        .map((s) => ({ fullId: `${page.id}:${s.resourceId}`, type: 'IMAGE', image })),
    );
    const added = await app.inject({
      method: 'POST',
      url: '/m/api/webshop/cart',
      headers: { cookie },
      payload: {
        product: { uuid: product.uuid },
        subProductUuids: [],
        quantity: 1,
        template: {
          uuid: book.uuid,
          year: null,
          bookPages,
          resources: [{ fullId: `${book.pages[0]!.id}:photo`, type: 'IMAGE', image }, ...onPages],
        },
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    // The cart's thumbnail of the line is its cover: the spread at this book's spine.
    const [cartLine] = (await cartOf(app, cookie)).orderLines;
    const thumb = await app.inject({
      url: `/m/api/webshop/cart/${cartLine!.uuid}/preview.jpg?width=320`,
      headers: { cookie },
    });
    expect(thumb.statusCode, thumb.body).toBe(200);
    const { width, height } = await sharp(thumb.rawPayload).metadata();
    const wrap = spec().binding.cover === 'hard' ? spec().binding.wrapMm : 0;
    expect(width! / height!).toBeCloseTo(
      (2 * spec().pageMm.width + spineWidthMm(spec(), pages) + 2 * wrap) / (spec().pageMm.height + 2 * wrap),
      1,
    );
    const orderUuid = await placeOrder(app, cookie);
    const { row, manifest } = await producedManifest(t.db.database.db, t.dataDir, orderUuid, 150_000);
    expect(row.productionError).toBeNull();
    expect(manifest.status).toBe('ready');
    const [line] = manifest.lines;
    expect(line!.kind).toBe('photobook');
    const file = (part: 'cover' | 'pages') => {
      const entry = line!.files.find((f) => f.bookPart === part)!;
      return { entry, path: path.join(t.dataDir, 'production', orderUuid, entry.name) };
    };
    return { cover: file('cover'), pages: file('pages'), line: line! };
  }

  it('a book becomes a cover spread and its pages, each with TrimBox and BleedBox, and more pages make a wider cover', async () => {
    const [fewest] = pageCounts(spec().pages);
    const more = fewest! + 16;
    const thin = await orderBook(fewest!);
    const thick = await orderBook(more);

    for (const [made, pages] of [
      [thin, fewest!],
      [thick, more],
    ] as const) {
      expect(made.line.files.map((f) => f.name)).toEqual([
        expect.stringMatching(/-cover\.pdf$/),
        expect.stringMatching(/-pages\.pdf$/),
      ]);
      for (const f of [made.cover, made.pages]) {
        await run('qpdf', ['--check', f.path]);
        const bytes = await readFile(f.path);
        expect(bytes.length).toBe(f.entry.bytes);
      }

      // The pages: the book's page count, each its trimmed page with 3 mm bleed round it.
      const inner = await pageBoxes(made.pages.path);
      expect(inner).toHaveLength(pages);
      expect(made.pages.entry.pages).toBe(pages);
      for (const { trim, bleed, media } of inner) {
        expect(media).toEqual(bleed);
        expect(widthMm(trim)).toBeCloseTo(spec().pageMm.width, 1);
        expect(heightMm(trim)).toBeCloseTo(spec().pageMm.height, 1);
        expect(widthMm(bleed) - widthMm(trim)).toBeCloseTo(6, 1);
        expect(heightMm(bleed) - heightMm(trim)).toBeCloseTo(6, 1);
      }

      // The cover: one page, 2 × the page width + the spine (+ 2 × the turn-in) with 3 mm bleed.
      const [cover, ...rest] = await pageBoxes(made.cover.path);
      expect(rest).toEqual([]);
      const spine = spineWidthMm(spec(), pages);
      const wrap = spec().binding.cover === 'hard' ? spec().binding.wrapMm : 0;
      expect(widthMm(cover!.trim)).toBeCloseTo(2 * spec().pageMm.width + spine + 2 * wrap, 1);
      expect(heightMm(cover!.trim)).toBeCloseTo(spec().pageMm.height + 2 * wrap, 1);
      expect(widthMm(cover!.bleed) - widthMm(cover!.trim)).toBeCloseTo(6, 1);
      expect(made.cover.entry).toMatchObject({ pages: 1, spineMm: spine, wrapMm: wrap });
      expect(made.cover.entry.widthMm).toBeCloseTo(widthMm(cover!.trim), 1);
      // Where the lab folds it round the spine.
      expect(made.cover.entry.folds!.map((f) => f.atMm)).toEqual([
        wrap + spec().pageMm.width,
        wrap + spec().pageMm.width + spine,
      ]);
    }
    const coverWidth = async (made: typeof thin) => widthMm((await pageBoxes(made.cover.path))[0]!.trim);
    expect(await coverWidth(thick)).toBeGreaterThan(await coverWidth(thin));
    expect((await coverWidth(thick)) - (await coverWidth(thin))).toBeCloseTo(
      spineWidthMm(spec(), more) - spineWidthMm(spec(), fewest!),
      1,
    );
    // The thin soft cover's spine cannot take the title: the lab is told it was left off.
    expect(thin.line.warnings.some((w) => /spine .* too thin for its text/.test(w))).toBe(
      spineWidthMm(spec(), fewest!) < 5,
    );

    // The lab desk lists the line as a photo book with both files, the cover's spine and the pages' count.
    const orders = await app.inject({
      url: '/lab/api/orders',
      headers: { authorization: `Bearer ${LAB_PASSWORD}` },
    });
    expect(orders.statusCode, orders.body).toBe(200);
    const lines = (
      orders.json() as { orders: { lines: { kind: string; files: unknown[] }[] }[] }
    ).orders.flatMap((o) => o.lines);
    expect(lines.map((l) => [l.kind, l.files.length])).toEqual([
      ['photobook', 2],
      ['photobook', 2],
    ]);
    for (const made of [thin, thick]) {
      expect(lines.flatMap((l) => l.files)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            name: made.cover.entry.name,
            bookPart: 'cover',
            pages: 1,
            spineMm: made.cover.entry.spineMm,
          }),
          expect.objectContaining({
            name: made.pages.entry.name,
            bookPart: 'pages',
            pages: made.pages.entry.pages,
          }),
        ]),
      );
    }
  }, 300_000);
});
