import { createHash, randomBytes, randomInt } from 'node:crypto';

/** 32 random bytes, base64url: the api_token the client keeps (docs/decisions/003). */
export function createApiToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A 6-digit code, leading zeros kept (issue 2: verification). */
export function createSixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** A referral code a person can read out: no 0/O/1/I. */
export function createReferralCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let out = '';
  for (let i = 0; i < 8; i++) out += alphabet[randomInt(0, alphabet.length)];
  return out;
}
