/**
 * The S3 SDK is loaded on a store's first call, not when the shop starts (issue 31's idle memory: it
 * is about 30 MB of a process): a shop on its local disk, and every render thread of one, never loads
 * it. Run in a process of its own, whose module cache holds only what it loaded.
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
  });
});
