import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyFileAtomic, writeFileAtomic } from '../../../server/storage/atomicFile.ts';

describe('writeFileAtomic and copyFileAtomic', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'atomic-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes the file, making its folder, and leaves nothing aside', async () => {
    const file = path.join(dir, 'a', 'b', 'file.txt');
    await writeFileAtomic(file, 'one');
    await writeFileAtomic(file, Buffer.from('two'));
    expect(await readFile(file, 'utf8')).toBe('two');
    expect(await readdir(path.dirname(file))).toEqual(['file.txt']);
  });

  it('keeps the old file whole when a write fails, and removes what it put aside', async () => {
    const file = path.join(dir, 'file.txt');
    await writeFile(file, 'old');
    await expect(writeFileAtomic(file, 'new', { signal: AbortSignal.abort() })).rejects.toThrow();
    expect(await readFile(file, 'utf8')).toBe('old');
    expect(await readdir(dir)).toEqual(['file.txt']);
    // A temporary name that is taken is someone else's file: the write fails and leaves it alone.
    const taken = path.join(dir, 'taken.tmp');
    await writeFile(taken, 'not ours');
    await expect(writeFileAtomic(file, 'new', { temporary: taken })).rejects.toThrow(/EEXIST/);
    await expect(copyFileAtomic(taken, file, { temporary: taken })).rejects.toThrow(/EEXIST/);
    expect(await readFile(taken, 'utf8')).toBe('not ours');
    expect(await readFile(file, 'utf8')).toBe('old');
  });

  it('uses the temporary name it is given, in the file’s folder', async () => {
    const file = path.join(dir, 'file.eml');
    await writeFileAtomic(file, 'mail', { temporary: path.join(dir, '.file.eml.tmp') });
    expect(await readdir(dir)).toEqual(['file.eml']);
  });

  it('copies a file in place', async () => {
    const source = path.join(dir, 'source.bin');
    await writeFile(source, Buffer.from([1, 2, 3]));
    const file = path.join(dir, 'copy', 'file.bin');
    await copyFileAtomic(source, file);
    expect([...(await readFile(file))]).toEqual([1, 2, 3]);
    expect(await readdir(path.dirname(file))).toEqual(['file.bin']);
  });
});

describe('the server writes files in place in one way', () => {
  it('renames files only in server/storage/atomicFile.ts (and the object store’s move of a finished file)', () => {
    const root = new URL('../../../server/', import.meta.url);
    const renaming = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && /\brename\(/.test(readFileSync(new URL(f, root), 'utf8')))
      .sort();
    expect(renaming).toEqual(['storage/atomicFile.ts', 'storage/localStore.ts']);
  });
});
