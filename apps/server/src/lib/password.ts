import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// node:crypto scrypt, memory-hard, per-user 16-byte salt; no native add-on to build on a fresh
// machine. Default N=2^16, r=8, p=2 (64 MiB): one of OWASP's equivalent minimum settings.
// The parameters live in the stored string, so they can be raised later without breaking old hashes.
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}
export const DEFAULT_SCRYPT_COST: ScryptCost = { N: 2 ** 16, r: 8, p: 2 };
const KEY_LENGTH = 32;
const MAX_MEM = 256 * 1024 * 1024;

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(password.normalize('NFKC'), salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** `scrypt$N$r$p$salt$hash`, both base64url. */
export async function hashPassword(password: string, cost: ScryptCost = DEFAULT_SCRYPT_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { ...cost, maxmem: MAX_MEM });
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const [kind, n, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAX_MEM,
  });
  return timingSafeEqual(key, expected);
}

/** Spend the same time on unknown emails as on known ones, so timing does not reveal members. */
const dummyHashes = new Map<string, Promise<string>>();
export async function burnPasswordCheck(password: string, cost: ScryptCost = DEFAULT_SCRYPT_COST): Promise<void> {
  const key = `${cost.N}:${cost.r}:${cost.p}`;
  let hash = dummyHashes.get(key);
  if (!hash) dummyHashes.set(key, (hash = hashPassword('not-a-real-password', cost)));
  await verifyPassword(password, await hash);
}
