import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BookPicture } from '../../../../engine/photobook/bookPicture.ts';
import {
  DUPLICATE_WINDOW_MS,
  hammingDistance,
  leaveOutDuplicates,
  NEAR_DUPLICATE_BITS,
  nearDuplicateGroups,
  parseHash,
} from '../../../../engine/photobook/duplicates.ts';
import { flipBits, hashOf, picture, takenAt } from './bookPictures.ts';

const BASE = hashOf(0x12345678, 0x9abcdef0);
/** The first `n` bits, spread over both halves. */
const bits = (n: number) => Array.from({ length: n }, (_, i) => (i * 9) % 64);

describe('hammingDistance', () => {
  it('counts the differing bits of two hashes', () => {
    expect(hammingDistance(BASE, BASE)).toBe(0);
    expect(hammingDistance(BASE, flipBits(BASE, [0]))).toBe(1);
    expect(hammingDistance(BASE, flipBits(BASE, [63]))).toBe(1);
    expect(hammingDistance(BASE, flipBits(BASE, bits(7)))).toBe(7);
    expect(hammingDistance('0000000000000000', 'ffffffffffffffff')).toBe(64);
  });

  it('reads upper-case hex alike', () => {
    expect(hammingDistance(BASE.toUpperCase(), BASE)).toBe(0);
  });

  it('is null for anything but 16 hex digits', () => {
    expect(hammingDistance(BASE, '')).toBeNull();
    expect(hammingDistance(BASE, BASE.slice(1))).toBeNull();
    expect(hammingDistance(`${BASE}0`, BASE)).toBeNull();
    expect(hammingDistance('g234567890abcdef', BASE)).toBeNull();
    expect(parseHash('0x23456789abcdef')).toBeNull();
  });

  it('agrees with counting bit by bit', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
        fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
        (a, b) => {
          const hex = (v: bigint) => v.toString(16).padStart(16, '0');
          const expected = [...(a ^ b).toString(2)].filter((c) => c === '1').length;
          expect(hammingDistance(hex(a), hex(b))).toBe(expected);
        },
      ),
    );
  });
});

describe('near-duplicates', () => {
  it(`are pictures at most ${NEAR_DUPLICATE_BITS} bits apart: exactly at the limit is a duplicate, one more is not`, () => {
    const a = picture({ hash: BASE });
    const atLimit = picture({ hash: flipBits(BASE, bits(NEAR_DUPLICATE_BITS)) });
    const beyond = picture({ hash: flipBits(BASE, bits(NEAR_DUPLICATE_BITS + 1)) });
    expect(nearDuplicateGroups([a, atLimit])).toEqual([[0, 1]]);
    expect(nearDuplicateGroups([a, beyond])).toEqual([]);
  });

  it('are taken within the time window when both times are known: exactly at it is, a millisecond beyond is not', () => {
    const at = (ms: number) => picture({ hash: BASE, takenAt: takenAt(ms) });
    const first = at(0);
    // Whole seconds: EXIF times have no milliseconds, so the window's edge is tried with an ISO fraction.
    expect(nearDuplicateGroups([first, at(DUPLICATE_WINDOW_MS)])).toEqual([[0, 1]]);
    const beyond = picture({ hash: BASE, takenAt: `${takenAt(DUPLICATE_WINDOW_MS)}.001` });
    expect(nearDuplicateGroups([first, beyond])).toEqual([]);
  });

  it('are judged by the hash alone when either time is unknown', () => {
    const timed = picture({ hash: BASE, takenAt: takenAt(0) });
    const untimed = picture({ hash: BASE, takenAt: null });
    const laterTimed = picture({ hash: BASE, takenAt: takenAt(10 * DUPLICATE_WINDOW_MS) });
    // Each is a duplicate of the untimed one, so all three group although the timed two are far apart.
    expect(nearDuplicateGroups([timed, untimed, laterTimed])).toEqual([[0, 1, 2]]);
    expect(nearDuplicateGroups([timed, laterTimed])).toEqual([]);
  });

  it('group transitively: a burst drifting a few bits a shot is one group', () => {
    const drift = [0, 1, 2].map((k) => flipBits(BASE, bits(5 * k))); // 0, 5, 10 bits from BASE
    expect(hammingDistance(drift[0]!, drift[2]!)).toBeGreaterThan(NEAR_DUPLICATE_BITS);
    const burst = drift.map((hash) => picture({ hash }));
    expect(nearDuplicateGroups(burst)).toEqual([[0, 1, 2]]);
  });

  it('never include a picture without a usable hash', () => {
    expect(
      nearDuplicateGroups([picture({ hash: '' }), picture({ hash: '' }), picture({ hash: 'zz' })]),
    ).toEqual([]);
  });
});

describe('leaveOutDuplicates', () => {
  it('keeps the sharpest of a group and drops the others as duplicates, in input order', () => {
    const soft = picture({ hash: BASE, sharpness: 50 });
    const sharp = picture({ hash: flipBits(BASE, [3]), sharpness: 400 });
    const middling = picture({ hash: flipBits(BASE, [40]), sharpness: 120 });
    const other = picture();
    const { kept, dropped } = leaveOutDuplicates([soft, other, sharp, middling]);
    expect(kept).toEqual([other, sharp]);
    expect(dropped).toEqual([
      { uuid: soft.uuid, reason: 'duplicate' },
      { uuid: middling.uuid, reason: 'duplicate' },
    ]);
  });

  it('keeps the larger of equally sharp duplicates, then the first given', () => {
    const small = picture({ hash: BASE, width: 2000, height: 1500 });
    const large = picture({ hash: BASE });
    const sameAsLarge = picture({ hash: BASE });
    expect(leaveOutDuplicates([small, large, sameAsLarge]).kept).toEqual([large]);
    expect(leaveOutDuplicates([sameAsLarge, large]).kept).toEqual([sameAsLarge]);
  });

  it('ranks an unmeasured sharpness below any measured one', () => {
    const unknown = picture({ hash: BASE, sharpness: Number.NaN });
    const blurred = picture({ hash: BASE, sharpness: 0 });
    expect(leaveOutDuplicates([unknown, blurred]).kept).toEqual([blurred]);
  });

  it('keeps one picture of a set that is all duplicates', () => {
    const all = Array.from({ length: 40 }, (_, i) =>
      picture({ hash: flipBits(BASE, [i % 64]), sharpness: i === 17 ? 900 : i }),
    );
    const { kept, dropped } = leaveOutDuplicates(all);
    expect(kept).toEqual([all[17]]);
    expect(dropped).toHaveLength(39);
  });

  it('keeps exactly the sharpest of each group of near-identical pictures (property)', () => {
    const group = fc.record({
      base: fc.tuple(fc.integer({ min: 0, max: 0xffffffff }), fc.integer({ min: 0, max: 0xffffffff })),
      // Each member up to 3 bits from its group's base: any two at most 6 apart.
      members: fc.array(
        fc.record({
          flips: fc.uniqueArray(fc.integer({ min: 0, max: 63 }), { maxLength: 3 }),
          sharpness: fc.double({ min: 0, max: 1000, noNaN: true }),
        }),
        { minLength: 1, maxLength: 6 },
      ),
    });
    fc.assert(
      fc.property(fc.array(group, { minLength: 1, maxLength: 8 }), fc.integer(), (groups, seed) => {
        const bases = groups.map((g) => hashOf(g.base[0], g.base[1]));
        // Bases far enough apart that no member is near another group's (3 + 3 + 6 bits).
        for (let i = 0; i < bases.length; i++)
          for (let j = i + 1; j < bases.length; j++) fc.pre(hammingDistance(bases[i]!, bases[j]!)! > 12);
        const pictures: (BookPicture & { group: number })[] = groups.flatMap((g, k) =>
          g.members.map((m) => ({
            ...picture({ hash: flipBits(bases[k]!, m.flips), sharpness: m.sharpness }),
            group: k,
          })),
        );
        // Interleaved in an arbitrary order: grouping does not need neighbours.
        const shuffled = fc.sample(fc.shuffledSubarray(pictures, { minLength: pictures.length }), {
          numRuns: 1,
          seed,
        })[0]!;
        const { kept, dropped } = leaveOutDuplicates(shuffled);
        expect(kept).toHaveLength(groups.length);
        for (let k = 0; k < groups.length; k++) {
          const members = shuffled.filter((p) => p.group === k);
          const sharpest = Math.max(...members.map((p) => p.sharpness));
          const survivors = kept.filter((p) => members.includes(p as (typeof members)[number]));
          expect(survivors).toHaveLength(1);
          expect(survivors[0]!.sharpness).toBe(sharpest);
        }
        expect(dropped.every((d) => d.reason === 'duplicate')).toBe(true);
        expect(kept.length + dropped.length).toBe(shuffled.length);
      }),
    );
  });
});
