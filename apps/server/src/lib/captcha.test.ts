import { describe, expect, it } from 'vitest';
import { solveChallenge } from 'altcha-lib/v1';
import { createCaptchaVerifier } from './captcha.ts';

const altchaConfig = { hmacKey: 'test-hmac-key-0123456789', maxNumber: 2000 };
const seen = new Set<string>();
const isFirstUse = async (f: string) => (seen.has(f) ? false : (seen.add(f), true));

describe('ALTCHA verifier', () => {
  const verifier = createCaptchaVerifier({ altcha: altchaConfig, recaptcha: { secret: undefined, siteKey: undefined, verifyUrl: 'http://unused' } }, fetch);

  it('accepts a solved challenge once, and refuses one signed with another key', async () => {
    const c = await verifier.createChallenge();
    const s = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
    const payload = Buffer.from(JSON.stringify({ ...c, number: s!.number })).toString('base64');
    expect(await verifier.verify(payload, { ip: '1.1.1.1', isFirstUse })).toBe(true);
    expect(await verifier.verify(payload, { ip: '1.1.1.1', isFirstUse })).toBe(false);

    const other = createCaptchaVerifier({ altcha: { ...altchaConfig, hmacKey: 'another-key-0123456789' }, recaptcha: { secret: undefined, siteKey: undefined, verifyUrl: 'x' } }, fetch);
    const c2 = await other.createChallenge();
    const s2 = await solveChallenge(c2.challenge, c2.salt, c2.algorithm, c2.maxnumber).promise;
    expect(await verifier.verify(Buffer.from(JSON.stringify({ ...c2, number: s2!.number })).toString('base64'), { ip: '1.1.1.1', isFirstUse })).toBe(false);
    expect(await verifier.verify('garbage', { ip: '1.1.1.1', isFirstUse })).toBe(false);
  });
});

describe('reCAPTCHA verifier (when RECAPTCHA_SECRET is set)', () => {
  // Google's siteverify is outside our process: a fake at the network edge.
  const calls: URLSearchParams[] = [];
  const fakeFetch = (async (_url: string | URL | Request, init?: RequestInit) => {
    const form = new URLSearchParams(String(init?.body));
    calls.push(form);
    return new Response(JSON.stringify({ success: form.get('response') === 'good-token' && form.get('secret') === 's3cret' }), {
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  const verifier = createCaptchaVerifier({ altcha: altchaConfig, recaptcha: { secret: 's3cret', siteKey: 'site', verifyUrl: 'https://recaptcha.test/verify' } }, fakeFetch);

  it('asks the verify URL with the secret, the token and the address', async () => {
    expect(verifier.kind).toBe('recaptcha');
    expect(await verifier.verify('good-token', { ip: '2.2.2.2', isFirstUse })).toBe(true);
    expect(calls.at(-1)?.get('remoteip')).toBe('2.2.2.2');
    expect(await verifier.verify('bad-token', { ip: '2.2.2.2', isFirstUse })).toBe(false);
    expect(await verifier.verify('good-token', { ip: '2.2.2.2', isFirstUse })).toBe(false);
  });
});
