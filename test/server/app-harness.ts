import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { type DatabaseKind, openTestDatabase, type TestDatabase } from './databases.ts';

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase;
  close(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '../..');

/** The real app on a fresh seeded database, driven with inject(); distDir may point at a fixture build. */
export async function startTestApp(kind: DatabaseKind, distDir: string | null = null): Promise<TestApp> {
  const db = await openTestDatabase(kind);
  const app = await buildApp({
    database: db.database,
    distDir,
    localeDir: path.join(root, 'public', 'locale'),
    logLevel: 'warn',
  });
  await app.ready();
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await db.drop();
    },
  };
}

/** The `name=value` of a Set-Cookie header, to send back as a Cookie header. */
export function cookieOf(setCookie: string | string[] | undefined): string {
  const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  if (!first) throw new Error('No Set-Cookie header in the answer');
  return first.split(';')[0]!;
}
