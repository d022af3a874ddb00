import { describe, expect, it } from 'vitest';
import { createInstance } from '../../../engine/instance.ts';
import { systemClock } from '../../../shop/clock.ts';
import {
  EDITOR_MARGINS,
  fitPxPerMm,
  layerRuns,
  listPath,
  restoreInstance,
  serialiseInstance,
  yearMinus,
  yearOnBlur,
  yearPlus,
} from '../../../src/features/editor/editorRules.ts';
import { demoTemplate } from '../../support/demoTemplates.ts';

const year = systemClock.now().getFullYear();
const today = new Date(year, 10, 23);
const y = (offset: number) => String(year + offset);

describe('fitPxPerMm', () => {
  it('fits the page inside the container less the margins (60 by 20)', () => {
    // 200 x 300 mm into 420 x 640 px: width allows (420-120)/200 = 1.5, height (640-40)/300 = 2.
    expect(fitPxPerMm({ widthMm: 200, heightMm: 300 }, { width: 420, height: 640 }, EDITOR_MARGINS)).toBe(
      1.5,
    );
    expect(fitPxPerMm({ widthMm: 200, heightMm: 300 }, { width: 1000, height: 340 }, EDITOR_MARGINS)).toBe(1);
  });
  it('never reaches zero for a container not laid out yet', () => {
    expect(
      fitPxPerMm({ widthMm: 200, heightMm: 300 }, { width: 0, height: 0 }, EDITOR_MARGINS),
    ).toBeGreaterThan(0);
  });
});

describe('the year field (S1 §5)', () => {
  it('minus never goes below this year', () => {
    expect(yearMinus(y(2), today)).toBe(y(1));
    expect(yearMinus(y(0), today)).toBe(y(0));
    expect(yearMinus('', today)).toBe(y(0));
  });
  it('plus adds one, from this year when empty', () => {
    expect(yearPlus(y(1), today)).toBe(y(2));
    expect(yearPlus('', today)).toBe(y(0));
    expect(yearPlus('abc', today)).toBe(y(0));
  });
  it('on blur a non-numeric or past year becomes this year', () => {
    expect(yearOnBlur('abc', today)).toBe(y(0));
    expect(yearOnBlur(y(-7), today)).toBe(y(0));
    expect(yearOnBlur(` ${y(3)} `, today)).toBe(y(3));
    expect(yearOnBlur(`${y(1)}1`, today)).toBe(y(0));
  });
});

describe('leaving the editor (S1 §2)', () => {
  it('goes back to the template list of its kind', () => {
    expect(listPath('calendars')).toBe('/products/calendars');
    expect(listPath('cards', 'BIRTHDAY')).toBe('/products/cards/BIRTHDAY');
    expect(listPath('photogift', 'MUG')).toBe('/products/photogift/MUG');
  });
});

describe('the saved instance', () => {
  const t = demoTemplate('Classic A4');
  const pageIds = t.pages.map((p) => p.id);
  it('comes back as it was saved, without a current resource', () => {
    const i = { ...createInstance(t, today), year: year + 3, currentPageId: pageIds[3]!, dirty: true };
    const back = restoreInstance(serialiseInstance({ ...i, currentResourceId: 'x' }), t, pageIds);
    expect(back).toEqual({ ...i, currentResourceId: null });
  });
  it('is dropped for another template version, an unknown page or damaged text', () => {
    const i = createInstance(t, today);
    expect(restoreInstance(serialiseInstance(i), { ...t, version: t.version + 1 }, pageIds)).toBeNull();
    expect(restoreInstance(serialiseInstance({ ...i, currentPageId: 'nope' }), t, pageIds)).toBeNull();
    expect(restoreInstance('{not json', t, pageIds)).toBeNull();
    expect(restoreInstance(null, t, pageIds)).toBeNull();
    expect(restoreInstance('{"v":1,"instance":null}', t, pageIds)).toBeNull();
  });
});

describe('layerRuns: the page canvas layers around the slot being edited', () => {
  const items = ['art', 'photo', 'frame', 'text'].map((id) => ({ item: { id } }));
  const ids = (runs: { item: { id: string } }[][]) => runs.map((run) => run.map((k) => k.item.id));

  it('is one layer of every item without a focus, or when the focus is not on the page', () => {
    expect(ids(layerRuns(items, null))).toEqual([['art', 'photo', 'frame', 'text']]);
    expect(ids(layerRuns(items, 'elsewhere'))).toEqual([['art', 'photo', 'frame', 'text']]);
  });

  it('puts the focused slot alone between the items under it and over it, in the scene order', () => {
    expect(ids(layerRuns(items, 'photo'))).toEqual([['art'], ['photo'], ['frame', 'text']]);
    expect(ids(layerRuns(items, 'art'))).toEqual([[], ['art'], ['photo', 'frame', 'text']]);
    expect(ids(layerRuns(items, 'text'))).toEqual([['art', 'photo', 'frame'], ['text'], []]);
    expect(layerRuns([], null)).toEqual([[]]);
  });
});
