/**
 * The S3-compatible backend (AWS S3, MinIO, s3rver in the tests): one bucket, keys as they are.
 * A PutObject is all or nothing by S3's own rule (an object appears only when its whole body has
 * arrived), so there is no temporary name and nothing to rename.
 */
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { checkKey, type ObjectStore, type StorageConfig, type StoredObject } from './objectStore.ts';

export type S3Config = Extract<StorageConfig, { kind: 's3' }>;

const isNotFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/** The S3 client's settings for a bucket: the picture store's, and the resumable uploads' (tus). */
export function s3ClientConfig(config: S3Config): S3ClientConfig {
  return {
    region: config.region,
    endpoint: config.endpoint ?? undefined,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums only where S3 requires them: the SDK's default (a CRC trailer on every upload) is
    // not understood by every S3-compatible service.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

/** DeleteObjects takes at most this many keys a call. */
const DELETE_BATCH = 1000;

export class S3ObjectStore implements ObjectStore {
  readonly description: string;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.description = `the S3 bucket ${config.bucket}${config.endpoint ? ` at ${config.endpoint}` : ''}`;
    this.client = new S3Client(s3ClientConfig(config));
  }

  async put(key: string, body: Buffer | string, options: { signal?: AbortSignal } = {}): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: checkKey(key), Body: body }), {
      abortSignal: options.signal,
    });
  }

  async putFile(key: string, file: string): Promise<void> {
    const { size } = await stat(file);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: checkKey(key),
        Body: createReadStream(file),
        ContentLength: size,
      }),
    );
    await rm(file, { force: true });
  }

  async get(key: string): Promise<Buffer | null> {
    const found = await this.read(key);
    if (!found) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of found.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async read(key: string): Promise<{ stream: Readable; bytes: number } | null> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }),
      );
      // On Node the body is the HTTP response itself: a Readable.
      return { stream: answer.Body as Readable, bytes: answer.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
      return { key, bytes: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
  }

  async deleteAll(prefix: string): Promise<number> {
    let batch: string[] = [];
    let removed = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      const answer = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = answer.Errors ?? [];
      if (failed.length) throw new Error(`S3 could not delete ${failed[0]!.Key}: ${failed[0]!.Message}`);
      removed += batch.length;
      batch = [];
    };
    for await (const object of this.list(prefix)) {
      batch.push(object.key);
      if (batch.length === DELETE_BATCH) await flush();
    }
    await flush();
    return removed;
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    checkKey(prefix, { prefix: true });
    const pages = paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket, Prefix: prefix });
    for await (const page of pages) {
      for (const o of page.Contents ?? []) {
        if (!o.Key) continue;
        yield { key: o.Key, bytes: o.Size ?? 0, modifiedAt: o.LastModified ?? new Date(0) };
      }
    }
  }

  async removeTemporaries(): Promise<number> {
    return 0;
  }

  close(): void {
    this.client.destroy();
  }
}
