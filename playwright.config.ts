import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8181);
// A second shop for the payment specs (test/e2e/payments/): Stripe and Vipps configured against their
// fakes, so the first shop keeps the test card its other specs pay with.
const paymentsPort = port + 1;
// The lab's password for the e2e server; the config is loaded in every worker, so lab.spec.ts reads it too.
process.env.E2E_LAB_PASSWORD ??= 'e2e-lab-password-123';
// The harness's templates root, where harness.spec.ts writes template folders as an author would; set
// once by the runner, so its workers and the server see the same folder.
process.env.E2E_HARNESS_TEMPLATES_DIR ??= path.join(tmpdir(), `print-shop-e2e-templates-${process.pid}`);
mkdirSync(process.env.E2E_HARNESS_TEMPLATES_DIR, { recursive: true });
// The server's data directory, set once by the runner like the one above, so a spec can read the
// shop's mail where it writes it without SMTP (DATA_DIR/outbox/, login-link.spec.ts).
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'print-shop-e2e-'));
process.env.E2E_PAYMENTS_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'print-shop-e2e-payments-'));

// Device presets drop launch options, so every project repeats them.
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Room for a CI machine whose other lane runs the server suite (scripts/test.mjs): a spec that
  // passes takes what it takes; these only bound one that hangs.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: { baseURL: `http://localhost:${port}`, trace: 'off', screenshot: 'only-on-failure' },
  projects: [
    {
      // First: its tests are the suite's longest (the harness's renders of every template, the lab's
      // desk), and Playwright hands out tests in the projects' order; listed last, they ran at the end
      // on one worker while the other sat idle.
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], launchOptions },
      // The desktop is a wider layout of the same app: the phone runs every spec, the desktop those
      // tagged @desktop (layouts and breakpoints, mouse instead of touch, the lab's and the author's
      // desktop tools, one journey each through upload, the editor and checkout). Running all twice
      // took CI past its 30 minutes (docs/decisions.md).
      grep: /@desktop/,
      testIgnore: /payments\//,
    },
    {
      name: 'payments',
      testMatch: 'payments/**/*.spec.ts',
      use: {
        ...devices['Pixel 7'],
        hasTouch: true,
        isMobile: true,
        launchOptions,
        baseURL: `http://localhost:${paymentsPort}`,
      },
    },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], hasTouch: true, isMobile: true, launchOptions },
      testIgnore: [/lab\.spec\.ts$/, /payments\//],
      // The lab's order desk is the lab's desktop tool: its spec runs on the desktop project. Tests
      // tagged @desktop-only (the author harness's side-by-side renders) are the desktop's alone.
      grepInvert: /@desktop-only/,
    },
  ],
  webServer: [
    {
      // A fresh database for every run: the server migrates and seeds it on start.
      command: `${process.execPath} scripts/e2e-server.mjs`,
      url: `http://localhost:${port}/m/api/portal`,
      // Migrating and seeding a fresh database takes seconds alone, but over a minute on a 2-core CI
      // machine busy with other work (a CI run timed out at 60 s): the wait costs nothing when it is fast.
      timeout: 180_000,
      reuseExistingServer: false,
      // HARNESS=1: the author harness's dev endpoints (test/e2e/harness.spec.ts).
      // LAB_PASSWORD: the lab's order desk (test/e2e/lab.spec.ts).
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        HARNESS: '1',
        HARNESS_TEMPLATES_DIR: process.env.E2E_HARNESS_TEMPLATES_DIR,
        LAB_PASSWORD: process.env.E2E_LAB_PASSWORD,
        E2E_DATA_DIR: process.env.E2E_DATA_DIR,
        // As behind the one proxy of docs/deploy.md: a spec can play a stranger at another address
        // (X-Forwarded-For), so its failed logins never hold the address every other spec logs in from
        // (test/e2e/login-link.spec.ts; a slow CI machine let its guesses pass the limit of ten).
        TRUST_PROXY: '1',
      },
      stdout: 'pipe',
    },
    {
      command: `${process.execPath} scripts/e2e-server.mjs`,
      url: `http://localhost:${paymentsPort}/m/api/portal`,
      timeout: 180_000,
      reuseExistingServer: false,
      env: {
        PORT: String(paymentsPort),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        LAB_PASSWORD: process.env.E2E_LAB_PASSWORD,
        E2E_DATA_DIR: process.env.E2E_PAYMENTS_DATA_DIR,
        E2E_PAYMENT_FAKES: '1',
        // The main shop's template previews, copied in once drawn (scripts/e2e-server.mjs).
        E2E_PREVIEWS_FROM: path.join(process.env.E2E_DATA_DIR, 'templates2', 'all'),
        // The reconciliation asks about a payment pending this long (a spec may lose a webhook).
        PAYMENT_RECONCILE_AFTER_S: '5',
      },
      stdout: 'pipe',
    },
  ],
});
