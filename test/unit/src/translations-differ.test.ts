/**
 * Every Norwegian and Danish string is a translation (issue 34): it differs from its English one, or it
 * is on the reviewed list below of words the languages write the same, each with the reason. The
 * strings are the locale files, the demo's product and template names and suggested texts
 * (templates/) and the demo portals' words (menu, content pages, categories: seed-data.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { danish, english, norwegian, type Words } from '../../../server/db/seed-data.ts';

type Translated = 'nb_NO' | 'da_DK';
const LANGUAGES: readonly Translated[] = ['nb_NO', 'da_DK'];

/** Words the same in English and the language, reviewed: the text, where it is so, and why. */
const SAME_AS_ENGLISH: readonly { text: string; languages: readonly Translated[]; reason: string }[] = [
  { text: 'Format', languages: ['nb_NO', 'da_DK'], reason: 'a print format is "format" in both' },
  { text: 'Filter', languages: ['nb_NO', 'da_DK'], reason: 'a picture filter is "filter" in both' },
  { text: 'Original', languages: ['nb_NO', 'da_DK'], reason: 'the unfiltered picture: the same word' },
  { text: 'Sepia', languages: ['nb_NO', 'da_DK'], reason: 'the name of the tone' },
  { text: 'Standard', languages: ['nb_NO', 'da_DK'], reason: 'standard pickup: the same word' },
  { text: 'Status', languages: ['nb_NO', 'da_DK'], reason: 'an order status: the same word' },
  { text: 'Problem', languages: ['nb_NO', 'da_DK'], reason: 'the same word in both' },
  { text: 'Ok', languages: ['nb_NO', 'da_DK'], reason: 'OK is used as is in both' },
  { text: 'PDF', languages: ['nb_NO', 'da_DK'], reason: 'a file format' },
  { text: 'Stripe', languages: ['nb_NO', 'da_DK'], reason: 'a company name' },
  { text: 'Vipps MobilePay', languages: ['nb_NO', 'da_DK'], reason: 'a company name' },
  {
    text: 'Sum {{sum}}',
    languages: ['nb_NO', 'da_DK'],
    reason: '"Sum" is the word in both (S1 §2 buy screen)',
  },
  { text: '{{size}} pt', languages: ['nb_NO', 'da_DK'], reason: 'a text size: a number and its unit' },
  {
    text: '{{name}} ({{format}}): {{dpi}} dpi',
    languages: ['nb_NO', 'da_DK'],
    reason: 'a file name, a translated format and a resolution: no words of its own',
  },
  {
    text: '{{kind}}: {{state}}',
    languages: ['nb_NO', 'da_DK'],
    reason: 'two translated words, no words of its own',
  },
  { text: 'Baby', languages: ['nb_NO', 'da_DK'], reason: 'a card category: "baby" in both' },
  { text: 'Panorama A3', languages: ['nb_NO', 'da_DK'], reason: 'a calendar name: "panorama" in both' },
  {
    text: 'Hvit kant',
    languages: ['nb_NO'],
    reason: "S0 §4 writes the white-border toggle 'Hvit kant' in its English wording too",
  },
  { text: 'BERGEN', languages: ['nb_NO'], reason: "a city poster's city: its name in any language" },
  { text: 'Menu', languages: ['da_DK'], reason: 'Danish for menu' },
  { text: 'Upload', languages: ['da_DK'], reason: 'Danish uses "upload" (at uploade)' },
  { text: 'Total', languages: ['da_DK'], reason: 'Danish for total' },
];

type Tree = { [key: string]: unknown };

/** Every string of a JSON-like tree by its path (arrays by index). */
function strings(tree: unknown, prefix = ''): [string, string][] {
  if (typeof tree === 'string') return [[prefix, tree]];
  if (Array.isArray(tree)) return tree.flatMap((v, i) => strings(v, `${prefix}[${i}]`));
  if (tree && typeof tree === 'object') {
    return Object.entries(tree as Tree).flatMap(([k, v]) => strings(v, prefix ? `${prefix}.${k}` : k));
  }
  return [];
}

const readJson = (path: string): unknown => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));

/** Each English string beside its translation into one language: [where, English, translation]. */
type Pair = [string, string, string | undefined];

function localePairs(language: Translated): Pair[] {
  const dir = new URL('../../../public/locale/en_GB/', import.meta.url);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .flatMap((file) => {
      const translated = new Map(strings(readJson(`../../../public/locale/${language}/${file}`)));
      return strings(readJson(`../../../public/locale/en_GB/${file}`)).map(
        ([key, text]): Pair => [`${file}:${key}`, text, translated.get(key)],
      );
    });
}

/** The objects named in every language ({ en_GB, nb_NO, da_DK }) anywhere in a demo file. */
function namedPairs(where: string, tree: unknown, language: Translated): Pair[] {
  const found: Pair[] = [];
  const walk = (node: unknown, path: string) => {
    if (Array.isArray(node)) {
      for (const [i, v] of node.entries()) walk(v, `${path}[${i}]`);
    } else if (node && typeof node === 'object') {
      const o = node as Tree;
      if (typeof o.en_GB === 'string') found.push([`${where}${path}`, o.en_GB, o[language] as string]);
      else {
        // A suggested text: `text` (the English, and any language's fallback) beside `texts`.
        if (typeof o.text === 'string' && o.texts && typeof o.texts === 'object') {
          const texts = o.texts as Tree;
          found.push([`${where}${path}.texts`, o.text, (texts[language] as string | undefined) ?? o.text]);
        }
        for (const [k, v] of Object.entries(o)) walk(v, `${path}.${k}`);
      }
    }
  };
  walk(tree, '');
  return found;
}

function templatePairs(language: Translated): Pair[] {
  const root = new URL('../../../templates/', import.meta.url);
  const folders = readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory());
  return [
    ...namedPairs('templates/products.json', readJson('../../../templates/products.json'), language),
    ...folders.flatMap((f) => {
      let template: unknown;
      try {
        template = readJson(`../../../templates/${f.name}/template.json`);
      } catch {
        return [];
      }
      return namedPairs(`templates/${f.name}`, template, language);
    }),
  ];
}

function seedPairs(language: Translated): Pair[] {
  const words: Words = language === 'nb_NO' ? norwegian : danish;
  const translated = new Map(strings(words));
  return (
    strings(english)
      // Addresses of pictures are no words.
      .filter(([, text]) => /\p{L}/u.test(text) && !text.startsWith('/'))
      .map(([key, text]): Pair => [`seed-data.ts:${key}`, text, translated.get(key)])
  );
}

const allPairs = (language: Translated) => [
  ...localePairs(language),
  ...templatePairs(language),
  ...seedPairs(language),
];

describe.each(LANGUAGES)('%s strings', (language) => {
  const reviewed = new Set(SAME_AS_ENGLISH.filter((s) => s.languages.includes(language)).map((s) => s.text));
  const pairs = allPairs(language);

  it('are read from every source', () => {
    const sources = new Set(pairs.map(([where]) => where.split(/[:.[]/)[0]));
    expect([...sources]).toEqual(
      expect.arrayContaining(['common', 'server', 'email', 'lab', 'templates/products', 'seed-data']),
    );
    expect(pairs.length).toBeGreaterThan(800);
  });

  it('each differ from the English, or are a word on the reviewed list', () => {
    const same = pairs.filter(([, en, translated]) => translated === en && !reviewed.has(en));
    expect(same.map(([where, en]) => `${where}: "${en}"`)).toEqual([]);
  });

  it('are all there', () => {
    const missing = pairs.filter(([, , translated]) => translated === undefined || translated.trim() === '');
    expect(missing.map(([where]) => where)).toEqual([]);
  });

  it('keep no reviewed word the strings no longer have the same', () => {
    const stillSame = new Set(pairs.filter(([, en, translated]) => translated === en).map(([, en]) => en));
    expect([...reviewed].filter((text) => !stillSame.has(text))).toEqual([]);
  });
});

describe('the reviewed list', () => {
  it('gives a reason for each word', () => {
    for (const entry of SAME_AS_ENGLISH) expect(entry.reason.length, entry.text).toBeGreaterThan(5);
  });
});
