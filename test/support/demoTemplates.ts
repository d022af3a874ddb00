/**
 * The demo templates of `templates/` for tests, found by English name (and version), never by count
 * or position, so adding or removing a template changes no test but the catalogue's own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { assertTemplate, type Template } from '../../engine/template.ts';
import { TEMPLATE_FILE, withPreview } from '../../shop/templateFile.ts';

export const DEMO_TEMPLATES_DIR = path.resolve(import.meta.dirname, '../../templates');

let loaded: Template[] | null = null;

/** Every demo template version, each from its folder. */
export function allDemoTemplates(): Template[] {
  loaded ??= readdirSync(DEMO_TEMPLATES_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => path.join(DEMO_TEMPLATES_DIR, e.name, TEMPLATE_FILE))
    .map((file) => assertTemplate(withPreview(JSON.parse(readFileSync(file, 'utf8')))));
  return structuredClone(loaded);
}

/** The demo template with this English name: its newest version, or the version asked for. */
export function demoTemplate(name: string, version?: number): Template {
  const versions = allDemoTemplates()
    .filter((t) => t.name.en_GB === name && (version === undefined || t.version === version))
    .sort((a, b) => b.version - a.version);
  if (!versions[0])
    throw new Error(`No demo template "${name}"${version ? ` v${version}` : ''} in templates/`);
  return versions[0];
}

/** The current (newest) version of every demo template. */
export function currentDemoTemplates(): Template[] {
  const all = allDemoTemplates();
  return all.filter((t) => !all.some((o) => o.uuid === t.uuid && o.version > t.version));
}

/** The folder under templates/ that holds the newest version of the demo template with this English name. */
export function demoTemplateFolder(name: string): string {
  const wanted = demoTemplate(name);
  for (const e of readdirSync(DEMO_TEMPLATES_DIR, { withFileTypes: true })) {
    if (!e.isDirectory()) continue;
    const dir = path.join(DEMO_TEMPLATES_DIR, e.name);
    const json = JSON.parse(readFileSync(path.join(dir, TEMPLATE_FILE), 'utf8'));
    if (json.uuid === wanted.uuid && json.version === wanted.version) return dir;
  }
  throw new Error(`No folder for the demo template "${name}"`);
}
