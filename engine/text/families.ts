/**
 * The font families a template or a shopper's work names (`family` and `overrideFamily` of every
 * font, wherever it sits: text slots, fixed texts, month grids, saved resources). The editor loads
 * only these fonts before it draws, and the rest when the shopper opens the font menu.
 */
export function fontFamiliesOf(...values: unknown[]): string[] {
  const found = new Set<string>();
  const walk = (value: unknown, depth: number) => {
    if (depth > 64 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
      return;
    }
    for (const [key, item] of Object.entries(value)) {
      if ((key === 'family' || key === 'overrideFamily') && typeof item === 'string' && item.trim()) {
        found.add(item);
      } else walk(item, depth + 1);
    }
  };
  for (const value of values) walk(value, 0);
  return [...found].sort();
}
