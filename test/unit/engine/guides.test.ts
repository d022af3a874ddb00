import { describe, expect, it } from 'vitest';
import {
  BLEED_MM,
  GUIDES,
  guidesFromParam,
  guidesParam,
  pageGuides,
  SAFE_AREA_MM,
} from '../../../engine/guides.ts';

describe('print guides', () => {
  it('draws the bleed the print PDFs add, and the safe area inside the trim', () => {
    const g = pageGuides({ width: 148, height: 105 }, []);
    expect(g.trim).toEqual({ x: 0, y: 0, width: 148, height: 105 });
    expect(g.bleed).toEqual({
      x: -BLEED_MM,
      y: -BLEED_MM,
      width: 148 + 2 * BLEED_MM,
      height: 105 + 2 * BLEED_MM,
    });
    expect(g.safe).toEqual({
      x: SAFE_AREA_MM,
      y: SAFE_AREA_MM,
      width: 148 - 2 * SAFE_AREA_MM,
      height: 105 - 2 * SAFE_AREA_MM,
    });
    expect(g.folds).toEqual([]);
  });

  it('draws a fold across the whole sheet, bleed included', () => {
    const g = pageGuides({ width: 210, height: 148 }, [
      { axis: 'vertical', atMm: 105 },
      { axis: 'horizontal', atMm: 74 },
    ]);
    expect(g.folds).toEqual([
      { x1: 105, y1: -BLEED_MM, x2: 105, y2: 148 + BLEED_MM },
      { x1: -BLEED_MM, y1: 74, x2: 210 + BLEED_MM, y2: 74 },
    ]);
  });

  it('keeps the switched-on guides in the address: all when absent, exactly those listed else', () => {
    expect([...guidesFromParam(null)]).toEqual([...GUIDES]);
    expect([...guidesFromParam('')]).toEqual([]);
    expect([...guidesFromParam('safe,trim,nonsense')]).toEqual(['trim', 'safe']);
    expect(guidesParam(new Set(['fold', 'trim']))).toBe('trim,fold');
  });
});
