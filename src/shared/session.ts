// The browser session shared by the public site and the console: no react-admin here, since the public site imports it.
// Spec section 4: userToken and userRole live in localStorage; the session lasts while the token's exp
// (seconds) is in the future, compared in milliseconds with the current time.
import type { Role, TokenClaims } from '../domain/types';
import { consolePaths } from '../domain/paths/consolePaths';

export const TOKEN_KEY = 'userToken';
export const ROLE_KEY = 'userRole';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  /** Expiry in milliseconds since the epoch. */
  expiresAt: number;
}

/** The user of a token, or null when it is missing, unreadable or expired at `now` (ms). */
export function userFromToken(token: string | null | undefined, now: number = Date.now()): SessionUser | null {
  if (!token) return null;
  const claims = tokenClaims(token);
  if (!claims || typeof claims.exp !== 'number' || claims.exp * 1000 <= now) return null;
  // The three roles, written out: the public site's first download carries no role table (its budget).
  if (claims.role !== 'manager' && claims.role !== 'admin' && claims.role !== 'clerk') return null;
  return {
    id: String(claims.sub ?? ''),
    name: String(claims.name ?? ''),
    email: String(claims.email ?? ''),
    role: claims.role,
    expiresAt: claims.exp * 1000,
  };
}

/**
 * The claims a token carries, read without checking its signature (the server checks it on every request; the
 * browser only needs the name, role and expiry to draw). A token is three base64url parts; the claims are the
 * second, UTF-8 JSON (names are Arabic). Written here rather than imported: the public site's first download has a
 * byte budget, and this is all of it that the site needs.
 */
function tokenClaims(token: string): Partial<TokenClaims> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    // atob takes base64 without its padding; base64url's two letters are mapped back first.
    const binary = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const value: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
    return typeof value === 'object' && value !== null ? (value as Partial<TokenClaims>) : null;
  } catch {
    return null;
  }
}

/** localStorage, or null where the browser refuses it (storage disabled) or there is none (server rendering). */
export function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export interface Session {
  /** The session check of spec section 4: keeps a valid session, clears an expired or broken one. */
  check(now?: number): SessionUser | null;
  /** Whether a token is stored at all, valid or not (a missing session and an ended one read differently). */
  stored(): boolean;
  /** The token of a valid session, else null. */
  token(now?: number): string | null;
  save(token: string, role: Role): void;
  clear(): void;
}

/** The session kept in `storage` (read on every call: the browser may refuse it now and allow it later). */
export function createSession(storage: () => Storage | null = browserStorage): Session {
  const clear = () => {
    const store = storage();
    store?.removeItem(TOKEN_KEY);
    store?.removeItem(ROLE_KEY);
  };
  const check = (now: number = Date.now()) => {
    const token = storage()?.getItem(TOKEN_KEY) ?? null;
    const user = userFromToken(token, now);
    // An expired or unreadable token is removed, so nothing loops on it.
    if (!user && token !== null) clear();
    return user;
  };
  return {
    check,
    stored: () => (storage()?.getItem(TOKEN_KEY) ?? null) !== null,
    token: (now = Date.now()) => (check(now) ? (storage()?.getItem(TOKEN_KEY) ?? null) : null),
    save(token, role) {
      const store = storage();
      store?.setItem(TOKEN_KEY, token);
      store?.setItem(ROLE_KEY, role);
    },
    clear,
  };
}

/** The browser's own session (localStorage). */
export const browserSession: Session = createSession();

export const checkSession = (now?: number): SessionUser | null => browserSession.check(now);
export const getToken = (): string | null => browserSession.token();
export const saveSession = (token: string, role: Role): void => browserSession.save(token, role);
export const clearSession = (): void => browserSession.clear();

/** Where a role lands after login (spec section 4, mapped into the console). */
export function landingPathFor(role: Role): string {
  return role === 'manager' ? consolePaths.suggestions() : consolePaths.createGrave();
}
