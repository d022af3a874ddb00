import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Me } from '../../shop/contract.ts';
import type { Db } from '../db/connect.ts';
import { users } from '../db/schema.ts';

export async function userRoutes(app: FastifyInstance, { db }: { db: Db }) {
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
