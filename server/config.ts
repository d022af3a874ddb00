/**
 * The one place the environment is read (README, Configuration). main.ts calls loadConfig() once;
 * everything else is handed the ServerConfig it answers. Each variable is checked by a zod rule, so a
 * bad value stops the start with a sentence naming it and what it expects, not a stack trace later.
 */
import path from 'node:path';
import { z } from 'zod';
import type { DatabaseConfig } from './db/connect.ts';
import { type BodyTimeouts, DEFAULT_BODY_TIMEOUTS } from './plugins/bodyTimeouts.ts';
import { DEFAULT_IDLE_DAYS } from './services/identity/cleanup.ts';
import type { StorageConfig } from './storage/objectStore.ts';

export interface ServerConfig {
  port: number;
  host: string;
  database: DatabaseConfig;
  /** Files the server writes (PGlite's database, template previews), whatever the database. */
  dataDir: string;
  /** Where pictures and print files are kept: under dataDir, or an S3 bucket when S3_BUCKET is set. */
  storage: StorageConfig;
  /** The built app (vite build); null serves the API only. */
  distDir: string | null;
  /** Locale files, served at /locale/{lng}/{ns}.json. */
  localeDir: string;
  /** The pictures content pages name as /m/img/… (public/img). */
  contentImagesDir: string;
  /** Where the template list's previews are drawn (served at /templates2/all/); null: none. */
  previewsDir: string | null;
  /**
   * TEMPLATES_DIR: the template folders published at start and whenever a file there changes
   * (services/templates/templateWatch.ts); null: none.
   */
  templatesDir: string | null;
  /** HARNESS=1: the author harness's dev endpoints (/m/api/dev/…), listing HARNESS_TEMPLATES_DIR; null: off. */
  harness: { templatesDir: string } | null;
  /** Host names not in the portal table fall back to this portal, else to the one marked default. */
  defaultPortalUuid: string | null;
  /**
   * TRUST_PROXY: which proxies' X-Forwarded-* headers to believe: a hop count (`1`: the one proxy in
   * front) or their addresses/CIDRs (`10.0.0.2,10.0.1.0/24`); false when unset. Never `true`: that would
   * take the left-most X-Forwarded-For entry, which the client writes itself.
   */
  trustProxy: TrustProxy;
  logLevel: LogLevel;
  /**
   * HMAC key of the test card provider's callbacks; every process of one shop must share it. Null: the
   * test card is off, as it is in production (NODE_ENV=production) unless PAYMENT_TEST_SECRET is set to
   * a key of the shop's own: with the public development key anyone could sign "paid".
   */
  paymentTestSecret: string | null;
  /** Stripe (STRIPE_*): set only when its keys are; null: not offered. */
  stripe: StripeSettings | null;
  /** Vipps MobilePay's ePayment API (VIPPS_*): set only when its keys are; null: not offered. */
  vipps: VippsSettings | null;
  /** PAYMENT_RECONCILE_AFTER_S: a payment pending this long is asked about at its provider (a lost webhook). */
  paymentReconcileAfterSeconds: number;
  /** LAB_PASSWORD: the lab's order desk at /lab; null (unset or empty): the desk is off. */
  labPassword: string | null;
  /** SMTP_URL (smtp://user:pass@host:587, smtps://…); null: mail is written to dataDir/outbox/ as .eml files. */
  smtpUrl: string | null;
  /**
   * MAIL_FROM, the shoppers' mail's sender. A bare address gets the portal's name as its display name
   * (server/mail/mailer.ts); a production SMTP server wants a real domain here, not localhost.
   */
  mailFrom: string;
  /** REDIS_URL: the shared limits' counters in Redis; null: in the database (services/limits/limitStore.ts). */
  redisUrl: string | null;
  /** IDLE_SESSION_DAYS: anonymous sessions unused this long are removed with their carts and pictures. */
  idleSessionDays: number;
  /** METRICS_TOKEN: the bearer token a Prometheus scraper sends for /metrics; null (unset or empty): /metrics answers 404. */
  metricsToken: string | null;
  /**
   * BODY_TIMEOUT_SECONDS (JSON and forms), UPLOAD_TIMEOUT_SECONDS, BODY_MIN_BYTES_PER_SECOND: how long
   * and how slowly a request body may arrive before it is cut with 408; unset ones keep their defaults.
   */
  bodyTimeouts: BodyTimeouts;
}

/**
 * The documented development key of the test card provider's signed callbacks (README). Production
 * sets PAYMENT_TEST_SECRET; a random key per process would break a shop run as several processes.
 */
export const DEV_PAYMENT_TEST_SECRET = 'print-shop-dev-test-card-secret';

export const DEFAULT_MAIL_FROM = 'no-reply@localhost';

export type TrustProxy = false | number | string[];

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** A Stripe-compatible server of one's own (a fake in tests); null: Stripe itself. */
  apiUrl: string | null;
  /** How long one request to Stripe may take, and how often the SDK retries it; tests shorten them. */
  timeoutMs?: number;
  maxNetworkRetries?: number;
}

export interface VippsSettings {
  clientId: string;
  clientSecret: string;
  subscriptionKey: string;
  /** The merchant serial number of the sales unit. */
  msn: string;
  webhookSecret: string;
  apiUrl: string;
  /** How long one request to Vipps may take before it counts as unavailable (10 s); tests shorten it. */
  timeoutMs?: number;
}

/** Vipps MobilePay's test API; production is https://api.vipps.no (docs/payments.md). */
export const VIPPS_TEST_API_URL = 'https://apitest.vipps.no';
export const DEFAULT_RECONCILE_AFTER_S = 600;

const root = path.resolve(import.meta.dirname, '..');
export const projectRoot = root;

/** A bad environment: every problem, one sentence each, naming the variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The configuration is not valid:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

// Each rule reads one variable as the environment gives it (a string, or nothing) and answers its value;
// an empty value counts as unset, as a shell's `VAR= npm start` means. Messages finish the sentence
// "<NAME> must …", and the value given is added after them.

/** Unset or empty: undefined. */
const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const wholeNumber = (min: number, max: number) =>
  optional.pipe(
    z
      .string()
      .regex(/^\d+$/, `must be a whole number from ${min} to ${max}`)
      .transform(Number)
      .refine((n) => n >= min && n <= max, `must be a whole number from ${min} to ${max}`)
      .optional(),
  );

const positiveNumber = optional.pipe(
  z
    .string()
    .refine((v) => Number.isFinite(Number(v)) && Number(v) > 0, 'must be a positive number')
    .transform(Number)
    .optional(),
);

/** A URL of one of the given schemes (without the colon). */
const url = (...schemes: string[]) =>
  optional.pipe(
    z
      .string()
      .refine(
        (v) => {
          try {
            return schemes.includes(new URL(v).protocol.slice(0, -1));
          } catch {
            return false;
          }
        },
        `must be a URL starting ${schemes.map((s) => `${s}://`).join(' or ')}`,
      )
      .optional(),
  );

const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['0', 'false', 'no', 'off'];
const flag = optional.pipe(
  z
    .string()
    .refine((v) => [...TRUE, ...FALSE].includes(v.toLowerCase()), 'must be 1 or true, 0 or false')
    .transform((v) => TRUE.includes(v.toLowerCase()))
    .optional(),
);

const trustProxy = optional.transform((v, ctx): TrustProxy => {
  if (v === undefined || v === '0' || v === 'false') return false;
  if (/^\d+$/.test(v)) return Number(v);
  if (v === 'true') {
    ctx.addIssue({
      code: 'custom',
      message:
        'must not be true: that would believe any X-Forwarded-For a client sends; give the number of proxies in front (1) or their addresses',
    });
    return z.NEVER;
  }
  return v
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
});

const ENV = z.object({
  PORT: wholeNumber(1, 65535),
  HOST: optional,
  DATA_DIR: optional,
  DATABASE_URL: url('postgres', 'postgresql'),
  DIST_DIR: z.string().optional(),
  DEFAULT_PORTAL: optional.pipe(z.guid('must be a portal uuid').optional()),
  TRUST_PROXY: trustProxy,
  LOG_LEVEL: optional.pipe(z.enum(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`).optional()),
  NODE_ENV: optional,
  PAYMENT_TEST_SECRET: optional,
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_URL: url('http', 'https'),
  VIPPS_CLIENT_ID: optional,
  VIPPS_CLIENT_SECRET: optional,
  VIPPS_SUBSCRIPTION_KEY: optional,
  VIPPS_MSN: optional,
  VIPPS_WEBHOOK_SECRET: optional,
  VIPPS_API_URL: url('https', 'http'),
  PAYMENT_RECONCILE_AFTER_S: positiveNumber,
  BODY_TIMEOUT_SECONDS: positiveNumber,
  UPLOAD_TIMEOUT_SECONDS: positiveNumber,
  BODY_MIN_BYTES_PER_SECOND: positiveNumber,
  LAB_PASSWORD: z.string().optional(),
  SMTP_URL: url('smtp', 'smtps'),
  MAIL_FROM: optional,
  IDLE_SESSION_DAYS: positiveNumber,
  S3_BUCKET: optional,
  S3_ENDPOINT: url('http', 'https'),
  S3_REGION: optional,
  AWS_REGION: optional,
  S3_FORCE_PATH_STYLE: flag,
  REDIS_URL: url('redis', 'rediss'),
  METRICS_TOKEN: z.string().optional(),
  TEMPLATES_DIR: z.string().optional(),
  HARNESS: flag,
  HARNESS_TEMPLATES_DIR: optional,
});
type Env = z.infer<typeof ENV>;

/** Every variable the shop reads (README's Configuration table lists each). */
export const CONFIG_VARIABLES = Object.keys(ENV.shape);

const STRIPE_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;
const VIPPS_KEYS = [
  'VIPPS_CLIENT_ID',
  'VIPPS_CLIENT_SECRET',
  'VIPPS_SUBSCRIPTION_KEY',
  'VIPPS_MSN',
  'VIPPS_WEBHOOK_SECRET',
] as const;

/** A provider's keys: all set, or none (not offered); some without the others is a mistake to name. */
function providerProblem(env: Env, names: readonly (keyof Env)[]): string | null {
  const set = names.filter((n) => env[n] !== undefined);
  if (set.length === 0 || set.length === names.length) return null;
  const missing = names.filter((n) => env[n] === undefined);
  return `${set.join(', ')} set without ${missing.join(', ')}: set all of them, or none`;
}

/** The value a problem is about, as the sentence quotes it (secrets are not repeated). */
function given(name: string, value: string | undefined): string {
  if (value === undefined) return '';
  if (/SECRET|PASSWORD|TOKEN|KEY/.test(name)) return '';
  return `, got ${JSON.stringify(value)}`;
}

/** Reads and checks the configuration from an environment (README lists the variables). Throws ConfigError. */
export function configFromEnv(source: NodeJS.ProcessEnv): ServerConfig {
  const parsed = ENV.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0]);
        return `${name} ${issue.message}${given(name, source[name])}`;
      }),
    );
  }
  const env = parsed.data;
  const problems = [providerProblem(env, STRIPE_KEYS), providerProblem(env, VIPPS_KEYS)].filter(
    (p): p is string => p !== null,
  );
  if (problems.length) throw new ConfigError(problems);

  const dataDir = path.resolve(env.DATA_DIR ?? path.join(root, 'data'));
  const seconds = (n: number | undefined) => (n === undefined ? undefined : n * 1000);
  const templates = (dir: string | undefined) => path.resolve(dir ?? path.join(root, 'templates'));
  return {
    port: env.PORT ?? 8080,
    host: env.HOST ?? '0.0.0.0',
    database: env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir },
    dataDir,
    storage: storageOf(env, dataDir),
    // DIST_DIR='' (npm run dev) serves the API only: Vite serves the app.
    distDir: env.DIST_DIR === '' ? null : path.resolve(env.DIST_DIR ?? path.join(root, 'dist')),
    localeDir: path.join(root, 'public', 'locale'),
    contentImagesDir: path.join(root, 'public', 'img'),
    previewsDir: path.join(dataDir, 'templates2', 'all'),
    // TEMPLATES_DIR='' publishes no folders, as DIST_DIR='' serves no app.
    templatesDir: env.TEMPLATES_DIR === '' ? null : templates(env.TEMPLATES_DIR),
    harness: env.HARNESS ? { templatesDir: templates(env.HARNESS_TEMPLATES_DIR) } : null,
    defaultPortalUuid: env.DEFAULT_PORTAL ?? null,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL ?? 'info',
    paymentTestSecret: testCardSecret(env),
    stripe: env.STRIPE_SECRET_KEY
      ? {
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
          apiUrl: env.STRIPE_API_URL ?? null,
        }
      : null,
    vipps: env.VIPPS_CLIENT_ID
      ? {
          clientId: env.VIPPS_CLIENT_ID,
          clientSecret: env.VIPPS_CLIENT_SECRET!,
          subscriptionKey: env.VIPPS_SUBSCRIPTION_KEY!,
          msn: env.VIPPS_MSN!,
          webhookSecret: env.VIPPS_WEBHOOK_SECRET!,
          apiUrl: env.VIPPS_API_URL ?? VIPPS_TEST_API_URL,
        }
      : null,
    paymentReconcileAfterSeconds: env.PAYMENT_RECONCILE_AFTER_S ?? DEFAULT_RECONCILE_AFTER_S,
    labPassword: env.LAB_PASSWORD || null,
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom: env.MAIL_FROM ?? DEFAULT_MAIL_FROM,
    redisUrl: env.REDIS_URL ?? null,
    idleSessionDays: env.IDLE_SESSION_DAYS ?? DEFAULT_IDLE_DAYS,
    metricsToken: env.METRICS_TOKEN || null,
    bodyTimeouts: {
      ...DEFAULT_BODY_TIMEOUTS,
      ...definedOnly({
        bodyMs: seconds(env.BODY_TIMEOUT_SECONDS),
        uploadMs: seconds(env.UPLOAD_TIMEOUT_SECONDS),
        minBytesPerSecond: env.BODY_MIN_BYTES_PER_SECOND,
      }),
    },
  };
}

/**
 * The configuration of this process, read from its environment; a bad value ends the process with
 * the problems listed and exit code 1 (a stack trace would bury the one line that matters).
 */
export function loadConfig(): ServerConfig {
  try {
    return configFromEnv(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n(README.md, Configuration)\n`);
    process.exit(1);
  }
}

const definedOnly = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

function testCardSecret(env: Env): string | null {
  const secret = env.PAYMENT_TEST_SECRET ?? DEV_PAYMENT_TEST_SECRET;
  if (env.NODE_ENV === 'production' && secret === DEV_PAYMENT_TEST_SECRET) return null;
  return secret;
}

/**
 * S3_BUCKET chooses S3-compatible storage (S3_ENDPOINT, S3_REGION; credentials from the SDK's usual
 * AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY); otherwise the local disk under the data directory.
 * An endpoint of one's own (MinIO, s3rver) wants the bucket in the path: the default with
 * S3_ENDPOINT, S3_FORCE_PATH_STYLE=0 turns it off.
 */
function storageOf(env: Env, dataDir: string): StorageConfig {
  if (!env.S3_BUCKET) return { kind: 'local', root: dataDir };
  const endpoint = env.S3_ENDPOINT ?? null;
  return {
    kind: 's3',
    bucket: env.S3_BUCKET,
    region: env.S3_REGION ?? env.AWS_REGION ?? 'us-east-1',
    endpoint,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? endpoint !== null,
  };
}

/**
 * What the start log says when TRUST_PROXY could be abused: hops are believed whoever sent them, so a
 * client that reaches the port directly (listening on every address) writes its own X-Forwarded-For
 * and dodges the per-address limits. Null when the setting is safe as far as the process can tell.
 */
export function trustProxyWarning(config: Pick<ServerConfig, 'trustProxy' | 'host'>): string | null {
  if (typeof config.trustProxy !== 'number' || config.trustProxy === 0) return null;
  const everywhere = ['0.0.0.0', '::', '', '[::]', '0:0:0:0:0:0:0:0'].includes(config.host.trim());
  if (!everywhere) return null;
  return (
    `TRUST_PROXY=${config.trustProxy} believes X-Forwarded-For from whoever connects, and the shop listens on ` +
    `every address (HOST=${config.host || '0.0.0.0'}): a client reaching the port directly can choose its own ` +
    'address and dodge the per-address limits. Set HOST=127.0.0.1 (the proxy on this machine), close the ' +
    "port to all but the proxy, or give TRUST_PROXY the proxy's address instead (docs/deploy.md)."
  );
}
