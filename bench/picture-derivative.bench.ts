/**
 * (a) A 24-megapixel JPEG → 640 px sepia derivative, cold (no cached derivative: a fresh dataDir
 * per run), median of 5, through PictureStore.derivative — the very call XPhoto makes — and the
 * same job with ImageMagick's `convert` in the same run, as the ratio ImageMagick / sharp.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '../server/db/connect.ts';
import { PictureStore, pictureStats } from '../server/services/pictures/pictures.ts';
import { LocalObjectStore } from '../server/storage/localStore.ts';
import { ensureImageMagick, median, writeNoisyJpeg } from './picture-helpers.ts';
import { report } from './report.ts';

const RUNS = 5;
const bench = 'picture-derivative';
const work = await mkdtemp(path.join(tmpdir(), 'bench-picture-derivative-'));
try {
  const input = path.join(work, 'in.jpg');
  const bytes = await writeNoisyJpeg(input, 6000, 4000, 90, 12);
  const sha256 = createHash('sha256')
    .update(await readFile(input))
    .digest('hex');
  const picture = {
    uuid: '00000000-0000-4000-8000-000000000000',
    sha256,
    originalName: 'in.jpg',
    bytes,
    width: 6000,
    height: 4000,
    hasMaster: false,
  };

  // sharp through the service. derivative() never touches the database, so none is opened.
  const sharpMs: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const dataDir = path.join(work, `data-${run}`);
    await mkdir(path.join(dataDir, 'pictures', 'originals'), { recursive: true });
    await copyFile(input, path.join(dataDir, 'pictures', 'originals', sha256));
    const store = new PictureStore(undefined as unknown as Db, {
      storage: new LocalObjectStore(dataDir),
      scratchDir: path.join(dataDir, 'upload-scratch'),
    });
    const jobsBefore = pictureStats.sharpJobs;
    const t0 = performance.now();
    const jpeg = await store.derivative(picture, 640, 2, 0);
    sharpMs.push(performance.now() - t0);
    if (pictureStats.sharpJobs !== jobsBefore + 1) throw new Error('derivative was not made cold');
    if (jpeg.length < 1000) throw new Error('derivative is implausibly small');
    await rm(dataDir, { recursive: true, force: true });
  }
  const sharpMedian = median(sharpMs);
  report({
    bench,
    figure: 'sharp 24 MP → 640 sepia (cold)',
    value: +sharpMedian.toFixed(1),
    unit: 'ms',
    note: `PictureStore.derivative, median of ${RUNS}, input ${(bytes / 1e6).toFixed(1)} MB q90; runs ${sharpMs.map((m) => m.toFixed(0)).join('/')}`,
  });

  const im = ensureImageMagick();
  if ('reason' in im) {
    console.error(`ImageMagick rows skipped: ${im.reason}`);
    for (const figure of ['ImageMagick convert', 'ImageMagick convert, jpeg:size', 'ImageMagick / sharp'])
      report({ bench, figure, value: 'skipped', unit: '', note: im.reason });
  } else {
    const version = spawnSync(im.cmd, ['-version'], { encoding: 'utf8' }).stdout.split('\n')[0]!;
    const timeIm = (pre: string[]) => {
      const ms: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const out = path.join(work, `im-${run}.jpg`);
        const args = [...pre, input, '-resize', '640x640', '-sepia-tone', '80%', '-quality', '85', out];
        const t0 = performance.now();
        const res = spawnSync(im.cmd, args, { encoding: 'utf8' });
        ms.push(performance.now() - t0);
        if (res.status !== 0) throw new Error(`${im.cmd} ${args.join(' ')}: ${res.stderr}`);
      }
      return ms;
    };
    const plain = timeIm([]);
    const sized = timeIm(['-define', 'jpeg:size=1280x1280']);
    const plainMedian = median(plain);
    const sizedMedian = median(sized);
    report({
      bench,
      figure: 'ImageMagick convert',
      value: +plainMedian.toFixed(1),
      unit: 'ms',
      note: `${im.cmd} in.jpg -resize 640x640 -sepia-tone 80% -quality 85 out.jpg, no shrink-on-load, median of ${RUNS} (incl. process start); ${version}`,
    });
    report({
      bench,
      figure: 'ImageMagick convert, jpeg:size',
      value: +sizedMedian.toFixed(1),
      unit: 'ms',
      note: `same with -define jpeg:size=1280x1280 (IM's shrink-on-load), median of ${RUNS}`,
    });
    const ratio = plainMedian / sharpMedian;
    report({
      bench,
      figure: 'ImageMagick / sharp',
      value: +ratio.toFixed(2),
      unit: 'ratio',
      note: `acceptance ≥ 3: ${ratio >= 3 ? 'met' : 'NOT met'}`,
    });
    report({
      bench,
      figure: 'ImageMagick jpeg:size / sharp',
      value: +(sizedMedian / sharpMedian).toFixed(2),
      unit: 'ratio',
      note: 'both with shrink-on-load (the fair comparison)',
    });
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
