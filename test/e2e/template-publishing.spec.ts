/**
 * Issue 17's acceptance, as an author does it: a template folder checked and imported into the
 * running shop with `npm run templates`, listed within a second, opened in the editor and drawn; a
 * broken folder refused with every problem and its location.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';

const LAB_PASSWORD = process.env.E2E_LAB_PASSWORD!;
const root = path.resolve(import.meta.dirname, '../..');
const folders = path.join(root, 'test/fixtures/template-folders');

function templates(command: 'check' | 'import', dir: string, shopUrl: string) {
  const res = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/templates.ts', command, dir],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, SHOP_URL: shopUrl, LAB_PASSWORD },
    },
  );
  return { status: res.status, output: `${res.stdout}${res.stderr}` };
}

test('an author checks and imports a template folder: listed at once, opened in the editor', async ({
  page,
  baseURL,
}) => {
  // The template CLI runs as a child process (tsx compiles it first): a minute on a busy CI machine.
  test.setTimeout(240_000);
  const card = path.join(folders, 'author-card');
  expect(templates('check', card, baseURL!)).toMatchObject({ status: 0 });
  const imported = templates('import', card, baseURL!);
  expect(imported.output).toContain('published');
  expect(imported.status).toBe(0);

  // Published into the database before the 201: the very next list has it (well within a second on
  // an idle machine; a loaded CI machine may take longer to answer any request, so no clock here).
  const cards = (await (await page.request.get('/m/api/templates/cards')).json()) as {
    uuid: string;
    product: { uuid: string };
    name: { en_GB: string };
  }[];
  const listed = cards.find((c) => c.name.en_GB === 'Fern greetings');
  expect(listed).toBeDefined();

  await page.goto(`/m/products/cards/THANKS/${listed!.product.uuid}/${listed!.uuid}`);
  await expect(page.getByTestId('editor-page')).toHaveAttribute('data-drawn', 'true', { timeout: 45_000 });
});

test('a broken folder is refused with every problem and where it is', async ({ baseURL }) => {
  const broken = path.join(folders, 'broken-card');
  const checked = templates('check', broken, baseURL!);
  expect(checked.status).toBe(1);
  expect(checked.output).toMatch(/broken-card\/template\.json:53:9: resources\[2\]\.font\.color/);
  expect(checked.output).toMatch(/broken-card\/template\.json:67:9: resources\[3\]\.font\.size/);
  expect(checked.output).toContain('the art file "art/leaves.svg" is missing');

  // import runs the same checks and sends nothing (issue 31): the shop never sees the broken folder.
  const imported = templates('import', broken, baseURL!);
  expect(imported.status).toBe(1);
  expect(imported.output).toContain('not sent');
  expect(imported.output).toContain('resources[2].font.color');
  expect(imported.output).toContain('resources[3].font.size');
  expect(imported.output).toContain('the art file "art/leaves.svg" is missing');
});
