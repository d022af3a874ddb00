import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CONFIG_VARIABLES,
  ConfigError,
  configFromEnv,
  DEFAULT_MAIL_FROM,
  DEV_PAYMENT_TEST_SECRET,
  trustProxyWarning,
} from '../../../server/config.ts';
import { DEFAULT_BODY_TIMEOUTS } from '../../../server/plugins/bodyTimeouts.ts';

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
    ).toEqual({ ...DEFAULT_BODY_TIMEOUTS, bodyMs: 30_000, uploadMs: 600_000, minBytesPerSecond: 512 });
    expect(configFromEnv({}).bodyTimeouts).toEqual(DEFAULT_BODY_TIMEOUTS);
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

/** The problems configFromEnv names for an environment (none: it is taken). */
function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    configFromEnv(env);
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.problems;
  }
}

describe('a bad value is named with what it expects', () => {
  it('a port that is not a whole number from 1 to 65535', () => {
    expect(problemsOf({ PORT: 'abc' })).toEqual(['PORT must be a whole number from 1 to 65535, got "abc"']);
    for (const port of ['0', '65536', '80.5', '-1', '8o80'])
      expect(problemsOf({ PORT: port })).toEqual([
        `PORT must be a whole number from 1 to 65535, got "${port}"`,
      ]);
    expect(configFromEnv({ PORT: '1' }).port).toBe(1);
    expect(configFromEnv({ PORT: '65535' }).port).toBe(65535);
  });

  it('missing and empty are the default, for numbers as for text', () => {
    for (const env of [{}, { PORT: '' }, { PORT: '  ' }]) expect(configFromEnv(env).port).toBe(8080);
    expect(configFromEnv({ IDLE_SESSION_DAYS: '' }).idleSessionDays).toBe(30);
    expect(configFromEnv({ HOST: '', LOG_LEVEL: '' })).toMatchObject({ host: '0.0.0.0', logLevel: 'info' });
  });

  it('numbers that must be positive', () => {
    expect(problemsOf({ IDLE_SESSION_DAYS: '0' })).toEqual([
      'IDLE_SESSION_DAYS must be a positive number, got "0"',
    ]);
    expect(problemsOf({ PAYMENT_RECONCILE_AFTER_S: 'ten' })).toEqual([
      'PAYMENT_RECONCILE_AFTER_S must be a positive number, got "ten"',
    ]);
    expect(configFromEnv({ IDLE_SESSION_DAYS: '0.5' }).idleSessionDays).toBe(0.5);
  });

  it('URLs of the right kind', () => {
    expect(problemsOf({ DATABASE_URL: 'localhost/shop' })).toEqual([
      'DATABASE_URL must be a URL starting postgres:// or postgresql://, got "localhost/shop"',
    ]);
    expect(problemsOf({ REDIS_URL: 'http://cache:6379' })).toEqual([
      'REDIS_URL must be a URL starting redis:// or rediss://, got "http://cache:6379"',
    ]);
    expect(problemsOf({ SMTP_URL: 'mail.example:25' })[0]).toMatch(
      /^SMTP_URL must be a URL starting smtp:\/\//,
    );
    expect(problemsOf({ S3_ENDPOINT: 'minio:9000' })[0]).toMatch(/^S3_ENDPOINT must be a URL/);
    expect(configFromEnv({ DATABASE_URL: 'postgresql://u:p@db:5432/shop' }).database).toEqual({
      kind: 'postgres',
      url: 'postgresql://u:p@db:5432/shop',
    });
    expect(configFromEnv({ REDIS_URL: 'rediss://cache:6380' }).redisUrl).toBe('rediss://cache:6380');
  });

  it('switches take 1/true and 0/false (any case), and refuse anything else', () => {
    for (const on of ['1', 'true', 'TRUE', 'yes'])
      expect(configFromEnv({ HARNESS: on }).harness).toEqual({
        templatesDir: expect.stringMatching(/templates$/),
      });
    for (const off of ['0', 'false', '', undefined])
      expect(configFromEnv({ HARNESS: off }).harness).toBeNull();
    expect(problemsOf({ HARNESS: 'maybe' })).toEqual(['HARNESS must be 1 or true, 0 or false, got "maybe"']);
    expect(configFromEnv({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'true' }).storage).toMatchObject({
      forcePathStyle: true,
    });
  });

  it("the log level is one of pino's, the default portal a uuid", () => {
    expect(problemsOf({ LOG_LEVEL: 'loud' })[0]).toMatch(
      /^LOG_LEVEL must be one of fatal, error, warn, info/,
    );
    expect(problemsOf({ DEFAULT_PORTAL: 'no-portal' })).toEqual([
      'DEFAULT_PORTAL must be a portal uuid, got "no-portal"',
    ]);
  });

  it('TRUST_PROXY=true is refused, a hop count or addresses taken', () => {
    expect(problemsOf({ TRUST_PROXY: 'true' })[0]).toMatch(/^TRUST_PROXY must not be true/);
    expect(configFromEnv({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(configFromEnv({ TRUST_PROXY: '10.0.0.2, 10.0.1.0/24' }).trustProxy).toEqual([
      '10.0.0.2',
      '10.0.1.0/24',
    ]);
    expect(configFromEnv({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it("every problem at once, and a secret's value never repeated", () => {
    const problems = problemsOf({ PORT: 'x', LOG_LEVEL: 'y', STRIPE_API_URL: 'nope' });
    expect(problems).toHaveLength(3);
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_x' })).toEqual([
      'STRIPE_SECRET_KEY set without STRIPE_WEBHOOK_SECRET: set all of them, or none',
    ]);
    expect(problemsOf({ VIPPS_CLIENT_ID: 'id', VIPPS_MSN: '123' })[0]).toMatch(
      /^VIPPS_CLIENT_ID, VIPPS_MSN set without VIPPS_CLIENT_SECRET, VIPPS_SUBSCRIPTION_KEY, VIPPS_WEBHOOK_SECRET/,
    );
  });

  it('payment providers are offered only with all their keys', () => {
    expect(configFromEnv({}).stripe).toBeNull();
    expect(
      configFromEnv({
        STRIPE_SECRET_KEY: 'sk',
        STRIPE_WEBHOOK_SECRET: 'wh',
        STRIPE_API_URL: 'http://127.0.0.1:12111',
      }).stripe,
    ).toEqual({ secretKey: 'sk', webhookSecret: 'wh', apiUrl: 'http://127.0.0.1:12111' });
  });

  it('TEMPLATES_DIR empty publishes no folders; unset, the demo templates', () => {
    expect(configFromEnv({}).templatesDir).toMatch(/templates$/);
    expect(configFromEnv({ TEMPLATES_DIR: '' }).templatesDir).toBeNull();
    expect(configFromEnv({ TEMPLATES_DIR: '/srv/t' }).templatesDir).toBe(path.resolve('/srv/t'));
  });
});

describe('one reading of the environment', () => {
  const root = path.resolve(import.meta.dirname, '../../..');

  it("reads exactly the variables of the README's configuration table", () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const table = readme.slice(
      readme.indexOf('## Configuration (environment)'),
      readme.indexOf('### Limits'),
    );
    const documented = new Set(
      table
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]!)),
    );
    // The AWS SDK reads the bucket's credentials itself.
    for (const sdk of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']) documented.delete(sdk);
    expect([...documented].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });

  it('no server module but config.ts reads process.env', () => {
    const readers = (readdirSync(path.join(root, 'server'), { recursive: true }) as string[])
      .filter((f) => /\.(ts|mjs)$/.test(f))
      .filter((f) => readFileSync(path.join(root, 'server', f), 'utf8').includes('process.env'));
    expect(readers).toEqual(['config.ts']);
  });
});
