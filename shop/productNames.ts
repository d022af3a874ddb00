/**
 * Product names through translations (issue 34). A product's name is the shop's own data, but the demo
 * seeds some in English into every portal ('10x15 white border'): each language's locale file lists
 * the names it writes otherwise (`common:productNames`, keyed by the stored name), and whatever shows
 * a product's name to a shopper or the lab (cart, print editor, checkout, receipt, mail, lab) reads it
 * through this one lookup. A name the list does not have (a shop's own) is shown as it is.
 */

/** A language's product names, keyed by the name as stored. */
export type ProductNames = Readonly<Record<string, string>>;

/** The product's name as the portal's language writes it. */
export function productNameIn(name: string, names: ProductNames | null | undefined): string {
  const translated = names && Object.hasOwn(names, name) ? names[name] : undefined;
  return typeof translated === 'string' && translated.trim() !== '' ? translated : name;
}
