/** Sizes are millimetres in data and code; the UI shows centimetres or inches by the portal's flag. */
const MM_PER_INCH = 25.4;

function trim(n: number): string {
  return String(Number(n.toFixed(1)));
}

/** One length, for example `15 cm` or `6 in`. */
export function formatLength(mm: number, metric: boolean): string {
  return metric ? `${trim(mm / 10)} cm` : `${trim(mm / MM_PER_INCH)} in`;
}

/** A print or product size, for example `10 x 15 cm` or `4 x 6 in`. */
export function formatSize(widthMm: number, heightMm: number, metric: boolean): string {
  const unit = metric ? 'cm' : 'in';
  const w = metric ? widthMm / 10 : widthMm / MM_PER_INCH;
  const h = metric ? heightMm / 10 : heightMm / MM_PER_INCH;
  return `${trim(w)} x ${trim(h)} ${unit}`;
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
