/**
 * A photo book's production (issue 33 "Targets": a 100-page book produced in at most 60 s, at most
 * 600 MB more memory), against the real app working its queues in a process of its own
 * (serve-production-for-bench.ts): the largest soft-cover 20x20 book, every picture slot of every
 * layout filled from 20 photos of 12 megapixels, ordered, and timed from the order to both files
 * ready (the cover spread and the pages PDF), with the server's peak RSS added while it renders.
 */
import { type BookTemplate, bookPageId, layoutSlots } from '../engine/index.ts';
import type { Product } from '../shop/contract.ts';
import { startProductionServer } from './production-server.ts';
import { report } from './report.ts';

const bench = 'photobook-production';
const { base, child, ask, photos, uploadPictures, placeOrder, produced, close } =
  await startProductionServer(bench);

try {
  const books = (await (await fetch(`${base}/m/api/templates/photobooks`)).json()) as BookTemplate[];
  const book = books.find((t) => t.name.en_GB === 'Holiday book')!;
  const products = ((await (await fetch(`${base}/m/api/products`)).json()) as { products: Product[] })
    .products;
  const product = products.find((p) => p.uuid === book.product.uuid)!;
  const pages = product.photobook!.pages.max;
  const { pictures, cookie } = await uploadPictures(await photos(20, 4000, 3000), 20);
  const bookPages = Array.from({ length: pages }, (_, k) => ({
    id: bookPageId(k + 1),
    typeId: book.book.layouts[k % book.book.layouts.length]!,
  }));
  let n = 0;
  const image = () => ({
    uuid: pictures[n++ % pictures.length]!.uuid,
    rotation: 0,
    cropRect: { x: 0, y: 0, width: 1, height: 0.75 },
  });
  const resources = [
    { fullId: `${book.pages[0]!.id}:photo`, type: 'IMAGE', image: image() },
    ...bookPages.flatMap((page) =>
      layoutSlots(book, page.typeId)
        .filter((s) => s.type === 'IMAGE')
        .map((s) => ({ fullId: `${page.id}:${s.resourceId}`, type: 'IMAGE', image: image() })),
    ),
  ];
  const added = await fetch(`${base}/m/api/webshop/cart`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      product: { uuid: product.uuid },
      subProductUuids: [],
      quantity: 1,
      template: { uuid: book.uuid, version: book.version, year: null, bookPages, resources },
    }),
  });
  if (!added.ok) throw new Error(`book line: ${added.status} ${await added.text()}`);

  child.stdin.write('MEM_START\n');
  const started = performance.now();
  const orderUuid = await placeOrder(cookie);
  const seconds = await produced(orderUuid, started, 600_000);
  const mem = await ask<{ baseline: number; peak: number }>('MEM_STOP', 'MEM');
  report({
    bench,
    figure: `${pages}-page book (${resources.length} pictures placed): order to cover and pages PDFs ready`,
    value: seconds.toFixed(1),
    unit: 's',
    note: 'goal ≤ 60 s on 2 cores',
  });
  report({
    bench,
    figure: `${pages}-page book: server memory added while producing`,
    value: Math.round((mem.peak - mem.baseline) / 2 ** 20),
    unit: 'MB',
    note: `goal ≤ 600 MB; peak RSS ${Math.round(mem.peak / 2 ** 20)} MB, ${Math.round(mem.baseline / 2 ** 20)} MB before`,
  });
} finally {
  await close();
}
