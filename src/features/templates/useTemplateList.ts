import { useEffect, useState } from 'react';
import type { Template } from '../../../engine/index.ts';
import type { ListType } from '../../../shop/index.ts';
import { isAbort } from '../../api/call.ts';
import {
  type CardCategories,
  getCardCategories,
  getPhotogiftCategoryInfo,
  getTemplates,
  inlinedCardCategories,
  inlinedPhotogiftInfo,
  inlinedTemplates,
  type PhotogiftCategoryInfo,
} from '../../api/templates.ts';

/** The card categories change with a deploy, not while the shopper browses: one call per page load. */
let cardCategories: Promise<CardCategories> | null = null;

function loadCardCategories(): Promise<CardCategories> {
  cardCategories ??= getCardCategories().catch((error: unknown) => {
    cardCategories = null; // the next visit tries again
    throw error;
  });
  return cardCategories;
}

/** The card categories; `failed` leaves the bar out and the list unfiltered by category. */
export function useCardCategories(enabled: boolean): { categories: CardCategories | null; failed: boolean } {
  const [state, setState] = useState<{ categories: CardCategories | null; failed: boolean }>(() => ({
    categories: (enabled && inlinedCardCategories()) || null,
    failed: false,
  }));
  const known = state.categories !== null;
  useEffect(() => {
    if (!enabled || known) return;
    let live = true;
    loadCardCategories().then(
      (categories) => live && setState({ categories, failed: false }),
      (error: unknown) => {
        console.error('The card categories could not be loaded', error);
        if (live) setState({ categories: null, failed: true });
      },
    );
    return () => {
      live = false;
    };
  }, [enabled, known]);
  return state;
}

/** A photo gift category's names; null while loading or when the call fails (logged). */
export function usePhotogiftInfo(category: string | null): PhotogiftCategoryInfo | null {
  const [info, setInfo] = useState<{ category: string; info: PhotogiftCategoryInfo } | null>(() => {
    const inlined = category ? inlinedPhotogiftInfo(category) : undefined;
    return category && inlined ? { category, info: inlined } : null;
  });
  const known = info?.category === category;
  useEffect(() => {
    if (!category || known) return;
    const controller = new AbortController();
    getPhotogiftCategoryInfo(category, controller.signal).then(
      (answer) => setInfo({ category, info: answer }),
      (error: unknown) => {
        if (!isAbort(error)) console.error(`The photo gift category ${category} could not be loaded`, error);
      },
    );
    return () => controller.abort();
  }, [category, known]);
  return info && info.category === category ? info.info : null;
}

export type TemplatesState = { status: 'loading' } | { status: 'ready'; templates: Template[] };

/**
 * The templates of a list. S1 §8: a failed fetch is only logged and the list stays empty. `enabled`
 * false waits (cards wait for their default category).
 */
export function useTemplates(type: ListType, category: string | null, enabled: boolean): TemplatesState {
  const key = `${type}/${category ?? ''}`;
  const [state, setState] = useState<{ key: string; templates: Template[] } | null>(() => {
    const inlined = enabled ? inlinedTemplates(type, category) : undefined;
    return inlined ? { key, templates: inlined } : null;
  });
  const known = state?.key === key;
  useEffect(() => {
    if (!enabled || known) return;
    const controller = new AbortController();
    getTemplates(type, category, controller.signal).then(
      (templates) => setState({ key, templates }),
      (error: unknown) => {
        if (isAbort(error)) return;
        console.error(`The ${type} templates${category ? ` of ${category}` : ''} could not be loaded`, error);
        setState({ key, templates: [] });
      },
    );
    return () => controller.abort();
  }, [type, category, enabled, key, known]);
  return state && state.key === key ? { status: 'ready', templates: state.templates } : { status: 'loading' };
}
