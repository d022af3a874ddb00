import type { FastifyInstance } from 'fastify';
import { storefrontRoutes as api } from '../../shop/index.ts';
import type { Db } from '../db/connect.ts';
import { serve } from '../plugins/contract.ts';
import { categoriesOf, productsOf } from '../services/storefront/content.ts';

export async function productRoutes(app: FastifyInstance, { db }: { db: Db }) {
  serve(app, api.categories, async (request) => ({
    categories: await categoriesOf(db, request.portal.portal.uuid),
  }));

  serve(app, api.products, async (request) => ({
    products: await productsOf(db, request.portal.portal.uuid),
  }));
}
