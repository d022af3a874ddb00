/**
 * Template folders on disk: `templates/` at the repository root holds the demo templates, one folder
 * each (its `template.json` and its art), and an author's folder has the same shape
 * (docs/template-format.md "Publishing").
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertTemplate, type Resource, type Template } from '../../engine/index.ts';
import { syntaxProblems, TEMPLATE_FILE, withPreview } from '../../shop/index.ts';

export const DEMO_TEMPLATES_DIR = fileURLToPath(new URL('../../templates/', import.meta.url));

export interface FolderProblem {
  /** The file the problem is in. */
  file: string;
  /** A JSON path in template.json, when the problem is one. */
  path?: string;
  line?: number;
  column?: number;
  message: string;
  /** The preflight rule (engine/preflight.ts PREFLIGHT_RULES) the problem breaks, as the harness groups them. */
  rule?: string;
}

export interface TemplateFolderFiles {
  dir: string;
  /** template.json's path and text. */
  file: string;
  text: string;
  /** Its JSON with the preview name filled in; undefined when the text is not JSON. */
  json: unknown;
  /** The art files it names, by the `image.src` that names them (those that exist in the folder). */
  art: Map<string, Buffer>;
  problems: FolderProblem[];
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

/** The art srcs named anywhere in a template's JSON, before it is known to be valid. */
function namedArt(json: unknown): string[] {
  const t = json as { resources?: unknown; partTypes?: unknown } | null;
  const lists = [t?.resources, ...(Array.isArray(t?.partTypes) ? t.partTypes.map((p) => p?.resources) : [])];
  const srcs = lists
    .flatMap((l) => (Array.isArray(l) ? (l as Partial<Resource>[]) : []))
    .map((r) => r?.image?.src);
  return [...new Set(srcs.filter((s): s is string => typeof s === 'string'))];
}

/** One folder's template.json and art, with the problems of reading them (syntax, missing art). */
export async function readTemplateFolder(dir: string): Promise<TemplateFolderFiles> {
  const file = path.join(dir, TEMPLATE_FILE);
  const text = await readFile(file, 'utf8');
  const syntax = syntaxProblems(text);
  const problems: FolderProblem[] = syntax.map((s) => ({ file, ...s }));
  const json = syntax.length ? undefined : withPreview(JSON.parse(text));
  const art = new Map<string, Buffer>();
  const root = path.resolve(dir);
  for (const src of namedArt(json)) {
    const artFile = path.resolve(root, src);
    if (!artFile.startsWith(root + path.sep)) {
      problems.push({ file, message: `the art "${src}" is outside the template's folder` });
      continue;
    }
    const bytes = await readFile(artFile).catch(() => null);
    if (bytes) art.set(src, bytes);
    else problems.push({ file: artFile, message: `the art file "${src}" is missing` });
  }
  return { dir, file, text, json, art, problems };
}

/** Every template folder under a root, each as a valid template (a broken one throws, listing its problems). */
export async function readTemplateFolders(root: string): Promise<{ dir: string; template: Template }[]> {
  const folders = await Promise.all((await templateFolderPaths(root)).map(readTemplateFolder));
  return folders.map((f) => {
    if (f.problems.length)
      throw new Error(`${f.dir}:\n${f.problems.map((p) => `  ${p.message}`).join('\n')}`);
    return { dir: f.dir, template: assertTemplate(f.json) };
  });
}
