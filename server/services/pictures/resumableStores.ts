/**
 * Where a resumable upload's bytes wait until it is whole (tus, issue 32): a local folder
 * (@tus/file-store), or the shop's bucket (@tus/s3-store) when the storage is S3, so that any
 * instance can take the next piece. On S3 an upload is a multipart upload under
 * `resumable-uploads/<id>`, with `<id>.info` (its length and metadata) and, between pieces,
 * `<id>.part`: S3's parts must be 5 MiB or more (but the last), so a piece's smaller tail waits there
 * and goes in front of the next piece.
 */
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { DataStore, Upload } from '@tus/utils';
import type { StorageConfig } from '../../storage/objectStore.ts';
import { s3ClientConfig } from '../../storage/s3Store.ts';

export interface ResumableStore {
  /** What @tus/server writes to. */
  datastore: DataStore;
  /** A finished upload's bytes. */
  read(id: string): Promise<Readable>;
  /** Removes everything the upload left, finished or not; nothing to do when there is nothing. */
  discard(id: string): Promise<void>;
  /** Removes leftovers no row names any more, where the store can find them (the expiry job). */
  sweep(): Promise<void>;
}

/** The bucket's key prefix of resumable uploads. */
export const RESUMABLE_PREFIX = 'resumable-uploads/';

export function openResumableStore(
  storage: StorageConfig,
  directory: string,
  expiryMs: number,
): ResumableStore {
  if (storage.kind === 's3') {
    const parts = new BucketParts({
      s3ClientConfig: { ...s3ClientConfig(storage), bucket: storage.bucket },
      expirationPeriodInMilliseconds: expiryMs,
      // Tags are for a bucket lifecycle rule; the expiry job removes unfinished uploads instead.
      useTags: false,
    });
    const datastore = new PrefixedStore(parts);
    return {
      datastore,
      read: (id) => parts.read(RESUMABLE_PREFIX + id),
      discard: (id) => parts.discard(RESUMABLE_PREFIX + id),
      // Every unfinished upload has its row until its bytes are gone (see expireResumable).
      sweep: async () => {},
    };
  }
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: expiryMs });
  return {
    datastore,
    read: async (id) => datastore.read(id) as Readable,
    discard: async (id) => {
      await rm(`${directory}/${id}`, { force: true });
      await rm(`${directory}/${id}.json`, { force: true });
    },
    sweep: async () => {
      await datastore.deleteExpired();
    },
  };
}

const isMissing = (error: unknown) => {
  const e = error as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return (
    ['NoSuchKey', 'NoSuchUpload', 'NotFound'].includes(e.name ?? e.Code ?? '') ||
    e.$metadata?.httpStatusCode === 404
  );
};

/** @tus/s3-store, with a removal that takes all of an upload (its own leaves `.part`, and fails once finished). */
class BucketParts extends S3Store {
  async discard(key: string): Promise<void> {
    let uploadId: string | undefined;
    try {
      uploadId = (await this.getMetadata(key))['upload-id'];
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    if (uploadId) {
      await this.client
        .abortMultipartUpload({ Bucket: this.bucket, Key: key, UploadId: uploadId })
        .catch((error: unknown) => {
          if (!isMissing(error)) throw error;
        });
    }
    await this.client.deleteObjects({
      Bucket: this.bucket,
      Delete: {
        Objects: [key, this.infoKey(key), this.partKey(key, true)].map((Key) => ({ Key })),
        Quiet: true,
      },
    });
    await this.clearCache(key);
  }
}

/** The tus store with its keys under RESUMABLE_PREFIX, while ids (and so URLs) stay bare. */
class PrefixedStore extends DataStore {
  constructor(private readonly inner: BucketParts) {
    super();
    this.extensions = inner.extensions;
  }

  private bare(upload: Upload): Upload {
    return new Upload({ ...upload, id: upload.id.slice(RESUMABLE_PREFIX.length) });
  }

  override async create(upload: Upload): Promise<Upload> {
    return this.bare(await this.inner.create(new Upload({ ...upload, id: RESUMABLE_PREFIX + upload.id })));
  }

  override write(stream: Readable, id: string, offset: number): Promise<number> {
    return this.inner.write(stream, RESUMABLE_PREFIX + id, offset);
  }

  override async getUpload(id: string): Promise<Upload> {
    return this.bare(await this.inner.getUpload(RESUMABLE_PREFIX + id));
  }

  override remove(id: string): Promise<void> {
    return this.inner.discard(RESUMABLE_PREFIX + id);
  }

  override declareUploadLength(id: string, length: number): Promise<void> {
    return this.inner.declareUploadLength(RESUMABLE_PREFIX + id, length);
  }

  override getExpiration(): number {
    return this.inner.getExpiration();
  }

  /** S3Store's own would abort every multipart upload in the bucket: the expiry job works by rows. */
  override async deleteExpired(): Promise<number> {
    return 0;
  }
}
