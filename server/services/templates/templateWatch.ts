/**
 * The shop publishes the template folders of a directory (templates/) when it starts and again
 * whenever a file there changes, so an author's saved folder is listed within a second, without a
 * restart. A folder that is refused is logged with every problem and the others still publish.
 */
import { watch } from 'node:fs';
import { readTemplateFolder, templateFolderPaths } from '../../storage/templateFiles.ts';
import { type PublishDeps, type Published, publishTemplate, TemplateRefused } from './templateImport.ts';

export interface FolderLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Publishes every folder under root; answers what was published (new or newer) and what was refused. */
export async function publishTemplateFolders(deps: PublishDeps, root: string, log: FolderLog) {
  const published: Published[] = [];
  let refused = 0;
  for (const dir of await templateFolderPaths(root).catch(() => [])) {
    try {
      const folder = await readTemplateFolder(dir);
      if (folder.problems.length) throw new Error(folder.problems.map((p) => p.message).join('; '));
      const result = await publishTemplate(deps, folder.json, folder.art);
      if (result.outcome !== 'unchanged') {
        published.push(result);
        log.info({ dir, ...result }, 'Published a template');
      }
    } catch (error) {
      refused++;
      const problems =
        error instanceof TemplateRefused ? error.problems : [{ path: '', message: String(error) }];
      log.warn({ dir, problems }, 'A template folder was refused');
    }
  }
  return { published, refused };
}

/**
 * Calls `changed` once the files under root have been quiet for `quietMs` (an editor's save is
 * several events); answers a function that stops watching.
 */
export function watchTemplateFolders(root: string, changed: () => void, quietMs = 150): () => void {
  let timer: NodeJS.Timeout | undefined;
  const watcher = watch(root, { recursive: true }, () => {
    clearTimeout(timer);
    timer = setTimeout(changed, quietMs);
  });
  watcher.on('error', () => {});
  return () => {
    clearTimeout(timer);
    watcher.close();
  };
}
