/**
 * Where the shop keeps its files (the shoppers' pictures under `pictures/`, the print files under
 * `production/`): one interface, two backends. The local disk (localStore.ts, the default: keys are
 * paths under DATA_DIR, today's layout) or S3-compatible object storage (s3Store.ts, when S3_BUCKET
 * is set), so any number of instances can share them.
 *
 * The contract both backends keep (test/server/storage.test.ts runs it against both):
 * - a write is all or nothing: a reader sees the old object or the whole new one, and a write that
 *   fails or is aborted leaves nothing readable under its key;
 * - `list(prefix)` yields every object whose key starts with the prefix, sorted by key, never a
 *   write in progress;
 * - reading or deleting a missing key is not an error (null, or nothing to do).
 */
import type { Readable } from 'node:stream';

export interface StoredObject {
  key: string;
  bytes: number;
  /** When the object was last written (the orphan sweep spares recent ones). */
  modifiedAt: Date;
}

export interface ObjectStore {
  /** For the logs: "the local disk at …" or "the S3 bucket …". */
  readonly description: string;
  put(key: string, body: Buffer | string, options?: { signal?: AbortSignal }): Promise<void>;
  /** Moves a finished local file (an upload, a master) into the store; the file is gone afterwards. */
  putFile(key: string, file: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  /** The object as a stream (large files, the lab's downloads), with its size. */
  read(key: string): Promise<{ stream: Readable; bytes: number } | null>;
  stat(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Deletes every object under the prefix; answers how many. */
  deleteAll(prefix: string): Promise<number>;
  list(prefix: string): AsyncIterable<StoredObject>;
  /**
   * Removes what writes cut short by a crash left behind under the prefix (the local disk's temporary
   * files) that are older than `olderThan`. S3 keeps nothing of an unfinished PutObject: always 0.
   */
  removeTemporaries(prefix: string, olderThan: Date): Promise<number>;
}

/** Which backend, as plain data: the render worker threads open their own store from it. */
export type StorageConfig =
  | { kind: 'local'; root: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      /** An S3-compatible service (MinIO, s3rver, …); null: AWS itself. */
      endpoint: string | null;
      /** bucket in the path (http://host/bucket/key), as MinIO and s3rver want, not in the host name. */
      forcePathStyle: boolean;
      /** Given by tests; otherwise the SDK's usual chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, …). */
      credentials?: { accessKeyId: string; secretAccessKey: string };
    };

/** Local temporary files start with this; no key may use it, so they are never listed or read. */
export const TEMPORARY_PREFIX = '.tmp-';

const KEY_SEGMENT = /^[^/\\\0]+$/;

/**
 * Keys are built by the shop from hashes and uuids, never taken from a request, but a key is still
 * checked: relative, '/'-separated, no empty, '.' or '..' segment, no temporary name.
 */
export function checkKey(key: string, { prefix = false } = {}): string {
  if (prefix && key === '') return key;
  const segments = (prefix && key.endsWith('/') ? key.slice(0, -1) : key).split('/');
  const bad = segments.some(
    (s) => !KEY_SEGMENT.test(s) || s === '.' || s === '..' || s.startsWith(TEMPORARY_PREFIX),
  );
  if (bad || key.length > 1024) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  return key;
}
