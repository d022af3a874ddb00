/**
 * Modules loaded on first use, not when the shop starts (issue 31's idle memory): the S3 SDK (about
 * 30 MB of a process) on an S3 store's first call, so a shop on its local disk and every render thread
 * of one never load it; nodemailer (about 24 MB) on the first mail. Each runs in a process of its own,
 * whose module cache holds only what it loaded.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

const script = `
import { createRequire } from 'node:module';
import { openObjectStore } from './server/storage/open.ts';
const loaded = () => Object.keys(createRequire(import.meta.url).cache).some((f) => f.includes('client-s3'));
const local = openObjectStore({ kind: 'local', root: '/tmp/lazy-s3-probe' });
const s3 = openObjectStore({ kind: 's3', bucket: 'b', region: 'eu-north-1', endpoint: 'http://127.0.0.1:9', forcePathStyle: true, credentials: { accessKeyId: 'a', secretAccessKey: 'b' } });
const before = loaded();
await local.exists('x');
const afterLocal = loaded();
const failed = await s3.exists('x').then(() => 'answered', (e) => 'failed');
console.log(JSON.stringify({ description: s3.description, before, afterLocal, after: loaded(), failed }));
s3.close?.();
`;

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

describe('the S3 store', () => {
  it('loads the SDK on its first call, and a local store never does', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(JSON.parse(out.trim().split('\n').pop()!)).toEqual({
      description: 'the S3 bucket b at http://127.0.0.1:9',
      before: false,
      afterLocal: false,
      after: true,
      failed: 'failed',
    });
  }, 30_000);
});
