/**
 * The storage contract (server/storage/objectStore.ts), run against both backends: the local disk
 * and S3-compatible object storage (s3rver).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalObjectStore } from '../../server/storage/localStore.ts';
import type { ObjectStore } from '../../server/storage/objectStore.ts';
import { openObjectStore } from '../../server/storage/open.ts';
import { fileSystemNow } from './file-clock.ts';
import { startS3rver, type TestS3 } from './s3rver.ts';

type Backend = 'local' | 's3';

async function keysOf(store: ObjectStore, prefix: string) {
  const keys: string[] = [];
  for await (const o of store.list(prefix)) keys.push(o.key);
  return keys;
}

async function drain(stream: NodeJS.ReadableStream) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe.each<Backend>(['local', 's3'])('the %s storage', (backend) => {
  let store: ObjectStore & { close?(): void };
  let s3: TestS3 | null = null;
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'storage-test-'));
    dirs.push(dir);
    return dir;
  };

  beforeAll(async () => {
    if (backend === 's3') {
      s3 = await startS3rver();
      store = openObjectStore(s3.config);
    } else {
      store = openObjectStore({ kind: 'local', root: tempDir() });
    }
  });
  afterAll(async () => {
    store?.close?.();
    await s3?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('puts, gets, stats and overwrites an object', async () => {
    const started = fileSystemNow().getTime();
    await store.put('a/one.txt', 'first');
    expect((await store.get('a/one.txt'))?.toString()).toBe('first');
    await store.put('a/one.txt', Buffer.from('second, longer'));
    expect((await store.get('a/one.txt'))?.toString()).toBe('second, longer');
    expect(await store.exists('a/one.txt')).toBe(true);
    const info = await store.stat('a/one.txt');
    expect(info?.bytes).toBe(14);
    // S3 keeps whole seconds.
    expect(info!.modifiedAt.getTime()).toBeGreaterThanOrEqual(Math.floor(started / 1000) * 1000);
    const read = await store.read('a/one.txt');
    expect(read?.bytes).toBe(14);
    expect((await drain(read!.stream)).toString()).toBe('second, longer');
  });

  it('answers null for a missing object, and deleting one is no error', async () => {
    expect(await store.get('nothing/here')).toBeNull();
    expect(await store.read('nothing/here')).toBeNull();
    expect(await store.stat('nothing/here')).toBeNull();
    expect(await store.exists('nothing/here')).toBe(false);
    await store.delete('nothing/here');
    // A key that names a "folder" is not an object either.
    await store.put('folder/inside', 'x');
    expect(await store.get('folder')).toBeNull();
    expect(await store.exists('folder')).toBe(false);
  });

  it('deletes one object', async () => {
    await store.put('d/gone', 'x');
    await store.put('d/kept', 'y');
    await store.delete('d/gone');
    expect(await store.get('d/gone')).toBeNull();
    expect(await keysOf(store, 'd/')).toEqual(['d/kept']);
  });

  it('lists by prefix, sorted by key, nested keys included', async () => {
    for (const key of ['l/b/2', 'l/a', 'l/b/1', 'l/c.txt', 'l2/x', 'l/ab']) await store.put(key, key);
    expect(await keysOf(store, 'l/')).toEqual(['l/a', 'l/ab', 'l/b/1', 'l/b/2', 'l/c.txt']);
    expect(await keysOf(store, 'l/a')).toEqual(['l/a', 'l/ab']);
    expect(await keysOf(store, 'l/b/')).toEqual(['l/b/1', 'l/b/2']);
    expect(await keysOf(store, 'l')).toEqual(['l/a', 'l/ab', 'l/b/1', 'l/b/2', 'l/c.txt', 'l2/x']);
    expect(await keysOf(store, 'none/')).toEqual([]);
    const sizes: Record<string, number> = {};
    for await (const o of store.list('l/b/')) sizes[o.key] = o.bytes;
    expect(sizes).toEqual({ 'l/b/1': 5, 'l/b/2': 5 });
  });

  it('deletes everything under a prefix and nothing else', async () => {
    for (const key of ['p/x/1', 'p/x/2', 'p/x/sub/3', 'p/xy', 'p/y']) await store.put(key, 'v');
    expect(await store.deleteAll('p/x/')).toBe(3);
    expect(await keysOf(store, 'p/')).toEqual(['p/xy', 'p/y']);
    expect(await store.deleteAll('p/nothing/')).toBe(0);
  });

  it('moves a finished local file in: readable under its key, gone from where it was', async () => {
    const file = path.join(tempDir(), 'upload');
    const bytes = randomBytes(300_000);
    writeFileSync(file, bytes);
    await store.putFile('moved/upload', file);
    expect(existsSync(file)).toBe(false);
    expect((await store.get('moved/upload'))?.equals(bytes)).toBe(true);
  });

  it('a failed or aborted write leaves nothing readable, and an old object as it was', async () => {
    const big = randomBytes(24 * 1024 * 1024);
    for (const key of ['atomic/new', 'atomic/old']) {
      if (key === 'atomic/old') await store.put(key, 'the old bytes');
      const abort = new AbortController();
      const writing = store.put(key, big, { signal: abort.signal });
      setImmediate(() => abort.abort());
      await expect(writing).rejects.toThrow();
    }
    expect(await store.get('atomic/new')).toBeNull();
    expect((await store.get('atomic/old'))?.toString()).toBe('the old bytes');
    expect(await keysOf(store, 'atomic/')).toEqual(['atomic/old']);
    // A local file that cannot be read stores nothing either.
    await expect(store.putFile('atomic/missing', path.join(tempDir(), 'no-such-file'))).rejects.toThrow();
    expect(await store.exists('atomic/missing')).toBe(false);
  });

  it('refuses keys that could leave their place', async () => {
    for (const key of ['../up', '/absolute', 'a//b', 'a/./b', 'a/../b', '', 'a/.tmp-1234', 'back\\slash']) {
      await expect(store.put(key, 'x'), key).rejects.toThrow(/Not a storage key/);
    }
  });
});

/**
 * The local disk's own work: S3 makes an object appear whole by its own rule (s3rver, a stand-in
 * writing straight into its files, does not model that), the local backend by temporary names.
 */
describe('the local storage’s temporary names', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'storage-test-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('a reader never sees half of an object being written', async () => {
    const local = new LocalObjectStore(root);
    const big = randomBytes(16 * 1024 * 1024);
    let done = false;
    const writing = local.put('whole/big', big).finally(() => {
      done = true;
    });
    const seen: (number | null)[] = [];
    while (!done) {
      const got = await local.get('whole/big');
      seen.push(got === null ? null : got.length);
    }
    await writing;
    expect(seen.every((n) => n === null || n === big.length)).toBe(true);
    expect((await local.get('whole/big'))?.equals(big)).toBe(true);
  });

  it('a crash’s temporaries are never listed or read, and are removed once older than asked', async () => {
    const store = new LocalObjectStore(root);
    await store.put('t/kept', 'whole');
    // What a crash in the middle of a write leaves: a temporary name beside the real one.
    mkdirSync(path.join(root, 't'), { recursive: true });
    const old = path.join(root, 't', '.tmp-0123456789abcdef');
    const fresh = path.join(root, 't', '.tmp-fedcba9876543210');
    writeFileSync(old, 'half');
    writeFileSync(fresh, 'being written');
    const now = fileSystemNow().getTime();
    const hourAgo = new Date(now - 60 * 60 * 1000);
    utimesSync(old, hourAgo, hourAgo);
    expect(await keysOf(store, 't/')).toEqual(['t/kept']);
    expect(await store.removeTemporaries('t/', new Date(now - 60 * 1000))).toBe(1);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
    expect((await store.get('t/kept'))?.toString()).toBe('whole');
  });
});
