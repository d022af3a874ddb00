/**
 * A route's address, apart from the table's schemas: the app's bundle takes only this and each
 * route's method and path (vite.config.ts clientRouteTable), not zod.
 */
/** The address of a route with its params in the path and its query after it. */
export function routeUrl(
  route: { readonly path: string },
  params?: Readonly<Record<string, unknown>>,
  query?: Readonly<Record<string, unknown>>,
): string {
  let url = route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${route.path} needs the param ${name}`);
    return encodeURIComponent(String(value));
  });
  if (query) {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null) search.append(key, String(value));
    }
    const text = search.toString();
    if (text) url += `?${text}`;
  }
  return url;
}
