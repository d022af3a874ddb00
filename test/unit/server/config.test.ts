import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  configFromEnv,
  DEFAULT_MAIL_FROM,
  DEV_PAYMENT_TEST_SECRET,
  trustProxyWarning,
} from '../../../server/config.ts';

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

describe('trustProxyWarning', () => {
  it('warns when a hop count is believed and the shop listens on every address', () => {
    for (const host of ['0.0.0.0', '::']) {
      expect(trustProxyWarning({ trustProxy: 1, host })).toMatch(/HOST=127\.0\.0\.1/);
    }
  });

  it('is quiet on loopback, with no proxy trusted, or with the proxy named by address', () => {
    expect(trustProxyWarning({ trustProxy: 1, host: '127.0.0.1' })).toBeNull();
    expect(trustProxyWarning({ trustProxy: false, host: '0.0.0.0' })).toBeNull();
    expect(trustProxyWarning({ trustProxy: ['10.0.0.2'], host: '0.0.0.0' })).toBeNull();
  });
});

describe('body timeouts from the environment', () => {
  it('reads seconds and a rate, and keeps the defaults for what is unset', () => {
    expect(
      configFromEnv({
        BODY_TIMEOUT_SECONDS: '30',
        UPLOAD_TIMEOUT_SECONDS: '600',
        BODY_MIN_BYTES_PER_SECOND: '512',
      }).bodyTimeouts,
    ).toEqual({ bodyMs: 30_000, uploadMs: 600_000, minBytesPerSecond: 512 });
    expect(configFromEnv({}).bodyTimeouts).toEqual({});
  });

  it('refuses a value that is not a positive number', () => {
    expect(() => configFromEnv({ BODY_TIMEOUT_SECONDS: 'soon' })).toThrow(/BODY_TIMEOUT_SECONDS/);
  });
});

describe('the test card in production', () => {
  it('is off in production with no secret or the public development key, on with a key of its own', () => {
    expect(configFromEnv({ NODE_ENV: 'production' }).paymentTestSecret).toBeNull();
    expect(
      configFromEnv({ NODE_ENV: 'production', PAYMENT_TEST_SECRET: DEV_PAYMENT_TEST_SECRET })
        .paymentTestSecret,
    ).toBeNull();
    expect(configFromEnv({ NODE_ENV: 'production', PAYMENT_TEST_SECRET: 'our own' }).paymentTestSecret).toBe(
      'our own',
    );
  });

  it('is on outside production, with the development key unless one is given', () => {
    expect(configFromEnv({}).paymentTestSecret).toBe(DEV_PAYMENT_TEST_SECRET);
    expect(configFromEnv({ NODE_ENV: 'test', PAYMENT_TEST_SECRET: 'k' }).paymentTestSecret).toBe('k');
  });
});
