import { createChallenge, verifySolution } from 'altcha-lib/v1';
import type { Config } from './env.ts';
import { sha256 } from './tokens.ts';

export interface CaptchaChallenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}

/**
 * Verifies the answer the client sends in `g-recaptcha-response` (docs/decisions/005):
 * ALTCHA proof of work by default, Google reCAPTCHA when its secret is configured.
 */
export interface CaptchaVerifier {
  readonly kind: 'altcha' | 'recaptcha';
  createChallenge(): Promise<CaptchaChallenge>;
  /** `isFirstUse` records the solution and says whether it was new: a solution is accepted once. */
  verify(solution: string, options: { ip: string; isFirstUse: (fingerprint: string) => Promise<boolean> }): Promise<boolean>;
}

const CHALLENGE_TTL_MS = 10 * 60 * 1000;

export function createCaptchaVerifier(config: Pick<Config, 'altcha' | 'recaptcha'>, fetchImpl: typeof fetch): CaptchaVerifier {
  const altchaChallenge = async (): Promise<CaptchaChallenge> => {
    // The ALTCHA v1 (SHA-256) format: the `altcha` widget v3 solves it, and the contract's schema describes it.
    const c = await createChallenge({
      hmacKey: config.altcha.hmacKey,
      maxNumber: config.altcha.maxNumber,
      expires: new Date(Date.now() + CHALLENGE_TTL_MS),
    });
    return { algorithm: c.algorithm, challenge: c.challenge, maxnumber: c.maxnumber, salt: c.salt, signature: c.signature };
  };

  if (config.recaptcha.secret) {
    const secret = config.recaptcha.secret;
    return {
      kind: 'recaptcha',
      createChallenge: altchaChallenge,
      async verify(solution, { ip, isFirstUse }) {
        try {
          const res = await fetchImpl(config.recaptcha.verifyUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ secret, response: solution, remoteip: ip }).toString(),
            signal: AbortSignal.timeout(5000),
          });
          if (!res.ok) return false;
          const body = (await res.json()) as { success?: unknown };
          return body.success === true && (await isFirstUse(sha256(`recaptcha:${solution}`)));
        } catch {
          return false;
        }
      },
    };
  }

  return {
    kind: 'altcha',
    createChallenge: altchaChallenge,
    async verify(solution, { isFirstUse }) {
      try {
        if (!(await verifySolution(solution, config.altcha.hmacKey, true))) return false;
        // The signature is unique per challenge, so one challenge buys one attempt.
        const payload = JSON.parse(Buffer.from(solution, 'base64').toString('utf8')) as { signature?: unknown };
        return typeof payload.signature === 'string' && (await isFirstUse(sha256(`altcha:${payload.signature}`)));
      } catch {
        return false;
      }
    },
  };
}
