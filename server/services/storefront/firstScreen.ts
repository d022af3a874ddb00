/**
 * The data the first screen needs, answered ahead of time for the HTML (shop/firstScreen.ts): the
 * same services the API routes call, so an inlined answer is exactly what the call would get.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import i18next, { type i18n } from 'i18next';
import {
  catalogueEntry,
  fontFamiliesOf,
  pageArt,
  type Template,
  visiblePages,
} from '../../../engine/index.ts';
import {
  artUrl,
  type FirstScreen,
  type FirstScreenCall,
  firstScreenApi,
  firstScreenCalls,
  fontUrl,
  isTemplateAddress,
  LIST_TYPES,
  PageId,
  type PortalConfig,
  visitorCalls,
} from '../../../shop/index.ts';
import type { Db } from '../../db/connect.ts';
import { cartOfToken } from '../cart/cart.ts';
import { accountDesignAnswer } from '../cart/designs.ts';
import type { ContentImages } from '../pictures/contentImages.ts';
import { oneTemplate } from '../templates/storedTemplates.ts';
import { cardCategories, photogiftCategoryInfo } from '../templates/templateCategories.ts';
import { templateList } from '../templates/templateLists.ts';
import { categoriesOf, pageOf, productsOf, type ShopInfo } from './content.ts';

/** The namespace the shell draws with; later screens (the lab) load theirs when they open. */
const SHELL_NAMESPACE = 'common';

/**
 * The answers of the screen at `appPath` that depend on who asks (shop/firstScreen.ts visitorCalls),
 * for this request's session; null when the screen has none. The same services as the API routes.
 */
export async function visitorAnswers(
  db: Db,
  visitor: {
    session: () => Promise<{ userUuid: string | null } | null>;
    /** The session cookie's token, as the cart's route reads it. */
    token: string | undefined;
    portalUuid: string;
    now: Date;
  },
  appPath: string,
): Promise<Record<string, unknown> | null> {
  const calls = visitorCalls(appPath);
  if (!calls.length) return null;
  const answers: Record<string, unknown> = {};
  for (const c of calls) {
    if (c.kind === 'cart')
      answers[c.address] = await cartOfToken(db, visitor.token, visitor.portalUuid, visitor.now);
    else answers[c.address] = await accountDesignAnswer(db, await visitor.session(), c.templateUuid);
  }
  return answers;
}

export class FirstScreenData {
  private readonly translations = new Map<string, Promise<Record<string, unknown> | null>>();
  private readonly instances = new Map<string, i18n>();

  constructor(
    private readonly db: Db,
    private readonly localeDir: string,
    private readonly images: ContentImages,
    private readonly shopInfo?: ShopInfo,
  ) {}

  /** The calls of the screen at `appPath`, with what each answers for this portal now. */
  async answer(portal: PortalConfig, appPath: string): Promise<FirstScreen> {
    const calls = firstScreenCalls(appPath);
    const [translations, ...answered] = await Promise.all([
      this.translationsOf(portal.locale.code),
      ...calls.map((call) => this.answerOne(portal.portal.uuid, call)),
    ]);
    const answers: Record<string, unknown> = {};
    for (const entries of answered)
      for (const [address, answer] of entries) {
        // A call that would fail (an unknown page) is left to the app, which shows its own message.
        if (answer != null) answers[address] = answer;
      }
    return {
      translations: translations
        ? { language: portal.locale.code, namespace: SHELL_NAMESPACE, resources: translations }
        : null,
      answers,
    };
  }

  /** A call's answers by address: one, or none when it has no address yet and cannot get one. */
  private async answerOne(portalUuid: string, call: FirstScreenCall): Promise<[string, unknown][]> {
    if (call.kind === 'templateList' && call.address === null) {
      // The cards of the default category, at that category's address (shop/firstScreen.ts).
      const { defaultCategory } = await cardCategories(this.db, portalUuid);
      const category = defaultCategory ?? null;
      return [
        [
          firstScreenApi.templateList(call.type, category),
          await templateList(this.db, portalUuid, LIST_TYPES[call.type], category),
        ],
      ];
    }
    if (call.address === null) return [];
    return [[call.address, await this.answerAt(portalUuid, call)]];
  }

  private async answerAt(portalUuid: string, call: FirstScreenCall): Promise<unknown> {
    switch (call.kind) {
      case 'page': {
        const id = PageId.safeParse(call.id);
        return id.success
          ? pageOf(this.db, portalUuid, id.data, (src) => this.images.sizeOf(src), this.shopInfo)
          : null;
      }
      case 'categories':
        return { categories: await categoriesOf(this.db, portalUuid) };
      case 'products':
        return { products: await productsOf(this.db, portalUuid) };
      case 'template':
        return oneTemplate(this.db, portalUuid, call.uuid, null);
      case 'cardCategories':
        return cardCategories(this.db, portalUuid);
      case 'photogiftInfo':
        return photogiftCategoryInfo(this.db, portalUuid, call.category);
      case 'templateList':
        return templateList(this.db, portalUuid, LIST_TYPES[call.type], call.category);
    }
  }

  /** An i18next of `firstScreen`'s language and translations, for the server's render of the screen. */
  i18nFor(firstScreen: FirstScreen): i18n | null {
    const translations = firstScreen.translations;
    if (!translations) return null;
    let instance = this.instances.get(translations.language);
    if (!instance) {
      instance = i18next.createInstance();
      // Synchronous: every translation is at hand, nothing is fetched.
      void instance.init({
        lng: translations.language,
        fallbackLng: false,
        ns: [translations.namespace],
        defaultNS: translations.namespace,
        resources: { [translations.language]: { [translations.namespace]: translations.resources } },
        interpolation: { escapeValue: false },
        initAsync: false,
      });
      this.instances.set(translations.language, instance);
    }
    return instance;
  }

  /** Read once per language: the files change with a deploy, which restarts the server. */
  private translationsOf(language: string): Promise<Record<string, unknown> | null> {
    let loaded = this.translations.get(language);
    if (!loaded) {
      const file = path.join(this.localeDir, path.basename(language), `${SHELL_NAMESPACE}.json`);
      loaded = readFile(file, 'utf8').then(
        (text) => JSON.parse(text) as Record<string, unknown>,
        () => null,
      );
      this.translations.set(language, loaded);
    }
    return loaded;
  }
}

/**
 * What the first screen's templates fetch before their first page is drawn: the font files they draw
 * with (under /fonts/, as src/features/editor/browserFonts.ts fetches them) and the first page's art
 * (as the editor's picture loader fetches it). The HTML names them, so they load alongside the app
 * instead of after the editor's chunk and its template.
 */
export function templateFetchesOf(firstScreen: FirstScreen): string[] {
  const templates = Object.entries(firstScreen.answers)
    .filter(([address]) => isTemplateAddress(address))
    .map(([, answer]) => answer as Template);
  const fonts = fontFamiliesOf(...templates)
    .map((family) => catalogueEntry(family)?.file)
    .filter((file): file is string => !!file)
    .map(fontUrl);
  const art = templates.flatMap((template) => {
    const first = Array.isArray(template.pages) ? visiblePages(template)[0] : undefined;
    return first ? pageArt(template, first.id).map(artUrl) : [];
  });
  return [...fonts, ...new Set(art)];
}
