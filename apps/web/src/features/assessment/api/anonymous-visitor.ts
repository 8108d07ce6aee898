import { generateAnonymousId } from '@clearspeak/contract';
import { call } from '@/lib/api';
import { getAnonymousId, setAnonymousId } from '@/lib/anonymous-id';

/**
 * The stored anonymous visitor id, or a new one from GET /generate-anonymous-id, stored
 * locally so the recordings follow the visitor to sign-up (spec: accounts §3 Anonymous visitor).
 */
export async function ensureAnonymousId(): Promise<string> {
  const stored = getAnonymousId();
  if (stored) return stored;
  const { gen_uuid } = await call(generateAnonymousId, {});
  setAnonymousId(gen_uuid);
  return gen_uuid;
}
