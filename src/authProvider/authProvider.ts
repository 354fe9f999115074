// The console's authProvider over the browser session of ./session (spec sections 4 and 6).
// The login page is the public site's /login: a visitor without a valid session is sent there with a full
// navigation and ?next=<the /admin page asked for>; react-admin never shows a login page of its own.
import { serverMessage } from '../api/errorMessage';
import { HttpError, type AuthProvider, type UserIdentity } from 'ra-core';
import { API_BASE, ApiError, call } from '../api/client';
import { paths } from '../api/paths';
import { can, type Action, type Resource, RESOURCES, ACTIONS } from '../domain/rules/policy';
import { t } from '../domain/messages';
import type { LoginAnswer, Role } from '../domain/types';
import { CONSOLE_BASE } from '../domain/paths/consolePaths';
import { publicPaths, type SessionEnd } from '../domain/paths/publicPaths';
import { browserStorage, createSession, userFromToken, type SessionUser } from '../shared/session';
import { signOut } from '../shared/signOut';

/** Where the browser is: read, never changed here (react-admin navigates to the URLs this provider answers). */
export interface LocationLike {
  origin: string;
  pathname: string;
  search: string;
}

export interface AuthProviderSeams {
  apiBase?: string;
  /** localStorage in the browser; any Storage in tests. */
  storage?: () => Storage | null;
  location?: () => LocationLike;
  now?: () => number;
}

/** How long a session the server confirmed is trusted before a page asks again. */
export const SESSION_CHECK_MS = 30_000;

const browserLocation = (): LocationLike =>
  typeof window === 'undefined'
    ? { origin: 'http://localhost', pathname: CONSOLE_BASE, search: '' }
    : { origin: window.location.origin, pathname: window.location.pathname, search: window.location.search };

/** The react-admin actions the console uses, mapped onto the policy's actions. */
const ACTION_OF: Record<string, Action> = {
  list: 'list',
  show: 'show',
  create: 'create',
  edit: 'edit',
  delete: 'delete',
  export: 'export',
  clone: 'create',
  read: 'show',
};

export interface CemeteryAuthProvider extends AuthProvider {
  /** The session's user, or null (expired or missing tokens are cleared). */
  currentUser(): SessionUser | null;
  /**
   * The absolute URL of the public login page, with ?next= the current console page when asked, and why the
   * session ended (the login page says it: spec section 8's missing-token and invalid-token messages).
   */
  loginUrl(withNext: boolean, ended?: SessionEnd | null): string;
}

export function createAuthProvider(seams: AuthProviderSeams = {}): CemeteryAuthProvider {
  const storage = seams.storage ?? browserStorage;
  const session = createSession(storage);
  const location = seams.location ?? browserLocation;
  const now = seams.now ?? Date.now;
  const apiBase = seams.apiBase ?? API_BASE;

  // Why the session ended, found by whichever check saw it end; logout (which react-admin calls next, after the
  // token is already gone) sends the browser to the login page with it.
  let ended: SessionEnd | null = null;

  // Spec section 4: an expired or unreadable token is removed by the check, so nothing loops on it. A token that
  // was there and is no more was expired or unreadable ('invalid'); none at all is a missing session.
  const currentUser = (): SessionUser | null => {
    const hadToken = session.stored();
    const user = session.check(now());
    if (!user) ended = hadToken ? 'invalid' : (ended ?? 'missing');
    return user;
  };

  const loginUrl = (withNext: boolean, ended: SessionEnd | null = null): string => {
    const here = location();
    if (!withNext) return `${here.origin}${publicPaths.login.href(undefined, ended ?? undefined)}`;
    const path = here.pathname.startsWith(CONSOLE_BASE) ? `${here.pathname}${here.search}` : CONSOLE_BASE;
    return `${here.origin}${publicPaths.login.href(path, ended ?? undefined)}`;
  };

  // logout answers an absolute URL, so react-admin sends the browser there with a full navigation. It also empties
  // its query cache, which runs the checks again, which fail again, which call logout again: each new start of the
  // navigation aborted the one under way, and on a busy device the console could keep itself from ever leaving.
  // So once the browser is leaving, the checks react-admin makes meanwhile wait (the page is going away), and
  // logout does not send it again.
  let leaving = false;
  const whileLeaving = () => new Promise<never>(() => {});

  // A session ended elsewhere (sign out everywhere, a password, role or disable change) is still a valid token to
  // this tab: asked of the server before a page is drawn, at most every SESSION_CHECK_MS, and again whenever the tab
  // is shown, so a tab left open goes to the login page instead of drawing a page its first call would refuse.
  // Only a refusal counts: without a network the console goes on as before.
  let confirmedAt = Number.NEGATIVE_INFINITY;
  const stillHeld = async (force: boolean): Promise<boolean> => {
    const token = session.token(now());
    if (!token) return false;
    if (!force && now() - confirmedAt < SESSION_CHECK_MS) return true;
    try {
      await call(paths.session(), { base: apiBase, token });
      confirmedAt = now();
      return true;
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401) return true;
      // Ended on purpose elsewhere, or refused (forged, or its account gone): the login page says which.
      ended = error.serverMessage === t('errors.sessionEnded') ? 'ended' : 'invalid';
      session.clear();
      return false;
    }
  };
  if (typeof document !== 'undefined' && typeof window !== 'undefined' && seams.location === undefined) {
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState !== 'visible' || leaving || !session.token(now())) return;
      void stillHeld(true).then((held) => {
        if (held || leaving) return;
        leaving = true;
        window.location.assign(loginUrl(true, ended));
      });
    });
  }

  return {
    currentUser,
    loginUrl,

    async login(params: { email?: string; username?: string; password: string }) {
      const email = params.email ?? params.username ?? '';
      let answer: LoginAnswer;
      try {
        answer = await call<LoginAnswer>(paths.login(), {
          method: 'POST',
          body: { email, password: params.password },
          base: apiBase,
        });
      } catch (error) {
        // Spec section 8: 400 shows the server's message (or the generic one), anything else the login error.
        if (error instanceof ApiError && error.status === 400) {
          throw new HttpError(error.serverMessage ?? t('auth.badCredentials'), 400, error.body);
        }
        if (error instanceof ApiError && error.serverMessage)
          throw new HttpError(error.serverMessage, error.status, error.body);
        throw new HttpError(t('auth.loginError'), error instanceof ApiError ? error.status : 0, null);
      }
      if (!answer?.token || !userFromToken(answer.token, now())) throw new HttpError(t('auth.loginError'), 0, null);
      session.save(answer.token, answer.role);
    },

    async checkAuth() {
      if (currentUser() && (await stillHeld(false))) return;
      if (leaving) return whileLeaving();
      // Full navigation to the public login page, which says why; react-admin's own notification is skipped.
      throw { redirectTo: loginUrl(true, ended), message: false };
    },

    async checkError(error: { status?: number; message?: string } | undefined) {
      const status = error?.status;
      if (status === 401) {
        if (leaving) return whileLeaving();
        // The server refused the token: ended on purpose (a password, role or disable change, or "sign
        // out everywhere"), or expired, forged, or its account gone. The login page says which.
        ended = error?.message === t('errors.sessionEnded') ? 'ended' : 'invalid';
        session.clear();
        throw { redirectTo: loginUrl(true, ended), message: false };
      }
      // A page the role may not open: the access-denied page says so, with no notification on top of it.
      if (status === 403 && (error as { notTheRolesPage?: boolean } | undefined)?.notTheRolesPage === true) return;
      if (status === 403) {
        // Still logged in: the user only lacks the right for this call.
        throw {
          logoutUser: false,
          message: serverMessage(error, 'errors.forbidden'),
        };
      }
    },

    async logout(params?: { sessionsEnded?: boolean }) {
      if (leaving) return false;
      // With a session, the staff member chose to log out: plain /login, or /login saying the sessions ended when
      // they signed out everywhere. Without one (checkAuth failed on mount), come back to the page asked for after
      // logging in.
      const hadSession = currentUser() !== null;
      const token = session.token(now());
      session.clear();
      leaving = true;
      // Signing out on purpose ends the session on the server (best effort) and leaves no staff work in the browser
      // for the next person on the device. A session that expired or was ended elsewhere keeps the
      // ledger's draft: it is the account's own (kept per account), for when the same person signs in again.
      // After "sign out everywhere" the token is already ended on the server.
      if (hadSession) await signOut(params?.sessionsEnded ? null : token, { local: storage(), base: apiBase });
      if (params?.sessionsEnded) return loginUrl(false, 'ended');
      return hadSession ? loginUrl(false, 'signedOut') : loginUrl(true, ended);
    },

    async getIdentity(): Promise<UserIdentity> {
      const user = currentUser();
      if (!user && leaving) return whileLeaving();
      if (!user) throw { redirectTo: loginUrl(true, ended), message: false };
      return { id: user.id, fullName: user.name, email: user.email, role: user.role };
    },

    async getPermissions(): Promise<Role | null> {
      return currentUser()?.role ?? null;
    },

    async canAccess({ resource, action }: { resource: string; action: string }) {
      const role = currentUser()?.role ?? null;
      if (!(RESOURCES as readonly string[]).includes(resource)) return false;
      const mapped = ACTION_OF[action] ?? ((ACTIONS as readonly string[]).includes(action) ? (action as Action) : null);
      if (!mapped) return false;
      return can(role, resource as Resource, mapped);
    },
  };
}
