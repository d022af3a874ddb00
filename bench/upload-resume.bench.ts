/**
 * What a cut costs (issue 32): an ≈8 MB photo whose connection is killed after 40 % of its bytes,
 * sent again to the end. A TCP proxy in front of the real app (bench/serve-pictures-for-bench.ts)
 * counts every byte the client sends (headers too) and kills the connection at the cut.
 * - resumable: tus-js-client in Node, with the browser's piece size (shop's RESUMABLE_CHUNK_BYTES),
 *   retries and goes on from the server's offset (target ≤ 1.1× the photo);
 * - one-shot: S0 §7's print upload, cut the same way and sent whole again, as the queue did before
 *   (≈1.4×).
 * Each path must end in exactly one picture.
 */
import { readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Upload } from 'tus-js-client';
import { RESUMABLE_CHUNK_BYTES, RESUMABLE_UPLOAD_PATH } from '../shop/index.ts';
import { startPictureServer, writeNoisyJpeg } from './picture-helpers.ts';
import { report } from './report.ts';

const bench = 'upload-resume';
const CUT = 0.4;
const TARGET = 1.1;
const ONE_SHOT =
  '/system/iframes/upload_internal.php?handleuploads=1&interface=HTML&redirect=&uploadtype=printsorder&json=1&thumbnails=640';

/** A TCP proxy that counts what clients send and, when armed, kills the connection at a byte count. */
async function countingProxy(target: URL) {
  let sent = 0;
  let cutAt: number | null = null;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
    }
    client.on('data', (data: Buffer) => {
      if (cutAt !== null && sent + data.length >= cutAt) {
        const part = data.subarray(0, cutAt - sent);
        sent += part.length;
        cutAt = null;
        // What got through before the tunnel arrives; then the connection is gone both ways.
        upstream.write(part, () => {
          upstream.destroy();
          client.destroy();
        });
        return;
      }
      sent += data.length;
      upstream.write(data);
    });
    upstream.on('data', (data) => client.write(data));
    client.on('end', () => upstream.end());
    upstream.on('end', () => client.end());
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    /** Starts counting afresh and kills the connection once `bytes` have been sent. */
    arm(bytes: number) {
      sent = 0;
      cutAt = bytes;
    },
    get sent() {
      return sent;
    },
    get armed() {
      return cutAt !== null;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The photo through tus-js-client, retrying (and so resuming) after the cut; answers its picture's uuid. */
function resumable(base: string, photo: Buffer): Promise<{ uuid: string; retries: number }> {
  let cookie = '';
  let retries = 0;
  return new Promise((resolve, reject) => {
    const upload = new Upload(photo, {
      endpoint: `${base}${RESUMABLE_UPLOAD_PATH}`,
      chunkSize: RESUMABLE_CHUNK_BYTES,
      uploadSize: photo.length,
      metadata: { filename: 'photo.jpg', filetype: 'image/jpeg', uploadtype: 'printsorder' },
      retryDelays: [0, 250, 1000],
      onShouldRetry: () => {
        retries++;
        return true;
      },
      // The session is the upload's owner: its cookie goes with every request, as a browser's would.
      onBeforeRequest: (req) => {
        if (cookie) req.setHeader('Cookie', cookie);
      },
      onAfterResponse: (_req, res) => {
        const set = res.getHeader('set-cookie') as unknown as string[] | string | undefined;
        const first = Array.isArray(set) ? set[0] : set;
        if (first) cookie = first.split(';')[0]!;
      },
      onSuccess: ({ lastResponse }) => {
        const body = JSON.parse(lastResponse.getBody()) as { files: { uuid: string }[] };
        resolve({ uuid: body.files[0]!.uuid, retries });
      },
      onError: reject,
    });
    upload.start();
  });
}

/** The photo as one multipart POST, sent whole again after the cut; answers its picture's uuid. */
async function oneShot(base: string, photo: Buffer): Promise<{ uuid: string; retries: number }> {
  let retries = 0;
  for (;;) {
    const form = new FormData();
    form.append('images[]', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
    try {
      const res = await fetch(`${base}${ONE_SHOT}`, { method: 'POST', body: form });
      const body = (await res.json()) as { files: { uuid: string; error: string | null }[] };
      if (!res.ok || body.files[0]?.error) throw new Error(`one-shot upload: ${res.status}`);
      return { uuid: body.files[0]!.uuid, retries };
    } catch (error) {
      if (++retries > 3) throw error;
    }
  }
}

const work = path.join(tmpdir(), `bench-upload-resume-${process.pid}.jpg`);
const server = await startPictureServer();
const proxy = await countingProxy(new URL(server.base));
try {
  // 4000×3000 at quality 98 with noise: ≈8 MB, as a phone's photo.
  const size = await writeNoisyJpeg(work, 4000, 3000, 98, 18, 7);
  const photo = await readFile(work);
  const rows: { path: string; ratio: number; retries: number }[] = [];
  for (const [name, send] of [
    ['resumable (tus)', resumable],
    ['one-shot, retried whole', oneShot],
  ] as const) {
    proxy.arm(Math.floor(size * CUT));
    const { uuid, retries } = await send(proxy.base, photo);
    if (proxy.armed) throw new Error(`${name}: the upload was never cut`);
    if (!uuid) throw new Error(`${name}: no picture`);
    rows.push({ path: name, ratio: proxy.sent / size, retries });
  }
  const [tus, whole] = rows as [(typeof rows)[0], (typeof rows)[0]];
  report({
    bench,
    figure: 'resumable: bytes sent / photo, cut at 40 %',
    value: +tus.ratio.toFixed(3),
    unit: '×',
    note: `${(size / 1024 / 1024).toFixed(1)} MB photo, ${RESUMABLE_CHUNK_BYTES / 1024} KB pieces, ${tus.retries} retry; HTTP headers counted; target ≤ ${TARGET}×`,
  });
  report({
    bench,
    figure: 'one-shot: bytes sent / photo, cut at 40 %',
    value: +whole.ratio.toFixed(3),
    unit: '×',
    note: `the same photo as one multipart POST, sent whole again after the cut (${whole.retries} retry)`,
  });
  if (tus.ratio > TARGET) throw new Error(`resumable upload cost ${tus.ratio.toFixed(3)}×, over ${TARGET}×`);
} finally {
  await proxy.close();
  await server.stop();
  await rm(work, { force: true });
}
