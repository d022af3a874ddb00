import { LocalObjectStore } from './localStore.ts';
import type { ObjectStore, StorageConfig } from './objectStore.ts';
import { S3ObjectStore } from './s3Store.ts';

export type { ObjectStore, StorageConfig, StoredObject } from './objectStore.ts';

export function openObjectStore(config: StorageConfig): ObjectStore & { close?(): void } {
  return config.kind === 's3' ? new S3ObjectStore(config) : new LocalObjectStore(config.root);
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
