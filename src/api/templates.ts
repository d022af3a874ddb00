/**
 * The template calls of S1 §7. Answers are the server's validated templates (engine/template.ts),
 * so they are typed, not parsed again.
 */
import type { Holiday, PersonalDate, Template } from '../../engine/index.ts';
import type { ListType } from '../../shop/index.ts';
import { accountRoutes, firstScreenApi, templateRoutes as templates } from '../../shop/index.ts';
import { call } from './call.ts';
import { takeFirstScreenAnswer } from './firstScreen.ts';

export interface CardCategory {
  category: string;
  /** By language (en_GB, nb_NO, da_DK). */
  names: Record<string, string>;
}

export interface CardCategories {
  categories: CardCategory[];
  defaultCategory: string | null;
}

export interface PhotogiftCategoryInfo {
  names: Record<string, string>;
  separateFromBackground: boolean;
}

/** GET /m/api/templates/{type} or /m/api/templates/{type}/categories/{category}. */
export function getTemplates(
  type: ListType,
  category: string | null,
  signal?: AbortSignal,
): Promise<Template[]> {
  return category
    ? call(templates.categoryList, { params: { type, category } }, { signal })
    : call(templates.list, { params: { type } }, { signal });
}

/**
 * A list's data when the HTML brought it (the first screen, shop/firstScreen.ts): read at once, so the
 * server's render and the browser's first render draw the list, not its skeleton.
 */
export const inlinedTemplates = (type: ListType, category: string | null) =>
  takeFirstScreenAnswer<Template[]>(firstScreenApi.templateList(type, category));
export const inlinedCardCategories = () =>
  takeFirstScreenAnswer<CardCategories>(firstScreenApi.cardCategories);
export const inlinedPhotogiftInfo = (category: string) =>
  takeFirstScreenAnswer<PhotogiftCategoryInfo>(firstScreenApi.photogiftInfo(category));

/** GET /m/api/templates/cards/categories. */
export function getCardCategories(signal?: AbortSignal): Promise<CardCategories> {
  return call(templates.cardCategories, {}, { signal });
}

/** GET /m/api/templates/photogift/categories/{category}/info. */
export function getPhotogiftCategoryInfo(
  category: string,
  signal?: AbortSignal,
): Promise<PhotogiftCategoryInfo> {
  return call(templates.photogiftCategoryInfo, { params: { category } }, { signal });
}

/** GET /m/api/templates/by-uuid/{uuid}: the current version. */
export function getTemplate(uuid: string, signal?: AbortSignal): Promise<Template> {
  return call(templates.byUuid, { params: { uuid } }, { signal });
}

/** GET /m/api/templates/by-uuid/{uuid}/{version}: one version (a cart line's). */
export function getTemplateVersion(uuid: string, version: number, signal?: AbortSignal): Promise<Template> {
  return call(templates.byVersion, { params: { uuid, version: String(version) } }, { signal });
}

/** GET /m/api/holidays: the public holidays a calendar of this portal marks over its twelve months. */
export function getHolidays(
  year: number,
  startMonth: number,
  signal?: AbortSignal,
): Promise<{ holidays: Holiday[] }> {
  return call(templates.holidays, { query: { year, startMonth } }, { signal });
}

/** GET /m/api/user/personal-dates: the yearly dates the shopper's account keeps (none for a visitor). */
export function getSavedDates(signal?: AbortSignal): Promise<{ personalDates: PersonalDate[] }> {
  return call(accountRoutes.personalDates, {}, { signal });
}
