import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Now by the file system's clock: the time the kernel stamps on a file written now. Under the faked
 * clock of `npm test`'s clock-ahead pass (libfaketime), Node's Date runs five years ahead but the
 * kernel's file times do not (Node reads them with statx, which libfaketime leaves alone), so a test
 * of how old a stored file is takes its "now" from here. On a real clock the two are the same.
 */
export function fileSystemNow(): Date {
  const dir = mkdtempSync(path.join(tmpdir(), 'file-clock-'));
  try {
    const probe = path.join(dir, 'now');
    writeFileSync(probe, '');
    return statSync(probe).mtime;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
