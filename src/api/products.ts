import type { Category, Product } from '../../shop/contract.ts';
import { call } from './call.ts';

export async function getCategories(signal?: AbortSignal): Promise<Category[]> {
  const answer = await call<{ categories: Category[] }>('products/categories', { signal });
  return answer.categories;
}

export async function getProducts(signal?: AbortSignal): Promise<Product[]> {
  const answer = await call<{ products: Product[] }>('products', { signal });
  return answer.products;
}
