/**
 * Password hashing with node:crypto scrypt: a random 16-byte salt per password, stored as
 * `scrypt$N$r$p$salt$hash` (salt and hash base64url), compared in constant time. The parameters are
 * in the stored string, so they can be raised later without breaking older hashes.
 */
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** About 50 ms and 16 MB per hash on a laptop core: costly to guess, cheap enough for a login. */
export const DEFAULT_SCRYPT: ScryptParams = { N: 16384, r: 8, p: 1 };
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, { N, r, p }: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

const STORED = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;

/** Parameters a stored hash may ask for: anything outside these is a damaged or hostile row. */
function sane({ N, r, p }: ScryptParams) {
  return N >= 2 && N <= 2 ** 20 && (N & (N - 1)) === 0 && r >= 1 && r <= 32 && p >= 1 && p <= 16;
}

/** True when `password` matches the stored hash; false for a wrong password or a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const m = STORED.exec(stored);
  if (!m) return false;
  const params = { N: Number(m[1]), r: Number(m[2]), p: Number(m[3]) };
  if (!sane(params)) return false;
  const salt = Buffer.from(m[4]!, 'base64url');
  const expected = Buffer.from(m[5]!, 'base64url');
  if (expected.length !== KEY_LENGTH) return false;
  const key = await derive(password, salt, params);
  return timingSafeEqual(key, expected);
}

/**
 * A hash of no one's password with the default parameters: verifying against it costs the same scrypt
 * work as a real account, so an unknown user and a wrong password take the same time.
 */
let dummy: Promise<string> | null = null;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(18).toString('base64url'));
  return dummy;
}
