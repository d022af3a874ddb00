/**
 * The embedded default's "sent" mail: a message written as an .eml file that a mail program opens.
 * Written aside and renamed (writeFileAtomic), so a reader never sees half a file; named by time, so
 * sorting the folder by name sorts the mail by when it was sent.
 */
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../storage/atomicFile.ts';

/** `2031-06-01T12-00-00.123Z-1a2b3c4d.eml`: UTC, fixed width, no colons (not allowed on every disk). */
export function outboxFileName(at: Date): string {
  return `${at.toISOString().replace(/:/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
}

export async function writeOutboxFile(dir: string, at: Date, message: Buffer): Promise<string> {
  await mkdir(dir, { recursive: true });
  const name = outboxFileName(at);
  const file = path.join(dir, name);
  // A leading dot and a .tmp suffix keep the unfinished file out of any *.eml listing.
  await writeFileAtomic(file, message, { temporary: path.join(dir, `.${name}.tmp`) });
  return file;
}
