/**
 * Near-duplicates (issue 33): a burst, or the same pose shot twice, should be in the book once.
 *
 * Two pictures are near-duplicates when their 64-bit dHashes differ in at most NEAR_DUPLICATE_BITS
 * bits and, when both capture times are known, they were taken within DUPLICATE_WINDOW_MS of each
 * other. Near-duplicates are grouped transitively (a burst drifts a little from shot to shot), and
 * of each group the sharpest is kept; the others are dropped with reason 'duplicate'.
 */
import type { BookPicture, DroppedPicture } from './bookPicture.ts';
import { captureTime } from './bookPicture.ts';

/**
 * At most this many of the 64 bits may differ. Krawetz, who described dHash ("Kind of Like That",
 * hackerfactor.com, 2013), reads a distance of 0 as the same picture, 1 to 10 as a possible variation
 * and above 10 as different. We take the lower part of that band: a distinct picture dropped is a
 * memory left out of the book, a near-duplicate kept only a little repetition.
 */
export const NEAR_DUPLICATE_BITS = 6;

/**
 * Pictures with known times further apart than this are never duplicates, however alike: the same
 * view at breakfast and at dinner is two moments. Five minutes holds a burst and a re-shot pose.
 */
export const DUPLICATE_WINDOW_MS = 5 * 60 * 1000;

const HASH = /^[0-9a-f]{16}$/i;

/** A dHash as its two 32-bit halves, or null when it is not 16 hex digits (then never a duplicate). */
export function parseHash(hash: string): readonly [number, number] | null {
  if (typeof hash !== 'string' || !HASH.test(hash)) return null;
  return [Number.parseInt(hash.slice(0, 8), 16), Number.parseInt(hash.slice(8), 16)];
}

function bitCount(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The number of bits two dHashes differ in, or null when either is not a 16-hex-digit hash. */
export function hammingDistance(a: string, b: string): number | null {
  const x = parseHash(a);
  const y = parseHash(b);
  if (!x || !y) return null;
  return bitCount((x[0] ^ y[0]) >>> 0) + bitCount((x[1] ^ y[1]) >>> 0);
}

/** A sharpness to rank by: an unknown one ranks below every measured one. */
export function rankedSharpness(picture: BookPicture): number {
  return Number.isFinite(picture.sharpness) ? picture.sharpness : Number.NEGATIVE_INFINITY;
}

/**
 * Whether `a` is the better one to keep of two near-duplicates: the sharper, then the larger (more
 * pixels to print), then the one uploaded first, so the choice never depends on anything else.
 */
function keepsBefore(a: BookPicture, ia: number, b: BookPicture, ib: number): boolean {
  const sa = rankedSharpness(a);
  const sb = rankedSharpness(b);
  if (sa !== sb) return sa > sb;
  const pa = a.width * a.height;
  const pb = b.width * b.height;
  if (pa !== pb && Number.isFinite(pa) && Number.isFinite(pb)) return pa > pb;
  return ia < ib;
}

/** The groups of near-duplicates, as indices into `pictures`, each in input order; singletons left out. */
export function nearDuplicateGroups(pictures: readonly BookPicture[]): number[][] {
  const n = pictures.length;
  const hashes = pictures.map((p) => parseHash(p.hash));
  const times = pictures.map((p) => captureTime(p.takenAt));
  const parent = Array.from({ length: n }, (_, i) => i);
  const root = (i: number): number => {
    let r = i;
    while (parent[r] !== r) r = parent[r]!;
    // Path halving keeps the trees flat: a 300-picture burst stays linear.
    let k = i;
    while (parent[k] !== r) {
      const next = parent[k]!;
      parent[k] = r;
      k = next;
    }
    return r;
  };
  for (let i = 0; i < n; i++) {
    const hi = hashes[i];
    if (!hi) continue;
    const ti = times[i]!;
    for (let j = i + 1; j < n; j++) {
      const hj = hashes[j];
      if (!hj) continue;
      const tj = times[j]!;
      if (ti !== null && tj !== null && Math.abs(ti - tj) > DUPLICATE_WINDOW_MS) continue;
      const bits = bitCount((hi[0] ^ hj[0]) >>> 0) + bitCount((hi[1] ^ hj[1]) >>> 0);
      if (bits > NEAR_DUPLICATE_BITS) continue;
      const ri = root(i);
      const rj = root(j);
      // The smaller index becomes the root, so a group's root is its first picture.
      if (ri !== rj) parent[Math.max(ri, rj)] = Math.min(ri, rj);
    }
  }
  const groups = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const r = root(i);
    const group = groups.get(r);
    if (group) group.push(i);
    else groups.set(r, [i]);
  }
  return [...groups.values()].filter((g) => g.length > 1);
}

/**
 * The pictures without their near-duplicates (input order kept) and those left out, in input order.
 */
export function leaveOutDuplicates(pictures: readonly BookPicture[]): {
  kept: BookPicture[];
  dropped: DroppedPicture[];
} {
  const out = new Set<number>();
  for (const group of nearDuplicateGroups(pictures)) {
    let best = group[0]!;
    for (const i of group) if (keepsBefore(pictures[i]!, i, pictures[best]!, best)) best = i;
    for (const i of group) if (i !== best) out.add(i);
  }
  const kept: BookPicture[] = [];
  const dropped: DroppedPicture[] = [];
  pictures.forEach((p, i) => {
    if (out.has(i)) dropped.push({ uuid: p.uuid, reason: 'duplicate' });
    else kept.push(p);
  });
  return { kept, dropped };
}
