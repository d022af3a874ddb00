/**
 * Where pictures, print files and published art are kept (the local disk or a bucket), the worker that
 * draws thumbnails from them, and the sweep of interrupted uploads' leftovers.
 */
import path from 'node:path';
import { MemoryLocker } from '@tus/server';
import type { Locker } from '@tus/utils';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createPreviewPool, type PreviewPool } from '../render/previewPool.ts';
import { DEFAULT_PICTURE_SWEEP, schedulePictureSweep } from '../services/pictures/pictureSweep.ts';
import type { PictureFiles } from '../services/pictures/pictures.ts';
import { openResumableStore, type ResumableStore } from '../services/pictures/resumableStores.ts';
import { RESUMABLE_EXPIRY_MS } from '../services/pictures/resumableUploads.ts';
import { PostgresLocker } from '../services/pictures/uploadLocks.ts';
import type { ObjectStore, StorageConfig } from '../storage/objectStore.ts';
import { openObjectStore } from '../storage/open.ts';
import type { WiringOptions } from './options.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The object store and how it was opened; `files` adds the uploads' local scratch folder. */
    storage: {
      store: ObjectStore;
      config: StorageConfig;
      files: PictureFiles;
      /** Resumable uploads (tus): where their pieces wait, and the locks every instance shares. */
      resumable: { store: ResumableStore; locker: Locker };
    };
    /** Draws thumbnails in a worker thread (render/previewPool.ts). */
    previewPool: PreviewPool;
  }
}

export const storage = fp<WiringOptions>(
  async (app: FastifyInstance, { config, overrides }) => {
    const store = openObjectStore(config.storage);
    // Thumbnails draw published templates' art, which is in the storage (render/templateArt.ts).
    const previewPool = createPreviewPool(config.storage);
    app.decorate('previewPool', previewPool);
    app.addHook('onClose', () => previewPool.close());
    app.log.info(`Pictures and print files are kept on ${store.description}`);
    app.addHook('onClose', async () => store.close?.());
    // Uploads are received and checked in a local folder (sharp reads files), then moved to the storage.
    const files: PictureFiles = { storage: store, scratchDir: path.join(config.dataDir, 'upload-scratch') };
    // Unfinished resumable uploads: beside the object store, the same backend. Their locks are held in
    // PostgreSQL, which every instance shares; PGlite is one process, whose memory is enough.
    const { connection } = overrides.database;
    const locker =
      connection.kind === 'postgres'
        ? new PostgresLocker(connection.url, undefined, app.log)
        : new MemoryLocker();
    if (locker instanceof PostgresLocker) app.addHook('onClose', () => locker.close());
    const resumable = {
      store: openResumableStore(
        config.storage,
        path.join(config.dataDir, 'resumable-uploads'),
        RESUMABLE_EXPIRY_MS,
      ),
      locker,
    };
    app.decorate('storage', { store, config: config.storage, files, resumable });
    schedulePictureSweep(
      app,
      { db: overrides.database.db, files },
      { ...DEFAULT_PICTURE_SWEEP, ...overrides.pictureSweep },
    );
  },
  { name: 'storage', dependencies: ['foundation'] },
);
