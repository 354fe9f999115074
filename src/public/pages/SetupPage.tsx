// The first start in the browser: the code the server printed in its log (filled from ?code=), the
// village's name, optionally the site's address (the settings' rule), the first manager and, optionally, how many
// graves each section holds. On success the session is
// saved as the login page saves it and the console opens. Once the register is set up, the page says so and leads
// to the login page. Its own chunk: nothing of it reaches the home page's download.
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from '../router';
import { ApiError, call, paths } from '../../api';
import { CONSOLE_BASE } from '../../domain/paths/consolePaths';
import { publicPaths } from '../../domain/paths/publicPaths';
import { checkSiteUrl, checkVillageName } from '../../domain/identity/identityRules';
import { checkGraveNumber, checkNewPassword, checkStaffEmail, checkText, LIMITS, TEXT_FIELDS } from '../../domain/rules/validation';
import { IMPORT_LIMITS } from '../../domain/rules/registerImport';
import { formatNumber } from '../../domain/text/format';
import type { MessageKey } from '../../domain/messages';
import { fill } from '../../domain/messages/fill';
import { serverText } from '../../domain/messages/server';
import { settingsText } from '../../domain/messages/settings';
import { setupText as st } from '../../domain/messages/setup';
import { saveSession, userFromToken } from '../../shared/session';
import type { Role } from '../../domain/types';
import { Spinner } from '../components/Icons';
import { ui } from '../text';
import '../pages.css';

interface SetupAnswer {
  token: string;
  role: Role;
  message: string;
}

type Field = 'code' | 'villageName' | 'siteUrl' | 'name' | 'email' | 'password' | 'men' | 'women';

/** A section's count as typed (Arabic-Indic or Western digits); empty is none. */
function readCount(text: string): { ok: true; value: number } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: 0 };
  if (/^\s*[0٠]\s*$/.test(text)) return { ok: true, value: 0 };
  const checked = checkGraveNumber('men', text);
  if (!checked.ok || Number(checked.value) > IMPORT_LIMITS.rangeGraves) return { ok: false };
  return { ok: true, value: Number(checked.value) };
}

const GRAVES_INVALID = () => fill(st['setup.gravesInvalid'], { max: formatNumber(IMPORT_LIMITS.rangeGraves) });

// The rules' reasons this form can meet, read statically (see ../text.ts); any other (a control character in a
// name) reads as the field's own reason. The server checks the same rules and answers their exact words.
const REASON: Partial<Record<MessageKey, string>> = {
  'settings.villageNameInvalid': settingsText['settings.villageNameInvalid'],
  'settings.siteUrlInvalid': settingsText['settings.siteUrlInvalid'],
  'settings.siteUrlScheme': settingsText['settings.siteUrlScheme'],
  'settings.siteUrlQuery': settingsText['settings.siteUrlQuery'],
  'settings.siteUrlCredentials': settingsText['settings.siteUrlCredentials'],
  'register.nameInvalid': serverText['register.nameInvalid'],
  'register.passwordShort': serverText['register.passwordShort'],
  'register.passwordLong': serverText['register.passwordLong'],
  'auth.emailRequired': ui['auth.emailRequired'],
  'auth.emailInvalid': ui['auth.emailInvalid'],
  'auth.emailTld': ui['auth.emailTld'],
};

export default function SetupPage() {
  const id = useId();
  const params = useSearchParams();
  const [needed, setNeeded] = useState<boolean | null>(null);
  const [values, setValues] = useState<Record<Field, string>>({
    code: params.get('code') ?? '',
    villageName: '',
    siteUrl: '',
    name: '',
    email: '',
    password: '',
    men: '',
    women: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    call<{ needed: boolean }>(paths.setup()).then(
      (answer) => live && setNeeded(answer.needed),
      // Unknown (no network): the form is shown, and sending it says what went wrong.
      () => live && setNeeded(true),
    );
    return () => {
      live = false;
    };
  }, []);

  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    const reason = (key: MessageKey, own: MessageKey) => REASON[key] ?? REASON[own] ?? '';
    if (values.code.trim() === '') found.code = st['setup.codeWrong'];
    const village = checkVillageName(values.villageName);
    if (!village.ok) found.villageName = reason(village.error, 'settings.villageNameInvalid');
    const site = checkSiteUrl(values.siteUrl);
    if (!site.ok) found.siteUrl = reason(site.error, 'settings.siteUrlInvalid');
    const name = checkText(values.name, LIMITS.accountNameMax, 'register.nameInvalid', TEXT_FIELDS.accountName);
    if (!name.ok) found.name = reason(name.error, 'register.nameInvalid');
    const email = checkStaffEmail(values.email);
    if (!email.ok) found.email = reason(email.error, 'auth.emailInvalid');
    const password = checkNewPassword(values.password);
    if (!password.ok) found.password = reason(password.error, 'register.passwordShort');
    const men = readCount(values.men);
    if (!men.ok) found.men = GRAVES_INVALID();
    const women = readCount(values.women);
    if (!women.ok) found.women = GRAVES_INVALID();
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0 || !village.ok || !site.ok || !name.ok || !email.ok || !password.ok || !men.ok || !women.ok)
      return;
    setBusy(true);
    try {
      const answer = await call<SetupAnswer>(paths.setup(), {
        method: 'POST',
        body: {
          code: values.code.trim(),
          villageName: village.value,
          ...(site.value ? { siteUrl: site.value } : {}),
          manager: { name: name.value, email: email.value, password: password.value },
          ...(men.value || women.value ? { graves: { men: men.value, women: women.value } } : {}),
        },
      });
      const user = userFromToken(answer?.token);
      if (!user) throw new ApiError(200, 'missing token', null);
      saveSession(answer.token, user.role);
      // A full navigation: the console starts on a fresh page with the new session, on its first screen.
      window.location.assign(CONSOLE_BASE);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError?.status === 409) setNeeded(false);
      else if (apiError?.status === 403) setErrors({ code: apiError.serverMessage ?? st['setup.codeWrong'] });
      else setFailure(apiError?.serverMessage ?? st['setup.failed']);
      setBusy(false);
    }
  };

  if (needed === false) {
    return (
      <section className="login" aria-labelledby="setup-heading">
        <h1 id="setup-heading">{st['setup.doneHeading']}</h1>
        <div className="card">
          <p>{st['setup.doneText']}</p>
          <Link className="button" to={publicPaths.login.href()}>
            {st['setup.toLogin']}
          </Link>
        </div>
      </section>
    );
  }

  const field = (
    name: Field,
    label: string,
    input: { type?: string; dir?: 'ltr'; autoComplete?: string; inputMode?: 'numeric' | 'url' },
    hint?: ReactNode,
  ) => {
    const error = errors[name];
    // The hint gives way to the reason when the field is refused (they may be the same words).
    const hintId = hint && !error ? `${id}-${name}-hint` : undefined;
    const errorId = error ? `${id}-${name}-error` : undefined;
    return (
      <div className="field">
        <label htmlFor={`${id}-${name}`}>{label}</label>
        <input
          id={`${id}-${name}`}
          name={name}
          type={input.type ?? 'text'}
          dir={input.dir}
          autoComplete={input.autoComplete}
          inputMode={input.inputMode}
          value={values[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
          onChange={(e) => set(name)(e.target.value)}
        />
        {hintId && (
          <p className="hint" id={hintId}>
            {hint}
          </p>
        )}
        {error && (
          <p className="field-error" id={errorId}>
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <section className="login setup" aria-labelledby="setup-heading">
      <h1 id="setup-heading">{st['setup.heading']}</h1>
      <p>{st['setup.intro']}</p>
      {needed === null && (
        <p className="hint" role="status">
          {st['setup.checking']}
        </p>
      )}
      <form className="form card" onSubmit={onSubmit} noValidate aria-labelledby="setup-heading">
        {field('code', st['setup.code'], { dir: 'ltr', autoComplete: 'off' }, st['setup.codeHint'])}
        {field('villageName', st['setup.villageName'], {}, st['setup.villageNameHint'])}
        {field('siteUrl', st['setup.siteUrl'], { dir: 'ltr', inputMode: 'url', autoComplete: 'off' }, st['setup.siteUrlHint'])}
        <h2 className="setup-part">{st['setup.managerHeading']}</h2>
        {field('name', ui['register.name'], { autoComplete: 'name' })}
        {field('email', ui['auth.email'], { type: 'email', dir: 'ltr', autoComplete: 'username' }, ui['auth.emailTld'])}
        {field(
          'password',
          ui['auth.password'],
          { type: 'password', dir: 'ltr', autoComplete: 'new-password' },
          serverText['register.passwordShort'],
        )}
        <h2 className="setup-part">{st['setup.gravesHeading']}</h2>
        <p className="hint">{st['setup.gravesHint']}</p>
        {field('men', st['setup.menGraves'], { inputMode: 'numeric', dir: 'ltr' })}
        {field('women', st['setup.womenGraves'], { inputMode: 'numeric', dir: 'ltr' })}
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          {busy && <Spinner />}
          {busy ? st['setup.working'] : st['setup.button']}
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
