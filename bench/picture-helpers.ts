/** Shared by the picture benches: synthetic photos and finding a real ImageMagick. */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import sharp from 'sharp';

/**
 * Writes a photo-like JPEG: smooth colour gradients and a few soft blobs with per-pixel noise on
 * top (so it compresses like a real photo, not like a flat fill). `noise` is the amplitude (±);
 * `seed` makes each file's bytes different.
 */
export async function writeNoisyJpeg(
  file: string,
  width: number,
  height: number,
  quality: number,
  noise: number,
  seed = 1,
): Promise<number> {
  const data = Buffer.alloc(width * height * 3);
  let s = seed * 2654435761 || 1;
  const rand = () => {
    // xorshift32
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
  const blobs = Array.from({ length: 6 }, () => ({
    x: rand() * width,
    y: rand() * height,
    r: (0.1 + rand() * 0.25) * Math.min(width, height),
    c: [rand() * 120 - 60, rand() * 120 - 60, rand() * 120 - 60],
  }));
  let at = 0;
  for (let y = 0; y < height; y++) {
    const gy = y / height;
    for (let x = 0; x < width; x++) {
      const gx = x / width;
      let r = 60 + 140 * gx;
      let g = 80 + 100 * gy;
      let b = 180 - 120 * gx * gy;
      for (const blob of blobs) {
        const dx = x - blob.x;
        const dy = y - blob.y;
        const d2 = (dx * dx + dy * dy) / (blob.r * blob.r);
        if (d2 < 4) {
          const k = Math.exp(-d2);
          r += blob.c[0]! * k;
          g += blob.c[1]! * k;
          b += blob.c[2]! * k;
        }
      }
      const n = (rand() - 0.5) * 2 * noise;
      data[at++] = Math.max(0, Math.min(255, r + n));
      data[at++] = Math.max(0, Math.min(255, g + n));
      data[at++] = Math.max(0, Math.min(255, b + (rand() - 0.5) * 2 * noise));
    }
  }
  const info = await sharp(data, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toFile(file);
  return info.size;
}

const isImageMagick = (cmd: string) => {
  const res = spawnSync(cmd, ['-version'], { encoding: 'utf8' });
  return res.status === 0 && /^Version: ImageMagick/m.test(res.stdout);
};

/** A real ImageMagick command (`magick`, or `convert` that says ImageMagick), else null. */
function findImageMagick(): string | null {
  // /usr/local/bin/convert may be a stand-in that shadows Debian's /usr/bin/convert.
  const candidates = ['magick', 'convert', '/usr/bin/convert', 'convert-im6.q16', '/usr/bin/magick'];
  return candidates.find(isImageMagick) ?? null;
}

/**
 * A real ImageMagick, installing Debian's `imagemagick` once (apt-get, as root) if none is found.
 * Returns the command, or the reason there is none.
 */
export function ensureImageMagick(): { cmd: string } | { reason: string } {
  const found = findImageMagick();
  if (found) return { cmd: found };
  if (process.getuid?.() !== 0)
    return { reason: 'no ImageMagick and not root, so cannot apt-get install it' };
  const apt = (args: string[]) =>
    spawnSync('apt-get', args, {
      encoding: 'utf8',
      timeout: 300_000,
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  process.stderr.write('ImageMagick not found: apt-get install -y imagemagick…\n');
  let res = apt(['install', '-y', '--no-install-recommends', 'imagemagick']);
  if (res.status !== 0) {
    apt(['update']);
    res = apt(['install', '-y', '--no-install-recommends', 'imagemagick']);
  }
  const after = findImageMagick();
  if (after) return { cmd: after };
  const tail = `${res.stderr ?? ''}${res.error ?? ''}`.trim().split('\n').slice(-1)[0] ?? '';
  return { reason: `apt-get install imagemagick failed (exit ${res.status}): ${tail}`.slice(0, 200) };
}

export const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** The app in a child process (bench/serve-pictures-for-bench.ts), so the load generator and the
 * upload's client do not share its event loop or its memory. */
export async function startPictureServer() {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'serve-pictures-for-bench.ts')],
    { stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, DATABASE_URL: '' } },
  );
  let out = '';
  const waiters: { prefix: string; resolve: (v: unknown) => void }[] = [];
  const exited = new Promise<never>((_, reject) =>
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`))),
  );
  exited.catch(() => {});
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    let nl = out.indexOf('\n');
    while (nl >= 0) {
      const line = out.slice(0, nl);
      out = out.slice(nl + 1);
      const at = waiters.findIndex((w) => line.startsWith(`${w.prefix} `));
      if (at >= 0) waiters.splice(at, 1)[0]!.resolve(JSON.parse(line.slice(line.indexOf(' ') + 1)));
      nl = out.indexOf('\n');
    }
  });
  const next = <T>(prefix: string) =>
    Promise.race([
      new Promise<T>((resolve) => waiters.push({ prefix, resolve: resolve as (v: unknown) => void })),
      exited,
    ]);
  const { port } = await next<{ port: number }>('READY');
  return {
    base: `http://127.0.0.1:${port}`,
    /** Sends a command line; with `answer`, waits for the line starting with it. */
    async command<T>(line: string, answer?: string): Promise<T | undefined> {
      const reply = answer ? next<T>(answer) : undefined;
      child.stdin.write(`${line}\n`);
      return reply;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill(), 5000);
        child.on('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.stdin.end();
      }),
  };
}
