// Screen 4: the suggestion form (text, name, phone, all required). Success clears the fields; on any error
// everything typed stays in place.
import { useId, useState, type FormEvent } from 'react';
import { ApiError, call, paths } from '../../api';
import { Spinner } from './Icons';
import { ui, pt, fill } from '../text';

type Field = 'text' | 'name' | 'phone';
const EMPTY: Record<Field, string> = { text: '', name: '', phone: '' };

type Outcome = { kind: 'success' } | { kind: 'error'; text: string } | null;

export function SuggestionForm({ headingId }: { headingId?: string }) {
  const id = useId();
  const [values, setValues] = useState(EMPTY);
  const [missing, setMissing] = useState<Partial<Record<Field, boolean>>>({});
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (value.trim() !== '') setMissing((m) => ({ ...m, [field]: false }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const empty = {
      text: values.text.trim() === '',
      name: values.name.trim() === '',
      phone: values.phone.trim() === '',
    };
    setMissing(empty);
    if (empty.text || empty.name || empty.phone) {
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

  const fieldError = (field: Field) =>
    missing[field] ? (
      <p className="field-error" id={`${id}-${field}-error`}>
        {ui['common.required']}
      </p>
    ) : null;
  const described = (field: Field) => (missing[field] ? `${id}-${field}-error` : undefined);

  return (
    <form className="form card" onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
      <div className="field">
        <label htmlFor={`${id}-text`}>{ui['suggest.text']}</label>
        <textarea
          id={`${id}-text`}
          name="text"
          rows={5}
          value={values.text}
          required
          aria-invalid={missing.text || undefined}
          aria-describedby={described('text')}
          onChange={(e) => set('text')(e.target.value)}
        />
        {fieldError('text')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-name`}>{ui['suggest.name']}</label>
        <input
          id={`${id}-name`}
          name="name"
          autoComplete="name"
          value={values.name}
          required
          aria-invalid={missing.name || undefined}
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
          required
          aria-invalid={missing.phone || undefined}
          aria-describedby={described('phone')}
          onChange={(e) => set('phone')(e.target.value)}
        />
        {fieldError('phone')}
      </div>
      <button type="submit" className="button" disabled={sending} aria-busy={sending}>
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
