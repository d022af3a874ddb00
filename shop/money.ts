/**
 * Money is an integer number of minor units (øre, pence, cents) everywhere; it becomes text only here,
 * at the edge, through the portal's currency format string.
 *
 * A format string is a number pattern with its currency text around it, for example
 * `£#,##0.00`, `kr # ##0,00` or `#.##0,00 kr.`: the last `.` or `,` followed only by zeros is the
 * decimal separator (the number of zeros is the number of decimals); the other separator inside the
 * pattern groups thousands.
 */
export interface MoneyFormat {
  prefix: string;
  suffix: string;
  decimals: number;
  decimalSeparator: string;
  groupSeparator: string;
}

const PATTERN = /[#0](?:[#0.,\u00a0 ]*[#0])?/;

export function parseMoneyFormat(formatString: string): MoneyFormat {
  const match = PATTERN.exec(formatString);
  if (!match) throw new Error(`Money format without a number pattern: "${formatString}"`);
  const pattern = match[0];
  const prefix = formatString.slice(0, match.index);
  const suffix = formatString.slice(match.index + pattern.length);
  let decimals = 0;
  let decimalSeparator = '.';
  let integerPart = pattern;
  const lastSep = Math.max(pattern.lastIndexOf('.'), pattern.lastIndexOf(','));
  if (lastSep >= 0 && /^0+$/.test(pattern.slice(lastSep + 1)) && pattern.slice(lastSep + 1).length !== 3) {
    decimals = pattern.length - lastSep - 1;
    decimalSeparator = pattern.charAt(lastSep);
    integerPart = pattern.slice(0, lastSep);
  }
  const group = /[.,\u00a0 ]/.exec(integerPart);
  return { prefix, suffix, decimals, decimalSeparator, groupSeparator: group ? group[0] : '' };
}

const cache = new Map<string, MoneyFormat>();

/** Formats `minor` units with the portal's format string; the currency is assumed to have `decimals` minor digits. */
export function formatMoney(minor: number, formatString: string): string {
  if (!Number.isInteger(minor)) throw new Error(`Money must be whole minor units, got ${minor}`);
  let format = cache.get(formatString);
  if (!format) {
    format = parseMoneyFormat(formatString);
    cache.set(formatString, format);
  }
  const negative = minor < 0;
  const abs = Math.abs(minor);
  // Minor units are always hundredths here; a format without decimals shows whole units, rounded half up.
  const major = format.decimals === 0 ? Math.round(abs / 100) : Math.floor(abs / 100);
  const fraction = String(abs % 100).padStart(2, '0');
  const grouped = format.groupSeparator
    ? String(major).replace(/\B(?=(\d{3})+(?!\d))/g, format.groupSeparator)
    : String(major);
  const number =
    format.decimals === 0
      ? grouped
      : `${grouped}${format.decimalSeparator}${fraction.padEnd(format.decimals, '0').slice(0, format.decimals)}`;
  return `${negative ? '-' : ''}${format.prefix}${number}${format.suffix}`;
}
