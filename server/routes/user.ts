import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accountRoutes as api } from '../../shop/index.ts';
import type { Db } from '../db/connect.ts';
import { users } from '../db/schema.ts';
import { serve } from '../plugins/contract.ts';
import { savedPersonalDates } from '../services/cart/personalDates.ts';

export async function userRoutes(app: FastifyInstance, { db }: { db: Db }) {
  // The yearly dates the account keeps from its calendars (issue 18); none for a visitor.
  serve(app, api.personalDates, async (request) => {
    const session = await request.session();
    return { personalDates: session?.userUuid ? await savedPersonalDates(db, session.userUuid) : [] };
  });

  serve(app, api.me, async (request) => {
    const session = await request.session();
    if (!session?.userUuid) return { isAnonymousUser: true as const };
    const [user] = await db.select().from(users).where(eq(users.uuid, session.userUuid));
    if (!user) return { isAnonymousUser: true as const };
    return {
      isAnonymousUser: false as const,
      uuid: user.uuid,
      name: user.name,
      email: user.email,
      mobile: user.mobile,
      ...(user.address ? { address: user.address } : {}),
      ...(user.zipcode ? { zipcode: user.zipcode } : {}),
      ...(user.city ? { city: user.city } : {}),
    };
  });
}
