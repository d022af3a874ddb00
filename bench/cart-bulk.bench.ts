/**
 * The forty-photo cart (issue 5): a shopper with 40 print lines changes format and quantity of all of
 * them in one bulk Done, or of one line in the print editor. Measured against the real app in a
 * child process (seeded PGlite in memory): the median time of `PUT /m/api/webshop/cart` with 40 lines
 * and of `PUT /m/api/webshop/cart/{uuid}`, each answered with the whole re-priced cart.
 */
import sharp from 'sharp';
import type { Cart, Product } from '../shop/contract.ts';
import { median, startPictureServer } from './picture-helpers.ts';
import { report } from './report.ts';

const bench = 'cart-bulk';
const LINES = 40;
const RUNS = 15;
const UPLOAD =
  '/system/iframes/upload_internal.php?handleuploads=1&interface=HTML&redirect=&uploadtype=printsorder&json=1&thumbnails=640';
const server = await startPictureServer();
try {
  const form = new FormData();
  for (let i = 0; i < LINES; i++) {
    const jpeg = await sharp({
      create: { width: 600, height: 400, channels: 3, background: { r: i * 6, g: 90, b: 140 } },
    })
      .jpeg()
      .toBuffer();
    form.append('images[]', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `photo-${i}.jpg`);
  }
  const upload = await fetch(`${server.base}${UPLOAD}`, { method: 'POST', body: form });
  if (!upload.ok) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
  const cookie = (upload.headers.get('set-cookie') ?? '').split(';')[0]!;
  const headers = { cookie, 'content-type': 'application/json' };
  const cart = (await (await fetch(`${server.base}/m/api/webshop/cart`, { headers })).json()) as Cart;
  if (cart.orderLines.length !== LINES) throw new Error(`${cart.orderLines.length} lines, not ${LINES}`);
  const { products } = (await (await fetch(`${server.base}/m/api/products`)).json()) as {
    products: Product[];
  };
  const formats = products.filter((p) => p.producttype === 0 && p.minQuantity === 1);

  const time = async (url: string, body: unknown) => {
    const t0 = performance.now();
    const res = await fetch(url, { method: 'PUT', headers, body: JSON.stringify(body) });
    const answer = (await res.json()) as Cart;
    const ms = performance.now() - t0;
    if (!res.ok || answer.orderLines.length !== LINES) throw new Error(`PUT ${url}: ${res.status}`);
    return ms;
  };
  const bulk: number[] = [];
  const single: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const format = formats[run % formats.length]!;
    bulk.push(
      await time(
        `${server.base}/m/api/webshop/cart`,
        cart.orderLines.map((l) => ({ ...l, product: { uuid: format.uuid }, quantity: 1 + (run % 5) })),
      ),
    );
    const line = cart.orderLines[run % LINES]!;
    single.push(
      await time(`${server.base}/m/api/webshop/cart/${line.uuid}`, {
        ...line,
        product: { uuid: format.uuid },
        quantity: 2,
      }),
    );
  }
  report({
    bench,
    figure: `bulk PUT of ${LINES} lines`,
    value: +median(bulk).toFixed(1),
    unit: 'ms',
    note: `median of ${RUNS}, format and quantity of every line, answered with the re-priced cart; max ${Math.max(...bulk).toFixed(0)} ms`,
  });
  report({
    bench,
    figure: `PUT of one line in a ${LINES}-line cart`,
    value: +median(single).toFixed(1),
    unit: 'ms',
    note: `median of ${RUNS}; max ${Math.max(...single).toFixed(0)} ms`,
  });
} finally {
  await server.stop();
}
