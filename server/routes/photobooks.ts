/** Photo books made from the shopper's pictures (issue 33): start an auto-create, ask how far it is. */
import type { FastifyInstance } from 'fastify';
import { photobookRoutes as api } from '../../shop/index.ts';
import type { Db } from '../db/connect.ts';
import { HttpError } from '../errors.ts';
import { serve } from '../plugins/contract.ts';
import { type AutocreateJobs, autocreateAnswer, startAutocreate } from '../services/photobooks/autocreate.ts';

export async function photobookRoutes(app: FastifyInstance, { db, jobs }: { db: Db; jobs: AutocreateJobs }) {
  serve(app, api.autocreate, async (request) => {
    const session = await request.session();
    // No session has uploaded nothing: none of the pictures are its.
    if (!session) {
      throw new HttpError(404, 'photobook_pictures_unknown', {
        values: { count: request.body.pictures.length },
      });
    }
    return { job: await startAutocreate(db, jobs, session, request.body) };
  });

  serve(app, api.autocreateStatus, async (request) => {
    const session = await request.session();
    if (!session) throw new HttpError(404, 'autocreate_unknown');
    return autocreateAnswer(db, session, request.params.job);
  });
}
