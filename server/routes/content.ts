import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PageId } from '../../shop/contract.ts';
import type { Db } from '../db/connect.ts';
import { notFound } from '../errors.ts';
import { pageOf } from '../services/content.ts';

export async function contentRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/m/api/portal', async (request) => request.portal);

  app.get('/m/api/legacy-pages/:id', async (request) => {
    const { id } = z.object({ id: PageId }).parse(request.params);
    const page = await pageOf(db, request.portal.portal.uuid, id);
    if (!page) throw notFound(`The page "${id}"`);
    return page;
  });
}
