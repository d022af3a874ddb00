/**
 * A photo book as the engine draws it (issue 33). The template holds the cover part type and the
 * page layouts (part types); the shopper's instance holds the inner pages, each a layout. These pure
 * functions turn the two into plain templates, so the scene, the renderers and the preflight draw a
 * book with the code they have:
 *
 * - `bookTemplate`: the cover page and then the inner pages, at the page size: what an instance of the
 *   book is edited and checked against (its slots, the commands, the line rules).
 * - `materialiseBook`: the inner pages alone, in order: the pages PDF.
 * - `materialiseCover`: the cover as one page the size of the spread (back, spine, front): the cover
 *   PDF, and the editor's cover page; spine text too big for the book's spine is left off.
 */

import { spineTextFits } from './spineText.ts';
import {
  type BookSection,
  type CoverPanel,
  countFields,
  type PartRef,
  type PartType,
  type RenderPart,
  type Template,
} from './template.ts';

/** One inner page of a book: its id (stable across reorder, never reused in one instance) and layout. */
export interface BookPageRef {
  id: string;
  typeId: string;
}

/** A template that is a photo book: it has its book section. */
export type BookTemplate = Template & { book: BookSection };

export const isBook = (t: Template): t is BookTemplate => t.book !== undefined;

/** The cover's page of a book template: its first page (the model checks it is). */
export function coverPageOf(t: BookTemplate): PartRef {
  return t.pages.find((p) => p.typeId === t.book.cover)!;
}

/** The inner pages a new instance of the book starts with: the template's sample pages. */
export const defaultBookPages = (t: BookTemplate): BookPageRef[] =>
  t.pages.filter((p) => p.typeId !== t.book.cover).map(({ id, typeId }) => ({ id, typeId }));

const BOOK_PAGE_ID = /^b([1-9]\d{0,8})$/;

/** The id of the `n`th page added to a book: `b1`, `b2`, …; a number is never given twice. */
export const bookPageId = (n: number) => `b${n}`;

/** The number the next added page's id takes: above every `b<n>` the book has (pages and cover). */
export function nextBookPageNumber(t: BookTemplate, pages: readonly BookPageRef[]): number {
  let most = 0;
  for (const id of [coverPageOf(t).id, ...pages.map((p) => p.id)]) {
    const m = BOOK_PAGE_ID.exec(id);
    if (m) most = Math.max(most, Number(m[1]));
  }
  return most + 1;
}

const PAGE_ID = /^[A-Za-z0-9_()-]{1,64}$/;

export type BookPagesProblem =
  | { kind: 'unknown_layout'; pageId: string; typeId: string }
  | { kind: 'duplicate_page'; pageId: string }
  | { kind: 'invalid_page_id'; pageId: string };

/**
 * Why a list of inner pages cannot be this book's, or null: every page's layout is one of the book's
 * layouts, and its id is an id (it prefixes the page's slots), unique, and not the cover's.
 */
export function bookPagesProblem(t: BookTemplate, pages: readonly BookPageRef[]): BookPagesProblem | null {
  const layouts = new Set(t.book.layouts);
  const seen = new Set([coverPageOf(t).id]);
  for (const page of pages) {
    if (!PAGE_ID.test(page.id)) return { kind: 'invalid_page_id', pageId: page.id };
    if (seen.has(page.id)) return { kind: 'duplicate_page', pageId: page.id };
    seen.add(page.id);
    if (!layouts.has(page.typeId)) return { kind: 'unknown_layout', pageId: page.id, typeId: page.typeId };
  }
  return null;
}

function assertBookPages(t: BookTemplate, pages: readonly BookPageRef[]) {
  const problem = bookPagesProblem(t, pages);
  if (problem) throw new Error(`Book pages of ${t.uuid}: ${JSON.stringify(problem)}`);
}

const innerPage = ({ id, typeId }: BookPageRef): PartRef => ({
  id,
  typeId,
  clientIgnore: false,
  months: {},
  renderParts: [],
});

/** The template with these pages, its count fields counted again (the list and the cart read them). */
function withPages(t: Template, pages: PartRef[], more: Partial<Template> = {}): Template {
  const model = { ...t, ...more, pages };
  return { ...model, ...countFields(model) };
}

/**
 * The book an instance is edited against: the cover page, then `pages`, at the page size. Its cover
 * page is there for its slots (the shopper's cover picture and title); it is drawn with
 * materialiseCover, at the spread's size. Throws for pages that are not the book's (bookPagesProblem).
 */
export function bookTemplate(t: BookTemplate, pages: readonly BookPageRef[]): BookTemplate {
  assertBookPages(t, pages);
  return withPages(t, [coverPageOf(t), ...pages.map(innerPage)]) as BookTemplate;
}

/** The inner pages alone, in order, at the page size: what the pages PDF prints, page by page. */
export function materialiseBook(t: BookTemplate, pages: readonly BookPageRef[]): BookTemplate {
  assertBookPages(t, pages);
  return withPages(t, pages.map(innerPage)) as BookTemplate;
}

/** What the cover's size depends on beside the template: the product's spine and turn-in. */
export interface CoverSize {
  /** The spine's width for the book's page count (shop/photobook spineWidthMm). */
  spineMm: number;
  /** The cover material turned in round a hard cover's boards on every side; 0 for a soft cover. */
  wrapMm: number;
}

/** Where the panels lie on the spread, in mm from the trim's top-left corner (the turn-in included). */
export interface CoverPanels {
  widthMm: number;
  heightMm: number;
  back: { x: number; width: number };
  spine: { x: number; width: number };
  front: { x: number; width: number };
  /** Top of the panels (below the turn-in); they are the page's height. */
  y: number;
}

/**
 * The spread's geometry: 2 × the page width + the spine, plus the turn-in on every side (a hard
 * cover's); the panels back, spine, front from left to right, as the spread lies printed side up.
 */
export function coverPanels(t: Pick<Template, 'dimensions'>, size: CoverSize): CoverPanels {
  const { width, height } = t.dimensions;
  const { spineMm, wrapMm } = size;
  if (!(spineMm >= 0) || !(wrapMm >= 0)) throw new RangeError(`A cover's spine and turn-in are ≥ 0 mm`);
  return {
    widthMm: 2 * width + spineMm + 2 * wrapMm,
    heightMm: height + 2 * wrapMm,
    back: { x: wrapMm, width },
    spine: { x: wrapMm + width, width: spineMm },
    front: { x: wrapMm + width + spineMm, width },
    y: wrapMm,
  };
}

/** Within this a part's edge counts as on the panel's edge (authors write 0 and 200, not 199.9999). */
const EDGE_MM = 0.01;

/** The centre of a part's drawn box on its panel, after its rotation (a rotation turns the centre). */
function drawnCentreX(part: RenderPart): number {
  const cx = part.position.x + part.size.width / 2;
  const cy = part.position.y + part.size.height / 2;
  const rotate = part.transformations?.find((tr) => tr.type === 'ROTATE');
  if (!rotate) return cx;
  const ox = part.position.x + rotate.originX;
  const oy = part.position.y + rotate.originY;
  const a = (rotate.rotate * Math.PI) / 180;
  return ox + (cx - ox) * Math.cos(a) - (cy - oy) * Math.sin(a);
}

/**
 * A cover's render part placed on the spread. Back and front parts keep their offset from their
 * panel's top-left corner, so the front stays put as the spine widens. A spine part is centred
 * across the spine (spine text is turned 90° by its own transformation, to run along it); a spine
 * picture spans the spine's width. A picture that meets the cover's outer edge (the back's left, the
 * front's right, the top and the bottom) is carried over the turn-in, so a hard cover's board edge
 * shows no white; the print renderer then carries it on into the bleed, as on every page.
 */
function placedOnSpread(part: RenderPart, panels: CoverPanels, page: Template['dimensions']): RenderPart {
  const panel = part.panel as CoverPanel;
  const wrap = panels.y;
  let { x, y } = part.position;
  let { width, height } = part.size;
  const picture = part.type === 'IMAGE' && !part.transformations?.some((tr) => tr.rotate % 360 !== 0);
  if (panel === 'spine') {
    if (picture && panels.spine.width > 0) {
      x = 0;
      width = panels.spine.width;
    } else x += panels.spine.width / 2 - drawnCentreX(part);
  }
  if (picture && wrap > 0) {
    if (y <= EDGE_MM) {
      y -= wrap;
      height += wrap;
    }
    if (part.position.y + part.size.height >= page.height - EDGE_MM) height += wrap;
    if (panel === 'back' && x <= EDGE_MM) {
      x -= wrap;
      width += wrap;
    }
    if (panel === 'front' && x + width >= page.width - EDGE_MM) width += wrap;
  }
  return {
    ...part,
    position: { x: x + panels[panel].x, y: y + panels.y },
    size: { width, height },
  };
}

/**
 * Whether a cover part is printed on a spine this wide: spine text that does not fit across it
 * (spineTextFits, at the author's size) is left off, as labs print a thin book's spine blank; every
 * other part is printed.
 */
export function printsOnSpine(part: RenderPart, size: CoverSize): boolean {
  if (part.panel !== 'spine' || part.type !== 'STRING') return true;
  const pt = part.font?.size;
  return !(pt && pt > 0) || spineTextFits(size.spineMm, pt);
}

/**
 * The cover as a template of one page the size of the spread, its render parts placed on their
 * panels (placedOnSpread) and its `folds` where the spread folds round the spine: the preflight's
 * fold rule then finds spine text too long for the spine's width, and text of the front or back run
 * into the spine. The bleed is the print renderer's, as for every page (3 mm beyond the trim).
 */
export function materialiseCover(t: BookTemplate, size: CoverSize): BookTemplate {
  const panels = coverPanels(t, size);
  const cover = coverPageOf(t);
  const place = (parts: RenderPart[]) =>
    parts
      .filter((part) => printsOnSpine(part, size))
      .map((part) => placedOnSpread(part, panels, t.dimensions));
  const partTypes: PartType[] = t.partTypes.map((pt) =>
    pt.id === t.book.cover ? { ...pt, renderParts: place(pt.renderParts) } : pt,
  );
  const folds = [
    { axis: 'vertical' as const, atMm: panels.spine.x },
    { axis: 'vertical' as const, atMm: panels.front.x },
  ];
  return withPages(t, [{ ...cover, renderParts: place(cover.renderParts) }], {
    dimensions: { width: panels.widthMm, height: panels.heightMm },
    partTypes,
    folds,
  }) as BookTemplate;
}

/**
 * A page layout's slots in drawing order: the part type's own picture and text resources the shopper
 * fills (the full id of one on page P is `P:<resourceId>`), each with the box it is drawn in. What
 * changing a page's layout moves pictures and captions through, and what the auto layout reads.
 */
export function layoutSlots(t: BookTemplate, typeId: string): readonly PageSlot[] {
  // A 100-page overview asks for every page's slots on every command: a template's layouts are
  // worked out once (templates are not changed in place).
  const known = slotsByLayout.get(t) ?? new Map<string, readonly PageSlot[]>();
  slotsByLayout.set(t, known);
  const slots = known.get(typeId) ?? slotsOf(t, typeId);
  known.set(typeId, slots);
  return slots;
}

/** A picture or text slot of a book page's layout, in drawing order. */
export interface PageSlot {
  resourceId: string;
  type: 'IMAGE' | 'STRING';
  part: RenderPart;
}

const slotsByLayout = new WeakMap<BookTemplate, Map<string, readonly PageSlot[]>>();

function slotsOf(t: BookTemplate, typeId: string): readonly PageSlot[] {
  const pt = t.partTypes.find((p) => p.id === typeId);
  if (!pt) return [];
  const own = new Map(pt.resources.filter((r) => r.userSupplied && !r.disableEdit).map((r) => [r.id, r]));
  const seen = new Set<string>();
  const slots: PageSlot[] = [];
  for (const part of pt.renderParts) {
    const resource = own.get(part.resourceId);
    if (!resource || seen.has(resource.id) || part.type === 'MONTH' || part.type !== resource.type) continue;
    seen.add(resource.id);
    slots.push({ resourceId: resource.id, type: resource.type, part });
  }
  return slots;
}
