import { FIRST_SCREEN_ELEMENT_ID, type FirstScreen, VISITOR_ANSWERS_ELEMENT_ID } from '../../shop/index.ts';

/**
 * The first screen's data the server put in the HTML (shop/firstScreen.ts). Each answer is used
 * once, by the first call for its address: a later visit to the same screen asks the server again,
 * so what the shopper sees after navigating is never older than the call.
 */
let firstScreen: FirstScreen | null | undefined;

const inlineText = (id: string) =>
  typeof document === 'undefined' ? null : document.getElementById(id)?.textContent;

function read(): FirstScreen | null {
  if (firstScreen !== undefined) return firstScreen;
  firstScreen = null;
  const text = inlineText(FIRST_SCREEN_ELEMENT_ID);
  if (text?.trim()) {
    try {
      firstScreen = JSON.parse(text) as FirstScreen;
      // This shopper's own answers (shop/firstScreen.ts visitorCalls) join the page's.
      const own = inlineText(VISITOR_ANSWERS_ELEMENT_ID);
      if (own?.trim()) firstScreen.answers = { ...firstScreen.answers, ...(JSON.parse(own) as object) };
    } catch {
      // Broken inline data is no reason to fail: the calls have the same answers.
    }
  }
  return firstScreen;
}

/**
 * Runs `render` with `data` as the first screen's data: the server's render of the first screen
 * (src/ssr.tsx) draws from the same answers the HTML then carries to the browser. Rendering is
 * synchronous, so no other render sees them.
 */
export function withFirstScreen<T>(data: FirstScreen, render: () => T): T {
  const saved = firstScreen;
  firstScreen = data;
  try {
    return render();
  } finally {
    firstScreen = saved;
  }
}

/**
 * The inlined answer to `GET address`; undefined when the HTML brought none. It stays until the first
 * navigation ({@link forgetFirstScreen}), not the first read: React may render a screen again while
 * it hydrates, and the second render must find the same data.
 */
export function takeFirstScreenAnswer<T>(address: string): T | undefined {
  const answers = read()?.answers;
  if (!answers || !Object.hasOwn(answers, address)) return undefined;
  return answers[address] as T;
}

/**
 * Used up at once: an answer kept in a store of its own (the cart) is never read from the page again,
 * so a later reload of the store (after logging out, say) asks the server.
 */
export function forgetFirstScreenAnswer(address: string): void {
  const answers = read()?.answers;
  if (answers) delete answers[address];
}

/** After the first navigation every screen asks the server: nothing shown is older than a call. */
export function forgetFirstScreen(): void {
  const data = read();
  if (data) data.answers = {};
}

/** The active language's shell translations, when the HTML brought them for `language`. */
export function firstScreenTranslations(language: string): FirstScreen['translations'] {
  const translations = read()?.translations;
  return translations?.language === language ? translations : null;
}
