/**
 * `npm run templates -- check`: every problem of a template folder at once, each with its file and
 * line and column (or the page and part it is on), from the same checks as the author harness.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FontSet } from '../../../engine/index.ts';
import { locatePath, TEMPLATE_FILE } from '../../../shop/index.ts';
import { type FolderProblem, readTemplateFolder, templateFolderPaths } from '../../storage/templateFiles.ts';
import { runPreflight } from './preflight.ts';

/** Every problem of one folder: its files, then the preflight's (engine/preflight.ts), each located in template.json. */
export async function checkTemplateFolder(dir: string, fonts: FontSet): Promise<FolderProblem[]> {
  const folder = await readTemplateFolder(dir);
  if (folder.json === undefined) return folder.problems;
  // The folder is the art's root: `art/x.svg` is the folder's own file, as it will be published.
  const found = (await runPreflight(folder.json, { fonts, templatesRoot: folder.dir })).map(
    (p): FolderProblem => {
      const at = p.path ? locatePath(folder.text, p.path) : null;
      const where = [p.pageId && `page ${p.pageId}`, p.part].filter(Boolean).join(' / ');
      return {
        file: folder.file,
        path: p.path,
        ...(at ?? {}),
        message: where ? `${where}: ${p.message}` : p.message,
        rule: p.rule,
      };
    },
  );
  return [...folder.problems, ...found];
}

/** The template folders a path names: the folder itself when it has a template.json, else those under it. */
export async function foldersAt(dir: string): Promise<string[]> {
  return existsSync(path.join(dir, TEMPLATE_FILE))
    ? [path.resolve(dir)]
    : templateFolderPaths(path.resolve(dir));
}

/** `file:line:column: message`, as editors and terminals link them. */
export function formatProblem(p: FolderProblem): string {
  const where = p.line ? `${p.file}:${p.line}:${p.column}` : p.file;
  return `${where}: ${p.path ? `${p.path}: ` : ''}${p.message}${p.rule ? ` [${p.rule}]` : ''}`;
}
