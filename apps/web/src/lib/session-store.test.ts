import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fake-server';
import {
  STORAGE_KEY,
  clearSession,
  decryptText,
  getApiToken,
  loadSession,
  saveSession,
  type StoredSession,
} from './session-store';

const session: StoredSession = {
  api_token: 'secret-token-9f8e7d',
  user: makeUser({ email: 'ana@example.com' }),
  allModulesData: null,
  hasSubscription: true,
};

describe('session store', () => {
  it('stores the session encrypted: the stored string contains neither the token nor the email', async () => {
    await saveSession(session, { remember: true });
    const stored = localStorage.getItem(STORAGE_KEY);
    expect(stored).not.toBeNull();
    expect(stored).not.toContain('secret-token-9f8e7d');
    expect(stored).not.toContain('ana@example.com');
    expect(stored).toMatch(/^v1\./);
    // It really is the session, encrypted with our key.
    expect(JSON.parse((await decryptText(stored ?? '')) ?? '{}')).toMatchObject({
      api_token: 'secret-token-9f8e7d',
    });
  });

  it('uses localStorage with remember me and round-trips', async () => {
    await saveSession(session, { remember: true });
    expect(sessionStorage.getItem(STORAGE_KEY)).toBeNull();
    clearSessionMemoryOnly();
    const loaded = await loadSession();
    expect(loaded).toEqual({ session, remember: true });
    expect(getApiToken()).toBe('secret-token-9f8e7d');
  });

  it('uses sessionStorage without remember me and round-trips', async () => {
    await saveSession(session, { remember: false });
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEY)).not.toBeNull();
    const loaded = await loadSession();
    expect(loaded).toEqual({ session, remember: false });
  });

  it('moves the session when remember me changes, never keeping two copies', async () => {
    await saveSession(session, { remember: true });
    await saveSession(session, { remember: false });
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEY)).not.toBeNull();
  });

  it('clears both storages on logout', async () => {
    await saveSession(session, { remember: true });
    sessionStorage.setItem(STORAGE_KEY, 'v1.stale.copy');
    clearSession();
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(getApiToken()).toBeNull();
    expect(await loadSession()).toBeNull();
  });

  it('treats a tampered value as signed out and removes it', async () => {
    await saveSession(session, { remember: true });
    const stored = localStorage.getItem(STORAGE_KEY) ?? '';
    const last = stored.at(-2) === 'A' ? 'B' : 'A';
    localStorage.setItem(STORAGE_KEY, `${stored.slice(0, -2)}${last}${stored.at(-1)}`);
    expect(await loadSession()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('refuses a plain JSON session written by someone else', async () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
    expect(await loadSession()).toBeNull();
  });
});

/** Forget the in-memory copy only, as a page reload would. */
function clearSessionMemoryOnly() {
  const local = localStorage.getItem(STORAGE_KEY);
  const tab = sessionStorage.getItem(STORAGE_KEY);
  clearSession();
  if (local !== null) localStorage.setItem(STORAGE_KEY, local);
  if (tab !== null) sessionStorage.setItem(STORAGE_KEY, tab);
}
