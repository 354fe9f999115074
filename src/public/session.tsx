// The visitor's session as React state: checked once at start (spec section 4) and cleared on logout.
import { createContext, useCallback, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { checkSession, clearSession, type SessionUser } from '../authProvider/session';

interface SessionState {
  user: SessionUser | null;
  logout: () => void;
}

const SessionContext = createContext<SessionState>({ user: null, logout: () => {} });

// The token changes only through this provider (login loads a new page), so nothing to subscribe to.
const noChanges = () => () => {};
// Checked once per page load: getSnapshot must return the same object each time it is asked.
let checkedOnce: { user: SessionUser | null } | null = null;
const browserSession = () => (checkedOnce ??= { user: checkSession() }).user;

export function SessionProvider({ children }: { children: ReactNode }) {
  // The start-up check (spec section 4): an expired or unreadable token is removed here. The session lives in the
  // browser only: the page drawn on the server (and the render hydrating it) is the visitor's, and a staff
  // member's menu follows in the next render.
  const checked = useSyncExternalStore(noChanges, browserSession, () => null);
  const [user, setUser] = useState<SessionUser | null | undefined>(undefined);
  const logout = useCallback(() => {
    clearSession();
    setUser(null);
  }, []);
  const current = user === undefined ? checked : user;
  const value = useMemo(() => ({ user: current, logout }), [current, logout]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  return useContext(SessionContext);
}
