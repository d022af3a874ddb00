/** Shared steps of the checkout tests: a visitor with print lines, sign-up, login, cart reads. */
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Cart } from '../../shop/contract.ts';
import { cookieOf } from './app-harness.ts';
import { multipartBody } from './multipart.ts';

export const PRINT_UPLOAD =
  '/system/iframes/upload_internal.php?handleuploads=1&interface=HTML&redirect=&uploadtype=printsorder&json=1&thumbnails=640';

let shade = 0;

/** Uploads pictures through the print upload (a print line each); answers the session's cookie. */
export async function uploadPrintPictures(
  app: FastifyInstance,
  pictures: { name: string; bytes: Buffer }[],
  cookie?: string,
): Promise<string> {
  const body = multipartBody(pictures.map((p) => ({ field: 'images[]', ...p })));
  const res = await app.inject({
    method: 'POST',
    url: PRINT_UPLOAD,
    headers: { 'content-type': body.contentType, ...(cookie ? { cookie } : {}) },
    payload: body.payload,
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return cookie ?? cookieOf(res.headers['set-cookie']);
}

/** Uploads `count` small pictures through the print upload (a print line each); answers the cookie. */
export async function uploadPrints(app: FastifyInstance, count: number, cookie?: string): Promise<string> {
  const files = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      shade = (shade + 1) % 200;
      return {
        name: `photo${i}.jpg`,
        bytes: await sharp({
          create: { width: 60, height: 40, channels: 3, background: { r: shade, g: 90, b: i * 20 } },
        })
          .jpeg()
          .toBuffer(),
      };
    }),
  );
  return uploadPrintPictures(app, files, cookie);
}

export async function cartOf(app: FastifyInstance, cookie: string): Promise<Cart> {
  return (await app.inject({ url: '/m/api/webshop/cart', headers: { cookie } })).json<Cart>();
}

let counter = 0;
/** An email address no other test uses. */
export const freshEmail = (prefix = 'shopper') =>
  `${prefix}.${Date.now().toString(36)}.${counter++}@example.com`;

export const PASSWORD = 'correct horse battery';

export async function signUp(
  app: FastifyInstance,
  fields: Record<string, string>,
  cookie?: string,
): Promise<{ status: number; body: Record<string, unknown>; cookie: string | null }> {
  const res = await app.inject({
    method: 'POST',
    url: '/ajax/create.php',
    headers: cookie ? { cookie } : {},
    payload: fields,
  });
  return {
    status: res.statusCode,
    body: res.json(),
    cookie: res.headers['set-cookie'] ? cookieOf(res.headers['set-cookie']) : null,
  };
}

export async function login(
  app: FastifyInstance,
  username: string,
  password: string,
  options: { cookie?: string; ip?: string } = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/ajax/login.php',
    headers: options.cookie ? { cookie: options.cookie } : {},
    remoteAddress: options.ip ?? '127.0.0.1',
    payload: { username, password },
  });
  return {
    status: res.statusCode,
    headers: res.headers,
    body: res.json() as Record<string, unknown>,
    cookie: res.headers['set-cookie'] ? cookieOf(res.headers['set-cookie']) : null,
  };
}

export async function me(app: FastifyInstance, cookie: string) {
  return (await app.inject({ url: '/m/api/user/me', headers: { cookie } })).json();
}

/** A registered user (signed up in a session of their own); answers the email and that session's cookie. */
export async function registeredUser(app: FastifyInstance, ip = '10.9.9.9') {
  const email = freshEmail();
  const res = await app.inject({
    method: 'POST',
    url: '/ajax/create.php',
    remoteAddress: ip,
    payload: { name: 'Ada Lovelace', mobile: '+44 7700 900123', email, password: PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.body}`);
  return { email, cookie: cookieOf(res.headers['set-cookie']) };
}
