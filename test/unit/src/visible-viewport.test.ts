import { describe, expect, it } from 'vitest';
import { keyboardInset, visibleArea } from '../../../src/features/editor/visibleViewport.ts';

/** A Pixel 7 in Chromium: 412 x 839 CSS pixels of layout viewport. */
const PHONE = { width: 412, height: 839 };

describe('keyboardInset', () => {
  it('is what the visual viewport leaves hidden below it', () => {
    expect(keyboardInset(839, 839, 0)).toBe(0);
    // A 330 px keyboard: the visual viewport is 509 px high at the top of the layout viewport.
    expect(keyboardInset(839, 509, 0)).toBe(330);
    // The browser panned down by 200 px to show a field: less is hidden below.
    expect(keyboardInset(839, 509, 200)).toBe(130);
    expect(keyboardInset(839, 509, 330)).toBe(0);
  });

  it('is never negative (a visual viewport taller than the layout one, an odd offset)', () => {
    expect(keyboardInset(780, 839, 0)).toBe(0);
    expect(keyboardInset(839, 509, 400)).toBe(0);
    expect(keyboardInset(839, 509, -40)).toBe(330);
  });
});

describe('visibleArea', () => {
  it('is null when the whole layout viewport is on screen (nothing to fit)', () => {
    expect(visibleArea(PHONE, { offsetTop: 0, offsetLeft: 0, width: 412, height: 839 })).toBeNull();
    // Sub-pixel rounding is not a keyboard.
    expect(visibleArea(PHONE, { offsetTop: 0.4, offsetLeft: 0, width: 412, height: 838.5 })).toBeNull();
    // A visual viewport reported taller than the layout one (a toolbar hiding) hides nothing.
    expect(visibleArea(PHONE, { offsetTop: 0, offsetLeft: 0, width: 412, height: 900 })).toBeNull();
  });

  it('is the part above the keyboard', () => {
    expect(visibleArea(PHONE, { offsetTop: 0, offsetLeft: 0, width: 412, height: 509 })).toEqual({
      top: 0,
      left: 0,
      width: 412,
      height: 509,
    });
  });

  it('moves down with a visual viewport the browser panned to the field', () => {
    expect(visibleArea(PHONE, { offsetTop: 200, offsetLeft: 0, width: 412, height: 509 })).toEqual({
      top: 200,
      left: 0,
      width: 412,
      height: 509,
    });
  });

  it('is the zoomed-in part of a zoom', () => {
    expect(visibleArea(PHONE, { offsetTop: 100, offsetLeft: 50, width: 257.5, height: 524.4 })).toEqual({
      top: 100,
      left: 50,
      width: 257.5,
      height: 524.4,
    });
  });

  it('stays inside the layout viewport whatever the browser reports mid-animation', () => {
    expect(visibleArea(PHONE, { offsetTop: -30, offsetLeft: 0, width: 412, height: 509 })).toEqual({
      top: 0,
      left: 0,
      width: 412,
      height: 509,
    });
    expect(visibleArea(PHONE, { offsetTop: 500, offsetLeft: 0, width: 412, height: 509 })).toEqual({
      top: 500,
      left: 0,
      width: 412,
      height: 339,
    });
    expect(visibleArea(PHONE, { offsetTop: 0, offsetLeft: -10, width: 500, height: 509 })?.width).toBe(412);
  });

  it('is null before the layout viewport has a size', () => {
    expect(
      visibleArea({ width: 0, height: 0 }, { offsetTop: 0, offsetLeft: 0, width: 412, height: 509 }),
    ).toBeNull();
  });
});
