// The server for the e2e suite: the real server on a brand-new PGlite database in a temporary folder,
// removed when the server stops. (Playwright loads its config in every worker, so the config itself
// must not touch the database.)
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// The runner's (playwright.config.ts E2E_DATA_DIR, an empty folder it made), else one of its own.
const dataDir = process.env.E2E_DATA_DIR || mkdtempSync(path.join(tmpdir(), 'print-shop-e2e-'));
// The test-only content pages (hostile HTML, an unknown module) go into the database first.
const fixtures = spawnSync(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'test', 'fixtures', 'content-pages.ts'), dataDir],
  { cwd: root, stdio: 'inherit', env: { ...process.env, DATABASE_URL: '' } },
);
if (fixtures.status !== 0) {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(fixtures.status ?? 1);
}
// E2E_PAYMENT_FAKES=1 (the payments shop, test/e2e/payments/): the fake Stripe and Vipps APIs
// (test/support/paymentFakes.ts) run beside the shop, which is given their keys and addresses; their
// description is written to DATA_DIR/payment-fakes.json for the specs.
let fakes = null;
let fakesEnv = {};
if (process.env.E2E_PAYMENT_FAKES === '1') {
  const described = path.join(dataDir, 'payment-fakes.json');
  fakes = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(root, 'test', 'support', 'paymentFakes.ts'),
      `http://127.0.0.1:${process.env.PORT}`,
      described,
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  fakesEnv = await new Promise((resolve, reject) => {
    let out = '';
    fakes.stdout.on('data', (d) => {
      out += d;
      const m = /^FAKES (\{.*\})$/m.exec(out);
      if (m) resolve(JSON.parse(m[1]).env);
    });
    fakes.once('exit', (code) => reject(new Error(`the payment fakes exited (${code})`)));
  });
}
// E2E_PREVIEWS_FROM (the payments shop): the main shop's template previews are copied in once it has
// drawn them all (its .drawing marker), so this shop finds none missing and draws none: the same
// seeded templates on the same day, and 35 s of the two cores at the suite's start drawn once. Should
// they not come within two minutes, this shop draws its own, as it would anyway.
const previewsFrom = process.env.E2E_PREVIEWS_FROM;
if (previewsFrom) {
  for (let waited = 0; waited < 120_000 && !existsSync(path.join(previewsFrom, '.drawing')); waited += 500)
    await new Promise((resolve) => setTimeout(resolve, 500));
  if (existsSync(path.join(previewsFrom, '.drawing')))
    cpSync(previewsFrom, path.join(dataDir, 'templates2', 'all'), { recursive: true });
}
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, ...fakesEnv, DATA_DIR: dataDir, DATABASE_URL: '' },
});
const stop = (signal) => {
  server.kill(signal);
  fakes?.kill(signal);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => {
  fakes?.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
