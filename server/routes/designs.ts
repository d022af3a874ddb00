/**
 * 'My designs' (issue 18): a logged-in shopper's unfinished designs, saved by the editor as they work.
 * Only the account's own designs are read or written; a visitor has none (the browser keeps theirs).
 */
import type { FastifyInstance } from 'fastify';
import { accountRoutes as api } from '../../shop/index.ts';
import type { Db } from '../db/connect.ts';
import { HttpError } from '../errors.ts';
import { serve } from '../plugins/contract.ts';
import { accountDesignAnswer, designsOf, removeDesign, saveDesign } from '../services/cart/designs.ts';

/** A design is a few kilobytes (a 13-page calendar with texts and dates well under 100 KB). */
const DESIGN_MAX_BYTES = 256 * 1024;

export async function designRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const signedIn = async (request: { session: () => Promise<{ userUuid: string | null } | null> }) => {
    const session = await request.session();
    if (!session?.userUuid) throw new HttpError(401, 'unauthorized', { key: 'designs_login' });
    return session.userUuid;
  };

  serve(app, api.designs, async (request) => {
    const userUuid = await signedIn(request);
    return { designs: await designsOf(db, userUuid, request.portal.portal.uuid) };
  });

  // The editor asks on opening: a visitor is told so (no error), and keeps the browser's save.
  serve(app, api.design, async (request) =>
    accountDesignAnswer(db, await request.session(), request.params.templateUuid),
  );

  serve(app, api.saveDesign, { bodyLimit: DESIGN_MAX_BYTES }, async (request) => {
    const { templateUuid } = request.params;
    const body = request.body;
    const userUuid = await signedIn(request);
    return saveDesign(db, {
      userUuid,
      portalUuid: request.portal.portal.uuid,
      templateUuid,
      instance: body.instance,
      savedAt: new Date(body.savedAt),
      now: app.clock.now(),
    });
  });

  serve(app, api.deleteDesign, async (request, reply) => {
    const { templateUuid } = request.params;
    await removeDesign(db, await signedIn(request), templateUuid);
    return reply.code(204).send();
  });
}
