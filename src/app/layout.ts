export type Layout = 'mobile' | 'desktop';

/** S0 §1: pages under /m/ or /m2/ are the mobile version; anything else is desktop. */
export function routingFor(pathname: string): { basename: string; layout: Layout } {
  for (const prefix of ['/m2', '/m']) {
    if (pathname === prefix || pathname.startsWith(`${prefix}/`))
      return { basename: prefix, layout: 'mobile' };
  }
  return { basename: '/', layout: 'desktop' };
}
