import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { webLogout } from '@clearspeak/contract';
import { call, setUnauthorizedHandler } from './api';
import {
  clearSession,
  getCurrentSession,
  saveSession,
  type LoadedSession,
  type StoredSession,
} from './session-store';

interface SessionContextValue {
  session: StoredSession | null;
  remember: boolean;
  /** True after sign-out or a forced logout: guards then send to `/`, not to /signin. */
  hasEnded: boolean;
  /** Stores a fresh session (encrypted) in the storage "Remember me" chose. */
  signIn: (session: StoredSession, options: { remember: boolean }) => Promise<void>;
  /** Replaces parts of the stored session, keeping where it is stored. */
  update: (patch: Partial<StoredSession>) => Promise<void>;
  /** Revokes the token on the server, clears storage, goes to `/` (spec: accounts §4). */
  signOut: () => Promise<void>;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/**
 * Holds the session in React state. The stored copy is read once before the first render
 * (main.tsx awaits `loadSession`), so guards never see a half-loaded state.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [loaded, setLoaded] = useState<LoadedSession | null>(() => getCurrentSession());
  const [hasEnded, setEnded] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const forget = useCallback(() => {
    clearSession();
    setLoaded(null);
    setEnded(true);
    queryClient.clear();
    void navigate('/', { replace: true });
  }, [navigate, queryClient]);

  useEffect(() => setUnauthorizedHandler(forget), [forget]);

  const signIn = useCallback(async (session: StoredSession, options: { remember: boolean }) => {
    setLoaded(await saveSession(session, options));
    setEnded(false);
  }, []);

  const update = useCallback(async (patch: Partial<StoredSession>) => {
    const existing = getCurrentSession();
    if (!existing) return;
    setLoaded(
      await saveSession({ ...existing.session, ...patch }, { remember: existing.remember }),
    );
  }, []);

  const signOut = useCallback(async () => {
    try {
      await call(webLogout, {}, { method: 'GET' });
    } catch {
      // The local session ends regardless; an unreachable server must not keep anyone signed in.
    }
    forget();
  }, [forget]);

  const value = useMemo<SessionContextValue>(
    () => ({
      session: loaded?.session ?? null,
      remember: loaded?.remember ?? false,
      hasEnded,
      signIn,
      update,
      signOut,
    }),
    [loaded, hasEnded, signIn, update, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
