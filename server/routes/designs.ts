/**
 * 'My designs' (issue 18): a logged-in shopper's unfinished designs, saved by the editor as they work.
 * Only the account's own designs are read or written; a visitor has none (the browser keeps theirs).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AccountDesign, DesignSummary } from '../../shop/index.ts';
import type { Db } from '../db/connect.ts';
import { HttpError } from '../errors.ts';
import { accountDesignAnswer, designsOf, removeDesign, saveDesign } from '../services/cart/designs.ts';

/** A design is a few kilobytes (a 13-page calendar with texts and dates well under 100 KB). */
const DESIGN_MAX_BYTES = 256 * 1024;

const DesignParams = z.object({ templateUuid: z.string().uuid('the template uuid is not a valid uuid') });
const DesignBody = z.object({
  instance: z.record(z.string(), z.unknown(), { error: 'instance is the editor’s design, an object' }),
  savedAt: z.iso.datetime({ offset: true, error: 'savedAt is when the change was made (ISO 8601)' }),
});

export async function designRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const signedIn = async (request: { session: () => Promise<{ userUuid: string | null } | null> }) => {
    const session = await request.session();
    if (!session?.userUuid) throw new HttpError(401, 'unauthorized', { key: 'designs_login' });
    return session.userUuid;
  };

  app.get('/m/api/user/designs', async (request): Promise<{ designs: DesignSummary[] }> => {
    const userUuid = await signedIn(request);
    return { designs: await designsOf(db, userUuid, request.portal.portal.uuid) };
  });

  // The editor asks on opening: a visitor is told so (no error), and keeps the browser's save.
  app.get(
    '/m/api/user/designs/:templateUuid',
    async (request): Promise<{ signedIn: boolean; design: AccountDesign | null }> => {
      const { templateUuid } = DesignParams.parse(request.params);
      return accountDesignAnswer(db, await request.session(), templateUuid);
    },
  );

  app.put(
    '/m/api/user/designs/:templateUuid',
    { bodyLimit: DESIGN_MAX_BYTES },
    async (request): Promise<{ design: AccountDesign; kept: boolean }> => {
      const { templateUuid } = DesignParams.parse(request.params);
      const body = DesignBody.parse(request.body);
      const userUuid = await signedIn(request);
      return saveDesign(db, {
        userUuid,
        portalUuid: request.portal.portal.uuid,
        templateUuid,
        instance: body.instance,
        savedAt: new Date(body.savedAt),
        now: app.clock.now(),
      });
    },
  );

  app.delete('/m/api/user/designs/:templateUuid', async (request, reply) => {
    const { templateUuid } = DesignParams.parse(request.params);
    await removeDesign(db, await signedIn(request), templateUuid);
    return reply.code(204).send();
  });
}
