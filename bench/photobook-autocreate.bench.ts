/**
 * Photo book auto-create from 200 phone photos (issue 33 "Targets": ≤ 10 s on 2 cores, ≤ 300 MB added).
 * The real app in a child process (bench/serve-pictures-for-bench.ts, fresh PGlite) takes 200 JPEGs of
 * 4032×3024 with EXIF capture times (blocks and gradients of their own; every 20th a near-duplicate of
 * the one before, every 25th shaken) as uploadtype=photobook; then POST autocreate → GET until done is
 * timed, with the server's peak RSS over its baseline meanwhile.
 *
 * The worst case: the upload's analysis queue is stopped before the upload, so not one picture is
 * analysed when the book is asked for (ANALYSED says how many were); the book job does all of it.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { startPictureServer } from './picture-helpers.ts';
import { report } from './report.ts';

const bench = 'photobook-autocreate';
const PICTURES = 200;
const PER_REQUEST = 20;
const [W, H] = [4032, 3024];
const UPLOAD =
  '/system/iframes/upload_internal.php?handleuploads=1&interface=HTML&redirect=&uploadtype=photobook&json=1&thumbnails=640';
const MB = 1024 * 1024;

function seeded(seed: number) {
  let s = seed * 2654435761 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

/**
 * Grain over every photo (soft light, ±24 about mid grey), so a file is about a phone's size (≈2 MB)
 * and its decoding costs what a real photo's does; the hash at 9×8 does not see it.
 */
const grain = (() => {
  const rand = seeded(7);
  const data = Buffer.alloc(W * H * 3);
  for (let i = 0; i < data.length; i++) data[i] = 104 + Math.floor(rand() * 48);
  return data;
})();

/** A photo's pixels: a small random picture of blocks enlarged, the blocks' size varying, grained. */
function photo(seed: number) {
  const rand = seeded(seed);
  const grids: [number, number][] = [
    [16, 12],
    [32, 24],
    [8, 6],
  ];
  const [w, h] = grids[seed % 3]!;
  const raw = Buffer.alloc(w * h * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = Math.floor(rand() * 256);
  const blocks = sharp(raw, { raw: { width: w, height: h, channels: 3 } }).resize(W, H, {
    kernel: 'nearest',
  });
  return blocks.composite([{ input: grain, raw: { width: W, height: H, channels: 3 }, blend: 'soft-light' }]);
}

const exifTime = (t: Date) => t.toISOString().slice(0, 19).replace('T', ' ').replaceAll('-', ':');

async function writePhotos(dir: string): Promise<string[]> {
  const start = new Date(Date.UTC(new Date().getUTCFullYear() - 1, 6, 1, 9));
  const files: string[] = [];
  for (let i = 0; i < PICTURES; i++) files.push(path.join(dir, `IMG_${1000 + i}.JPG`));
  let next = 0;
  const one = async () => {
    for (let i = next++; i < PICTURES; i = next++) {
      // Every 20th a second shot of the one before; every 25th shaken.
      const near = i % 20 === 19;
      let image = photo(near ? i : i + 1);
      if (near) image = image.modulate({ brightness: 1.03 });
      if (i % 25 === 24) image = image.blur(25);
      // Ten minutes apart; a second shot five seconds after the first.
      const taken = new Date(start.getTime() + (near ? (i - 1) * 600_000 + 5000 : i * 600_000));
      const bytes = await image
        .withExifMerge({ IFD2: { DateTimeOriginal: exifTime(taken) } })
        .jpeg({ quality: 90 })
        .toBuffer();
      await writeFile(files[i]!, bytes);
    }
  };
  await Promise.all([one(), one(), one(), one()]);
  return files;
}

const work = await mkdtemp(path.join(tmpdir(), 'bench-photobook-'));
const server = await startPictureServer();
try {
  process.stderr.write(`writing ${PICTURES} photos of ${W}×${H}…\n`);
  const files = await writePhotos(work);
  await server.command('PAUSE_ANALYSIS', 'PAUSED');
  let cookie = '';
  const uuids: string[] = [];
  let bytes = 0;
  for (let at = 0; at < files.length; at += PER_REQUEST) {
    const form = new FormData();
    for (const file of files.slice(at, at + PER_REQUEST)) {
      const data = await readFile(file);
      bytes += data.length;
      form.append('images[]', new Blob([data], { type: 'image/jpeg' }), path.basename(file));
    }
    const res = await fetch(`${server.base}${UPLOAD}`, {
      method: 'POST',
      body: form,
      headers: cookie ? { cookie } : {},
    });
    const body = await res.text();
    if (!res.ok) throw new Error(`upload: ${res.status} ${body}`);
    cookie ||= (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    for (const f of (JSON.parse(body) as { files: { uuid: string; error: string | null }[] }).files) {
      if (!f.uuid || f.error) throw new Error(`upload: ${body}`);
      uuids.push(f.uuid);
    }
  }
  const templates = (await (await fetch(`${server.base}/m/api/templates/photobooks`)).json()) as {
    uuid: string;
    type: string;
  }[];
  const template = templates.find((x) => x.type === 'PHOTOBOOK');
  if (!template) throw new Error('no photo book template');
  const before = await server.command<{ signals: number; regions: number }>('ANALYSED', 'ANALYSED');
  // Settles the upload's garbage, so the baseline is the server at rest.
  await new Promise((resolve) => setTimeout(resolve, 1000));

  await server.command('MEM_START');
  const t0 = performance.now();
  const asked = await fetch(`${server.base}/m/api/photobooks/autocreate`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ template: template.uuid, pictures: uuids }),
  });
  const answer = (await asked.json()) as { job?: string; uuid?: string };
  if (!asked.ok) throw new Error(`autocreate: ${asked.status} ${JSON.stringify(answer)}`);
  const job = answer.job ?? answer.uuid;
  let status: { status: string; dropped: { uuid: string; reason: string }[]; design: unknown } | null = null;
  for (;;) {
    const res = await fetch(`${server.base}/m/api/photobooks/autocreate/${job}`, { headers: { cookie } });
    status = (await res.json()) as typeof status;
    if (!res.ok) throw new Error(`autocreate status: ${res.status} ${JSON.stringify(status)}`);
    if (status!.status === 'done' || status!.status === 'failed') break;
    if (performance.now() - t0 > 600_000) throw new Error('autocreate: not done in 10 minutes');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seconds = (performance.now() - t0) / 1000;
  const mem = await server.command<{ baseline: number; peak: number; samples: number; cpuMs: number }>(
    'MEM_STOP',
    'MEM',
  );
  if (status!.status !== 'done') throw new Error(`autocreate ${status!.status}`);
  const reasons = new Map<string, number>();
  for (const d of status!.dropped) reasons.set(d.reason, (reasons.get(d.reason) ?? 0) + 1);
  const dropped = [...reasons].map(([reason, n]) => `${n} ${reason}`).join(', ') || 'none';

  report({
    bench,
    figure: `auto-create of ${PICTURES} photos`,
    value: +seconds.toFixed(2),
    unit: 's',
    note: `POST → GET done, server CPU ${(mem!.cpuMs / 1000).toFixed(1)} s; ${before!.signals} of ${PICTURES} analysed when asked; left out: ${dropped}`,
  });
  report({
    bench,
    figure: 'server RSS added during it',
    value: +((mem!.peak - mem!.baseline) / MB).toFixed(1),
    unit: 'MB',
    note: `peak ${(mem!.peak / MB).toFixed(0)} MB over a baseline of ${(mem!.baseline / MB).toFixed(0)} MB`,
  });
  report({
    bench,
    figure: 'upload size',
    value: +(bytes / MB).toFixed(1),
    unit: 'MB',
    note: `${PICTURES} JPEGs ${W}×${H} q90 grained, with EXIF DateTimeOriginal, ${PER_REQUEST} a request`,
  });
} finally {
  await server.stop();
  await rm(work, { recursive: true, force: true });
}
