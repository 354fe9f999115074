// Screen 4: the suggestion form (text, name, phone, all required). Success clears the fields; on any error
// everything typed stays in place. The text and the name follow the input rules the server applies
// (src/domain/text/textRules.ts; TEXT_FIELDS.suggestionText and suggestionName in validation.ts, which the public site does
// not load), so a pasted control or broken character is named under its field before anything is sent.
import { useId, useState, type FormEvent } from 'react';
import { ApiError, call, paths } from '../../api';
import { useBrowserValue } from '../browserValue';
import { Spinner } from './Icons';
import { ui, pt, fill } from '../text';
import { cleanText, SUGGESTION_LIMITS, type TextKind } from '../../domain/text/textRules';
import { suggestionRulesText } from '../../domain/messages/inputRules';
import { formatNumber } from '../../domain/text/format';

type Field = 'text' | 'name' | 'phone';
const EMPTY: Record<Field, string> = { text: '', name: '', phone: '' };

type Outcome = { kind: 'success' } | { kind: 'error'; text: string } | null;

/** The rules of the two free texts (the phone has its own rule: digits only). */
const RULED = {
  text: { kind: 'multiline', reasons: 'input.suggestionText' },
  name: { kind: 'line', reasons: 'input.suggestionName' },
} as const satisfies Partial<Record<Field, { kind: TextKind; reasons: string }>>;

/** The Arabic reason a field's text breaks the input rules for, or null. */
function ruleError(field: Field, value: string): string | null {
  if (field === 'phone') return null;
  const rule = RULED[field];
  const clean = cleanText(value, rule.kind);
  return clean.ok ? null : suggestionRulesText[`${rule.reasons}.${clean.fault}`];
}

// Inline: a style sheet of its own would be one more file named in the home page's download (its budget).
const COUNT = { margin: 0, fontSize: '0.88rem', color: 'var(--muted)' } as const;
const COUNT_FULL = { ...COUNT, color: 'var(--ink)', fontWeight: 700 } as const;

/** How much of the limit the text uses, in Arabic-Indic digits; at the limit it says so (read out politely). */
function TextCount({ id, length }: { id: string; length: number }) {
  const full = length >= SUGGESTION_LIMITS.textMax;
  return (
    <p id={id} className="field-count" style={full ? COUNT_FULL : COUNT} aria-live={full ? 'polite' : 'off'}>
      {fill(suggestionRulesText['suggest.counter'], {
        n: formatNumber(Math.min(length, SUGGESTION_LIMITS.textMax)),
        max: formatNumber(SUGGESTION_LIMITS.textMax),
      })}
      {full && <> — {suggestionRulesText['suggest.atLimit']}</>}
    </p>
  );
}

export function SuggestionForm({ headingId }: { headingId?: string }) {
  const id = useId();
  // Drawn on the server, the form is on screen before its script: until the browser has taken it over, its fields
  // and its button are disabled, so nothing is typed into fields about to be replaced and no tap sends the form
  // natively (the name and the phone in the address).
  const takenOver = useBrowserValue(() => true, false);
  const [values, setValues] = useState(EMPTY);
  const [missing, setMissing] = useState<Partial<Record<Field, boolean>>>({});
  const [broken, setBroken] = useState<Partial<Record<Field, string>>>({});
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (value.trim() !== '') setMissing((m) => ({ ...m, [field]: false }));
    setBroken((b) => (b[field] && !ruleError(field, value) ? { ...b, [field]: undefined } : b));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const empty = {
      text: values.text.trim() === '',
      name: values.name.trim() === '',
      phone: values.phone.trim() === '',
    };
    setMissing(empty);
    const rules = { text: ruleError('text', values.text), name: ruleError('name', values.name) };
    setBroken({ text: rules.text ?? undefined, name: rules.name ?? undefined });
    if (empty.text || empty.name || empty.phone || rules.text || rules.name) {
      setOutcome(null);
      return;
    }
    setSending(true);
    setOutcome(null);
    try {
      await call<{ message: string }>(paths.suggestion(), {
        method: 'POST',
        body: { text: values.text, name: values.name, phone: values.phone },
      });
      setValues(EMPTY);
      setOutcome({ kind: 'success' });
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      setOutcome({
        kind: 'error',
        text:
          apiError && apiError.status !== 0
            ? fill(ui['suggest.serverError'], { message: apiError.serverMessage ?? apiError.message })
            : ui['suggest.networkError'],
      });
    } finally {
      setSending(false);
    }
  };

  const errorOf = (field: Field) => (missing[field] ? ui['common.required'] : (broken[field] ?? null));
  const fieldError = (field: Field) => {
    const error = errorOf(field);
    return error ? (
      <p className="field-error" id={`${id}-${field}-error`}>
        {error}
      </p>
    ) : null;
  };
  const described = (field: Field) => (errorOf(field) ? `${id}-${field}-error` : undefined);
  const invalid = (field: Field) => (errorOf(field) ? true : undefined);

  return (
    <form className="form card" onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
      <div className="field">
        <label htmlFor={`${id}-text`}>{ui['suggest.text']}</label>
        <textarea
          id={`${id}-text`}
          name="text"
          rows={5}
          value={values.text}
          disabled={!takenOver}
          required
          // Stops at the server's limit: typing or pasting past it keeps only what fits.
          maxLength={SUGGESTION_LIMITS.textMax}
          aria-invalid={invalid('text')}
          aria-describedby={[described('text'), `${id}-text-count`].filter(Boolean).join(' ')}
          onChange={(e) => set('text')(e.target.value)}
        />
        <TextCount id={`${id}-text-count`} length={values.text.length} />
        {fieldError('text')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-name`}>{ui['suggest.name']}</label>
        <input
          id={`${id}-name`}
          name="name"
          autoComplete="name"
          value={values.name}
          disabled={!takenOver}
          required
          maxLength={SUGGESTION_LIMITS.nameMax}
          aria-invalid={invalid('name')}
          aria-describedby={described('name')}
          onChange={(e) => set('name')(e.target.value)}
        />
        {fieldError('name')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-phone`}>{ui['suggest.phone']}</label>
        <input
          id={`${id}-phone`}
          name="phone"
          type="tel"
          dir="ltr"
          autoComplete="tel"
          inputMode="tel"
          value={values.phone}
          disabled={!takenOver}
          required
          aria-invalid={invalid('phone')}
          aria-describedby={described('phone')}
          onChange={(e) => set('phone')(e.target.value)}
        />
        {fieldError('phone')}
      </div>
      <button type="submit" className="button" disabled={sending || !takenOver} aria-busy={sending}>
        {sending && <Spinner />}
        {sending ? pt['public.sending'] : ui['suggest.submit']}
      </button>
      <div aria-live="polite">
        {outcome?.kind === 'success' && <p className="message message-success">{ui['suggest.success']}</p>}
        {outcome?.kind === 'error' && (
          <p className="message message-error" role="alert">
            {outcome.text}
          </p>
        )}
      </div>
    </form>
  );
}
