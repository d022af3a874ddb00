/**
 * Modules loaded on first use, not when the shop starts (issue 31's idle memory): nodemailer (about
 * 24 MB of a process) with the first mail, date-holidays (9 MB of the heap) with the first calendar,
 * Stripe's SDK (5 MB) with the first payment. Each runs in a process of its own, which sees what it
 * loads.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

const mailScript = `
import { registerHooks } from 'node:module';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// nodemailer is an ES module here: what was loaded is seen as it is resolved.
const resolved = [];
registerHooks({ resolve(specifier, context, next) { const r = next(specifier, context); resolved.push(r.url); return r; } });
const loaded = () => resolved.some((url) => /node_modules.nodemailer.dist.esm.nodemailer\\.js$/.test(url));
const { createMailer } = await import('./server/mail/mailer.ts');
const outboxDir = mkdtempSync(path.join(tmpdir(), 'lazy-mail-'));
const mailer = createMailer({ smtpUrl: null, outboxDir, from: 'shop@example.com', log: { info() {}, warn() {} } });
const before = loaded();
const sent = await mailer.send({ to: 'a@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' });
console.log(JSON.stringify({ before, after: loaded(), where: sent.where, files: readdirSync(outboxDir).length }));
mailer.close?.();
`;

describe('the mailer', () => {
  it('loads nodemailer with its first mail', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', mailScript], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(JSON.parse(out.trim().split('\n').pop()!)).toEqual({
      before: false,
      after: true,
      where: 'file',
      files: 1,
    });
  }, 30_000);
});

/** Runs `script` (an ES module, in the project's folder) and answers the JSON of its last line. */
function runAlone(script: string): unknown {
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').pop()!);
}

const watching = (pattern: string) => `
import { registerHooks } from 'node:module';
const resolved = [];
registerHooks({ resolve(specifier, context, next) { const r = next(specifier, context); resolved.push(r.url); return r; } });
const loaded = () => resolved.some((url) => ${pattern}.test(url));
`;

describe('the calendar holidays', () => {
  it('load date-holidays with the first calendar that asks', () => {
    const year = new Date().getFullYear();
    const answer = runAlone(`${watching(String(/node_modules.date-holidays./))}
const shop = await import('./shop/index.ts');
const before = loaded();
const holidays = await shop.calendarHolidays({ locale: 'nb_NO' }, ${year});
console.log(JSON.stringify({ before, after: loaded(), constitutionDay: holidays.some((h) => h.date === '${year}-05-17') }));
`);
    expect(answer).toEqual({ before: false, after: true, constitutionDay: true });
  }, 30_000);
});

describe('the Stripe provider', () => {
  it('loads the SDK with its first call, not when it is made', () => {
    const answer = runAlone(`${watching(String(/node_modules.stripe./))}
const { stripeProvider } = await import('./server/services/payments/stripe.ts');
const provider = stripeProvider({ secretKey: 'sk_test_x', webhookSecret: 'whsec_x', apiUrl: null });
const before = loaded();
const refused = await provider.verifyEvent('{}', 't=1,v1=00').then(() => false, () => true);
console.log(JSON.stringify({ before, after: loaded(), refused }));
`);
    expect(answer).toEqual({ before: false, after: true, refused: true });
  }, 30_000);
});

describe('the renderer', () => {
  it('is not loaded with the server: Konva and Skia come with the first drawing', () => {
    // The modules `npm start` imports (server/main.ts); a publish's preflight or the harness draws.
    const answer = runAlone(`${watching(String(/node_modules.(konva|@napi-rs.canvas)./))}
await import('./server/app.ts');
await import('./server/services/templates/previews.ts');
await import('./server/render/previewProcess.ts');
const before = loaded();
const { samplePhotoPng } = await import('./server/render/sample-pictures.ts');
const png = samplePhotoPng(40, 30);
console.log(JSON.stringify({ before, after: loaded(), png: png.subarray(1, 4).toString() }));
`);
    expect(answer).toEqual({ before: false, after: true, png: 'PNG' });
  }, 60_000);
});

describe('the content pages’ sanitiser', () => {
  it('loads sanitize-html with the first page it cleans', () => {
    const answer = runAlone(`${watching(String(/node_modules.sanitize-html./))}
const { sanitizeContentHtml } = await import('./server/services/storefront/safeHtml.ts');
const before = loaded();
const clean = sanitizeContentHtml('<p onclick="x()">Hi<script>alert(1)</script></p><a href="/a" target="_blank">a</a>');
console.log(JSON.stringify({ before, after: loaded(), clean }));
`);
    expect(answer).toEqual({
      before: false,
      after: true,
      clean: '<p>Hi</p><a href="/a" target="_blank" rel="noopener noreferrer">a</a>',
    });
  }, 30_000);
});
