import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { cookieOf } from './app-harness.ts';

/** A multipart/form-data body with the given files, as a browser's FormData would send it. */
export function multipartBody(files: { field: string; name: string; type?: string; bytes: Buffer }[]) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\n` +
          `Content-Type: ${f.type ?? 'image/jpeg'}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * One flat-colour JPEG through the real picture upload (POST /m/api/pictures), in the session of
 * `cookie` or a new one; answers the stored picture and the session's cookie.
 */
export async function uploadPhoto(
  app: FastifyInstance,
  photo: { width: number; height: number; background: string; cookie?: string | null },
): Promise<{ picture: { uuid: string; width: number; height: number }; cookie: string }> {
  const bytes = await sharp({
    create: { width: photo.width, height: photo.height, channels: 3, background: photo.background },
  })
    .jpeg()
    .toBuffer();
  const body = multipartBody([{ field: 'file', name: 'photo.jpg', bytes }]);
  const res = await app.inject({
    method: 'POST',
    url: '/m/api/pictures',
    headers: { 'content-type': body.contentType, ...(photo.cookie ? { cookie: photo.cookie } : {}) },
    payload: body.payload,
  });
  if (res.statusCode !== 200) throw new Error(`The upload answered ${res.statusCode}: ${res.body}`);
  const picture = (res.json() as { files: { uuid: string; width: number; height: number }[] }).files[0]!;
  return { picture, cookie: photo.cookie ?? cookieOf(res.headers['set-cookie'] as string | string[]) };
}

/**
 * One photo mug (the demo's photo gift with one picture slot) added to the cart of `cookie`'s session
 * with the shopper's picture and `cropRect` on it; answers the cart call as it is.
 */
export async function addPhotoMug(
  app: FastifyInstance,
  cookie: string,
  pictureUuid: string,
  cropRect: unknown = { x: 0, y: 0, width: 1, height: 1 },
) {
  const gifts = (await app.inject({ url: '/m/api/templates/photogift' })).json<
    { uuid: string; name: { en_GB: string }; product: { uuid: string } }[]
  >();
  const mug = gifts.find((g) => g.name.en_GB === 'Photo mug')!;
  return app.inject({
    method: 'POST',
    url: '/m/api/webshop/cart',
    headers: { cookie },
    payload: {
      product: { uuid: mug.product.uuid },
      quantity: 1,
      template: {
        uuid: mug.uuid,
        resources: [{ fullId: 'photo', type: 'IMAGE', image: { uuid: pictureUuid, rotation: 0, cropRect } }],
      },
    },
  });
}
