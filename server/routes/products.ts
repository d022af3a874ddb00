import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.ts';
import { categoriesOf, productsOf } from '../services/storefront/content.ts';

export async function productRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/m/api/products/categories', async (request) => ({
    categories: await categoriesOf(db, request.portal.portal.uuid),
  }));

  app.get('/m/api/products', async (request) => ({
    products: await productsOf(db, request.portal.portal.uuid),
  }));
}
