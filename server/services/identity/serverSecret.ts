import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { serverSecrets } from '../../db/schema.ts';

/**
 * A key of the shop's (table `server_secrets`): made (256 random bits) by the first instance that
 * needs it, read by every other from the same row, so all agree. Kept in memory once read; a database
 * that was away is asked again next time rather than failing for good.
 */
export function serverSecret(db: Db, name: string): () => Promise<Buffer> {
  let key: Promise<Buffer> | null = null;
  const load = async () => {
    await db
      .insert(serverSecrets)
      .values({ name, secret: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await db
      .select({ secret: serverSecrets.secret })
      .from(serverSecrets)
      .where(eq(serverSecrets.name, name));
    if (!row) throw new Error(`The key ${name} could not be stored`);
    return Buffer.from(row.secret, 'base64url');
  };
  return () => {
    key ??= load().catch((error: unknown) => {
      key = null;
      throw error;
    });
    return key;
  };
}
