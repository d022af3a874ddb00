/**
 * Where a shopper who asked for a login link was (the checkout, My designs), so the link's page can
 * take them back there when the mail is opened in the same browser. Another browser starts at home.
 */
import { LOGIN_LINK_MINUTES } from '../../../shop/index.ts';

export { LOGIN_LINK_MINUTES };

const KEY = 'print-shop:login-link-return';

export function rememberLoginLinkReturn(path: string): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ path, at: Date.now() }));
  } catch {
    // Storage refused (private mode, full): the page then goes on to the start page.
  }
}

/** The remembered place (an app path) while the links asked for there can still work, else '/'. */
export function takeLoginLinkReturn(now = Date.now()): string {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null') as { path?: unknown; at?: unknown } | null;
    localStorage.removeItem(KEY);
    const { path, at } = saved ?? {};
    const fresh = typeof at === 'number' && now - at <= LOGIN_LINK_MINUTES * 60 * 1000;
    // Only a path of this app: never another site's address ('//host', 'https:').
    return fresh && typeof path === 'string' && /^\/(?!\/)/.test(path) ? path : '/';
  } catch {
    return '/';
  }
}
