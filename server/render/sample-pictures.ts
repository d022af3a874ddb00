/**
 * Deterministic sample photos drawn with @napi-rs/canvas: a sky gradient, a sun, two mountain ranges,
 * a lake and a few trees; no text. Generated on demand (PNG buffers), never committed as binaries.
 * The one generator for the tests' fixtures, the benches and the author harness's sample pictures
 * (GET /m/api/dev/sample-pictures, server/routes/harness.ts).
 */
import type { Canvas } from '@napi-rs/canvas';
import type { PictureRef } from '../../engine/index.ts';
import { canvasModule } from './canvas.ts';

export interface SamplePhotoSpec {
  name: string;
  width: number;
  height: number;
}

/** A landscape, a portrait and a square photo. */
export const SAMPLE_PHOTOS: readonly SamplePhotoSpec[] = [
  { name: 'landscape', width: 1600, height: 1200 },
  { name: 'portrait', width: 1200, height: 1600 },
  { name: 'square', width: 800, height: 800 },
];

/** A tiny deterministic PRNG (mulberry32), so "random" trees are the same on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The colours of one kind of landscape: sky from top to horizon, sun, far and near hills, water, trees. */
interface Theme {
  sky: [string, string, string];
  sun: string;
  far: string;
  near: string;
  water: [string, string];
  trunk: string;
  leaf: string;
}

/** A summer day by a mountain lake: seeds 1 to 4 (the fixtures', the harness's and the benches'). */
const MOUNTAIN_LAKE: Theme = {
  sky: ['#1e4f9c', '#6fa8dc', '#f6d7a7'],
  sun: '#ffd84a',
  far: '#5b6f8c',
  near: '#3c7a3f',
  water: ['#4a86c5', '#1d3f6e'],
  trunk: '#5a3b1c',
  leaf: '#1f4d22',
};

/**
 * The other landscapes, from seed 5 on (issue 31: every list preview showed the same mountain lake, so
 * the lists looked monotonous): a sunset by the sea, a green meadow, a winter day, an autumn wood.
 */
const MORE_THEMES: readonly Theme[] = [
  {
    sky: ['#2b1d4f', '#e0603a', '#f9c46b'],
    sun: '#ffb347',
    far: '#6b4a6e',
    near: '#c9a36b',
    water: ['#3d6f9e', '#1b3a5c'],
    trunk: '#4a3020',
    leaf: '#2e5e3a',
  },
  {
    sky: ['#3a8ee6', '#9fd3ff', '#e8f6ff'],
    sun: '#fff3a0',
    far: '#7fae5b',
    near: '#4f9a3a',
    water: ['#6fb3e0', '#2e6d9e'],
    trunk: '#6b4a2a',
    leaf: '#2f6b2a',
  },
  {
    sky: ['#9fb7d9', '#dfe8f5', '#ffffff'],
    sun: '#fffbe8',
    far: '#c9d6e8',
    near: '#eef2f8',
    water: ['#8fb0cf', '#4e6f91'],
    trunk: '#4b3a2e',
    leaf: '#1d3b2b',
  },
  {
    sky: ['#5a7fb5', '#f2b880', '#f7dcb0'],
    sun: '#ffd27a',
    far: '#8a6a5a',
    near: '#b5651d',
    water: ['#4a6fa0', '#23395d'],
    trunk: '#3e2a1a',
    leaf: '#a0401a',
  },
];

const themeOf = (seed: number): Theme =>
  seed <= 4 ? MOUNTAIN_LAKE : MORE_THEMES[(seed - 5) % MORE_THEMES.length]!;

/** Draw the sample landscape onto a new canvas of `width` x `height`. `seed` varies the scene. */
export function drawSamplePhoto(width: number, height: number, seed = 1): Canvas {
  const canvas = canvasModule().createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const rand = prng(seed);
  const u = Math.min(width, height);
  const theme = themeOf(seed);

  const sky = ctx.createLinearGradient(0, 0, 0, height * 0.65);
  sky.addColorStop(0, theme.sky[0]);
  sky.addColorStop(0.6, theme.sky[1]);
  sky.addColorStop(1, theme.sky[2]);
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, width, height);

  // Sun with a glow.
  const sx = width * (0.25 + 0.5 * rand());
  const sy = height * 0.22;
  const glow = ctx.createRadialGradient(sx, sy, u * 0.04, sx, sy, u * 0.22);
  glow.addColorStop(0, 'rgba(255, 236, 150, 0.9)');
  glow.addColorStop(1, 'rgba(255, 236, 150, 0)');
  ctx.fillStyle = glow;
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = theme.sun;
  ctx.beginPath();
  ctx.arc(sx, sy, u * 0.07, 0, Math.PI * 2);
  ctx.fill();

  // Two mountain ranges, far (blue-grey) and near (green).
  const range = (base: number, amplitude: number, peaks: number, color: string) => {
    ctx.fillStyle = color;
    ctx.beginPath();
    ctx.moveTo(0, height);
    ctx.lineTo(0, base);
    for (let i = 0; i < peaks; i++) {
      const x0 = (width * (i + 0.5)) / peaks;
      ctx.lineTo(x0, base - amplitude * (0.5 + 0.5 * rand()));
      ctx.lineTo((width * (i + 1)) / peaks, base - amplitude * 0.15 * rand());
    }
    ctx.lineTo(width, height);
    ctx.closePath();
    ctx.fill();
  };
  range(height * 0.62, height * 0.3, 4, theme.far);
  range(height * 0.72, height * 0.22, 6, theme.near);

  // A lake.
  const lake = ctx.createLinearGradient(0, height * 0.8, 0, height);
  lake.addColorStop(0, theme.water[0]);
  lake.addColorStop(1, theme.water[1]);
  ctx.fillStyle = lake;
  ctx.beginPath();
  ctx.ellipse(width * 0.5, height * 0.9, width * 0.45, height * 0.09, 0, 0, Math.PI * 2);
  ctx.fill();

  // Trees: brown trunks and dark green triangles.
  for (let i = 0; i < 7; i++) {
    const tx = width * (0.05 + 0.9 * rand());
    const ty = height * (0.74 + 0.06 * rand());
    const th = u * (0.08 + 0.06 * rand());
    ctx.fillStyle = theme.trunk;
    ctx.fillRect(tx - th * 0.05, ty, th * 0.1, th * 0.25);
    ctx.fillStyle = theme.leaf;
    ctx.beginPath();
    ctx.moveTo(tx, ty - th);
    ctx.lineTo(tx - th * 0.3, ty + th * 0.05);
    ctx.lineTo(tx + th * 0.3, ty + th * 0.05);
    ctx.closePath();
    ctx.fill();
  }
  return canvas;
}

/** A sample photo as PNG bytes. */
export function samplePhotoPng(width: number, height: number, seed = 1): Buffer {
  return drawSamplePhoto(width, height, seed).toBuffer('image/png');
}

/** The three sample photos as PNG bytes, by name. */
export function samplePhotos(): Record<string, Buffer> {
  return Object.fromEntries(SAMPLE_PHOTOS.map((p, i) => [p.name, samplePhotoPng(p.width, p.height, i + 1)]));
}

/** A sample picture of the harness: a fixed uuid, its size and its seed. */
export interface SamplePicture extends PictureRef {
  name: string;
  seed: number;
}

/**
 * The harness's sample pictures: the three sample photos plus a wide panorama, each with a fixed
 * uuid so a harness render and a browser render pick the same pictures for the same slots.
 */
export const SAMPLE_PICTURES: readonly SamplePicture[] = [
  { uuid: '5a3f0000-0000-4000-8000-000000000001', name: 'landscape', width: 1600, height: 1200, seed: 1 },
  { uuid: '5a3f0000-0000-4000-8000-000000000002', name: 'portrait', width: 1200, height: 1600, seed: 2 },
  { uuid: '5a3f0000-0000-4000-8000-000000000003', name: 'square', width: 800, height: 800, seed: 3 },
  { uuid: '5a3f0000-0000-4000-8000-000000000004', name: 'panorama', width: 2000, height: 1000, seed: 4 },
];

/**
 * The list previews' pictures: the harness's four and four more landscapes. Each template's preview
 * starts at another of them (`samplesFor`), so a list of templates shows a varied set.
 */
export const LIST_SAMPLE_PICTURES: readonly SamplePicture[] = [
  ...SAMPLE_PICTURES,
  { uuid: '5a3f0000-0000-4000-8000-000000000005', name: 'sea at sunset', width: 1600, height: 1200, seed: 5 },
  { uuid: '5a3f0000-0000-4000-8000-000000000006', name: 'meadow', width: 1200, height: 1600, seed: 6 },
  { uuid: '5a3f0000-0000-4000-8000-000000000007', name: 'winter', width: 1600, height: 1200, seed: 7 },
  { uuid: '5a3f0000-0000-4000-8000-000000000008', name: 'autumn', width: 1200, height: 1200, seed: 8 },
];

/** The sample pictures in the order a template's preview takes them: a stable turn of the list per template. */
export function samplesFor<T>(templateUuid: string, pictures: readonly T[]): T[] {
  if (pictures.length === 0) return [];
  let hash = 0;
  for (const c of templateUuid) hash = (Math.imul(hash, 31) + c.charCodeAt(0)) >>> 0;
  const start = hash % pictures.length;
  return [...pictures.slice(start), ...pictures.slice(0, start)];
}

const encoded = new Map<string, Buffer>();

/** A harness sample picture's PNG bytes by uuid (drawn once, then kept), or null for another uuid. */
export function samplePicturePng(uuid: string): Buffer | null {
  const spec = LIST_SAMPLE_PICTURES.find((p) => p.uuid === uuid);
  if (!spec) return null;
  let png = encoded.get(uuid);
  if (!png) {
    png = samplePhotoPng(spec.width, spec.height, spec.seed);
    encoded.set(uuid, png);
  }
  return png;
}
