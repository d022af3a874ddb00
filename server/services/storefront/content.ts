import { and, asc, eq } from 'drizzle-orm';
import {
  type Category,
  ContentModule,
  type ContentPage,
  type PageModule,
  type PhotobookSpec,
  type Product,
} from '../../../shop/index.ts';
import type { Db } from '../../db/connect.ts';
import { contentPages, productCategories, productPrices, products, subproducts } from '../../db/schema.ts';
import { photobookOf } from '../../db/templates/products.ts';
import { sanitizeContentHtml } from './safeHtml.ts';

export async function categoriesOf(db: Db, portalUuid: string): Promise<Category[]> {
  const rows = await db
    .select()
    .from(productCategories)
    .where(eq(productCategories.portalUuid, portalUuid))
    .orderBy(asc(productCategories.position));
  return rows.map(({ type, category, link, image, title, description }) => ({
    type: type as Category['type'],
    category,
    link,
    image,
    title,
    description,
  }));
}

/**
 * The portal's delivery and payment as the checkout has them, for the DeliveryInfo and PaymentInfo
 * modules (services/checkout/shopInfo.ts, handed in: storefront does not reach into checkout).
 */
export interface ShopInfo {
  delivery(
    portalUuid: string,
  ): Promise<Omit<Extract<ContentModule, { type: 'DeliveryInfo' }>, 'id' | 'type'>>;
  payment(portalUuid: string): Promise<Omit<Extract<ContentModule, { type: 'PaymentInfo' }>, 'id' | 'type'>>;
}

/** What a page's modules are filled with when served. */
interface ModuleData {
  categories: Category[];
  delivery: Awaited<ReturnType<ShopInfo['delivery']>> | null;
  payment: Awaited<ReturnType<ShopInfo['payment']>> | null;
}

/**
 * A module this server can vouch for is served whole, its HTML sanitised; anything else keeps only
 * its id and type (the app skips it). A module filled with data the server lacks is skipped the same way.
 */
function serveModule(raw: Record<string, unknown>, data: ModuleData): PageModule {
  const withData =
    raw.type === 'PromoteCategory'
      ? { ...raw, categories: data.categories }
      : raw.type === 'DeliveryInfo'
        ? { ...raw, ...data.delivery }
        : raw.type === 'PaymentInfo'
          ? { ...raw, ...data.payment }
          : raw;
  const parsed = ContentModule.safeParse(withData);
  if (!parsed.success) return { id: String(raw.id ?? ''), type: String(raw.type ?? 'unknown') };
  const module = parsed.data;
  if (module.type === 'RichText') return { ...module, html: sanitizeContentHtml(module.html) };
  if (module.type === 'Paragraph' && module.html !== undefined)
    return { ...module, html: sanitizeContentHtml(module.html) };
  return module;
}

/** A picture's own size, when the server knows it (server/services/pictures/contentImages.ts). */
export type SizeOf = (src: string) => Promise<{ width: number; height: number } | null>;

export async function pageOf(
  db: Db,
  portalUuid: string,
  pageId: string,
  sizeOf?: SizeOf,
  shopInfo?: ShopInfo,
): Promise<ContentPage | null> {
  const [row] = await db
    .select()
    .from(contentPages)
    .where(and(eq(contentPages.portalUuid, portalUuid), eq(contentPages.pageId, pageId)));
  if (!row) return null;
  const needs = (type: string) => row.modules.some((m) => m.type === type);
  const data: ModuleData = {
    categories: needs('PromoteCategory') ? await categoriesOf(db, portalUuid) : [],
    delivery: shopInfo && needs('DeliveryInfo') ? await shopInfo.delivery(portalUuid) : null,
    payment: shopInfo && needs('PaymentInfo') ? await shopInfo.payment(portalUuid) : null,
  };
  const modules = row.modules.map((m) => serveModule(m, data));
  return { id: row.pageId, title: row.title, modules: sizeOf ? await withSizes(modules, sizeOf) : modules };
}

/** Each picture with its own width and height, so the app reserves its box before it loads (CLS). */
async function withSizes(modules: PageModule[], sizeOf: SizeOf): Promise<PageModule[]> {
  const sized = async <T extends { width?: number; height?: number }>(item: T, src: string): Promise<T> => {
    const size = await sizeOf(src);
    return size ? { ...item, width: size.width, height: size.height } : item;
  };
  return Promise.all(
    modules.map(async (module) => {
      if (module.type === 'Image')
        return sized(module as ContentModule & { type: 'Image' }, (module as { src: string }).src);
      if (module.type === 'Slider') {
        const slider = module as ContentModule & { type: 'Slider' };
        return {
          ...slider,
          slides: await Promise.all(slider.slides.map((slide) => sized(slide, slide.background))),
        };
      }
      return module;
    }),
  );
}

/** A photo book's spec for its price list entry (Product.photobook); nothing for any other product. */
function bookSpec(templateProduct: string | null): { photobook?: PhotobookSpec } {
  const photobook = photobookOf(templateProduct);
  return photobook ? { photobook } : {};
}

/** The price list of S0 §3. */
export async function productsOf(db: Db, portalUuid: string): Promise<Product[]> {
  const [rows, prices, subs] = await Promise.all([
    db.select().from(products).where(eq(products.portalUuid, portalUuid)).orderBy(asc(products.position)),
    db
      .select({ p: productPrices })
      .from(productPrices)
      .innerJoin(products, eq(products.uuid, productPrices.productUuid))
      .where(eq(products.portalUuid, portalUuid))
      .orderBy(asc(productPrices.quantity)),
    db
      .select({ s: subproducts })
      .from(subproducts)
      .innerJoin(products, eq(products.uuid, subproducts.productUuid))
      .where(eq(products.portalUuid, portalUuid)),
  ]);
  return rows.map((r) => ({
    uuid: r.uuid,
    name: r.name,
    producttype: r.producttype,
    printareasize: [r.widthMm, r.heightMm] as [number, number],
    minQuantity: r.minQuantity,
    whiteBorder: r.whiteBorder,
    productprices: prices
      .filter(({ p }) => p.productUuid === r.uuid)
      .map(({ p }) => ({
        quantity: p.quantity,
        price: p.price,
        campaignprice: p.campaignPrice,
        type: p.type,
      })),
    subproducts: subs
      .filter(({ s }) => s.productUuid === r.uuid)
      .map(({ s }) => ({ uuid: s.uuid, name: s.name, extraprice: s.extraPrice })),
    campaignrequirement: r.campaignRequirement,
    ...bookSpec(r.templateProduct),
  }));
}
