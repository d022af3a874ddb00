import { LocalObjectStore } from './localStore.ts';
import { type ObjectStore, type StorageConfig, type StoredObject, s3Description } from './objectStore.ts';
import type { S3ObjectStore } from './s3Store.ts';

type S3Config = Extract<StorageConfig, { kind: 's3' }>;

/**
 * An S3 store whose SDK is loaded on its first call: the SDK is about 30 MB of a process's memory, and
 * a shop on its local disk, and every render thread of one, never needs it (issue 31's idle memory).
 */
class LazyS3Store implements ObjectStore {
  readonly description: string;
  private loading: Promise<S3ObjectStore> | null = null;
  private loaded: S3ObjectStore | null = null;

  constructor(private readonly config: S3Config) {
    this.description = s3Description(config);
  }

  private store(): Promise<S3ObjectStore> {
    this.loading ??= import('./s3Store.ts').then((m) => {
      this.loaded = new m.S3ObjectStore(this.config);
      return this.loaded;
    });
    return this.loading;
  }

  async put(key: string, body: Buffer | string, options?: { signal?: AbortSignal }) {
    return (await this.store()).put(key, body, options);
  }
  async putFile(key: string, file: string) {
    return (await this.store()).putFile(key, file);
  }
  async get(key: string) {
    return (await this.store()).get(key);
  }
  async read(key: string) {
    return (await this.store()).read(key);
  }
  async stat(key: string) {
    return (await this.store()).stat(key);
  }
  async exists(key: string) {
    return (await this.store()).exists(key);
  }
  async delete(key: string) {
    return (await this.store()).delete(key);
  }
  async deleteAll(prefix: string) {
    return (await this.store()).deleteAll(prefix);
  }
  async *list(prefix: string): AsyncIterable<StoredObject> {
    yield* (await this.store()).list(prefix);
  }
  async removeTemporaries() {
    // S3 writes an object whole or not at all: there is nothing half-written to remove.
    return (await this.store()).removeTemporaries();
  }
  close(): void {
    this.loaded?.close();
  }
}

export type { ObjectStore, StorageConfig, StoredObject } from './objectStore.ts';

export function openObjectStore(config: StorageConfig): ObjectStore & { close?(): void } {
  return config.kind === 's3' ? new LazyS3Store(config) : new LocalObjectStore(config.root);
}

const opened = new Map<string, ObjectStore>();

/**
 * One store per configuration for the life of the thread: a render worker is handed the app's
 * configuration with each task and keeps its S3 client (and its connections) between tasks.
 */
export function objectStoreFor(config: StorageConfig): ObjectStore {
  const id = JSON.stringify(config);
  let store = opened.get(id);
  if (!store) {
    store = openObjectStore(config);
    opened.set(id, store);
  }
  return store;
}
