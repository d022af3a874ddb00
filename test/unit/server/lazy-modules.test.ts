/**
 * Modules loaded on first use, not when the shop starts (issue 31's idle memory): nodemailer (about
 * 24 MB of a process) with the first mail. Run in a process of its own, which sees what it loads.
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
