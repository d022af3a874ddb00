/**
 * Template folders on disk: `templates/` at the repository root holds the demo templates, one folder
 * each (its `template.json` and its art), and an author's folder has the same shape.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertTemplate, type Template } from '../../engine/template.ts';
import { artSources, TEMPLATE_FILE, withPreview } from '../../shop/templateFile.ts';

export const DEMO_TEMPLATES_DIR = fileURLToPath(new URL('../../templates/', import.meta.url));

export interface TemplateFolder {
  dir: string;
  template: Template;
  /** The art files by the `image.src` that names them. */
  art: Map<string, Buffer>;
}

/** The template folders under a root (each directory with a template.json), sorted by name. */
export async function templateFolderPaths(root: string): Promise<string[]> {
  const entries = await readdir(root, { withFileTypes: true });
  const dirs = entries.filter((e) => e.isDirectory()).map((e) => path.join(root, e.name));
  const withFile = await Promise.all(
    dirs.map(async (dir) => ((await readdir(dir)).includes(TEMPLATE_FILE) ? dir : null)),
  );
  return withFile.filter((d): d is string => d !== null).sort();
}

/** One folder's template and art; throws with every problem listed when the template is invalid. */
export async function readTemplateFolder(dir: string): Promise<TemplateFolder> {
  const text = await readFile(path.join(dir, TEMPLATE_FILE), 'utf8');
  const template = assertTemplate(withPreview(JSON.parse(text)));
  const art = new Map<string, Buffer>();
  for (const src of artSources(template)) art.set(src, await readFile(path.join(dir, src)));
  return { dir, template, art };
}

/** Every template folder under a root. */
export async function readTemplateFolders(root: string): Promise<TemplateFolder[]> {
  return Promise.all((await templateFolderPaths(root)).map(readTemplateFolder));
}
