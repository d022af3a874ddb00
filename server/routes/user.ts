import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Me } from '../../shop/index.ts';
import type { Db } from '../db/connect.ts';
import { users } from '../db/schema.ts';
import { savedPersonalDates } from '../services/cart/personalDates.ts';

export async function userRoutes(app: FastifyInstance, { db }: { db: Db }) {
  // The yearly dates the account keeps from its calendars (issue 18); none for a visitor.
  app.get('/m/api/user/personal-dates', async (request) => {
    const session = await request.session();
    return { personalDates: session?.userUuid ? await savedPersonalDates(db, session.userUuid) : [] };
  });

  app.get('/m/api/user/me', async (request): Promise<Me> => {
    const session = await request.session();
    if (!session?.userUuid) return { isAnonymousUser: true };
    const [user] = await db.select().from(users).where(eq(users.uuid, session.userUuid));
    if (!user) return { isAnonymousUser: true };
    return {
      isAnonymousUser: false,
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
