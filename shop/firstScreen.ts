/**
 * The first screen's data, sent inside the HTML (issue 15): the server answers, ahead of time, the
 * calls the app would make as soon as it starts on a given path, so the first paint waits for no API
 * round trip. Both sides key the answers by the address the app calls, built here once.
 */
import type { i18n } from 'i18next';
import type { Template } from '../engine/index.ts';
import { cartRoutes } from './api/cart.ts';
import { CategoryParam, templateRoutes } from './api/templates.ts';
import { routeUrl } from './api/url.ts';
import { routeOf } from './appRoutes.ts';
import type { ContentImageSources } from './contentImages.ts';
import type { PortalConfig } from './contract.ts';
import {
  groupByProduct,
  hasCategories,
  isListType,
  LIST_TYPES,
  type ListTemplate,
  type ListType,
  listTypeOf,
  previewSources,
} from './templateList.ts';

/** The id of the `<script type="application/json">` element that carries a {@link FirstScreen}. */
export const FIRST_SCREEN_ELEMENT_ID = 'first-screen';

/** The content page `/` shows (S0 §2). */
export const START_PAGE_ID = 'start-page';
/**
 * The content pages every shop has, linked from the footer of every page (issue 34): each portal
 * writes its own (the demo's are in server/db/seed-data.ts).
 */
export const FOOTER_PAGE_IDS = ['contact', 'delivery', 'help', 'terms', 'returns', 'privacy'] as const;
export type FooterPageId = (typeof FOOTER_PAGE_IDS)[number];

/** The addresses of the calls a first screen can make; the app's API functions use the same ones. */
export const firstScreenApi = {
  page: (id: string) => `/m/api/legacy-pages/${encodeURIComponent(id)}`,
  categories: '/m/api/products/categories',
  products: '/m/api/products',
  template: (uuid: string) => `${TEMPLATE_ADDRESS}${encodeURIComponent(uuid)}`,
  accountDesign: (templateUuid: string) => `/m/api/user/designs/${encodeURIComponent(templateUuid)}`,
  /** A template list (S1 §7): a type's templates, or one category's. */
  templateList: (type: ListType, category: string | null) =>
    category
      ? routeUrl(templateRoutes.categoryList, { type, category })
      : routeUrl(templateRoutes.list, { type }),
  cardCategories: templateRoutes.cardCategories.path,
  photogiftInfo: (category: string) => routeUrl(templateRoutes.photogiftCategoryInfo, { category }),
} as const;

/** The element carrying the answers that depend on who asks ({@link visitorCalls}). */
export const VISITOR_ANSWERS_ELEMENT_ID = 'first-screen-visitor';

const TEMPLATE_ADDRESS = '/m/api/templates/by-uuid/';

/** Whether an answer's address is a template's (the editor's first screen). */
export const isTemplateAddress = (address: string) => address.startsWith(TEMPLATE_ADDRESS);

export interface FirstScreen {
  /** The active language's shell translations (the `common` namespace); no other language. */
  translations: { language: string; namespace: string; resources: Record<string, unknown> } | null;
  /** Answers by address: what `GET address` would have answered when the page was served. */
  answers: Record<string, unknown>;
}

/**
 * The first screen's server render (src/ssr.tsx): built apart by `vite build --ssr` into
 * dist/server/ssr.js, which the server loads at run time (server/routes/app-shell.ts). Declared here,
 * where both sides may look, so the server never imports the app to know its shape.
 */
export type RenderFirstScreen = (options: {
  url: string;
  portal: PortalConfig;
  firstScreen: FirstScreen;
  i18n: i18n;
}) => Promise<string>;

export type FirstScreenCall =
  | { kind: 'page'; id: string; address: string }
  | { kind: 'categories'; address: string }
  | { kind: 'products'; address: string }
  | { kind: 'template'; uuid: string; address: string }
  | { kind: 'cardCategories'; address: string }
  | { kind: 'photogiftInfo'; category: string; address: string }
  /**
   * A template list. `address` null: the cards of the default category, known only once the
   * categories are read (the list at /products/cards shows them); the server answers at that
   * category's address.
   */
  | { kind: 'templateList'; type: ListType; category: string | null; address: string | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The calls the screen at `appPath` (the path inside the app, after `/m`, `/m2` or nothing) makes
 * before it can draw, by its route in the app's one route list (appRoutes.ts): the start page and
 * content pages their page, the product list its categories and the products (for the print size
 * range), the editor its template (issue 18: the editor then fetches no template, and the HTML names
 * the template's fonts to load at once). Other screens draw their frame first.
 */
export function firstScreenCalls(appPath: string): FirstScreenCall[] {
  const { route, params } = routeOf(appPath);
  switch (route.screen) {
    case 'start':
      return [pageCall(START_PAGE_ID)];
    case 'page':
      return params.id ? [pageCall(params.id)] : [];
    case 'editor': {
      const uuid = params.templateUuid;
      return uuid && UUID.test(uuid)
        ? [{ kind: 'template', uuid, address: firstScreenApi.template(uuid) }]
        : [];
    }
    case 'products':
      return [
        { kind: 'categories', address: firstScreenApi.categories },
        { kind: 'products', address: firstScreenApi.products },
      ];
    case 'templateList':
      return templateListCalls(params.type, params.category);
    case 'upload':
      // The print sizes it names (S0 §4: "from 9x13 to 30x45"), from the price list.
      return [{ kind: 'products', address: firstScreenApi.products }];
    default:
      return [];
  }
}

/**
 * The calls of the screen at `appPath` whose answers depend on the shopper's session: answered for
 * each request, in an element of their own, never kept with the page the server reuses for everyone.
 * The editor asks for the account's design of its template before it draws (issue 18: a round trip
 * on the way to the first page), the cart for its lines (issue 31).
 */
export function visitorCalls(appPath: string): VisitorCall[] {
  // The cart list (not a line's view or editor): its lines, so it needs no call before it draws, and
  // the server sends an empty cart to the products at once (S0 §2), before any JavaScript.
  if (routeOf(appPath).route.path === 'cart') return [{ kind: 'cart', address: cartRoutes.get.path }];
  return firstScreenCalls(appPath).flatMap((c) =>
    c.kind === 'template'
      ? [
          {
            kind: 'accountDesign' as const,
            templateUuid: c.uuid,
            address: firstScreenApi.accountDesign(c.uuid),
          },
        ]
      : [],
  );
}

export type VisitorCall =
  | { kind: 'accountDesign'; templateUuid: string; address: string }
  | { kind: 'cart'; address: string };

/**
 * A template list's calls, as its screen makes them (src/features/templates): the cards' categories,
 * a photo gift category's names, the templates, and the price list for the prices under each product.
 * Calendars have no category (S1 §2); a card list without one shows the default category's cards.
 */
function templateListCalls(type: string | undefined, category: string | undefined): FirstScreenCall[] {
  if (!isListType(type)) return [];
  const listCategory = !hasCategories(type) || !category ? null : category;
  // A category the route would refuse is left to the app, which shows the server's answer.
  if (listCategory !== null && !CategoryParam.safeParse(listCategory).success) return [];
  const calls: FirstScreenCall[] = [];
  if (type === 'cards') calls.push({ kind: 'cardCategories', address: firstScreenApi.cardCategories });
  if (type === 'photogift' && listCategory)
    calls.push({
      kind: 'photogiftInfo',
      category: listCategory,
      address: firstScreenApi.photogiftInfo(listCategory),
    });
  calls.push({
    kind: 'templateList',
    type,
    category: listCategory,
    address: type === 'cards' && !listCategory ? null : firstScreenApi.templateList(type, listCategory),
  });
  calls.push({ kind: 'products', address: firstScreenApi.products });
  return calls;
}

function pageCall(id: string): FirstScreenCall {
  return { kind: 'page', id, address: firstScreenApi.page(id) };
}

/** The app's path inside its basename: `/m/products` → `/products` (S0 §1: /m, /m2, or desktop). */
export function appPathOf(url: string): string {
  const path = url.split(/[?#]/)[0] ?? '/';
  for (const prefix of ['/m2', '/m']) {
    if (path === prefix) return '/';
    if (path.startsWith(`${prefix}/`)) return path.slice(prefix.length);
  }
  return path;
}

/**
 * The first screen's largest picture, when it is a content page opening with a slider: the server
 * names it in the HTML (`<link rel="preload">`), so it loads alongside the app instead of after it.
 */
export function heroImageOf(firstScreen: FirstScreen): { src: string; width?: number } | null {
  for (const answer of Object.values(firstScreen.answers)) {
    const modules = (answer as { modules?: unknown } | null)?.modules;
    if (!Array.isArray(modules)) continue;
    const first = modules[0] as
      | { type?: unknown; slides?: { background?: unknown; width?: unknown }[] }
      | undefined;
    const slide = first?.type === 'Slider' ? first.slides?.[0] : undefined;
    if (typeof slide?.background === 'string' && slide.background) {
      return typeof slide.width === 'number'
        ? { src: slide.background, width: slide.width }
        : { src: slide.background };
    }
  }
  return null;
}

/**
 * A template list's largest picture: the first tile's preview, in the list's order (groupByProduct,
 * as the screen draws it, before any filter). The server names it in the HTML like the start page's
 * first slide, so it loads with the app, not behind the screen's chunks (issue 31).
 */
export function listHeroOf(firstScreen: FirstScreen): ContentImageSources | null {
  for (const [address, answer] of Object.entries(firstScreen.answers)) {
    if (!address.startsWith('/m/api/templates/') || !Array.isArray(answer) || answer.length === 0) continue;
    const templates = answer as (ListTemplate & Pick<Template, 'type'>)[];
    const type = templates[0]?.type;
    if (!type || !Object.values(LIST_TYPES).includes(type)) continue;
    const first = groupByProduct(listTypeOf(type), templates)[0]?.templates[0];
    if (first) return previewSources(first);
  }
  return null;
}

/**
 * Whether the server draws the screen at `appPath` as HTML (src/ssr.tsx): the start page, content
 * pages, the product list, the template lists and the upload page. The editor's data comes with the HTML, but the
 * editor draws on a canvas in the browser.
 */
export function drawnOnServer(appPath: string): boolean {
  const calls = firstScreenCalls(appPath);
  return calls.length > 0 && calls.every((call) => call.kind !== 'template');
}
