/**
 * Template authors' command (README "Publishing a template"):
 *   npm run templates -- check <dir>    every problem of the folder(s), with file, line and column
 *   npm run templates -- import <dir>   publish into a running shop: POST /lab/api/templates at
 *                                       SHOP_URL (default http://localhost:8080) with LAB_PASSWORD
 *   npm run templates -- products       the template products a template can name (a markdown table)
 * <dir> is one template folder (with its template.json) or a folder of them.
 */
import { productTable } from '../server/db/templates/productTable.ts';
import { loadFontSet } from '../server/fonts.ts';
import { checkTemplateFolder, foldersAt, formatProblem } from '../server/services/templates/templateCheck.ts';
import { readTemplateFolder } from '../server/storage/templateFiles.ts';

const [command, dir] = process.argv.slice(2);

async function check(): Promise<number> {
  const fonts = await loadFontSet();
  let failed = 0;
  for (const folder of await foldersAt(dir!)) {
    const problems = await checkTemplateFolder(folder, fonts);
    for (const p of problems) console.log(formatProblem(p));
    console.log(problems.length ? `${folder}: ${problems.length} problem(s)` : `${folder}: ok`);
    if (problems.length) failed++;
  }
  return failed ? 1 : 0;
}

async function importInto(): Promise<number> {
  const shop = (process.env.SHOP_URL ?? 'http://localhost:8080').replace(/\/+$/, '');
  const password = process.env.LAB_PASSWORD;
  if (!password) {
    console.error("Set LAB_PASSWORD to the shop's lab password (and SHOP_URL to its address).");
    return 2;
  }
  const fonts = await loadFontSet();
  let failed = 0;
  for (const folder of await foldersAt(dir!)) {
    // The checks of `check` first: a folder with a problem is not sent (a missing art file would
    // otherwise be published with the shop's own art of that name, if it has one).
    const problems = await checkTemplateFolder(folder, fonts);
    if (problems.length) {
      for (const p of problems) console.error(formatProblem(p));
      console.error(`${folder}: not sent, ${problems.length} problem(s)`);
      failed++;
      continue;
    }
    const files = await readTemplateFolder(folder);
    const art = Object.fromEntries([...files.art].map(([src, bytes]) => [src, bytes.toString('base64')]));
    let res: Response;
    try {
      res = await fetch(`${shop}/lab/api/templates`, {
        method: 'POST',
        headers: { authorization: `Bearer ${password}`, 'content-type': 'application/json' },
        body: JSON.stringify({ template: files.json ?? null, art }),
      });
    } catch {
      console.error(`No shop answers at ${shop}: start it (npm start) or set SHOP_URL to its address.`);
      return 2;
    }
    const body = (await res.json().catch(() => ({}))) as {
      uuid?: string;
      version?: number;
      error?: string;
      problems?: { path: string; message: string }[];
    };
    if (res.status === 201) {
      console.log(`${folder}: published ${body.uuid} version ${body.version}`);
      continue;
    }
    failed++;
    console.error(`${folder}: refused (${res.status}) ${body.error ?? ''}`);
    for (const p of body.problems ?? []) console.error(`  ${p.path}: ${p.message}`);
  }
  return failed ? 1 : 0;
}

if (command === 'products') {
  console.log(productTable());
  process.exit(0);
}
if ((command !== 'check' && command !== 'import') || !dir) {
  console.error('Usage: npm run templates -- check <dir> | import <dir> | products');
  process.exit(2);
}
process.exit(command === 'check' ? await check() : await importInto());
