/**
 * Formatting that needs no portal (src/app/format.ts has the portal's money and sizes), so ui/ can
 * use it without importing the app shell.
 */
import { bcp47 } from '../../engine/index.ts';

/** A count as the shopper's language writes it (5,000 · 5 000), for a portal's `en_GB` style code. */
export const countIn = (language: string, n: number) => n.toLocaleString(bcp47(language));
