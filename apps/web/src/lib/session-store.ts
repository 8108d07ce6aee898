import { z } from 'zod';
import { UserSchema } from '@clearspeak/contract';

/**
 * The signed-in session, kept in the browser under one key (spec: accounts §3 Session,
 * §9 "Local storage key CtF_Local"): localStorage when the user chose "Remember me",
 * sessionStorage otherwise, never both.
 *
 * The value is encrypted with AES-GCM. The key is a non-extractable Web Crypto key kept
 * in IndexedDB: a script or person who copies the stored string (a shared computer, a
 * browser-profile backup, a storage-dumping extension) cannot read the api_token from it,
 * and even script running in the page cannot export the key to decrypt a copy elsewhere.
 * It does not stop code already running in the page from using the session; that is what
 * the short-lived, revocable server token is for.
 */
export const STORAGE_KEY = 'CtF_Local';

const IDB_NAME = 'clearspeak';
const IDB_STORE = 'keys';
const IDB_KEY_ID = 'session-key';
const FORMAT_VERSION = 'v1';

export const StoredSessionSchema = z.object({
  api_token: z.string().min(1),
  user: UserSchema,
  /** Module list cache; filled by the learning screens (learning-experience §3). */
  allModulesData: z.unknown().nullable(),
  hasSubscription: z.boolean(),
});
export type StoredSession = z.infer<typeof StoredSessionSchema>;

export interface LoadedSession {
  session: StoredSession;
  remember: boolean;
}

let current: LoadedSession | null = null;
let keyPromise: Promise<CryptoKey> | null = null;

/** The session read last (sync); the API client takes the bearer token from here. */
export function getCurrentSession(): LoadedSession | null {
  return current;
}

export function getApiToken(): string | null {
  return current?.session.api_token ?? null;
}

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(IDB_NAME, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(IDB_STORE);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'));
  });
}

function idbRequest<T>(
  db: IDBDatabase,
  mode: IDBTransactionMode,
  run: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(IDB_STORE, mode);
    const request = run(tx.objectStore(IDB_STORE));
    tx.oncomplete = () => resolve(request.result);
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

// Duck-typed: in some test and embedded environments CryptoKey comes from another realm.
function isCryptoKey(value: unknown): value is CryptoKey {
  return typeof value === 'object' && value !== null && 'algorithm' in value && 'usages' in value;
}

async function loadOrCreateKey(): Promise<CryptoKey> {
  const generate = () =>
    crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  let db: IDBDatabase;
  try {
    db = await openDatabase();
  } catch {
    // No IndexedDB (some private-browsing modes): a per-tab key keeps the stored value
    // unreadable; the session then simply does not survive a reload.
    return generate();
  }
  try {
    const existing = await idbRequest<unknown>(db, 'readonly', (s) => s.get(IDB_KEY_ID));
    if (isCryptoKey(existing)) return existing;
    const key = await generate();
    await idbRequest(db, 'readwrite', (s) => s.put(key, IDB_KEY_ID));
    return key;
  } finally {
    db.close();
  }
}

function getKey(): Promise<CryptoKey> {
  keyPromise ??= loadOrCreateKey().catch((error: unknown) => {
    keyPromise = null;
    throw error;
  });
  return keyPromise;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export async function encryptText(plain: string): Promise<string> {
  const key = await getKey();
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const cipher = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    key,
    new TextEncoder().encode(plain),
  );
  return `${FORMAT_VERSION}.${toBase64(iv)}.${toBase64(new Uint8Array(cipher))}`;
}

export async function decryptText(stored: string): Promise<string | null> {
  const [version, ivText, cipherText] = stored.split('.');
  if (version !== FORMAT_VERSION || !ivText || !cipherText) return null;
  try {
    const key = await getKey();
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(ivText) },
      key,
      fromBase64(cipherText),
    );
    return new TextDecoder().decode(plain);
  } catch {
    // Written with another key (IndexedDB cleared) or tampered with: treat as signed out.
    return null;
  }
}

function removeEverywhere(): void {
  localStorage.removeItem(STORAGE_KEY);
  sessionStorage.removeItem(STORAGE_KEY);
}

/** Reads and decrypts the stored session; an unreadable value is removed. */
export async function loadSession(): Promise<LoadedSession | null> {
  const fromLocal = localStorage.getItem(STORAGE_KEY);
  const raw = fromLocal ?? sessionStorage.getItem(STORAGE_KEY);
  if (raw === null) {
    current = null;
    return null;
  }
  const plain = await decryptText(raw);
  let parsed: StoredSession | null = null;
  if (plain !== null) {
    try {
      const result = StoredSessionSchema.safeParse(JSON.parse(plain));
      parsed = result.success ? result.data : null;
    } catch {
      parsed = null;
    }
  }
  if (parsed === null) {
    removeEverywhere();
    current = null;
    return null;
  }
  current = { session: parsed, remember: fromLocal !== null };
  return current;
}

/** Encrypts and writes the session to the storage that matches "Remember me". */
export async function saveSession(
  session: StoredSession,
  options: { remember: boolean },
): Promise<LoadedSession> {
  const value = await encryptText(JSON.stringify(StoredSessionSchema.parse(session)));
  removeEverywhere();
  (options.remember ? localStorage : sessionStorage).setItem(STORAGE_KEY, value);
  current = { session, remember: options.remember };
  return current;
}

/** Sign-out: both storages are cleared (spec: accounts §4 "Logout clears storage"). */
export function clearSession(): void {
  removeEverywhere();
  current = null;
}
