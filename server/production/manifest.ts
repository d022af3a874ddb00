/**
 * The production manifest on disk (its shape is shop/production.ts's `Manifest`). Written aside and
 * renamed at every status change; the final one (ready or failed) is written after every file, so a
 * manifest saying 'ready' means every file it lists is complete.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Manifest } from '../../shop/production.ts';

export type { Manifest, ManifestFile, ManifestLine } from '../../shop/production.ts';

export const MANIFEST_NAME = 'manifest.json';

export function orderDir(productionDir: string, orderUuid: string): string {
  // The uuid comes from our own database, but a path is never built from an unchecked string.
  if (!/^[0-9a-f-]{36}$/i.test(orderUuid)) throw new Error(`Not an order uuid: ${orderUuid}`);
  return path.join(productionDir, orderUuid);
}

/** Writes bytes under a temporary name in the same folder and renames: a reader never sees half a file. */
export async function writeAtomic(file: string, bytes: Buffer | string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = path.join(path.dirname(file), `.tmp-${randomBytes(8).toString('hex')}-${path.basename(file)}`);
  try {
    await writeFile(temp, bytes);
    await rename(temp, file);
  } finally {
    await rm(temp, { force: true });
  }
}

export async function writeManifest(dir: string, manifest: Manifest): Promise<void> {
  await writeAtomic(path.join(dir, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`);
}

export async function readManifest(dir: string): Promise<Manifest | null> {
  const text = await readFile(path.join(dir, MANIFEST_NAME), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  return text === null ? null : (JSON.parse(text) as Manifest);
}
