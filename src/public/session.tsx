// The visitor's session as React state: checked once at start (spec section 4) and cleared on logout.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { checkSession, clearSession, type SessionUser } from '../authProvider/session';

interface SessionState {
  user: SessionUser | null;
  logout: () => void;
}

const SessionContext = createContext<SessionState>({ user: null, logout: () => {} });

export function SessionProvider({ children }: { children: ReactNode }) {
  // The start-up check: an expired or unreadable token is removed here, before the menu is drawn.
  const [user, setUser] = useState<SessionUser | null>(() => checkSession());
  const logout = useCallback(() => {
    clearSession();
    setUser(null);
  }, []);
  const value = useMemo(() => ({ user, logout }), [user, logout]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  return useContext(SessionContext);
}
