/**
 * Text PostgreSQL cannot store (issue 16, input at the edge): a NUL character or a lone surrogate in
 * any field is a 400 naming the field, before anything is written; a file's name is only cleaned.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './app-harness.ts';
import { freshEmail, login, PASSWORD, signUp } from './checkout-helpers.ts';
import { type DatabaseKind, databaseKinds } from './databases.ts';
import { multipartBody } from './multipart.ts';

const NUL = '\u0000';
const LONE = String.fromCharCode(0xd800);

describe.each(databaseKinds())('text a request cannot store, on %s', (kind: DatabaseKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const expectRefused = (
    res: { statusCode: number; json: () => unknown },
    field: string,
    problem: RegExp,
  ) => {
    expect(res.statusCode).toBe(400);
    const body = res.json() as { error: string; code: string };
    expect(body.code).toBe('invalid_text');
    expect(body.error).toContain(field);
    expect(body.error).toMatch(problem);
  };

  it('a sign-up with a NUL in its name is refused, naming the field, and makes no account', async () => {
    const email = freshEmail('nul');
    const res = await t.app.inject({
      method: 'POST',
      url: '/ajax/create.php',
      payload: { name: `Ada${NUL} Lovelace`, mobile: '+44 7700 900123', email, password: PASSWORD },
    });
    expectRefused(res, '"name"', /NUL/);
    expect((await login(t.app, email, PASSWORD)).body.error).toBeTruthy();
    // The same sign-up without it goes through.
    const clean = await signUp(t.app, {
      name: 'Ada Lovelace',
      mobile: '+44 7700 900123',
      email,
      password: PASSWORD,
    });
    expect(clean.status).toBe(200);
  });

  it('a login, a rebate code and a form body with a NUL are refused, never a 500', async () => {
    expectRefused(
      await t.app.inject({
        method: 'POST',
        url: '/ajax/login.php',
        payload: { username: `a${NUL}@b.c`, password: 'x' },
      }),
      '"username"',
      /NUL/,
    );
    expectRefused(
      await t.app.inject({
        method: 'POST',
        url: '/m/api/checkout/rebate-codes/use-rebate-code',
        payload: { code: `SPRING${NUL}` },
      }),
      '"code"',
      /NUL/,
    );
    expectRefused(
      await t.app.inject({
        method: 'POST',
        url: '/ajax/login.php',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `username=a%00b&password=x`,
      }),
      '"username"',
      /NUL/,
    );
  });

  it('a lone surrogate in JSON, deep in a body, is refused with the path to it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/m/api/checkout/rebate-codes/use-rebate-code',
      headers: { 'content-type': 'application/json' },
      // Valid JSON whose string is half of a surrogate pair.
      payload: '{"code":"A","extra":{"lines":[{"text":"\\ud800x"}]}}',
    });
    expectRefused(res, '"extra.lines.0.text"', /broken character/);
  });

  it('the address and the query are checked too', async () => {
    expectRefused(await t.app.inject({ url: '/m/api/legacy-pages/a%00b' }), '"id"', /NUL/);
    expectRefused(await t.app.inject({ url: '/m/api/products?x=%00' }), '"x"', /NUL/);
  });

  it('a file whose name holds a NUL or a broken character is stored under a cleaned name', async () => {
    const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#48c' } })
      .jpeg()
      .toBuffer();
    const body = multipartBody([{ field: 'file', name: `holi${NUL}day${LONE}.jpg`, bytes }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/m/api/pictures',
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { files: { name: string }[] }).files[0]!.name).toBe('holiday\uFFFD.jpg');
  });
});
