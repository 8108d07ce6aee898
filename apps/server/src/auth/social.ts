import { createRemoteJWKSet, customFetch, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { Config } from '../lib/env.ts';

/** What a provider vouches for. `email` is set only when the provider says it is verified. */
export interface SocialProfile {
  provider: 'google' | 'facebook';
  subject: string;
  email: string | null;
  name: string | null;
  firstName: string | null;
  lastName: string | null;
}

export type SocialVerifier = (token: string) => Promise<SocialProfile>;

export class SocialTokenError extends Error {
  override name = 'SocialTokenError';
}

const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

/** Verifies a Google ID token against Google's JWKS for our client id. Null when not configured. */
export function createGoogleVerifier(config: Config['google'], fetchImpl: typeof fetch): SocialVerifier | null {
  const clientId = config.clientId;
  if (!clientId) return null;
  let jwks: JWTVerifyGetKey | undefined;
  return async (token) => {
    // jose caches the key set and refetches on an unknown `kid` (key rotation).
    jwks ??= createRemoteJWKSet(new URL(config.jwksUrl), {
      [customFetch]: (url: string, init: RequestInit) => fetchImpl(url, init),
      timeoutDuration: 5000,
    });
    try {
      const { payload } = await jwtVerify(token, jwks, { audience: clientId, issuer: GOOGLE_ISSUERS });
      if (typeof payload.sub !== 'string' || !payload.sub) throw new SocialTokenError('no subject');
      const email = typeof payload.email === 'string' && payload.email_verified === true ? payload.email.toLowerCase() : null;
      const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
      return {
        provider: 'google',
        subject: payload.sub,
        email,
        name: str(payload.name),
        firstName: str(payload.given_name),
        lastName: str(payload.family_name),
      };
    } catch (err) {
      throw err instanceof SocialTokenError ? err : new SocialTokenError(err instanceof Error ? err.message : String(err));
    }
  };
}

/**
 * Verifies a Facebook user access token with Graph `debug_token` (app token `APPID|SECRET`):
 * it must be valid and issued to our app; then reads the profile with `/me`.
 */
export function createFacebookVerifier(config: Config['facebook'], fetchImpl: typeof fetch): SocialVerifier | null {
  const { appId, appSecret, graphUrl } = config;
  if (!appId || !appSecret) return null;
  const getJson = async (url: URL): Promise<Record<string, unknown>> => {
    const res = await fetchImpl(url, { signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new SocialTokenError(`Graph answered ${res.status}`);
    return (await res.json()) as Record<string, unknown>;
  };
  return async (token) => {
    const debugUrl = new URL(`${graphUrl}/debug_token`);
    debugUrl.searchParams.set('input_token', token);
    debugUrl.searchParams.set('access_token', `${appId}|${appSecret}`);
    const debug = (await getJson(debugUrl)).data as Record<string, unknown> | undefined;
    if (!debug || debug.is_valid !== true || String(debug.app_id) !== appId || !debug.user_id) {
      throw new SocialTokenError('token not valid for this app');
    }
    const meUrl = new URL(`${graphUrl}/me`);
    meUrl.searchParams.set('fields', 'id,name,email');
    meUrl.searchParams.set('access_token', token);
    const me = await getJson(meUrl);
    if (String(me.id) !== String(debug.user_id)) throw new SocialTokenError('profile does not match the token');
    const name = typeof me.name === 'string' && me.name ? me.name : null;
    return {
      provider: 'facebook',
      subject: String(me.id),
      // Facebook only returns a confirmed primary email.
      email: typeof me.email === 'string' && me.email ? me.email.toLowerCase() : null,
      name,
      firstName: null,
      lastName: null,
    };
  };
}
