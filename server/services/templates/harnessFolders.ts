/**
 * The author harness's view of template folders (`templates/<folder>/`, server/storage/templateFiles.ts)
 * while an author edits them: the folders under a root, one folder's `template.json` as text with a
 * version tag that changes whenever any file of the folder changes, and the folder's files by path.
 *
 * The text is handed over as written (not parsed): a file that is mid-edit and not JSON is a problem
 * to show, not a failure. A folder name is one path segment and every path is resolved inside the root.
 */
import { createHash } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { TEMPLATE_FILE } from '../../../shop/index.ts';
import { HttpError, notFound } from '../../errors.ts';
import { artPath } from '../../render/images.ts';

export interface ListedFolder {
  folder: string;
  /** From the folder's template.json when it reads as a template's head, else null. */
  name: string | null;
  uuid: string | null;
  version: number | null;
}

export interface FolderFile {
  folder: string;
  /** `template.json` exactly as on disk. */
  text: string;
  /** Changes when any file of the folder changes (content of the JSON, size and time of the art). */
  etag: string;
}

const isMissing = (error: unknown) =>
  (error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR';

/** The folder's directory, or a 404 when it is not a template folder under the root. */
export async function folderDir(root: string, folder: string): Promise<string> {
  const dir = path.resolve(root, folder);
  if (path.dirname(dir) !== path.resolve(root)) {
    throw new HttpError(400, 'invalid_request', { key: 'not_a_folder_name', values: { folder } });
  }
  const entries = await readdir(dir).catch((error) => {
    if (isMissing(error)) return null;
    throw error;
  });
  if (!entries?.includes(TEMPLATE_FILE)) {
    throw notFound('templateFolder', { folder });
  }
  return dir;
}

function head(text: string): Omit<ListedFolder, 'folder'> {
  try {
    const json = JSON.parse(text) as { name?: { en_GB?: unknown }; uuid?: unknown; version?: unknown };
    return {
      name: typeof json.name?.en_GB === 'string' ? json.name.en_GB : null,
      uuid: typeof json.uuid === 'string' ? json.uuid : null,
      version: typeof json.version === 'number' ? json.version : null,
    };
  } catch {
    return { name: null, uuid: null, version: null };
  }
}

/** Every template folder under the root, by folder name; none when the root does not exist (yet). */
export async function listFolders(root: string): Promise<ListedFolder[]> {
  const entries: Dirent[] = await readdir(root, { withFileTypes: true }).catch((error) => {
    if (isMissing(error)) return [];
    throw error;
  });
  const listed = await Promise.all(
    entries
      .filter((e) => e.isDirectory())
      .map(async (e) => {
        const text = await readFile(path.join(root, e.name, TEMPLATE_FILE), 'utf8').catch((error) => {
          if (isMissing(error)) return null;
          throw error;
        });
        return text === null ? null : { folder: e.name, ...head(text) };
      }),
  );
  return listed.filter((f): f is ListedFolder => f !== null).sort((a, b) => a.folder.localeCompare(b.folder));
}

/** Every file under a directory with its size and modification time, for the version tag. */
async function fileStamps(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const stamps = await Promise.all(
    entries
      .filter((e) => e.isFile() && e.name !== TEMPLATE_FILE)
      .map(async (e) => {
        const file = path.join(e.parentPath, e.name);
        const s = await stat(file).catch(() => null);
        return s ? `${path.relative(dir, file)}:${s.size}:${s.mtimeMs}` : '';
      }),
  );
  return stamps.sort();
}

/** One folder's template.json and its version tag. */
export async function readFolder(root: string, folder: string): Promise<FolderFile> {
  const dir = await folderDir(root, folder);
  const [text, stamps] = await Promise.all([
    readFile(path.join(dir, TEMPLATE_FILE), 'utf8'),
    fileStamps(dir),
  ]);
  const hash = createHash('sha256').update(text).update('\0').update(stamps.join('\n'));
  return { folder, text, etag: `"${hash.digest('base64url').slice(0, 27)}"` };
}

/** A file of the folder (its art) by the path its template names; 404 when it is not there. */
export async function folderFile(root: string, folder: string, src: string): Promise<Buffer> {
  const dir = await folderDir(root, folder);
  const file = artPath(dir, src);
  if (!file) throw new HttpError(400, 'invalid_request', { key: 'not_in_folder', values: { src } });
  return readFile(file).catch((error) => {
    if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') {
      throw notFound('folderFile', { folder, src });
    }
    throw error;
  });
}
