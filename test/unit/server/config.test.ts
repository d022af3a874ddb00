import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configFromEnv, DEFAULT_MAIL_FROM } from '../../../server/config.ts';

describe('configFromEnv', () => {
  it('defaults to PGlite under ./data, port 8080 and the built app', () => {
    const c = configFromEnv({});
    expect(c.port).toBe(8080);
    expect(c.database).toEqual({ kind: 'pglite', dataDir: expect.stringMatching(/data$/) });
    expect(c.distDir).toMatch(/dist$/);
  });
  it('uses PostgreSQL when DATABASE_URL is set, and the given port and data directory', () => {
    const c = configFromEnv({ DATABASE_URL: 'postgres://db/shop', PORT: '9000' });
    expect(c.database).toEqual({ kind: 'postgres', url: 'postgres://db/shop' });
    expect(c.port).toBe(9000);
    expect(configFromEnv({ DATA_DIR: '/tmp/x' }).database).toEqual({
      kind: 'pglite',
      dataDir: path.resolve('/tmp/x'),
    });
  });
  it('an empty DATABASE_URL means PGlite, and an empty DIST_DIR means API only (npm run dev)', () => {
    expect(configFromEnv({ DATABASE_URL: '' }).database.kind).toBe('pglite');
    expect(configFromEnv({ DIST_DIR: '' }).distDir).toBeNull();
  });
  it('writes mail to the outbox unless SMTP_URL is set, from MAIL_FROM or a bare localhost address', () => {
    const c = configFromEnv({});
    expect(c.smtpUrl).toBeNull();
    expect(c.mailFrom).toBe(DEFAULT_MAIL_FROM);
    expect(DEFAULT_MAIL_FROM).toBe('no-reply@localhost');
    expect(configFromEnv({ SMTP_URL: '', MAIL_FROM: '' })).toMatchObject({
      smtpUrl: null,
      mailFrom: DEFAULT_MAIL_FROM,
    });
    expect(
      configFromEnv({ SMTP_URL: 'smtps://u:p@mail.example:465', MAIL_FROM: '"Photo" <shop@example.com>' }),
    ).toMatchObject({ smtpUrl: 'smtps://u:p@mail.example:465', mailFrom: '"Photo" <shop@example.com>' });
  });
  it('keeps pictures and print files on the local disk unless S3_BUCKET is set', () => {
    expect(configFromEnv({ DATA_DIR: '/tmp/x' }).storage).toEqual({
      kind: 'local',
      root: path.resolve('/tmp/x'),
    });
    expect(configFromEnv({ S3_BUCKET: '' }).storage.kind).toBe('local');
    expect(configFromEnv({ S3_BUCKET: 'prints', AWS_REGION: 'eu-north-1' }).storage).toEqual({
      kind: 's3',
      bucket: 'prints',
      region: 'eu-north-1',
      endpoint: null,
      forcePathStyle: false,
    });
  });
  it('puts the bucket in the path for an endpoint of its own (MinIO, s3rver) unless told not to', () => {
    const minio = { S3_BUCKET: 'prints', S3_ENDPOINT: 'http://minio:9000', S3_REGION: 'local' };
    expect(configFromEnv(minio).storage).toEqual({
      kind: 's3',
      bucket: 'prints',
      region: 'local',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
    });
    expect(configFromEnv({ ...minio, S3_FORCE_PATH_STYLE: '0' }).storage).toMatchObject({
      forcePathStyle: false,
    });
    expect(configFromEnv({ S3_BUCKET: 'prints', S3_FORCE_PATH_STYLE: '1' }).storage).toMatchObject({
      region: 'us-east-1',
      forcePathStyle: true,
    });
  });
});
