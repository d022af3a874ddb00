/**
 * `npm run templates -- check`: every problem of a template folder at once, each with its file and
 * line and column (or the page and part it is on), from the same checks as the author harness.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { authorProblems } from '../../engine/problems.ts';
import type { FontSet } from '../../engine/text/fonts.ts';
import { locatePath } from '../../shop/jsonLocation.ts';
import { TEMPLATE_FILE } from '../../shop/templateFile.ts';
import { type FolderProblem, readTemplateFolder, templateFolderPaths } from './templateFiles.ts';

/** A JSON path as engine/template.ts writes it (`pages[2].font.size`), not a `page x / y` place. */
const isJsonPath = (where: string) => /^[A-Za-z_$][\w$]*(\.[\w$]+|\[\d+\])*$/.test(where);

export async function checkTemplateFolder(dir: string, fonts: FontSet): Promise<FolderProblem[]> {
  const folder = await readTemplateFolder(dir);
  if (folder.json === undefined) return folder.problems;
  const found = authorProblems(folder.json, fonts).map((p): FolderProblem => {
    if (!isJsonPath(p.where)) return { file: folder.file, message: `${p.where}: ${p.message}` };
    const at = locatePath(folder.text, p.where);
    return { file: folder.file, path: p.where, ...(at ?? {}), message: p.message };
  });
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
  return `${where}: ${p.path ? `${p.path}: ` : ''}${p.message}`;
}
