import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import type { PictureLimits } from '../../server/services/pictures.ts';
import { type DatabaseKind, openTestDatabase, type TestDatabase } from './databases.ts';

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase;
  /** The app's data directory (pictures live under it), removed on close. */
  dataDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** A fixture build for the app shell, or null for none. */
  distDir?: string | null;
  pictureLimits?: Partial<PictureLimits>;
  /** The test card provider's callback key (default: the environment's or the documented dev key). */
  paymentTestSecret?: string;
}

const root = path.resolve(import.meta.dirname, '../..');

/** The real app on a fresh seeded database and data directory, driven with inject(). */
export async function startTestApp(kind: DatabaseKind, options: TestAppOptions = {}): Promise<TestApp> {
  const db = await openTestDatabase(kind);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'print-shop-test-'));
  const app = await buildApp({
    database: db.database,
    distDir: options.distDir ?? null,
    localeDir: path.join(root, 'public', 'locale'),
    logLevel: 'warn',
    dataDir,
    pictureLimits: options.pictureLimits,
    paymentTestSecret: options.paymentTestSecret,
  });
  await app.ready();
  return {
    app,
    db,
    dataDir,
    close: async () => {
      await app.close();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The `name=value` of a Set-Cookie header, to send back as a Cookie header. */
export function cookieOf(setCookie: string | string[] | undefined): string {
  const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  if (!first) throw new Error('No Set-Cookie header in the answer');
  return first.split(';')[0]!;
}
