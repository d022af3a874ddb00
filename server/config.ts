import path from 'node:path';
import type { DatabaseConfig } from './db/connect.ts';
import type { BodyTimeouts } from './plugins/bodyTimeouts.ts';
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
  /** Host names not in the portal table fall back to this portal, else to the one marked default. */
  defaultPortalUuid: string | null;
  /**
   * TRUST_PROXY: which proxies' X-Forwarded-* headers to believe: a hop count (`1`: the one proxy in
   * front) or their addresses/CIDRs (`10.0.0.2,10.0.1.0/24`); false when unset. Never `true`: that would
   * take the left-most X-Forwarded-For entry, which the client writes itself.
   */
  trustProxy: TrustProxy;
  logLevel: string;
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
  bodyTimeouts: Partial<BodyTimeouts>;
}

/**
 * The documented development key of the test card provider's signed callbacks (README). Production
 * sets PAYMENT_TEST_SECRET; a random key per process would break a shop run as several processes.
 */
export const DEV_PAYMENT_TEST_SECRET = 'print-shop-dev-test-card-secret';

export const DEFAULT_MAIL_FROM = 'no-reply@localhost';

function positiveNumber(value: string | undefined, name: string): number | null {
  if (value === undefined || value.trim() === '') return null;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, not "${value}"`);
  return n;
}

export type TrustProxy = false | number | string[];

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

/** The variables of a provider: all set, none set (null), or an error naming the missing ones. */
function providerKeys<K extends string>(
  env: NodeJS.ProcessEnv,
  names: readonly K[],
): Record<K, string> | null {
  const set = names.filter((n) => env[n]);
  if (set.length === 0) return null;
  const missing = names.filter((n) => !env[n]);
  if (missing.length)
    throw new Error(`${set.join(', ')} set without ${missing.join(', ')}: set all of them, or none`);
  return Object.fromEntries(names.map((n) => [n, env[n]!])) as Record<K, string>;
}

function stripeFrom(env: NodeJS.ProcessEnv): StripeSettings | null {
  const keys = providerKeys(env, ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const);
  if (!keys) return null;
  return {
    secretKey: keys.STRIPE_SECRET_KEY,
    webhookSecret: keys.STRIPE_WEBHOOK_SECRET,
    apiUrl: env.STRIPE_API_URL || null,
  };
}

function vippsFrom(env: NodeJS.ProcessEnv): VippsSettings | null {
  const keys = providerKeys(env, [
    'VIPPS_CLIENT_ID',
    'VIPPS_CLIENT_SECRET',
    'VIPPS_SUBSCRIPTION_KEY',
    'VIPPS_MSN',
    'VIPPS_WEBHOOK_SECRET',
  ] as const);
  if (!keys) return null;
  return {
    clientId: keys.VIPPS_CLIENT_ID,
    clientSecret: keys.VIPPS_CLIENT_SECRET,
    subscriptionKey: keys.VIPPS_SUBSCRIPTION_KEY,
    msn: keys.VIPPS_MSN,
    webhookSecret: keys.VIPPS_WEBHOOK_SECRET,
    apiUrl: env.VIPPS_API_URL || VIPPS_TEST_API_URL,
  };
}

/** TRUST_PROXY's value as fastify's trustProxy; a value that would let a client choose its address is refused. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0' || text === 'false') return false;
  if (/^\d+$/.test(text)) return Number(text);
  if (text === 'true') {
    throw new Error(
      'TRUST_PROXY=true would believe any X-Forwarded-For a client sends: give the number of proxies in front (1) or their addresses',
    );
  }
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
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

const root = path.resolve(import.meta.dirname, '..');

/** Reads the configuration from the environment (README lists the variables). */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(root, 'data'));
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    database: env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir },
    dataDir,
    storage: storageFromEnv(env, dataDir),
    // DIST_DIR='' (npm run dev) serves the API only: Vite serves the app.
    distDir: env.DIST_DIR === '' ? null : path.resolve(env.DIST_DIR ?? path.join(root, 'dist')),
    localeDir: path.join(root, 'public', 'locale'),
    defaultPortalUuid: env.DEFAULT_PORTAL ?? null,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL ?? 'info',
    paymentTestSecret: testCardSecretFrom(env),
    stripe: stripeFrom(env),
    vipps: vippsFrom(env),
    paymentReconcileAfterSeconds:
      positiveNumber(env.PAYMENT_RECONCILE_AFTER_S, 'PAYMENT_RECONCILE_AFTER_S') ?? DEFAULT_RECONCILE_AFTER_S,
    labPassword: env.LAB_PASSWORD || null,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || DEFAULT_MAIL_FROM,
    redisUrl: env.REDIS_URL || null,
    idleSessionDays: positiveNumber(env.IDLE_SESSION_DAYS, 'IDLE_SESSION_DAYS') ?? DEFAULT_IDLE_DAYS,
    metricsToken: env.METRICS_TOKEN || null,
    bodyTimeouts: bodyTimeoutsFromEnv(env),
  };
}

function testCardSecretFrom(env: NodeJS.ProcessEnv): string | null {
  const secret = env.PAYMENT_TEST_SECRET || DEV_PAYMENT_TEST_SECRET;
  if (env.NODE_ENV === 'production' && secret === DEV_PAYMENT_TEST_SECRET) return null;
  return secret;
}

function bodyTimeoutsFromEnv(env: NodeJS.ProcessEnv): Partial<BodyTimeouts> {
  const seconds = (name: string) => {
    const n = positiveNumber(env[name], name);
    return n === null ? undefined : n * 1000;
  };
  const timeouts: Partial<BodyTimeouts> = {
    bodyMs: seconds('BODY_TIMEOUT_SECONDS'),
    uploadMs: seconds('UPLOAD_TIMEOUT_SECONDS'),
    minBytesPerSecond:
      positiveNumber(env.BODY_MIN_BYTES_PER_SECOND, 'BODY_MIN_BYTES_PER_SECOND') ?? undefined,
  };
  return Object.fromEntries(Object.entries(timeouts).filter(([, v]) => v !== undefined));
}

/**
 * S3_BUCKET chooses S3-compatible storage (S3_ENDPOINT, S3_REGION; credentials from the SDK's usual
 * AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY); otherwise the local disk under the data directory.
 * An endpoint of one's own (MinIO, s3rver) wants the bucket in the path: the default with
 * S3_ENDPOINT, S3_FORCE_PATH_STYLE=0 turns it off.
 */
export function storageFromEnv(env: NodeJS.ProcessEnv, dataDir: string): StorageConfig {
  if (!env.S3_BUCKET) return { kind: 'local', root: dataDir };
  const endpoint = env.S3_ENDPOINT || null;
  return {
    kind: 's3',
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || env.AWS_REGION || 'us-east-1',
    endpoint,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === '1' : endpoint !== null,
  };
}

export const projectRoot = root;
