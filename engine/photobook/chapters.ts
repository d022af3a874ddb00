/**
 * The book's order and chapters (issue 33): pictures run in capture order, and a large gap in time
 * (the next day of a trip, the next event of a year) starts a new chapter on a new spread.
 */
import type { BookPicture } from './bookPicture.ts';
import { captureTime } from './bookPicture.ts';

/** A gap longer than this may start a chapter: a night's sleep or more between two pictures. */
export const CHAPTER_GAP_MS = 6 * 60 * 60 * 1000;

/**
 * And it must be longer than this many times the set's median gap: a year's pictures a few a week
 * apart would otherwise be a chapter each; there only the holidays and the long quiet spells stand out.
 */
export const CHAPTER_GAP_MEDIAN_FACTOR = 3;

/**
 * The pictures in capture order, stable (equal times keep their upload order). A picture without a
 * time keeps its place among its upload neighbours: it stays right after the timed picture uploaded
 * just before it, and those uploaded before any timed one stay right before the first timed picture
 * uploaded after them (a phone's camera roll uploads in order, so a neighbour's time is the best
 * guess). With no times at all the upload order is the book's order.
 */
export function captureOrder(pictures: readonly BookPicture[]): BookPicture[] {
  const times = pictures.map((p) => captureTime(p.takenAt));
  // Untimed pictures that follow each timed one (key: its index), and those before any timed one.
  const following = new Map<number, BookPicture[]>();
  const leading: BookPicture[] = [];
  let lastTimed = -1;
  for (let i = 0; i < pictures.length; i++) {
    if (times[i] !== null) {
      lastTimed = i;
      continue;
    }
    const picture = pictures[i]!;
    if (lastTimed < 0) leading.push(picture);
    else {
      const list = following.get(lastTimed);
      if (list) list.push(picture);
      else following.set(lastTimed, [picture]);
    }
  }
  const timed = pictures
    .map((_, i) => i)
    .filter((i) => times[i] !== null)
    .sort((a, b) => (times[a] as number) - (times[b] as number) || a - b);
  if (timed.length === 0) return [...leading];
  const firstUploadedTimed = Math.min(...timed);
  const ordered: BookPicture[] = [];
  for (const i of timed) {
    if (i === firstUploadedTimed) ordered.push(...leading);
    ordered.push(pictures[i]!, ...(following.get(i) ?? []));
  }
  return ordered;
}

/** Where a chapter starts: the index of its first picture in capture order, and the gap before it. */
export interface ChapterBreak {
  readonly start: number;
  readonly gapMs: number;
}

/** The median of the gaps between consecutive timed pictures, 0 for fewer than two. */
function medianGap(gaps: readonly number[]): number {
  if (gaps.length === 0) return 0;
  const sorted = [...gaps].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The gap a chapter needs in a set with these gaps: max(CHAPTER_GAP_MS, 3 × the median gap). */
export function chapterGap(gaps: readonly number[]): number {
  return Math.max(CHAPTER_GAP_MS, CHAPTER_GAP_MEDIAN_FACTOR * medianGap(gaps));
}

/**
 * The chapter breaks of pictures already in capture order (captureOrder): before each timed picture
 * taken more than chapterGap after the timed picture before it. Untimed pictures in between stay with
 * the chapter before, as they stay with the timed picture uploaded before them.
 */
export function chapterBreaks(ordered: readonly BookPicture[]): ChapterBreak[] {
  const timed: { index: number; time: number }[] = [];
  ordered.forEach((p, index) => {
    const time = captureTime(p.takenAt);
    if (time !== null) timed.push({ index, time });
  });
  const gaps = timed.slice(1).map((t, k) => t.time - timed[k]!.time);
  const needed = chapterGap(gaps);
  const breaks: ChapterBreak[] = [];
  gaps.forEach((gapMs, k) => {
    if (gapMs > needed) breaks.push({ start: timed[k + 1]!.index, gapMs });
  });
  return breaks;
}
