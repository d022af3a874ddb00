/**
 * An S3-compatible server for the tests (s3rver): on a free port, its objects in a temp folder, one
 * bucket made ahead. Answers the storage configuration the app and ObjectStore take.
 *
 * s3rver 3.7 makes and completes multipart uploads but lacks two calls @tus/s3-store makes on them
 * (resumable uploads, issue 32): ListParts (how far an upload is) and AbortMultipartUpload. They are
 * added here, after AWS's API reference, over s3rver's own record of an upload's parts.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { StorageConfig } from '../../server/storage/objectStore.ts';

// s3rver ships no types: the calls used here, typed.
type S3rverServer = {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
  middleware: KoaMiddleware[];
  store: { getResourcePath(bucket: string, key: undefined, resource: string): string };
};
type KoaContext = {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  status: number;
  type: string;
  body: unknown;
};
type KoaMiddleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;
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
  // Before s3rver's router (the last middleware), after its logging and XML encoding.
  server.middleware.splice(server.middleware.length - 1, 0, multipartCalls(server));
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

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** ListParts (GET …?uploadId=) and AbortMultipartUpload (DELETE …?uploadId=), over s3rver's upload folders. */
function multipartCalls(server: S3rverServer): KoaMiddleware {
  return async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    if (!uploadId || ctx.query.partNumber || (ctx.method !== 'GET' && ctx.method !== 'DELETE')) return next();
    const [, bucket, ...keyParts] = ctx.path.split('/');
    const key = decodeURIComponent(keyParts.join('/'));
    const folder = path.join(
      server.store.getResourcePath(bucket!, undefined, 'uploads'),
      path.basename(uploadId),
    );
    const known = await readFile(path.join(folder, 'key'), 'utf8').catch(() => null);
    if (known !== key) {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${escapeXml(uploadId)}</UploadId></Error>`;
      return;
    }
    if (ctx.method === 'DELETE') {
      await rm(folder, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    const numbers = (await readdir(folder))
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .sort((a, b) => a - b);
    const parts = await Promise.all(
      numbers.map(async (n) => {
        const [info, md5] = await Promise.all([
          stat(path.join(folder, String(n))),
          readFile(path.join(folder, `${n}.md5`), 'utf8'),
        ]);
        return `<Part><PartNumber>${n}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${info.size}</Size></Part>`;
      }),
    );
    ctx.status = 200;
    ctx.type = 'application/xml';
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${escapeXml(bucket!)}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${escapeXml(uploadId)}</UploadId><PartNumberMarker>0</PartNumberMarker><NextPartNumberMarker>${numbers.at(-1) ?? 0}</NextPartNumberMarker><MaxParts>1000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`;
  };
}
