/**
 * An S3-compatible server for the tests (s3rver): on a free port, its objects in a temp folder, one
 * bucket made ahead. Answers the storage configuration the app and ObjectStore take.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { StorageConfig } from '../../server/storage/objectStore.ts';

// s3rver ships no types: the calls used here, typed.
type S3rverServer = { run(): Promise<{ port: number }>; close(): Promise<void> };
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string }[];
}) => S3rverServer;

export type S3StorageConfig = Extract<StorageConfig, { kind: 's3' }>;

/** s3rver's one account: it checks the signature against these. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3 {
  config: S3StorageConfig;
  /** The same, as the environment a shop process reads (server/config.ts). */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startS3rver(): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 's3rver-'));
  const bucket = `shop-${randomBytes(4).toString('hex')}`;
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    config: {
      kind: 's3',
      bucket,
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: S3RVER_CREDENTIALS,
    },
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
