/**
 * The portal registry: every portal's config, built once from the database and kept in memory,
 * because the Host header is read on every request and portals change rarely.
 */
import { asc } from 'drizzle-orm';
import type { MenuItem, PortalConfig } from '../../../shop/index.ts';
import type { Db } from '../../db/connect.ts';
import { menuItems, portalHosts, portals } from '../../db/schema.ts';

export interface PortalRegistry {
  byHost(hostHeader: string | undefined): PortalConfig;
  byUuid(uuid: string): PortalConfig | undefined;
  all(): PortalConfig[];
}

/** `Shop.Example:8080` → `shop.example`; IPv6 literals keep their brackets. */
export function hostName(hostHeader: string | undefined): string {
  if (!hostHeader) return '';
  const h = hostHeader.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  return h.replace(/:\d+$/, '').replace(/\.$/, '');
}

function buildMenu(rows: (typeof menuItems.$inferSelect)[], parentId: string | null): MenuItem[] {
  return rows
    .filter((r) => r.parentId === parentId)
    .sort((a, b) => a.position - b.position)
    .map((r) => {
      const children = buildMenu(rows, r.id);
      return { id: r.id, title: r.title, url: r.url, m: r.inApp, ...(children.length ? { children } : {}) };
    });
}

export async function loadPortals(db: Db, defaultPortalUuid: string | null): Promise<PortalRegistry> {
  const [portalRows, hostRows, menuRows] = await Promise.all([
    db.select().from(portals),
    db.select().from(portalHosts),
    db.select().from(menuItems).orderBy(asc(menuItems.position)),
  ]);
  if (portalRows.length === 0) throw new Error('No portals in the database: seed it first');
  const configs = new Map<string, PortalConfig>();
  for (const p of portalRows) {
    configs.set(p.uuid, {
      portal: { uuid: p.uuid, name: p.name },
      locale: { code: p.locale as PortalConfig['locale']['code'], use_metric_system: p.useMetricSystem },
      currency: { code: p.currencyCode, formatString: p.currencyFormat },
      logo: { src: p.logoSrc, alt: p.logoAlt, href: p.logoHref, external: p.logoExternal },
      menu: buildMenu(
        menuRows.filter((m) => m.portalUuid === p.uuid),
        null,
      ),
      options: {
        'free-shipping-threshold': p.freeShippingThreshold,
        'checkout-ask-for-auto-correction': p.askAutoCorrection,
      },
      minimumPrice: p.minimumPrice,
      companyName: p.companyName,
      regional: p.regional,
      externalGiftSite: p.externalGiftSite,
      holidayRegion: p.holidayRegion,
    });
  }
  const hosts = new Map(hostRows.map((h) => [h.host, h.portalUuid]));
  const fallbackUuid =
    (defaultPortalUuid && configs.has(defaultPortalUuid) ? defaultPortalUuid : null) ??
    portalRows.find((p) => p.isDefault)?.uuid ??
    portalRows[0]!.uuid;
  const fallback = configs.get(fallbackUuid)!;
  return {
    byHost: (hostHeader) => configs.get(hosts.get(hostName(hostHeader)) ?? '') ?? fallback,
    byUuid: (uuid) => configs.get(uuid),
    all: () => [...configs.values()],
  };
}
