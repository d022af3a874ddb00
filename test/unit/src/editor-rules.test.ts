import { describe, expect, it } from 'vitest';
import { createInstance, type Instance } from '../../../engine/instance.ts';
import { systemClock } from '../../../shop/clock.ts';
import {
  EDITOR_MARGINS,
  fitPxPerMm,
  layerRuns,
  layersToRedraw,
  listPath,
  newerWork,
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
  it('comes back as it was saved, without a current resource, with its time', () => {
    const i = { ...createInstance(t, today), year: year + 3, currentPageId: pageIds[3]!, dirty: true };
    const back = restoreInstance(serialiseInstance({ ...i, currentResourceId: 'x' }, 1234), t);
    expect(back).toEqual({ instance: { ...i, currentResourceId: null }, savedAt: 1234 });
  });
  it('without a time (saved before My designs) counts as saved at 0', () => {
    const i = createInstance(t, today);
    expect(restoreInstance(JSON.stringify({ v: 1, instance: i }), t)?.savedAt).toBe(0);
  });
  it('is dropped for another template version, an unknown page or damaged text', () => {
    const i = createInstance(t, today);
    expect(restoreInstance(serialiseInstance(i), { ...t, version: t.version + 1 })).toBeNull();
    expect(restoreInstance(serialiseInstance({ ...i, currentPageId: 'nope' }), t)).toBeNull();
    expect(restoreInstance('{not json', t)).toBeNull();
    expect(restoreInstance(null, t)).toBeNull();
    expect(restoreInstance('{"v":1,"instance":null}', t)).toBeNull();
  });
  it('is dropped when a value is in a slot the template has not, or of the wrong type', () => {
    const i = createInstance(t, today);
    const [slot] = Object.keys(i.resources);
    const foreign = { ...i, resources: { ...i.resources, 'nowhere:photo': { type: 'IMAGE', image: null } } };
    expect(restoreInstance(serialiseInstance(foreign as Instance), t)).toBeNull();
    const wrongType = {
      ...i,
      resources: { ...i.resources, [slot!]: { type: 'STRING', text: 'x', font: {} } },
    };
    expect(restoreInstance(serialiseInstance(wrongType as unknown as Instance), t)).toBeNull();
  });
});

describe('the newer of two kept works (My designs)', () => {
  const t = demoTemplate('Classic A4');
  const work = (savedAt: number) => ({ instance: createInstance(t, today), savedAt });
  it('is the one changed last; the browser keeps its own on a tie', () => {
    const local = work(2000);
    expect(newerWork(local, work(1999))).toBe(local);
    expect(newerWork(local, work(2000))).toBe(local);
    const account = work(2001);
    expect(newerWork(local, account)).toBe(account);
  });
  it('is whichever there is when only one is', () => {
    const only = work(5);
    expect(newerWork(null, only)).toBe(only);
    expect(newerWork(only, null)).toBe(only);
    expect(newerWork(null, null)).toBeNull();
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

describe('layersToRedraw: only the layers whose nodes changed are drawn again', () => {
  const node = (key: string, signature = key) => ({ key, signature });
  const page = [[node('background'), node('art')], [node('photo')], [node('text'), node('hit:photo')]];

  it('draws nothing again for the same nodes, and every layer the first time', () => {
    const same = page.map((layer) => layer.map((n) => ({ ...n })));
    expect(layersToRedraw(page, same)).toEqual([false, false, false]);
    expect(layersToRedraw([], page)).toEqual([true, true, true]);
  });

  it('draws again a layer with a changed signature, an added, removed or moved node', () => {
    const cropped = [[node('background'), node('art')], [node('photo', 'cropped')], page[2]!];
    expect(layersToRedraw(page, cropped)).toEqual([false, true, false]);
    expect(layersToRedraw(page, [page[0]!, [], page[2]!])).toEqual([false, true, false]);
    const reordered = [[node('art'), node('background')], page[1]!, page[2]!];
    expect(layersToRedraw(page, reordered)).toEqual([true, false, false]);
    // The focus leaves the photo: one layer of everything.
    expect(layersToRedraw(page, [page.flat()])).toEqual([true]);
  });
});
