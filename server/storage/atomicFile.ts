/**
 * The one way the server writes a file in place: aside under a temporary name in the same folder,
 * then renamed over the file. A rename is atomic on one file system, so a reader never sees half a
 * file, and a crash or a failed write leaves at most the temporary name, never a torn file.
 *
 * `temporary` names the file aside where a folder's listing must skip it (the object store's
 * TEMPORARY_PREFIX, the outbox's leading dot); by default `<file>.<random>.tmp`.
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface AtomicOptions {
  /** The temporary file's path, in the same folder as the file (a rename does not cross disks). */
  temporary?: string;
  signal?: AbortSignal;
}

async function placeAtomically(
  file: string,
  options: AtomicOptions,
  write: (temporary: string) => Promise<void>,
): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = options.temporary ?? `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await write(temporary);
    options.signal?.throwIfAborted();
    await rename(temporary, file);
  } catch (error) {
    // The write's own file aside is removed; a name that was taken (EEXIST) is someone else's.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') await rm(temporary, { force: true });
    throw error;
  }
}

/** Writes `data` to `file` atomically (see above). */
export function writeFileAtomic(
  file: string,
  data: string | Uint8Array,
  options: AtomicOptions = {},
): Promise<void> {
  return placeAtomically(file, options, (temporary) =>
    writeFile(temporary, data, { flag: 'wx', signal: options.signal }),
  );
}

/** Copies `source` to `file` atomically, without reading it into memory. */
export function copyFileAtomic(source: string, file: string, options: AtomicOptions = {}): Promise<void> {
  return placeAtomically(file, options, (temporary) => copyFile(source, temporary, constants.COPYFILE_EXCL));
}
