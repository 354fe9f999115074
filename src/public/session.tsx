// The visitor's session as React state: checked once at start (spec section 4) and cleared on logout.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useBrowserValue } from './browserValue';
import { checkSession, clearSession, getToken, type SessionUser } from '../shared/session';

interface SessionState {
  user: SessionUser | null;
  logout: () => void;
}

const SessionContext = createContext<SessionState>({ user: null, logout: () => {} });

// Checked once per page load: getSnapshot must return the same object each time it is asked.
let checkedOnce: { user: SessionUser | null } | null = null;
const browserSession = () => (checkedOnce ??= { user: checkSession() }).user;

export function SessionProvider({ children }: { children: ReactNode }) {
  // The start-up check (spec section 4): an expired or unreadable token is removed here. The session lives in the
  // browser only: the page drawn on the server (and the render hydrating it) is the visitor's, and a staff
  // member's menu follows in the next render.
  const checked = useBrowserValue(browserSession, null);
  const [loggedOut, setLoggedOut] = useState(false);
  const logout = useCallback(() => {
    const token = getToken();
    clearSession();
    setLoggedOut(true);
    // The session ends on the server too, and the staff console's traces leave the browser. Loaded
    // only on sign-out, so a visitor's pages do not carry it.
    void import('../shared/signOut').then(({ signOut }) => signOut(token));
  }, []);
  const user = loggedOut ? null : checked;
  const value = useMemo(() => ({ user, logout }), [user, logout]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  return useContext(SessionContext);
}
