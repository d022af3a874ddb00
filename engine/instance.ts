/**
 * The shopper's state for one template (S1 §3 template instance), changed only through named
 * commands: pure functions over immer drafts, so the toolbar, gestures and tests all call the same
 * code, and immer's patches give undo and redo.
 */
import {
  applyPatches,
  current,
  type Draft,
  enablePatches,
  freeze,
  isDraft,
  type Patch,
  produceWithPatches,
} from 'immer';
import { z } from 'zod';
import {
  type BookPageRef,
  type BookTemplate,
  bookPageId,
  bookPagesProblem,
  bookTemplate,
  defaultBookPages,
  isBook,
  layoutSlots,
  nextBookPageNumber,
} from './book.ts';
import {
  defaultYear,
  isStartMonth,
  isYearAllowed,
  MAX_PERSONAL_DATES,
  type PersonalDate,
  personalDateProblem,
  startMonthOf,
} from './calendar.ts';
import { type CropRect, type Effect, type Rotation, rotatePicture } from './image.ts';
import type { PictureRegions } from './pictureRegions.ts';
import { OVERRIDE_KEYS, textFontOf } from './scene.ts';
import { suggestedCrop } from './suggestedCrop.ts';
import {
  Font,
  fullIdOf,
  type RenderPart,
  renderPartsOf,
  resourceSlots,
  type Template,
  visiblePages,
} from './template.ts';

enablePatches();

export interface PictureRef {
  uuid: string;
  /** Natural pixel size, orientation already applied. */
  width: number;
  height: number;
  /**
   * What the analysis found in the picture (issue 32): a slot's starting crop holds its faces. Null or
   * absent while it has not run (the crop is centred). Not kept in the slot's value.
   */
  regions?: PictureRegions | null;
}

/** A slot's picture: the shopper's picture as the line stores it (no analysis regions). */
export interface ImageValue extends Omit<PictureRef, 'regions'> {
  rotation: Rotation;
  effect: Effect;
  cropRect: CropRect;
}

export type ResourceValue =
  | { type: 'IMAGE'; image: ImageValue | null }
  | { type: 'STRING'; text: string; font: Font };

export interface Instance {
  templateUuid: string;
  templateVersion: number;
  year: number;
  /** A calendar's first month, 1..12 (issue 18); absent in work saved before it: January. */
  startMonth?: number;
  /** A calendar's dates of the shopper's own (issue 18), shown in its month grids. */
  personalDates?: PersonalDate[];
  /** Whether a calendar marks the portal's public holidays (issue 18); absent: it does. */
  holidays?: boolean;
  currentPageId: string;
  currentResourceId: string | null;
  /** User-supplied resources by full id. */
  resources: Record<string, ResourceValue>;
  dirty: boolean;
  /** A photo book's inner pages in order (engine/book.ts); absent for every other template. */
  bookPages?: BookPageRef[];
  /** A photo book: the number the next added page's id takes (`b<n>`), so no id is given twice. */
  nextBookPage?: number;
  /**
   * A photo book's tray: the pictures the book is made from, used or not (a picture a layout change
   * or a removed page takes off the book stays here, to be put back by the shopper).
   */
  tray?: TrayPicture[];
}

/** A picture of a book's tray: the shopper's picture as a slot takes it. */
export interface TrayPicture {
  uuid: string;
  width: number;
  height: number;
}

/**
 * The template an instance is edited against: a photo book's cover and inner pages
 * (engine/book.ts bookTemplate), every other template as it is. The commands run against it, and the
 * editor reads its slots, pages and completeness from it.
 */
export function instanceTemplate(t: Template, i: Pick<Instance, 'bookPages'>): Template {
  if (!isBook(t) || !i.bookPages) return t;
  // Every command and every render asks for it: the book's pages are one object until they change
  // (immer freezes them), so the template made from them is kept with them. Pages that can still
  // change in place are not kept.
  if (!Object.isFrozen(i.bookPages)) return bookTemplate(t, i.bookPages);
  const made = madeBooks.get(t) ?? new WeakMap<readonly BookPageRef[], Template>();
  madeBooks.set(t, made);
  const book = made.get(i.bookPages) ?? bookTemplate(t, i.bookPages);
  made.set(i.bookPages, book);
  return book;
}

const madeBooks = new WeakMap<Template, WeakMap<readonly BookPageRef[], Template>>();

/** The starting value of a user slot: no picture, or the text and font its page draws. */
function startingValue(t: Template, slot: ReturnType<typeof resourceSlots>[number]): ResourceValue {
  if (slot.resource.type === 'IMAGE') return { type: 'IMAGE', image: null };
  const at = partFor(t, slot.fullId);
  if (!at) throw new Error(`Text resource ${slot.fullId} is drawn nowhere`);
  // Start from the font the page draws, so the shopper's changes are compared against it.
  const font = textFontOf(at.part, slot.resource.font);
  return { type: 'STRING', text: font.text ?? '', font };
}

/**
 * A new instance of a template. A photo book starts with `bookPages` (a stored line's, an auto-created
 * book's), else with the template's sample pages, and an empty tray.
 */
export function createInstance(t: Template, today: Date, bookPages?: readonly BookPageRef[]): Instance {
  const book = isBook(t)
    ? (bookPages ?? defaultBookPages(t)).map(({ id, typeId }) => ({ id, typeId }))
    : null;
  const model = book ? bookTemplate(t as BookTemplate, book) : t;
  const resources: Record<string, ResourceValue> = {};
  for (const slot of resourceSlots(model)) {
    if (slot.resource.userSupplied) resources[slot.fullId] = startingValue(model, slot);
  }
  const year = defaultYear(t, today);
  const instance: Instance = {
    templateUuid: t.uuid,
    templateVersion: t.version,
    year,
    currentPageId: visiblePages(model)[0]!.id,
    currentResourceId: null,
    resources,
    dirty: false,
  };
  if (book) {
    instance.bookPages = book;
    instance.nextBookPage = nextBookPageNumber(t as BookTemplate, book);
    instance.tray = [];
  }
  return instance;
}

/** The render part that draws a resource (its first appearance), and the page it is on. */
export function partFor(t: Template, fullId: string): { pageId: string; part: RenderPart } | null {
  for (const page of t.pages) {
    for (const part of renderPartsOf(t, page)) {
      if (fullIdOf(t, page.id, part.resourceId) === fullId) return { pageId: page.id, part };
    }
  }
  return null;
}

const frameOf = (part: RenderPart) => ({ widthMm: part.size.width, heightMm: part.size.height });
const adaptionOf = (part: RenderPart) => part.adaption ?? 'fill-in';

/**
 * A picture as a slot starts with it (S1 §4): upright, its crop the suggestion for the slot's frame
 * (suggestedCrop: centred until the picture is analysed, then holding its faces).
 */
function slotPicture(picture: PictureRef, part: RenderPart): Omit<ImageValue, 'effect'> {
  const { uuid, width, height } = picture;
  const cropRect = suggestedCrop(picture, 0, frameOf(part), adaptionOf(part), picture.regions);
  return { uuid, width, height, rotation: 0, cropRect };
}

export function isEditable(t: Template, fullId: string): boolean {
  const slot = resourceSlots(t).find((s) => s.fullId === fullId);
  return !!slot && slot.resource.userSupplied && !slot.resource.disableEdit;
}

/** Editable user slots of a page in drawing order (the numbered buttons of Choose image / Choose text). */
export function editableSlots(t: Template, pageId: string, type: 'IMAGE' | 'STRING'): string[] {
  const page = t.pages.find((p) => p.id === pageId);
  if (!page) return [];
  const ids = renderPartsOf(t, page)
    .filter((p) => p.type === type)
    .map((p) => fullIdOf(t, page.id, p.resourceId))
    .filter((id) => isEditable(t, id));
  return [...new Set(ids)];
}

// ---- commands: (template, draft, ...args) → void; they change the draft or leave it as it was ----

type Command<A extends unknown[]> = (t: Template, d: Draft<Instance>, ...args: A) => void;

const markDirty = (d: Draft<Instance>) => {
  d.dirty = true;
};

export const commands = {
  selectPage: ((t, d, pageId: string) => {
    if (!visiblePages(t).some((p) => p.id === pageId)) return;
    d.currentPageId = pageId;
    d.currentResourceId = null;
  }) as Command<[string]>,

  /** Next (+1) or previous (-1) visible page; no wrapping at either end. */
  stepPage: ((t, d, step: 1 | -1) => {
    const pages = visiblePages(t);
    const at = pages.findIndex((p) => p.id === d.currentPageId);
    const next = pages[at + step];
    if (!next) return;
    d.currentPageId = next.id;
    d.currentResourceId = null;
  }) as Command<[1 | -1]>,

  selectResource: ((t, d, fullId: string | null) => {
    if (fullId !== null && !isEditable(t, fullId)) return;
    d.currentResourceId = fullId;
  }) as Command<[string | null]>,

  /** Choosing a picture resets rotation and computes a starting crop (S1 §4). */
  setPicture: ((t, d, fullId: string, picture: PictureRef) => {
    const value = d.resources[fullId];
    const at = partFor(t, fullId);
    if (value?.type !== 'IMAGE' || !at) return;
    const effect = value.image?.effect ?? at.part.effect ?? 'original';
    if (value.image) keepInTray(d, value.image);
    value.image = { ...slotPicture(picture, at.part), effect };
    markDirty(d);
  }) as Command<[string, PictureRef]>,

  setCrop: ((_t, d, fullId: string, cropRect: CropRect) => {
    const value = d.resources[fullId];
    if (value?.type !== 'IMAGE' || !value.image) return;
    value.image.cropRect = { ...cropRect };
    markDirty(d);
  }) as Command<[string, CropRect]>,

  rotate: ((t, d, fullId: string) => {
    const value = d.resources[fullId];
    const at = partFor(t, fullId);
    if (value?.type !== 'IMAGE' || !value.image || !at) return;
    const { rotation, crop } = rotatePicture(
      value.image,
      value.image.rotation,
      frameOf(at.part),
      adaptionOf(at.part),
    );
    value.image.rotation = rotation;
    value.image.cropRect = crop;
    markDirty(d);
  }) as Command<[string]>,

  setEffect: ((_t, d, fullId: string, effect: Effect) => {
    const value = d.resources[fullId];
    if (value?.type !== 'IMAGE' || !value.image || value.image.effect === effect) return;
    value.image.effect = effect;
    markDirty(d);
  }) as Command<[string, Effect]>,

  /** Text and font changes arrive already checked against the slot (engine/text decides what fits). */
  setText: ((_t, d, fullId: string, text: string) => {
    const value = d.resources[fullId];
    if (value?.type !== 'STRING' || value.text === text) return;
    value.text = text;
    markDirty(d);
  }) as Command<[string, string]>,

  setFont: ((_t, d, fullId: string, font: Font) => {
    const value = d.resources[fullId];
    if (value?.type !== 'STRING') return;
    value.font = { ...font };
    markDirty(d);
  }) as Command<[string, Font]>,

  /**
   * The text editor's own fitting on open (S1 §4: a text too tall for its box shrinks, stored as its
   * size): the same change as setFont, but not the shopper's, so it does not mark the work changed.
   */
  fitFont: ((_t, d, fullId: string, font: Font) => {
    const value = d.resources[fullId];
    if (value?.type !== 'STRING') return;
    value.font = { ...font };
  }) as Command<[string, Font]>,

  setYear: ((t, d, year: number, today: Date) => {
    if (t.type !== 'CALENDAR' || !isYearAllowed(year, t, today) || d.year === year) return;
    d.year = year;
    markDirty(d);
  }) as Command<[number, Date]>,

  /** Whether a calendar marks the portal's public holidays (issue 18). */
  setHolidays: ((t, d, on: boolean) => {
    if (t.type !== 'CALENDAR' || (d.holidays ?? true) === on) return;
    d.holidays = on;
    markDirty(d);
  }) as Command<[boolean]>,

  /**
   * A date of the shopper's own in a calendar (issue 18): a day that exists, a text of 1 to 30
   * characters (trimmed), at most 100 dates. Anything else changes nothing (the screen says why).
   */
  addPersonalDate: ((t, d, date: PersonalDate) => {
    if (t.type !== 'CALENDAR' || personalDateProblem(date) !== null) return;
    const dates = d.personalDates ?? [];
    if (dates.length >= MAX_PERSONAL_DATES) return;
    d.personalDates = [...dates, { ...date, text: date.text.trim() }];
    markDirty(d);
  }) as Command<[PersonalDate]>,

  /** Several dates at once (the account's kept dates offered in a new calendar): one undo step. */
  addPersonalDates: ((t, d, dates: PersonalDate[]) => {
    if (t.type !== 'CALENDAR') return;
    const valid = dates.filter((date) => personalDateProblem(date) === null);
    const room = MAX_PERSONAL_DATES - (d.personalDates?.length ?? 0);
    if (valid.length === 0 || room <= 0) return;
    const added = valid.slice(0, room).map((date) => ({ ...date, text: date.text.trim() }));
    d.personalDates = [...(d.personalDates ?? []), ...added];
    markDirty(d);
  }) as Command<[PersonalDate[]]>,

  removePersonalDate: ((_t, d, index: number) => {
    if (!d.personalDates?.[index]) return;
    d.personalDates.splice(index, 1);
    markDirty(d);
  }) as Command<[number]>,

  /**
   * A calendar's year and first month at once (the year screen's Done; issue 18): one undo step. Its
   * twelve months run from the first month, into the next year. A year the template cannot be printed
   * for changes nothing.
   */
  setCalendarStart: ((t, d, year: number, month: number, today: Date) => {
    if (t.type !== 'CALENDAR' || !isYearAllowed(year, t, today) || !isStartMonth(month)) return;
    if (d.year === year && startMonthOf(d) === month) return;
    d.year = year;
    d.startMonth = month;
    markDirty(d);
  }) as Command<[number, number, Date]>,

  /**
   * Puts uploaded pictures into empty user picture slots (S1 §4): each slot takes the first unused
   * picture of its own orientation, else the first unused picture; once all are used, they cycle.
   */
  autofill: ((t, d, pictures: PictureRef[]) => {
    if (pictures.length === 0) return;
    const unused = [...pictures];
    let cycle = 0;
    for (const slot of resourceSlots(t)) {
      const value = d.resources[slot.fullId];
      const at = partFor(t, slot.fullId);
      if (value?.type !== 'IMAGE' || value.image || !at || !isEditable(t, slot.fullId)) continue;
      const landscape = at.part.size.width >= at.part.size.height;
      let picture: PictureRef;
      if (unused.length > 0) {
        const same = unused.findIndex((p) => p.width >= p.height === landscape);
        picture = unused.splice(same >= 0 ? same : 0, 1)[0]!;
      } else {
        picture = pictures[cycle % pictures.length]!;
        cycle += 1;
      }
      value.image = { ...slotPicture(picture, at.part), effect: at.part.effect ?? 'original' };
      d.dirty = true;
    }
  }) as Command<[PictureRef[]]>,

  markSaved: ((_t, d) => {
    d.dirty = false;
  }) as Command<[]>,

  /**
   * Swaps the pictures of two picture slots, on one page or two (a drag from one slot onto another);
   * with one slot empty, the picture moves. Each picture is cropped anew for its new frame, unless
   * the two frames are alike (a grid's), where it keeps the crop the shopper made.
   */
  swapPictures: ((t, d, a: string, b: string) => {
    const va = d.resources[a];
    const vb = d.resources[b];
    const pa = partFor(t, a)?.part;
    const pb = partFor(t, b)?.part;
    if (a === b || va?.type !== 'IMAGE' || vb?.type !== 'IMAGE' || !pa || !pb) return;
    if (!isEditable(t, a) || !isEditable(t, b) || (!va.image && !vb.image)) return;
    const ia = va.image && plainImage(va.image);
    const ib = vb.image && plainImage(vb.image);
    va.image = ib && movedPicture(ib, pb, pa);
    vb.image = ia && movedPicture(ia, pa, pb);
    markDirty(d);
  }) as Command<[string, string]>,

  // ---- a photo book's pages (issue 33); every other template ignores these ----

  /**
   * Adds `count` pages of `layout` (the book's default layout if none) before the page at `at` (the
   * end if `at` is past it), with empty slots. The product's page steps are the caller's (the shop's
   * page rules); the line rules refuse a count the product does not take.
   */
  addPages: ((t, d, at: number, count: number, layout?: string) => {
    if (!isBook(t) || !d.bookPages || !Number.isInteger(count) || count < 1 || count > MAX_PAGES_AT_ONCE)
      return;
    const typeId = layout ?? t.book.defaultLayout;
    if (!t.book.layouts.includes(typeId)) return;
    const pages = [...pagesNow(d)];
    const taken = new Set([...pages.map((p) => p.id), t.pages[0]!.id]);
    let n = Math.max(d.nextBookPage ?? 1, nextBookPageNumber(t, pages));
    const added: BookPageRef[] = [];
    while (added.length < count) {
      const id = bookPageId(n++);
      if (!taken.has(id)) added.push({ id, typeId });
    }
    const index = Math.min(Math.max(0, Math.trunc(at) || 0), pages.length);
    pages.splice(index, 0, ...added);
    d.bookPages = settled(pages);
    d.nextBookPage = n;
    const model = bookTemplate(t, pages);
    const ids = new Set(added.map((p) => p.id));
    for (const slot of resourceSlots(model)) {
      if (slot.pageId && ids.has(slot.pageId) && slot.resource.userSupplied) {
        d.resources[slot.fullId] = startingValue(model, slot);
      }
    }
    markDirty(d);
  }) as Command<[number, number, string?]>,

  /**
   * Removes `count` pages from the page at `at`; their pictures go back to the tray. At least one
   * inner page stays. The shopper's place moves to the page that took the first removed one's place.
   */
  removePages: ((t, d, at: number, count: number) => {
    if (!isBook(t) || !d.bookPages || !Number.isInteger(at) || !Number.isInteger(count) || count < 1) return;
    const pages = [...pagesNow(d)];
    if (at < 0 || at >= pages.length) return;
    const removed = pages.splice(at, Math.min(count, pages.length - at, pages.length - 1));
    if (removed.length === 0) return;
    d.bookPages = settled(pages);
    clearPages(d, removed);
    if (removed.some((p) => p.id === d.currentPageId)) {
      d.currentPageId = pages[Math.min(at, pages.length - 1)]?.id ?? t.pages[0]!.id;
      d.currentResourceId = null;
    }
    markDirty(d);
  }) as Command<[number, number]>,

  /** Moves the page at `from` to index `to` (the overview's drag to reorder). */
  movePage: ((t, d, from: number, to: number) => {
    if (!isBook(t) || !d.bookPages || from === to) return;
    const pages = [...pagesNow(d)];
    if (![from, to].every((k) => Number.isInteger(k) && k >= 0 && k < pages.length)) return;
    const [page] = pages.splice(from, 1);
    pages.splice(to, 0, page!);
    d.bookPages = settled(pages);
    markDirty(d);
  }) as Command<[number, number]>,

  /**
   * Gives a page another layout, keeping its pictures: they take the new layout's picture slots in
   * order, each cropped for its new frame; any the layout has no slot for go back to the tray. A
   * caption the shopper wrote moves to the new layout's text slot in order; a layout without one
   * drops it (undo brings it back).
   */
  setPageLayout: ((t, d, pageId: string, layout: string) => {
    const index = pagesNow(d).findIndex((p) => p.id === pageId);
    const page = index < 0 ? undefined : d.bookPages?.[index];
    if (!isBook(t) || !page || page.typeId === layout || !t.book.layouts.includes(layout)) return;
    const before = layoutSlots(t, page.typeId);
    const pictures: { image: ImageValue; part: RenderPart }[] = [];
    const texts: { value: Extract<ResourceValue, { type: 'STRING' }>; part: RenderPart }[] = [];
    for (const slot of before) {
      const value = d.resources[`${pageId}:${slot.resourceId}`];
      if (value?.type === 'IMAGE' && value.image)
        pictures.push({ image: plainImage(value.image), part: slot.part });
      if (value?.type === 'STRING') {
        const start = textFontOf(slot.part, resourceOf(t, page.typeId, slot.resourceId)?.font);
        if (value.text !== (start.text ?? '') || OVERRIDE_KEYS.some((k) => value.font[k] !== undefined)) {
          texts.push({ value: { ...value, font: { ...value.font } }, part: slot.part });
        }
      }
    }
    // The page's pictures are in hand: only those the new layout has no slot for go to the tray.
    clearPage(d, pageId, false);
    page.typeId = layout;
    const model = bookTemplate(t, pagesNow(d));
    for (const slot of resourceSlots(model)) {
      if (slot.pageId === pageId && slot.resource.userSupplied) {
        d.resources[slot.fullId] = startingValue(model, slot);
      }
    }
    for (const slot of layoutSlots(t, layout)) {
      const value = d.resources[`${pageId}:${slot.resourceId}`];
      if (value?.type === 'IMAGE') {
        const next = pictures.shift();
        if (next) value.image = movedPicture(next.image, next.part, slot.part);
      } else if (value?.type === 'STRING') {
        const next = texts.shift();
        if (!next) continue;
        value.text = next.value.text;
        for (const key of OVERRIDE_KEYS) {
          const v = next.value.font[key];
          if (v !== undefined) (value.font as Record<string, unknown>)[key] = v;
        }
      }
    }
    for (const left of pictures) keepInTray(d, left.image);
    if (d.currentResourceId?.startsWith(`${pageId}:`)) d.currentResourceId = null;
    markDirty(d);
  }) as Command<[string, string]>,

  /** Puts pictures in a book's tray (the shopper's picks, an auto-created book's left-out pictures). */
  addToTray: ((t, d, pictures: TrayPicture[]) => {
    if (!isBook(t) || !d.tray) return;
    const before = d.tray.length;
    for (const p of pictures) keepInTray(d, p);
    if (d.tray.length > before) markDirty(d);
  }) as Command<[TrayPicture[]]>,
};

/** The most pages one 'add pages' adds: far beyond any product's step, short of a runaway. */
export const MAX_PAGES_AT_ONCE = 100;

/**
 * The book's pages as they are now, outside the draft: read through the draft, each of a 100-page
 * book's pages would be drafted one by one; and a page object that did not change stays the same
 * object, so the overview draws again only the pages that did.
 */
function pagesNow(d: Draft<Instance>): readonly BookPageRef[] {
  const pages = d.bookPages;
  if (!pages) return [];
  return isDraft(pages) ? (current(pages) as BookPageRef[]) : pages;
}

/**
 * A new page list, frozen as immer would leave it: immer then does not walk its pages looking for
 * drafts when the command ends (a 100-page book's every page on each move, add or removal).
 */
const settled = (pages: BookPageRef[]): BookPageRef[] => Object.freeze(pages) as BookPageRef[];

const plainImage = (image: ImageValue): ImageValue => ({ ...image, cropRect: { ...image.cropRect } });

function resourceOf(t: Template, typeId: string, resourceId: string) {
  return t.partTypes.find((p) => p.id === typeId)?.resources.find((r) => r.id === resourceId);
}

/**
 * A picture taken into another slot: its rotation and effect kept, its crop the suggestion for the
 * new frame (centred: the instance does not keep a picture's faces), unless the frames are alike.
 */
function movedPicture(image: ImageValue, from: RenderPart, to: RenderPart): ImageValue {
  const alike =
    Math.abs(from.size.width - to.size.width) < 1e-6 &&
    Math.abs(from.size.height - to.size.height) < 1e-6 &&
    adaptionOf(from) === adaptionOf(to);
  if (alike) return image;
  return { ...image, cropRect: suggestedCrop(image, image.rotation, frameOf(to), adaptionOf(to), null) };
}

/** A picture that leaves a book's slot stays in its tray. */
function keepInTray(d: Draft<Instance>, picture: TrayPicture) {
  if (!d.tray || d.tray.some((p) => p.uuid === picture.uuid)) return;
  d.tray.push({ uuid: picture.uuid, width: picture.width, height: picture.height });
}

/**
 * Takes every slot value of a page out of the instance, its pictures into the tray (unless told not
 * to), through the draft: setPageLayout writes the page's new slots into the same draft next, which a
 * frozen replacement (clearPages, for pages that go) would refuse.
 */
function clearPage(d: Draft<Instance>, pageId: string, toTray = true) {
  const prefix = `${pageId}:`;
  // Reflect.ownKeys, not Object.keys: on a draft, Object.keys asks immer for every key's descriptor,
  // which in a 100-page book is hundreds of proxy calls for each page cleared.
  for (const fullId of Reflect.ownKeys(d.resources) as string[]) {
    if (!fullId.startsWith(prefix)) continue;
    const value = d.resources[fullId];
    if (toTray && value?.type === 'IMAGE' && value.image) keepInTray(d, value.image);
    delete d.resources[fullId];
  }
  if (d.currentResourceId?.startsWith(prefix)) d.currentResourceId = null;
}

/**
 * Takes every slot value of the given pages out of the instance, their pictures into the tray, for
 * pages that go (clearPage is the one for a page that stays). The slots left are gathered outside the
 * draft into a new object: deleting a 100-page book's keys one by
 * one through the draft cost a phone at 4× about 13 ms of the tap that removes pages (decisions 3.22).
 */
function clearPages(d: Draft<Instance>, pages: readonly BookPageRef[]) {
  // A slot's id is its page's id, a colon and the slot's: looked up by page, not tried against each
  // page removed (a 100-page book has some 400 slots, walked at the shopper's tap).
  const ids = new Set(pages.map((p) => p.id));
  const gone = (fullId: string) => {
    const colon = fullId.indexOf(':');
    return colon > 0 && ids.has(fullId.slice(0, colon));
  };
  const before = isDraft(d.resources) ? current(d.resources) : d.resources;
  const kept: Instance['resources'] = {};
  for (const fullId of Object.keys(before)) {
    const value = before[fullId]!;
    if (!gone(fullId)) kept[fullId] = value;
    else if (value.type === 'IMAGE' && value.image) keepInTray(d, value.image);
  }
  // Frozen, as immer would leave it: immer then does not walk its hundreds of values looking for drafts.
  d.resources = Object.freeze(kept);
  if (d.currentResourceId && gone(d.currentResourceId)) d.currentResourceId = null;
}

/** How many slots use each picture (by uuid): the tray's counts. */
export function pictureUsage(i: Pick<Instance, 'resources'>): Map<string, number> {
  const uses = new Map<string, number>();
  for (const value of Object.values(i.resources)) {
    if (value.type === 'IMAGE' && value.image)
      uses.set(value.image.uuid, (uses.get(value.image.uuid) ?? 0) + 1);
  }
  return uses;
}

/** A book's tray as shown: its pictures in the tray's order, then any other picture in use, with their uses. */
export function trayOf(i: Pick<Instance, 'resources' | 'tray'>): { picture: TrayPicture; uses: number }[] {
  const uses = pictureUsage(i);
  const listed = new Map<string, TrayPicture>();
  for (const p of i.tray ?? []) listed.set(p.uuid, p);
  for (const value of Object.values(i.resources)) {
    if (value.type !== 'IMAGE' || !value.image || listed.has(value.image.uuid)) continue;
    const { uuid, width, height } = value.image;
    listed.set(uuid, { uuid, width, height });
  }
  return [...listed.values()].map((picture) => ({ picture, uses: uses.get(picture.uuid) ?? 0 }));
}

export type CommandName = keyof typeof commands;
export type CommandArgs<N extends CommandName> = (typeof commands)[N] extends Command<infer A> ? A : never;

// ---- completeness ----

function resourceComplete(value: ResourceValue | undefined): boolean {
  if (!value) return false;
  return value.type === 'IMAGE' ? !!value.image?.uuid : value.text.trim().length > 0;
}

/** A page is complete when every required user resource on it has a picture or non-empty text. */
export function pageComplete(t: Template, i: Instance, pageId: string): boolean {
  const page = t.pages.find((p) => p.id === pageId);
  if (!page) return false;
  const slots = resourceSlots(t);
  return renderPartsOf(t, page).every((part) => {
    const fullId = fullIdOf(t, page.id, part.resourceId);
    const slot = slots.find((s) => s.fullId === fullId);
    if (!slot?.resource.userSupplied || !slot.resource.required) return true;
    return resourceComplete(i.resources[fullId]);
  });
}

/**
 * The picture slots a shopper can fill that have no picture yet, page by page (issue 34): what
 * 'Fill the empty places' fills, and where a grey Add to cart takes the shopper (the first one that
 * must be filled). A slot of a template-level resource is where it is first drawn.
 */
export function emptyPictureSlots(
  t: Template,
  i: Instance,
): { fullId: string; pageId: string; required: boolean }[] {
  const found: { fullId: string; pageId: string; required: boolean }[] = [];
  const seen = new Set<string>();
  const slots = new Map(resourceSlots(t).map((s) => [s.fullId, s]));
  for (const page of t.pages) {
    for (const part of renderPartsOf(t, page)) {
      if (part.type !== 'IMAGE') continue;
      const fullId = fullIdOf(t, page.id, part.resourceId);
      const slot = slots.get(fullId);
      if (seen.has(fullId) || !slot || !isEditable(t, fullId)) continue;
      seen.add(fullId);
      const value = i.resources[fullId];
      if (value?.type === 'IMAGE' && value.image?.uuid) continue;
      found.push({ fullId, pageId: page.id, required: slot.resource.required });
    }
  }
  return found;
}

/**
 * The required places still without a picture or text, page by page (issue 34): a grey Add to cart
 * says how many and takes the shopper to the first. Empty when templateComplete holds.
 */
export function missingSlots(
  t: Template,
  i: Pick<Instance, 'resources'>,
): { fullId: string; pageId: string; type: 'IMAGE' | 'STRING' }[] {
  const found: { fullId: string; pageId: string; type: 'IMAGE' | 'STRING' }[] = [];
  const seen = new Set<string>();
  const slots = new Map(resourceSlots(t).map((s) => [s.fullId, s]));
  for (const page of t.pages) {
    for (const part of renderPartsOf(t, page)) {
      if (part.type !== 'IMAGE' && part.type !== 'STRING') continue;
      const fullId = fullIdOf(t, page.id, part.resourceId);
      const slot = slots.get(fullId);
      if (seen.has(fullId) || !slot?.resource.userSupplied || !slot.resource.required) continue;
      seen.add(fullId);
      if (!resourceComplete(i.resources[fullId])) found.push({ fullId, pageId: page.id, type: part.type });
    }
  }
  // A required resource that no page draws still holds the design back (templateComplete): last.
  for (const slot of slots.values()) {
    if (seen.has(slot.fullId) || !slot.resource.userSupplied || !slot.resource.required) continue;
    if (resourceComplete(i.resources[slot.fullId])) continue;
    found.push({
      fullId: slot.fullId,
      pageId: slot.pageId ?? t.pages[0]?.id ?? '',
      type: slot.resource.type,
    });
  }
  return found;
}

export function templateComplete(t: Template, i: Instance): boolean {
  return resourceSlots(t)
    .filter((s) => s.resource.userSupplied && s.resource.required)
    .every((s) => resourceComplete(i.resources[s.fullId]));
}

// ---- history: every command through here is undoable ----

/** What the shopper makes (an undo step); the rest of an instance is where they are looking. */
const EDIT_PATHS = new Set([
  'resources',
  'year',
  'startMonth',
  'personalDates',
  'holidays',
  'bookPages',
  'nextBookPage',
  'tray',
]);

export interface History {
  instance: Instance;
  past: { patches: Patch[]; inverse: Patch[] }[];
  future: { patches: Patch[]; inverse: Patch[] }[];
  /**
   * The text slot the last edit typed into, while nothing else has happened since: the next keystroke
   * in it joins that edit, so undo takes back what was typed, not one letter.
   */
  typing?: string | null;
}

/**
 * A history from an instance, frozen whole now: immer freezes what a command returns, and an instance
 * read from storage would otherwise be frozen by the first command, which for a 100-page book is a
 * frame's work at the moment the shopper taps.
 */
export const startHistory = (instance: Instance): History => ({
  instance: freeze(instance, true),
  past: [],
  future: [],
});

/** Runs a command; a command that changed nothing leaves the history as it was. */
export function run<N extends CommandName>(
  t: Template,
  h: History,
  name: N,
  ...args: CommandArgs<N>
): History {
  const command = commands[name] as unknown as Command<CommandArgs<N>>;
  // A book's commands run against its cover and inner pages as they are now.
  const model = instanceTemplate(t, h.instance);
  const [instance, patches, inverse] = produceWithPatches(h.instance, (d) => command(model, d, ...args));
  if (patches.length === 0) return h;
  // Navigation (page, selection) is not an edit the shopper wants to undo one by one.
  const edit = patches.some((p) => EDIT_PATHS.has(String(p.path[0])));
  if (!edit) return { ...h, instance, typing: null };
  const typing = name === 'setText' ? (args[0] as string) : null;
  const last = h.past.at(-1);
  if (typing !== null && typing === h.typing && last) {
    const joined = { patches: [...last.patches, ...patches], inverse: [...inverse, ...last.inverse] };
    return { instance, past: [...h.past.slice(0, -1), joined], future: [], typing };
  }
  return { instance, past: [...h.past, { patches, inverse }], future: [], typing };
}

export const canUndo = (h: History) => h.past.length > 0;
export const canRedo = (h: History) => h.future.length > 0;

export function undo(h: History): History {
  const last = h.past.at(-1);
  if (!last) return h;
  return {
    instance: applyPatches(h.instance, last.inverse),
    past: h.past.slice(0, -1),
    future: [last, ...h.future],
    typing: null,
  };
}

export function redo(h: History): History {
  const next = h.future[0];
  if (!next) return h;
  return {
    instance: applyPatches(h.instance, next.patches),
    past: [...h.past, next],
    future: h.future.slice(1),
    typing: null,
  };
}

// ---- work kept between sessions: the browser's save and 'My designs' (issue 18) ----

/** The longest text a kept design may hold in one slot: far beyond any card, short of abuse. */
export const MAX_KEPT_TEXT = 2000;
/** The most inner pages a kept book may have: above any product's maximum, short of abuse. */
export const MAX_KEPT_BOOK_PAGES = 400;
/** The most pictures a kept book's tray may hold (an auto-created book starts from up to 300). */
export const MAX_KEPT_TRAY = 1000;

const KeptPicture = z.object({
  uuid: z.string().min(1).max(64),
  width: z.number().positive().finite(),
  height: z.number().positive().finite(),
  rotation: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]),
  effect: z.enum(['original', 'bw', 'sepia']),
  cropRect: z.object({
    x: z.number().finite(),
    y: z.number().finite(),
    width: z.number().positive().finite(),
    height: z.number().positive().finite(),
  }),
});

const KeptValue = z.discriminatedUnion('type', [
  z.object({ type: z.literal('IMAGE'), image: KeptPicture.nullable() }),
  z.object({ type: z.literal('STRING'), text: z.string().max(MAX_KEPT_TEXT), font: Font }),
]);

const KeptInstance = z.object({
  templateUuid: z.string(),
  templateVersion: z.number().int(),
  year: z.number().int().min(1900).max(2200),
  startMonth: z.number().optional(),
  personalDates: z
    .array(z.object({ day: z.number(), month: z.number(), text: z.string(), yearly: z.boolean() }))
    .max(MAX_PERSONAL_DATES)
    .optional(),
  holidays: z.boolean().optional(),
  currentPageId: z.string(),
  resources: z.record(z.string(), KeptValue),
  dirty: z.boolean().optional(),
  bookPages: z
    .array(z.object({ id: z.string(), typeId: z.string() }))
    .max(MAX_KEPT_BOOK_PAGES)
    .optional(),
  nextBookPage: z.number().int().positive().optional(),
  tray: z
    .array(KeptPicture.pick({ uuid: true, width: true, height: true }))
    .max(MAX_KEPT_TRAY)
    .optional(),
});

/**
 * Work kept outside the editor (the browser's save, a design on the server) when it is an instance
 * of this very template version, each value in a slot the shopper fills and of that slot's type;
 * anything else is null, and the editor starts afresh rather than from something it cannot draw.
 * The browser and the server run this one check.
 */
export function keptInstance(value: unknown, t: Template): Instance | null {
  const parsed = KeptInstance.safeParse(value);
  if (!parsed.success) return null;
  const i = parsed.data;
  if (i.templateUuid !== t.uuid || i.templateVersion !== t.version) return null;
  if (i.startMonth !== undefined && !isStartMonth(i.startMonth)) return null;
  if (i.personalDates?.some((d) => personalDateProblem(d) !== null)) return null;
  // A book is kept with its pages; anything else is kept without.
  if (isBook(t) !== (i.bookPages !== undefined)) return null;
  if (isBook(t) && bookPagesProblem(t, i.bookPages!) !== null) return null;
  const model = instanceTemplate(t, i);
  if (!visiblePages(model).some((p) => p.id === i.currentPageId)) return null;
  const slots = new Map(resourceSlots(model).map((s) => [s.fullId, s.resource]));
  for (const [id, v] of Object.entries(i.resources)) {
    const resource = slots.get(id);
    if (!resource?.userSupplied || resource.type !== v.type) return null;
  }
  const { dirty, ...rest } = i;
  const kept: Instance = {
    ...(rest as Omit<Instance, 'dirty' | 'currentResourceId'>),
    currentResourceId: null,
    dirty: !!dirty,
  };
  if (isBook(t)) {
    // Kept before a number was: above every page id, so none is given twice.
    kept.nextBookPage = Math.max(i.nextBookPage ?? 1, nextBookPageNumber(t, i.bookPages!));
    kept.tray ??= [];
  }
  return kept;
}
