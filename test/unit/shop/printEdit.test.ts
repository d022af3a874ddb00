import { describe, expect, it } from 'vitest';
import { innerFrame, startingCrop } from '../../../engine/image.ts';
import type { OrderLine, Product } from '../../../shop/contract.ts';
import {
  chooseFilter,
  chooseFormat,
  defaultPrintImage,
  draftView,
  type EditContext,
  type EditSession,
  flipOrientation,
  formatChoices,
  isChanged,
  isLandscapeCrop,
  mergeDraft,
  openPage,
  orientedFrame,
  plainFormat,
  setCrop,
  setQuantity,
  startSession,
  toggleWhiteBorder,
  whiteBorderTwin,
} from '../../../shop/printEdit.ts';

const format = (
  uuid: string,
  [w, h]: [number, number],
  { minQuantity = 1, whiteBorder = false, producttype = 0 } = {},
): Product => ({
  uuid,
  name: uuid,
  producttype,
  printareasize: [w, h],
  minQuantity,
  whiteBorder,
  productprices: [{ quantity: 1, price: 100, campaignprice: 0, type: 0 }],
  subproducts: [],
  campaignrequirement: null,
});

const f9x13 = format('9x13', [89, 127], { minQuantity: 10 });
const f10x15 = format('10x15', [102, 152]);
const f13x18 = format('13x18', [127, 178]);
const f10x15border = format('10x15wb', [102, 152], { whiteBorder: true });
const mug = format('mug', [200, 90], { producttype: 3 });
const products = [f9x13, f10x15, f13x18, f10x15border, mug];

const landscapePicture = { width: 3000, height: 2000 };
const context: EditContext = { products, picture: landscapePicture };

/** A print line as the upload makes it: 10x15 turned like the picture, a centred fill-in crop. */
const uploadedCrop = startingCrop(landscapePicture, 0, { widthMm: 152, heightMm: 102 }, 'fill-in');
const line: OrderLine = {
  uuid: '5c1b0a52-0f4e-4b7a-9d55-2d7f0c3a9e11',
  type: 0,
  description: 'beach.jpg',
  product: { uuid: '10x15', type: 0 },
  files: [{ uuid: 'pic', size: 1234, name: 'beach.jpg', error: null, product: '10x15' }],
  quantity: 2,
  actualLinePrice: 70,
  image: { filter: 'original', cropRect: uploadedCrop, adaption: 0 },
  templates: [],
};

const start = (): EditSession => startSession(line);

describe('starting a session', () => {
  it('opens on main with the line as the draft and nothing changed', () => {
    const session = start();
    expect(session).toEqual({
      page: 'main',
      draft: { productUuid: '10x15', quantity: 2, image: line.image },
      changed: false,
    });
    expect(isChanged(session)).toBe(false);
  });

  it('gives a line without picture settings the original filter and no crop', () => {
    expect(startSession({ ...line, image: null }).draft.image).toEqual({
      filter: 'original',
      cropRect: null,
      adaption: 0,
      defaultCrop: true,
    });
  });

  it('opens a sub-page without marking a change', () => {
    for (const page of ['filter', 'quantity', 'format', 'crop', 'main'] as const) {
      const session = openPage(start(), page);
      expect(session.page).toBe(page);
      expect(isChanged(session)).toBe(false);
    }
  });
});

describe('choices return to main', () => {
  it('chooses a filter', () => {
    const session = chooseFilter(openPage(start(), 'filter'), 'sepia');
    expect(session.page).toBe('main');
    expect(session.draft.image.filter).toBe('sepia');
    expect(session.draft.image.cropRect).toBe(uploadedCrop);
    expect(isChanged(session)).toBe(true);
  });

  it('choosing the filter the line already has changes nothing', () => {
    const session = chooseFilter(openPage(start(), 'filter'), 'original');
    expect(session.page).toBe('main');
    expect(isChanged(session)).toBe(false);
  });

  it('sets the quantity, clamped to the format minimum', () => {
    const session = setQuantity(openPage(start(), 'quantity'), 5, context);
    expect(session).toMatchObject({ page: 'main', changed: true, draft: { quantity: 5 } });
    expect(setQuantity(start(), 0, context).draft.quantity).toBe(1);
    expect(setQuantity(start(), 'abc', context).draft.quantity).toBe(1);
    expect(setQuantity(start(), '7', context).draft.quantity).toBe(7);
    expect(setQuantity(start(), 100_000, context).draft.quantity).toBe(999);
    const nineByThirteen = chooseFormat(start(), f9x13, context);
    expect(setQuantity(nineByThirteen, 3, context).draft.quantity).toBe(10);
  });

  it('setting the same quantity changes nothing', () => {
    const session = setQuantity(openPage(start(), 'quantity'), 2, context);
    expect(session.page).toBe('main');
    expect(isChanged(session)).toBe(false);
  });

  it('chooses a format: sets the product, resets the crop and adaption, keeps the filter', () => {
    const sepia = chooseFilter(start(), 'sepia');
    const session = chooseFormat(openPage({ ...sepia, changed: false }, 'format'), f13x18, context);
    expect(session.page).toBe('main');
    expect(isChanged(session)).toBe(true);
    expect(session.draft).toEqual({
      productUuid: '13x18',
      quantity: 2,
      image: { filter: 'sepia', cropRect: null, adaption: 0, defaultCrop: true },
    });
  });

  it('a new format raises the quantity to its minimum', () => {
    expect(chooseFormat(start(), f9x13, context).draft.quantity).toBe(10);
  });

  it('choosing the current format, or the plain twin of a white-border line, changes nothing', () => {
    const same = chooseFormat(openPage(start(), 'format'), f10x15, context);
    expect(same.page).toBe('main');
    expect(isChanged(same)).toBe(false);
    expect(same.draft.image.cropRect).toBe(uploadedCrop);
    const bordered = { ...start(), draft: { ...start().draft, productUuid: '10x15wb' } };
    expect(isChanged(chooseFormat(bordered, f10x15, context))).toBe(false);
  });

  it('the crop view of a reset crop starts from the format turned like the picture', () => {
    const session = chooseFormat(start(), f13x18, context);
    const view = draftView(session.draft, context)!;
    expect(view.print).toEqual({ widthMm: 178, heightMm: 127 });
    expect(view.landscape).toBe(true);
    expect(view.crop).toEqual(startingCrop(landscapePicture, 0, { widthMm: 178, heightMm: 127 }, 'fill-in'));
  });

  it('sets a crop with the adaption of the fit test', () => {
    const zoomed = { x: 0.2, y: 0.1, width: 0.5, height: 0.5 * (uploadedCrop.height / uploadedCrop.width) };
    const session = setCrop(openPage(start(), 'crop'), zoomed, context);
    expect(session).toMatchObject({ page: 'main', changed: true });
    expect(session.draft.image).toEqual({
      filter: 'original',
      cropRect: zoomed,
      adaption: 0,
      defaultCrop: false,
    });
    const withGap = { x: -0.1, y: 0, width: 1.2, height: 1.2 * (uploadedCrop.height / uploadedCrop.width) };
    expect(setCrop(start(), withGap, context).draft.image.adaption).toBe(1);
  });

  it('confirming the crop already shown changes nothing, also for a reset crop', () => {
    expect(isChanged(setCrop(openPage(start(), 'crop'), { ...uploadedCrop }, context))).toBe(false);
    const reset = { ...chooseFormat(start(), f13x18, context), changed: false };
    const shown = draftView(reset.draft, context)!.crop;
    const session = setCrop(openPage(reset, 'crop'), shown, context);
    expect(session.page).toBe('main');
    expect(isChanged(session)).toBe(false);
    expect(session.draft.image.cropRect).toBeNull();
  });
});

describe('orientation', () => {
  it('reads landscape from the stored crop in picture pixels', () => {
    expect(isLandscapeCrop(uploadedCrop, landscapePicture)).toBe(true);
    // A portrait crop of a landscape picture: narrower in pixels than tall.
    const portrait = startingCrop(landscapePicture, 0, { widthMm: 102, heightMm: 152 }, 'fill-in');
    expect(isLandscapeCrop(portrait, landscapePicture)).toBe(false);
    expect(orientedFrame(f10x15, landscapePicture, portrait)).toEqual({ widthMm: 102, heightMm: 152 });
    expect(orientedFrame(f10x15, landscapePicture, uploadedCrop)).toEqual({ widthMm: 152, heightMm: 102 });
    expect(orientedFrame(f10x15, { width: 800, height: 1200 }, null)).toEqual({
      widthMm: 102,
      heightMm: 152,
    });
  });

  it('flipping turns the print and starts the crop over; the page stays on crop', () => {
    const session = flipOrientation(openPage(start(), 'crop'), context);
    expect(session.page).toBe('crop');
    expect(isChanged(session)).toBe(true);
    const portrait = startingCrop(landscapePicture, 0, { widthMm: 102, heightMm: 152 }, 'fill-in');
    expect(session.draft.image).toEqual({
      filter: 'original',
      cropRect: portrait,
      adaption: 0,
      defaultCrop: false,
    });
    const view = draftView(session.draft, context)!;
    expect(view.landscape).toBe(false);
    expect(view.print).toEqual({ widthMm: 102, heightMm: 152 });
    // And back.
    const back = flipOrientation(session, context);
    expect(draftView(back.draft, context)!.landscape).toBe(true);
    expect(back.draft.image.cropRect).toEqual(uploadedCrop);
  });

  it('flipping a fit-in line starts over fit-in', () => {
    const fitIn = { ...start() };
    fitIn.draft = { ...fitIn.draft, image: { filter: 'bw', cropRect: null, adaption: 1 } };
    const session = flipOrientation(fitIn, context);
    const view = draftView(session.draft, context)!;
    expect(view.landscape).toBe(false);
    expect(session.draft.image.adaption).toBe(1);
    // The whole landscape picture across a portrait print: gaps above and below.
    expect(session.draft.image.cropRect!.width).toBe(1);
    expect(session.draft.image.cropRect!.height).toBeGreaterThan(1);
  });
});

describe('white border', () => {
  it('finds the twin both ways, and the formats the format page lists', () => {
    expect(whiteBorderTwin(f10x15, products)).toBe(f10x15border);
    expect(whiteBorderTwin(f10x15border, products)).toBe(f10x15);
    expect(whiteBorderTwin(f13x18, products)).toBeUndefined();
    expect(plainFormat(f10x15border, products)).toBe(f10x15);
    expect(formatChoices(products).map((p) => p.uuid)).toEqual(['9x13', '10x15', '13x18']);
  });

  it('switches to the twin and back, fitting the crop into the area inside the border', () => {
    const on = toggleWhiteBorder(openPage(start(), 'crop'), context);
    expect(on.page).toBe('crop');
    expect(isChanged(on)).toBe(true);
    expect(on.draft.productUuid).toBe('10x15wb');
    const view = draftView(on.draft, context)!;
    expect(view.print).toEqual({ widthMm: 152, heightMm: 102 });
    expect(view.area).toEqual(innerFrame({ widthMm: 152, heightMm: 102 }));
    const crop = on.draft.image.cropRect!;
    // The crop has the inner area's aspect in pixels and stays on the picture (fill-in).
    const aspect = (crop.width * landscapePicture.width) / (crop.height * landscapePicture.height);
    expect(aspect).toBeCloseTo(view.area.widthMm / view.area.heightMm, 9);
    expect(crop.x).toBeGreaterThanOrEqual(0);
    expect(crop.y).toBeGreaterThanOrEqual(0);
    expect(crop.x + crop.width).toBeLessThanOrEqual(1 + 1e-12);
    expect(crop.y + crop.height).toBeLessThanOrEqual(1 + 1e-12);
    expect(on.draft.image.adaption).toBe(0);
    expect(view.landscape).toBe(true);

    const off = toggleWhiteBorder(on, context);
    expect(off.draft.productUuid).toBe('10x15');
    expect(draftView(off.draft, context)!.landscape).toBe(true);
  });

  it('a format without a twin keeps the session as it is', () => {
    const session = openPage(chooseFormat(start(), f13x18, context), 'crop');
    expect(toggleWhiteBorder(session, context)).toBe(session);
  });

  it('a reset crop stays reset; the view starts inside the border', () => {
    const reset = chooseFormat(chooseFormat(start(), f13x18, context), f10x15, context);
    const on = toggleWhiteBorder(reset, context);
    expect(on.draft.image.cropRect).toBeNull();
    const view = draftView(on.draft, context)!;
    expect(view.crop).toEqual(startingCrop(landscapePicture, 0, view.area, 'fill-in'));
  });
});

describe('saving', () => {
  it('merges the draft into the line', () => {
    const session = setQuantity(chooseFilter(chooseFormat(start(), f13x18, context), 'bw'), 4, context);
    expect(mergeDraft(line, session.draft)).toEqual({
      ...line,
      product: { uuid: '13x18', type: 0 },
      quantity: 4,
      image: { filter: 'bw', cropRect: null, adaption: 0, defaultCrop: true },
    });
  });

  it('a format missing from the price list has no view', () => {
    const orphan = { ...start().draft, productUuid: 'gone' };
    expect(draftView(orphan, context)).toBeUndefined();
    expect(flipOrientation({ ...start(), draft: orphan }, context).draft).toBe(orphan);
  });
});

describe("the shop's crop (issue 32)", () => {
  /** Two people at the left edge of the landscape picture. */
  const regions = {
    faces: [
      { x: 0.02, y: 0.3, width: 0.06, height: 0.1 },
      { x: 0.1, y: 0.3, width: 0.06, height: 0.1 },
    ],
    salient: null,
  };
  const analysed: EditContext = { ...context, regions };
  const holdsFaces = (crop: { x: number; width: number }) =>
    regions.faces.every((f) => f.x >= crop.x && f.x + f.width <= crop.x + crop.width);

  it('a reset crop shows the suggestion once the picture is analysed, the centred crop before', () => {
    const reset = chooseFormat(start(), f13x18, context);
    const before = draftView(reset.draft, context)!;
    expect(before.crop).toEqual(startingCrop(landscapePicture, 0, before.area, 'fill-in'));
    expect(holdsFaces(before.crop)).toBe(false);
    const after = draftView(reset.draft, analysed)!;
    expect(holdsFaces(after.crop)).toBe(true);
    expect(after.crop.width).toBe(before.crop.width);
  });

  it("defaultPrintImage is the reset crop's view, marked as the shop's", () => {
    const image = defaultPrintImage(f10x15, 'sepia', { picture: landscapePicture, regions })!;
    expect(image).toMatchObject({ filter: 'sepia', adaption: 0, defaultCrop: true });
    expect(holdsFaces(image.cropRect!)).toBe(true);
    const reset = chooseFilter(
      chooseFormat(chooseFormat(start(), f13x18, context), f10x15, context),
      'sepia',
    );
    expect(image.cropRect).toEqual(draftView(reset.draft, analysed)!.crop);
    expect(defaultPrintImage(f10x15, 'original', { picture: null })).toBeUndefined();
  });

  it("the white border keeps the shop's crop the shop's, and a shopper's crop is theirs", () => {
    const shops = startSession({
      ...line,
      image: { ...defaultPrintImage(f10x15, 'original', { picture: landscapePicture, regions })! },
    });
    const on = toggleWhiteBorder(shops, analysed);
    expect(on.draft.image).toMatchObject({ cropRect: null, defaultCrop: true });
    const view = draftView(on.draft, analysed)!;
    expect(view.area).toEqual(innerFrame({ widthMm: 152, heightMm: 102 }));
    expect(holdsFaces(view.crop)).toBe(true);
    const moved = setCrop(shops, { ...uploadedCrop, x: 1 - uploadedCrop.width }, analysed);
    expect(moved.draft.image.defaultCrop).toBe(false);
  });
});
