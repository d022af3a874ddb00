/**
 * The web app manifest of a portal (issue 15): the shop installs under its own name, opens at the
 * mobile start page and stays inside /m/.
 */

import { bcp47 } from '../engine/index.ts';
import type { PortalConfig } from './contract.ts';

/** The shell's background (app.css --color-bg); the browser's bar matches the header. */
export const THEME_COLOUR = '#ffffff';
export const ICON_SIZES = [192, 512] as const;
export type IconSize = (typeof ICON_SIZES)[number];
/** The icon a home screen shows on iOS (apple-touch-icon), which does not read the manifest. */
export const TOUCH_ICON_SIZE = 180;

export const iconPath = (size: number, maskable = false) =>
  `/m/icons/icon-${maskable ? 'maskable-' : ''}${size}.png`;

export interface WebManifest {
  name: string;
  short_name: string;
  lang: string;
  dir: 'ltr';
  start_url: string;
  scope: string;
  id: string;
  display: 'standalone';
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: 'any' | 'maskable' }[];
}

/** A home screen label is cut after about 12 characters: the short name is the name up to then. */
export function shortName(name: string): string {
  if (name.length <= 12) return name;
  const words = name.split(/\s+/);
  let short = '';
  for (const word of words) {
    const next = short ? `${short} ${word}` : word;
    if (next.length > 12) break;
    short = next;
  }
  return short || name.slice(0, 12);
}

export function webManifestOf(portal: PortalConfig): WebManifest {
  const name = portal.portal.name;
  return {
    name,
    short_name: shortName(name),
    lang: bcp47(portal.locale.code),
    dir: 'ltr',
    start_url: '/m/',
    scope: '/m/',
    id: '/m/',
    display: 'standalone',
    theme_color: THEME_COLOUR,
    background_color: THEME_COLOUR,
    icons: [
      ...ICON_SIZES.map((size) => ({
        src: iconPath(size),
        sizes: `${size}x${size}`,
        type: 'image/png',
        purpose: 'any' as const,
      })),
      ...ICON_SIZES.map((size) => ({
        src: iconPath(size, true),
        sizes: `${size}x${size}`,
        type: 'image/png',
        purpose: 'maskable' as const,
      })),
    ],
  };
}
