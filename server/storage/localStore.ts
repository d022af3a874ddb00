/**
 * The local disk backend: a key is a path under the root (DATA_DIR), so the files are where they
 * always were (pictures/originals/…, production/<order>/…). Every write goes to a temporary name in
 * the key's own folder and is renamed (atomicFile.ts), which is atomic on one file system: a reader
 * never sees half a file, and a crash leaves only a temporary name, which nothing lists and the sweep
 * removes.
 */
import { randomBytes } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { copyFileAtomic, writeFileAtomic } from './atomicFile.ts';
import { checkKey, type ObjectStore, type StoredObject, TEMPORARY_PREFIX } from './objectStore.ts';

const isMissing = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
};

export class LocalObjectStore implements ObjectStore {
  readonly description: string;

  constructor(private readonly root: string) {
    this.description = `the local disk at ${root}`;
  }

  private file(key: string): string {
    return path.join(this.root, ...checkKey(key).split('/'));
  }

  private temporary(file: string): string {
    return path.join(path.dirname(file), `${TEMPORARY_PREFIX}${randomBytes(8).toString('hex')}`);
  }

  async put(key: string, body: Buffer | string, options: { signal?: AbortSignal } = {}): Promise<void> {
    const file = this.file(key);
    await writeFileAtomic(file, body, { temporary: this.temporary(file), signal: options.signal });
  }

  async putFile(key: string, source: string): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    try {
      await rename(source, file);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    }
    // Another file system (a scratch folder elsewhere): copied aside in the target's folder, renamed.
    await copyFileAtomic(source, file, { temporary: this.temporary(file) });
    await rm(source, { force: true });
  }

  async get(key: string): Promise<Buffer | null> {
    return readFile(this.file(key)).catch((error) => {
      if (isMissing(error)) return null;
      throw error;
    });
  }

  async read(key: string) {
    // Opened first, so a file replaced or removed meanwhile is still read whole.
    const handle = await open(this.file(key), 'r').catch((error) => {
      if (isMissing(error)) return null;
      throw error;
    });
    if (!handle) return null;
    const info = await handle.stat();
    if (!info.isFile()) {
      await handle.close();
      return null;
    }
    return { stream: handle.createReadStream(), bytes: info.size };
  }

  async stat(key: string): Promise<StoredObject | null> {
    const info = await stat(this.file(key)).catch((error) => {
      if (isMissing(error)) return null;
      throw error;
    });
    return info?.isFile() ? { key, bytes: info.size, modifiedAt: info.mtime } : null;
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  async deleteAll(prefix: string): Promise<number> {
    let removed = 0;
    for await (const object of this.list(prefix)) {
      await this.delete(object.key);
      removed += 1;
    }
    // A whole folder goes with its temporaries and the empty folders.
    if (prefix.endsWith('/')) await rm(path.join(this.root, prefix), { recursive: true, force: true });
    return removed;
  }

  /** Every file under the folder the prefix names, temporaries included, in key order. */
  private async *walk(prefix: string): AsyncGenerator<{ key: string; file: string; temporary: boolean }> {
    checkKey(prefix, { prefix: true });
    const base = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/') + 1) : '';
    async function* inFolder(root: string, relative: string): AsyncGenerator<{ key: string; file: string }> {
      let entries: Dirent[];
      try {
        entries = await readdir(path.join(root, relative), { withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      // Sorted as keys sort: a folder's files come where "folder/" would.
      const named = entries.map((e) => ({ e, key: `${relative}${e.name}${e.isDirectory() ? '/' : ''}` }));
      named.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      for (const { e, key } of named) {
        if (e.isDirectory()) yield* inFolder(root, key);
        else if (e.isFile()) yield { key, file: path.join(root, key) };
      }
    }
    for await (const entry of inFolder(this.root, base)) {
      if (!entry.key.startsWith(prefix)) continue;
      const temporary = entry.key.split('/').some((s) => s.startsWith(TEMPORARY_PREFIX));
      yield { ...entry, temporary };
    }
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    for await (const { key, file, temporary } of this.walk(prefix)) {
      if (temporary) continue;
      const info = await stat(file).catch(() => null);
      if (info?.isFile()) yield { key, bytes: info.size, modifiedAt: info.mtime };
    }
  }

  async removeTemporaries(prefix: string, olderThan: Date): Promise<number> {
    let removed = 0;
    for await (const { file, temporary } of this.walk(prefix)) {
      if (!temporary) continue;
      const info = await stat(file).catch(() => null);
      if (info && info.mtime < olderThan) {
        await rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }
}
