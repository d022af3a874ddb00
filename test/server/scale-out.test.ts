/**
 * Scale-out (issue 16, docs/deploy.md): two shop processes on one PostgreSQL database and one storage
 * share everything a shopper has: a picture uploaded through one is read through the other, a cart
 * changed on both holds both changes, and the login limits count guesses made on either.
 * PostgreSQL only: two processes cannot share an embedded PGlite.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DELAY, LOGIN_LIMIT } from '../../server/routes/identity.ts';
import type { Cart } from '../../shop/contract.ts';
import { freshEmail, PASSWORD } from './checkout-helpers.ts';
import { openTestDatabase, type TestDatabase } from './databases.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** One shop process listening on a port of its own; answers its base URL. */
async function startInstance(
  env: Record<string, string>,
  log: string[],
): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'test/server/production-child.ts')],
    {
      cwd: root,
      env: { ...process.env, ...env, LISTEN: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const collect = (d: Buffer) => {
    output += d;
    log.push(String(d));
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no instance listening after 60 s:\n${output}`)), 60_000);
    child.stdout!.on('data', () => {
      const url = /listening (\S+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve(url);
      }
    });
    child.once('exit', (code) => reject(new Error(`instance exited with ${code}:\n${output}`)));
  });
  return { child, base };
}

describe.runIf(process.env.DATABASE_URL)('two instances on one database and one storage', () => {
  let db: TestDatabase;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'print-shop-scale-'));
  const log: string[] = [];
  let a: { child: ChildProcess; base: string };
  let b: { child: ChildProcess; base: string };

  beforeAll(async () => {
    db = await openTestDatabase('postgres');
    const connection = db.database.connection;
    if (connection.kind !== 'postgres') throw new Error('PostgreSQL expected');
    const env = { DATABASE_URL: connection.url, DATA_DIR: dataDir };
    [a, b] = await Promise.all([startInstance(env, log), startInstance(env, log)]);
  }, 120_000);

  afterAll(async () => {
    for (const instance of [a, b]) {
      if (instance?.child.exitCode === null) {
        const exited = new Promise((resolve) => instance.child.once('exit', resolve));
        instance.child.kill('SIGKILL');
        await exited;
      }
    }
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a picture uploaded on one instance is read on the other, in the same session', async () => {
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#2a6' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('images[]', new Blob([photo], { type: 'image/jpeg' }), 'holiday.jpg');
    const uploaded = await fetch(
      `${a.base}/system/iframes/upload_internal.php?uploadtype=printsorder&json=1`,
      {
        method: 'POST',
        body: form,
      },
    );
    expect(uploaded.status).toBe(200);
    const cookie = uploaded.headers.get('set-cookie')!.split(';')[0]!;
    const { uuid } = ((await uploaded.json()) as { files: { uuid: string }[] }).files[0]!;

    const preview = await fetch(`${b.base}/system/XPhoto.php?uuid=${uuid}&scaleversion=320`, {
      headers: { cookie },
    });
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await preview.arrayBuffer())).metadata();
    expect(meta.width).toBe(320);

    // The cart, changed on both: a quantity on B, a cart setting on A; each sees both.
    const cartOn = async (base: string) =>
      (await (await fetch(`${base}/m/api/webshop/cart`, { headers: { cookie } })).json()) as Cart;
    const line = (await cartOn(b.base)).orderLines[0]!;
    expect(line.files[0]?.uuid ?? line.image).toBeTruthy();
    const changed = await fetch(`${b.base}/m/api/webshop/cart/${line.uuid}`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ ...line, quantity: 3 }),
    });
    expect(changed.status).toBe(200);
    const second = new FormData();
    second.append('images[]', new Blob([photo], { type: 'image/jpeg' }), 'again.jpg');
    const more = await fetch(`${a.base}/system/iframes/upload_internal.php?uploadtype=printsorder&json=1`, {
      method: 'POST',
      headers: { cookie },
      body: second,
    });
    expect(more.status).toBe(200);
    for (const base of [a.base, b.base]) {
      const cart = await cartOn(base);
      expect(cart.orderLines).toHaveLength(2);
      expect(cart.orderLines.find((l) => l.uuid === line.uuid)?.quantity).toBe(3);
    }
  });

  it('counts login guesses made on either instance together', async () => {
    const post = (base: string, url: string, body: object) =>
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const email = freshEmail('scale');
    const made = await post(a.base, '/ajax/create.php', {
      name: 'Ada Lovelace',
      mobile: '+44 7700 900123',
      email,
      password: PASSWORD,
    });
    expect(made.status).toBe(200);
    // The account's free attempts, alternating instances.
    for (let i = 0; i < ACCOUNT_DELAY.free; i++) {
      const res = await post(i % 2 ? b.base : a.base, '/ajax/login.php', {
        username: email,
        password: 'wrong',
      });
      expect(res.status).toBe(401);
    }
    // Then four guesses at once, two on each instance: one gets through and the others wait, on
    // either. Counted apart, each instance would still be within its free attempts and answer 401 to
    // all four. Sent together, so no load on the machine lets the first delay run out between them
    // (the owner waiting too is owner-lockout.test.ts's, on one instance with a clock of its own).
    const burst = await Promise.all(
      [a.base, b.base, a.base, b.base].map((base) =>
        post(base, '/ajax/login.php', { username: email, password: 'wrong' }),
      ),
    );
    expect(burst.map((r) => r.status).sort()).toEqual([401, 429, 429, 429]);
    for (const waited of burst.filter((r) => r.status === 429)) {
      expect(Number(waited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    // The address (127.0.0.1 for both) has used LOGIN_LIMIT - (free + 1) failures less than its limit.
    const left = LOGIN_LIMIT - (ACCOUNT_DELAY.free + 1);
    for (let i = 0; i < left; i++) {
      const res = await post(i % 2 ? a.base : b.base, '/ajax/login.php', {
        username: freshEmail('guess'),
        password: 'guess',
      });
      expect(res.status).toBe(401);
    }
    for (const base of [a.base, b.base]) {
      const res = await post(base, '/ajax/login.php', { username: freshEmail('more'), password: 'guess' });
      expect(res.status).toBe(429);
    }
  });
});
