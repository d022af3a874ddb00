/**
 * Sizes are millimetres in data and code; the UI shows centimetres or inches by the portal's flag,
 * with the decimal sign of the portal's language (Intl): 8.9 x 12.7 cm in English, 8,9 x 12,7 cm in
 * Norwegian and Danish (issue 34).
 */
import { bcp47 } from '../engine/index.ts';

const MM_PER_INCH = 25.4;

const formats = new Map<string, Intl.NumberFormat>();

/** A length to a tenth at most, as the locale writes numbers. */
function number(n: number, locale: string): string {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(bcp47(locale), { maximumFractionDigits: 1, useGrouping: false });
    formats.set(locale, format);
  }
  return format.format(n);
}

/** One length, for example `15 cm`, `0,5 cm` or `6 in`, in the portal's locale (`nb_NO`, `en_GB`). */
export function formatLength(mm: number, metric: boolean, locale: string): string {
  return metric ? `${number(mm / 10, locale)} cm` : `${number(mm / MM_PER_INCH, locale)} in`;
}

/** A print or product size, for example `10 x 15 cm`, `8,9 x 12,7 cm` or `4 x 6 in`. */
export function formatSize(widthMm: number, heightMm: number, metric: boolean, locale: string): string {
  const unit = metric ? 'cm' : 'in';
  const w = metric ? widthMm / 10 : widthMm / MM_PER_INCH;
  const h = metric ? heightMm / 10 : heightMm / MM_PER_INCH;
  return `${number(w, locale)} x ${number(h, locale)} ${unit}`;
}

/** The smallest and the largest format by area, as the upload page and the products page show them. */
export function sizeRange<T extends { widthMm: number; heightMm: number }>(
  formats: readonly T[],
): { smallest: T; largest: T } | null {
  if (formats.length === 0) return null;
  const area = (f: T) => f.widthMm * f.heightMm;
  let smallest = formats[0]!;
  let largest = formats[0]!;
  for (const f of formats) {
    if (area(f) < area(smallest)) smallest = f;
    if (area(f) > area(largest)) largest = f;
  }
  return { smallest, largest };
}
