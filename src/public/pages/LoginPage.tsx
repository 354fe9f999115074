// Screen 5: the login of the staff (also the console's login page). Errors are all collected (spec section 5);
// on success the session is saved and checked, and the page reloads into the console (spec section 4).
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from '../router';
import { ApiError, call, paths } from '../../api';
import { landingPathFor, saveSession, userFromToken } from '../../shared/session';
import { safeNextPath } from '../../domain/paths/consolePaths';
import { publicPaths, SESSION_END_PARAM, sessionEndOf, type SessionEnd } from '../../domain/paths/publicPaths';
import { setupText } from '../../domain/messages/setup';
import { useSession } from '../session';
import type { MessageKey } from '../../domain/messages';
import type { LoginAnswer } from '../../domain/types';
import { loginFormErrors } from '../../domain/rules/validation';
import { Spinner } from '../components/Icons';
import { ui, pt } from '../text';
import { sessionEndedText } from '../../domain/messages/accounts';
import { offlineText } from '../../domain/messages/offline';
import { reachable } from '../offline/reachable';
import '../pages.css';

// The rules' message keys (domain/validation) and their words, read statically (see ../text.ts).
const LOGIN_ERROR: Partial<Record<MessageKey, string>> = {
  'auth.emailRequired': ui['auth.emailRequired'],
  'auth.emailInvalid': ui['auth.emailInvalid'],
  'auth.emailTld': ui['auth.emailTld'],
  'auth.passwordIncorrect': ui['auth.passwordIncorrect'],
};

// Spec section 8: why the console sent its visitor here (the suggestions screen's two token messages).
const SESSION_END: Record<SessionEnd, string> = {
  missing: ui['suggestion.tokenMissing'],
  invalid: ui['suggestion.unauthorized'],
  ended: sessionEndedText['errors.sessionEnded'],
  signedOut: sessionEndedText['auth.signedOut'],
};

/**
 * Whether the server can be reached now (offline/reachable.ts: navigator.onLine alone says "online" on a phone with
 * no data), asked at the page's start and again whenever the browser says the network came or went; true on the
 * server and until the first answer.
 */
function useOnline(): boolean {
  const [online, setOnline] = useState(true);
  useEffect(() => {
    let live = true;
    const update = () => void reachable().then((now) => live && setOnline(now));
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      live = false;
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/** Whether the register still waits for its first start: then no account exists to sign in with. */
function useSetupNeeded(): boolean {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    let live = true;
    call<{ needed: boolean }>(paths.setup()).then(
      (answer) => live && setNeeded(answer.needed === true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return needed;
}

export default function LoginPage() {
  const id = useId();
  const params = useSearchParams();
  const { user } = useSession();
  const ended = sessionEndOf(params.get(SESSION_END_PARAM));
  const next = params.get('next');
  // Already signed in: straight on to the page asked for, or the role's landing page (no second login).
  useEffect(() => {
    if (user) window.location.replace(safeNextPath(next) ?? landingPathFor(user.role));
  }, [user, next]);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: MessageKey; password?: MessageKey }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const online = useOnline();
  const setupNeeded = useSetupNeeded();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = loginFormErrors(email, password);
    setErrors(found);
    setFailure(null);
    if (found.email || found.password) return;
    setBusy(true);
    try {
      const answer = await call<LoginAnswer>(paths.login(), { method: 'POST', body: { email: email.trim(), password } });
      const user = userFromToken(answer?.token);
      if (!user) throw new ApiError(200, 'missing token', null);
      saveSession(answer.token, user.role);
      // A full navigation: the console starts on a fresh page with the new session.
      window.location.assign(safeNextPath(next) ?? landingPathFor(user.role));
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError?.status === 400) setFailure(apiError.serverMessage ?? ui['auth.badCredentials']);
      else if (apiError?.status === 429) setFailure(apiError.serverMessage ?? ui['auth.tooManyAttempts']);
      // A disabled account, told only after the right password (the server's words).
      else if (apiError?.status === 403 && apiError.serverMessage) setFailure(apiError.serverMessage);
      // No answer at all: the network is gone (or the server unreachable).
      else if (apiError?.status === 0 && !(await reachable())) setFailure(offlineText['offline.loginNeedsNetwork']);
      else setFailure(ui['auth.loginError']);
      setBusy(false);
    }
  };

  return (
    <section className="login" aria-labelledby="login-heading">
      <h1 id="login-heading">{pt['public.loginHeading']}</h1>
      {setupNeeded && (
        <p className="message" role="status">
          {setupText['setup.loginLead']} <Link to={publicPaths.setup.href()}>{setupText['setup.loginLeadLink']}</Link>
        </p>
      )}
      {!online && !failure && (
        <p className="message message-error" role="status">
          {offlineText['offline.loginNeedsNetwork']}
        </p>
      )}
      {ended && !failure && (
        // Signing out is what the staff member asked for: said plainly, not as an error.
        <p
          className={ended === 'signedOut' ? 'message' : 'message message-error'}
          role={ended === 'signedOut' ? 'status' : 'alert'}
        >
          {SESSION_END[ended]}
        </p>
      )}
      <form className="form card" onSubmit={onSubmit} noValidate aria-labelledby="login-heading">
        <div className="field">
          <label htmlFor={`${id}-email`}>{ui['auth.email']}</label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            dir="ltr"
            autoComplete="username"
            value={email}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? `${id}-email-error` : undefined}
            onChange={(e) => setEmail(e.target.value)}
          />
          {errors.email && (
            <p className="field-error" id={`${id}-email-error`}>
              {LOGIN_ERROR[errors.email]}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${id}-password`}>{ui['auth.password']}</label>
          <input
            id={`${id}-password`}
            name="password"
            type="password"
            dir="ltr"
            autoComplete="current-password"
            value={password}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? `${id}-password-error` : undefined}
            onChange={(e) => setPassword(e.target.value)}
          />
          {errors.password && (
            <p className="field-error" id={`${id}-password-error`}>
              {LOGIN_ERROR[errors.password]}
            </p>
          )}
        </div>
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          {busy && <Spinner />}
          {busy ? pt['public.loggingIn'] : ui['auth.loginButton']}
        </button>
        {failure && (
          <p className="message message-error" role="alert">
            {failure}
          </p>
        )}
      </form>
    </section>
  );
}
