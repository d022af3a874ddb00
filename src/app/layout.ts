export type Layout = 'mobile' | 'desktop';

/** S0 §1: pages under /m/ or /m2/ are the mobile version; anything else is desktop. */
export function routingFor(pathname: string): { basename: string; layout: Layout } {
  for (const prefix of ['/m2', '/m']) {
    if (pathname === prefix || pathname.startsWith(`${prefix}/`))
      return { basename: prefix, layout: 'mobile' };
  }
  return { basename: '/', layout: 'desktop' };
}

/**
 * The breakpoints of the template grids (S1 §2 and the preview overview: 2 columns on xs, 3 on sm,
 * 4 on lg); templates.css uses the same two widths.
 */
export const GRID_BREAKPOINTS = { sm: 600, lg: 1200 } as const;

export const gridColumns = (width: number): 2 | 3 | 4 =>
  width >= GRID_BREAKPOINTS.lg ? 4 : width >= GRID_BREAKPOINTS.sm ? 3 : 2;
