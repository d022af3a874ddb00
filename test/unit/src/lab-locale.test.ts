import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

const load = (language: string): Tree =>
  JSON.parse(readFileSync(new URL(`../../../public/locale/${language}/lab.json`, import.meta.url), 'utf8'));

function entries(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : entries(value, `${prefix}${key}.`),
  );
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe("the lab desk's locale files", () => {
  const english = new Map(entries(load('en_GB')));

  it.each(['nb_NO', 'da_DK'])(
    '%s has every English key, translated, with the same placeholders',
    (language) => {
      const other = new Map(entries(load(language)));
      expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of english) {
        expect(placeholders(other.get(key)!), key).toEqual(placeholders(text));
        expect(other.get(key)!.trim(), key).not.toBe('');
      }
      // Translated, not copied: most texts differ from the English ones.
      const same = [...english].filter(([key, text]) => other.get(key) === text).map(([key]) => key);
      expect(same.length).toBeLessThan(english.size / 10);
    },
  );
});
