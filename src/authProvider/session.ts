// The browser session shared by the public site and the console (no react-admin here: the public site imports it).
// Spec section 4: userToken and userRole live in localStorage; the session lasts while the token's exp
// (seconds) is in the future, compared in milliseconds with the current time.
import { jwtDecode } from 'jwt-decode';
import type { Role, TokenClaims } from '../domain/types';
import { consolePaths } from '../domain/consolePaths';

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

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The user of a token, or null when it is missing, unreadable or expired at `now` (ms). */
export function userFromToken(token: string | null | undefined, now: number = Date.now()): SessionUser | null {
  if (!token) return null;
  let claims: Partial<TokenClaims>;
  try {
    claims = jwtDecode<Partial<TokenClaims>>(token);
  } catch {
    return null;
  }
  if (typeof claims.exp !== 'number' || claims.exp * 1000 <= now) return null;
  if (claims.role !== 'manager' && claims.role !== 'admin') return null;
  return {
    id: String(claims.sub ?? ''),
    name: String(claims.name ?? ''),
    email: String(claims.email ?? ''),
    role: claims.role,
    expiresAt: claims.exp * 1000,
  };
}

/** The session check of spec section 4: keeps a valid session, clears an expired or broken one. */
export function checkSession(now: number = Date.now()): SessionUser | null {
  const store = storage();
  const token = store?.getItem(TOKEN_KEY) ?? null;
  const user = userFromToken(token, now);
  if (!user && token !== null) clearSession();
  return user;
}

export function getToken(): string | null {
  return checkSession() ? (storage()?.getItem(TOKEN_KEY) ?? null) : null;
}

export function saveSession(token: string, role: Role): void {
  const store = storage();
  store?.setItem(TOKEN_KEY, token);
  store?.setItem(ROLE_KEY, role);
}

export function clearSession(): void {
  const store = storage();
  store?.removeItem(TOKEN_KEY);
  store?.removeItem(ROLE_KEY);
}

/** Where a role lands after login (spec section 4, mapped into the console). */
export function landingPathFor(role: Role): string {
  return role === 'manager' ? consolePaths.suggestions() : consolePaths.createGrave();
}
