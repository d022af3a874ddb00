import { describe, expect, it } from 'vitest';
import { dummyHash, hashPassword, verifyPassword } from '../../../server/services/identity/passwords.ts';

// Small parameters keep the suite fast; the format and the checks are the same.
const FAST = { N: 1024, r: 8, p: 1 };

describe('password hashing (scrypt)', () => {
  it('stores scrypt$N$r$p$salt$hash with a random salt per password', async () => {
    const a = await hashPassword('secret password', FAST);
    const b = await hashPassword('secret password', FAST);
    expect(a).toMatch(/^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(a).not.toBe(b);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('secret password', FAST);
    expect(await verifyPassword('secret password', stored)).toBe(true);
    expect(await verifyPassword('secret passwore', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('uses the default parameters (N 16384) when none are given', async () => {
    const stored = await hashPassword('x');
    expect(stored.startsWith('scrypt$16384$8$1$')).toBe(true);
    expect(await verifyPassword('x', stored)).toBe(true);
  });

  it('treats canonically equal Unicode as the same password', async () => {
    const stored = await hashPassword('Ame\u0301lie', FAST);
    expect(await verifyPassword('Am\u00e9lie', stored)).toBe(true);
  });

  it('refuses malformed or hostile stored hashes without throwing', async () => {
    for (const stored of [
      '',
      'plain',
      'bcrypt$2b$10$abc',
      'scrypt$1000$8$1$c2FsdA$aGFzaA', // N not a power of two
      'scrypt$2097152$8$1$c2FsdA$aGFzaA', // N too large (memory)
      'scrypt$1024$8$1$c2FsdA$aGFzaA', // hash of the wrong length
    ]) {
      expect(await verifyPassword('x', stored)).toBe(false);
    }
  });

  it('the dummy hash is a valid hash of no known password, made once', async () => {
    const d = await dummyHash();
    expect(d).toBe(await dummyHash());
    expect(d.startsWith('scrypt$16384$8$1$')).toBe(true);
    expect(await verifyPassword('', d)).toBe(false);
  });
});
