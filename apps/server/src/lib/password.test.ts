import { describe, expect, it } from 'vitest';
import { hashPassword, SCRYPT_PARAMS, usePasswordCost, verifyPassword } from './password';

// Runs in its own module instance (the unit project isolates files): the cost starts at production's.
describe('password hashes', () => {
  it('are scrypt with N = 2^15, r = 8, p = 1 and a fresh salt, and verify only the same password', async () => {
    expect(SCRYPT_PARAMS).toMatchObject({ N: 32768, r: 8, p: 1 });
    const a = await hashPassword('correct horse battery');
    const b = await hashPassword('correct horse battery');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse battery', a)).toBe(true);
    expect(await verifyPassword('correct horse batterY', a)).toBe(false);
    // NFKC: the full-width form of the same password is the same password.
    expect(await verifyPassword('ｃｏｒｒｅｃｔ horse battery', a)).toBe(true);
    expect(await verifyPassword('correct horse battery', 'md5$abc')).toBe(false);
  });

  it('refuse the test cost in production, and a test-cost hash still verifies by the N it carries', async () => {
    const strong = await hashPassword('pass-word-1');
    const env = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      expect(() => usePasswordCost('test')).toThrow(/refused in production/);
    } finally {
      process.env.NODE_ENV = env;
    }
    expect(await hashPassword('pass-word-2')).toMatch(/^scrypt\$32768\$/);

    usePasswordCost('test');
    const cheap = await hashPassword('pass-word-2');
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('pass-word-2', cheap)).toBe(true);
    expect(await verifyPassword('pass-word-1', strong)).toBe(true);
    usePasswordCost('production');
    expect(await hashPassword('pass-word-3')).toMatch(/^scrypt\$32768\$/);
  });
});
