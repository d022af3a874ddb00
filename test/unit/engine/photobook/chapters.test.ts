import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { captureTime } from '../../../../engine/photobook/bookPicture.ts';
import {
  CHAPTER_GAP_MEDIAN_FACTOR,
  CHAPTER_GAP_MS,
  captureOrder,
  chapterBreaks,
  chapterGap,
} from '../../../../engine/photobook/chapters.ts';
import { bookPictures, HOUR, MINUTE, picture, takenAt } from './bookPictures.ts';

const at = (ms: number) => picture({ takenAt: takenAt(ms) });
const untimed = () => picture({ takenAt: null });

describe('captureOrder', () => {
  it('sorts by capture time', () => {
    const [a, b, c] = [at(2 * HOUR), at(0), at(HOUR)];
    expect(captureOrder([a!, b!, c!])).toEqual([b, c, a]);
  });

  it('keeps the upload order of pictures taken at the same time', () => {
    const burst = [at(HOUR), at(HOUR), at(HOUR)];
    const earlier = at(0);
    expect(captureOrder([...burst, earlier])).toEqual([earlier, ...burst]);
  });

  it('keeps a picture without a time right after the timed picture uploaded before it', () => {
    const late = at(5 * HOUR);
    const lost = untimed();
    const early = at(HOUR);
    expect(captureOrder([late, lost, early])).toEqual([early, late, lost]);
  });

  it('keeps pictures uploaded before any timed one right before the first timed one uploaded', () => {
    const [u1, u2] = [untimed(), untimed()];
    const first = at(5 * HOUR);
    const earlier = at(HOUR);
    expect(captureOrder([u1, u2, first, earlier])).toEqual([earlier, u1, u2, first]);
  });

  it('keeps the upload order when no picture has a time', () => {
    const all = [untimed(), untimed(), untimed()];
    expect(captureOrder(all)).toEqual(all);
    expect(captureOrder([])).toEqual([]);
  });

  it('is a stable permutation with the timed pictures in time order (property)', () => {
    fc.assert(
      fc.property(bookPictures(80), (pictures) => {
        const ordered = captureOrder(pictures);
        expect([...ordered].sort((a, b) => a.uuid.localeCompare(b.uuid))).toEqual(
          [...pictures].sort((a, b) => a.uuid.localeCompare(b.uuid)),
        );
        const times = ordered.map((p) => captureTime(p.takenAt)).filter((t) => t !== null);
        for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThanOrEqual(times[i - 1]!);
        // An untimed picture's nearest timed picture before it in the book is the one uploaded before
        // it; for one uploaded before any timed picture, the nearest after it is the first timed uploaded.
        const firstTimed = pictures.find((p) => p.takenAt !== null);
        pictures.forEach((p, i) => {
          if (p.takenAt !== null) return;
          const uploadedBefore = pictures
            .slice(0, i)
            .reverse()
            .find((q) => q.takenAt !== null);
          const at = ordered.indexOf(p);
          const timedBefore = ordered
            .slice(0, at)
            .reverse()
            .find((q) => q.takenAt !== null);
          const timedAfter = ordered.slice(at + 1).find((q) => q.takenAt !== null);
          if (uploadedBefore) expect(timedBefore).toBe(uploadedBefore);
          else expect(timedAfter).toBe(firstTimed);
        });
      }),
    );
  });
});

describe('chapterGap', () => {
  it(`is ${CHAPTER_GAP_MS / HOUR} h for pictures taken minutes apart`, () => {
    expect(chapterGap([MINUTE, 2 * MINUTE, 10 * MINUTE])).toBe(CHAPTER_GAP_MS);
    expect(chapterGap([])).toBe(CHAPTER_GAP_MS);
  });

  it(`is ${CHAPTER_GAP_MEDIAN_FACTOR} × the median gap for pictures days apart`, () => {
    const day = 24 * HOUR;
    expect(chapterGap([day, 2 * day, 3 * day])).toBe(CHAPTER_GAP_MEDIAN_FACTOR * 2 * day);
    expect(chapterGap([day, 3 * day])).toBe(CHAPTER_GAP_MEDIAN_FACTOR * 2 * day);
  });
});

describe('chapterBreaks', () => {
  it('breaks at a gap longer than the chapter gap: exactly at it does not', () => {
    const pictures = [at(0), at(MINUTE), at(MINUTE + CHAPTER_GAP_MS), at(2 * MINUTE + CHAPTER_GAP_MS)];
    expect(chapterBreaks(pictures)).toEqual([]);
    const later = [at(0), at(MINUTE), at(2 * MINUTE + CHAPTER_GAP_MS), at(3 * MINUTE + CHAPTER_GAP_MS)];
    expect(chapterBreaks(later)).toEqual([{ start: 2, gapMs: MINUTE + CHAPTER_GAP_MS }]);
  });

  it('breaks only at gaps well above the usual one for pictures days apart', () => {
    const day = 24 * HOUR;
    // A picture a day, then a fortnight away, then a picture a day again.
    const times = [0, 1, 2, 3, 17, 18, 19].map((d) => d * day);
    expect(chapterBreaks(times.map(at))).toEqual([{ start: 4, gapMs: 14 * day }]);
  });

  it('keeps untimed pictures with the chapter before the break', () => {
    const later = 2 * CHAPTER_GAP_MS;
    const ordered = [
      at(0),
      at(MINUTE),
      untimed(),
      at(later),
      untimed(),
      at(later + MINUTE),
      at(later + 2 * MINUTE),
    ];
    expect(chapterBreaks(ordered)).toEqual([{ start: 3, gapMs: later - MINUTE }]);
  });

  it('finds none between two or three timed pictures: their median gap is as large as their largest', () => {
    expect(chapterBreaks([at(0), at(10 * CHAPTER_GAP_MS)])).toEqual([]);
    expect(chapterBreaks([at(0), at(MINUTE), at(10 * CHAPTER_GAP_MS)])).toEqual([]);
  });

  it('finds none without times, for one picture, or for none', () => {
    expect(chapterBreaks([untimed(), untimed()])).toEqual([]);
    expect(chapterBreaks([at(0)])).toEqual([]);
    expect(chapterBreaks([])).toEqual([]);
  });
});
