import { describe, expect, it } from 'vitest';
import { captureTime, hasUsableSize, pictureAspect } from '../../../../engine/photobook/bookPicture.ts';
import { BASE_TIME, HOUR, takenAt } from './bookPictures.ts';

describe('captureTime', () => {
  it('reads an EXIF time without a zone as UTC, whatever the machine zone', () => {
    expect(captureTime(takenAt(3 * HOUR + 22_000))).toBe(BASE_TIME + 3 * HOUR + 22_000);
  });

  it('takes a zone or an offset when the time has one', () => {
    const naive = takenAt(10 * HOUR);
    expect(captureTime(`${naive}Z`)).toBe(BASE_TIME + 10 * HOUR);
    expect(captureTime(`${naive}+02:00`)).toBe(BASE_TIME + 8 * HOUR);
    expect(captureTime(`${naive}.250`)).toBe(BASE_TIME + 10 * HOUR + 250);
  });

  it('is null for an unknown or unreadable time', () => {
    expect(captureTime(null)).toBeNull();
    expect(captureTime(undefined)).toBeNull();
    expect(captureTime('')).toBeNull();
    expect(captureTime('yesterday')).toBeNull();
    expect(captureTime(takenAt(0).replace('T', ' '))).toBeNull();
    // The shape of a date but no such day.
    expect(captureTime(`${takenAt(0).slice(0, 5)}13-45T10:00:00`)).toBeNull();
  });
});

describe('picture size', () => {
  it('gives the upright aspect', () => {
    expect(pictureAspect({ width: 4000, height: 3000 })).toBeCloseTo(4 / 3, 12);
  });

  it('takes only positive finite sizes', () => {
    expect(hasUsableSize({ width: 1, height: 1 })).toBe(true);
    expect(hasUsableSize({ width: 0, height: 10 })).toBe(false);
    expect(hasUsableSize({ width: 10, height: -1 })).toBe(false);
    expect(hasUsableSize({ width: Number.NaN, height: 10 })).toBe(false);
    expect(hasUsableSize({ width: Number.POSITIVE_INFINITY, height: 10 })).toBe(false);
  });
});
