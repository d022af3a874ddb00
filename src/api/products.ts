import { type Category, firstScreenApi, type Product, storefrontRoutes } from '../../shop/index.ts';
import { call } from './call.ts';
import { takeFirstScreenAnswer } from './firstScreen.ts';

export async function getCategories(signal?: AbortSignal): Promise<Category[]> {
  const answer = await call(storefrontRoutes.categories, {}, { signal });
  return answer.categories;
}

export async function getProducts(signal?: AbortSignal): Promise<Product[]> {
  const answer = await call(storefrontRoutes.products, {}, { signal });
  return answer.products;
}

/** The price list, when the HTML brought it (the first screen of the upload page, a template list). */
export const inlinedProducts = (): Product[] | undefined =>
  takeFirstScreenAnswer<{ products: Product[] }>(firstScreenApi.products)?.products;

/** The product list's data, when the HTML brought it (the first screen). */
export function inlinedProductList(): { categories: Category[]; products: Product[] | null } | undefined {
  const categories = takeFirstScreenAnswer<{ categories: Category[] }>(firstScreenApi.categories);
  const products = takeFirstScreenAnswer<{ products: Product[] }>(firstScreenApi.products);
  return categories ? { categories: categories.categories, products: products?.products ?? null } : undefined;
}
