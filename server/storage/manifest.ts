/**
 * The production manifest in the storage (its shape is shop/production.ts's `Manifest`). Rewritten
 * whole at every status change (a storage write is all or nothing); the final one (ready or failed)
 * is written after every file, so a manifest saying 'ready' means every file it lists is complete.
 */
import type { Manifest } from '../../shop/index.ts';
import type { ObjectStore } from './objectStore.ts';

export type { Manifest, ManifestFile, ManifestLine } from '../../shop/index.ts';

export const MANIFEST_NAME = 'manifest.json';

/** The order's folder of print files in the storage: `production/<orderUuid>/`. */
export function orderFolder(orderUuid: string): string {
  // The uuid comes from our own database, but a key is never built from an unchecked string.
  if (!/^[0-9a-f-]{36}$/i.test(orderUuid)) throw new Error(`Not an order uuid: ${orderUuid}`);
  return `production/${orderUuid}/`;
}

export async function writeManifest(
  storage: ObjectStore,
  orderUuid: string,
  manifest: Manifest,
): Promise<void> {
  await storage.put(`${orderFolder(orderUuid)}${MANIFEST_NAME}`, `${JSON.stringify(manifest, null, 2)}\n`);
}

export async function readManifest(storage: ObjectStore, orderUuid: string): Promise<Manifest | null> {
  const bytes = await storage.get(`${orderFolder(orderUuid)}${MANIFEST_NAME}`);
  return bytes === null ? null : (JSON.parse(bytes.toString('utf8')) as Manifest);
}
