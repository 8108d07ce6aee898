import { describe, expect, it } from 'vitest';
import { DEFAULT_SCRYPT_COST, hashPassword, verifyPassword } from './password.ts';

const cheap = { N: 2 ** 10, r: 8, p: 1 };

describe('password hashing', () => {
  it('uses scrypt at the documented default cost and verifies', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash.startsWith(`scrypt$${DEFAULT_SCRYPT_COST.N}$${DEFAULT_SCRYPT_COST.r}$${DEFAULT_SCRYPT_COST.p}$`)).toBe(true);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsE', hash)).toBe(false);
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('same', cheap), hashPassword('same', cheap)]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same', a)).toBe(true);
    expect(await verifyPassword('same', b)).toBe(true);
  });

  it('refuses missing or malformed hashes', async () => {
    expect(await verifyPassword('x', null)).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$abc')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1024$8')).toBe(false);
  });
});
