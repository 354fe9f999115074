// A family proposes a correction of one burial — the name, the burial date, a note for the committee — with
// their name and phone (required, as for a suggestion). The register's values stand beside each field, and a typed
// date shows how the register reads it. Everything typed is kept in this browser until it is sent (a failed network,
// a reload or a closed tab loses nothing); the answer's private follow-up address is shown to be kept.
// The checks are the register's own (parseBurialDate, checkBurialName, checkPhone: what the console and the API
// apply), so what this form lets through the server takes, and the server's refusals are shown under their field.
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { ApiError, call, paths } from '../../api';
import { burialDateText, parseBurialDate } from '../../domain/dates/burialDate';
import { formatBurialDate } from '../../domain/dates/dateText';
import { t, type MessageKey } from '../../domain/messages';
import { correctionsPublicText as ct } from '../../domain/messages/correctionsPublic';
import { suggestionRulesText } from '../../domain/messages/inputRules';
import { correctionDraftKey } from '../../domain/paths/browserKeys';
import { publicPaths } from '../../domain/paths/publicPaths';
import { DEFAULT_TIME_ZONE, todayIn } from '../../domain/rules/graveStatus';
import { checkBurialName, checkPhone, checkText, LIMITS, TEXT_FIELDS } from '../../domain/rules/validation';
import {
  checkOptionalText,
  CORRECTION_LIMITS,
  CORRECTION_TEXT_ERRORS,
  CORRECTION_TEXT_FIELDS,
} from '../../domain/rules/corrections';
import { formatNumber } from '../../domain/text/format';
import { graveName } from '../../domain/text/graveLifeText';
import type { BuriedPerson, Grave } from '../../domain/types';
import { Spinner } from '../components/Icons';
import { NotFound, isNotFound } from '../components/NotFound';
import { ErrorMessage, Loading } from '../components/Status';
import { Link, useParams } from '../router';
import { useApi } from '../useApi';
import { fill, pt, ui } from '../text';
import '../pages.css';

const NOTE_MAX = CORRECTION_LIMITS.noteMax;

type Field = 'name' | 'burialDate' | 'note' | 'senderName' | 'senderPhone';
type Values = Record<Field, string>;
const EMPTY: Values = { name: '', burialDate: '', note: '', senderName: '', senderPhone: '' };
const FIELDS = Object.keys(EMPTY) as Field[];

/** The answer to sending a correction (201). */
interface Sent {
  message: string;
  id: string;
  followUrl: string;
  followToken: string;
}

type Problem = { kind: 'network' } | { kind: 'server'; text: string } | null;

/** The server's refusals that name one field, by their key (compared as the Arabic text the server sends). */
const REFUSED_FIELD: ReadonlyArray<readonly [MessageKey, Field]> = [
  ['burial.nameInvalid', 'name'],
  ['input.burialName.control', 'name'],
  ['input.burialName.unpaired', 'name'],
  ['burial.dateInvalid', 'burialDate'],
  ['burial.dateMissing', 'burialDate'],
  ['burial.dateUnreadable', 'burialDate'],
  ['burialDate.noSuchDay', 'burialDate'],
  ['burialDate.dayNeeded', 'burialDate'],
  ['burial.dateFuture', 'burialDate'],
  ['burial.dateTooOld', 'burialDate'],
  ['correction.noteInvalid', 'note'],
  ['correction.noteTooLong', 'note'],
  ['input.correctionNote.control', 'note'],
  ['input.correctionNote.unpaired', 'note'],
  ['correction.senderNameInvalid', 'senderName'],
  ['input.suggestionName.control', 'senderName'],
  ['input.suggestionName.unpaired', 'senderName'],
  ['suggest.phoneInvalid', 'senderPhone'],
];
const fieldOfRefusal = (message: string): Field | null =>
  REFUSED_FIELD.find(([key]) => t(key) === message)?.[1] ?? null;

/**
 * The latest day this form lets through: tomorrow in the register's time zone. The server has the last word on
 * "not after today" (its own zone and clock); the form only spares a round trip for what is plainly wrong.
 */
function latestDay(): string {
  const today = todayIn(DEFAULT_TIME_ZONE);
  return new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

interface Draft {
  values: Values;
  savedAt: number;
}
/** A draft older than this is a different errand: not offered again. */
const DRAFT_DAYS = 30;

function readDraft(personId: string): Values | null {
  try {
    const kept = JSON.parse(localStorage.getItem(correctionDraftKey(personId)) ?? 'null') as Draft | null;
    if (!kept || typeof kept !== 'object' || Date.now() - kept.savedAt > DRAFT_DAYS * 86_400_000) return null;
    const values = { ...EMPTY };
    for (const field of FIELDS) if (typeof kept.values?.[field] === 'string') values[field] = kept.values[field];
    return FIELDS.some((field) => values[field] !== '') ? values : null;
  } catch {
    return null;
  }
}

function writeDraft(personId: string, values: Values | null): void {
  try {
    if (values && FIELDS.some((field) => values[field] !== '')) {
      localStorage.setItem(correctionDraftKey(personId), JSON.stringify({ values, savedAt: Date.now() }));
    } else localStorage.removeItem(correctionDraftKey(personId));
  } catch {
    // Storage refused (a private window, a full disk): the form works, only a reload would lose the text.
  }
}

// Inline: as the suggestion form's, a style sheet of its own is one more file for a small counter.
const COUNT = { margin: 0, fontSize: '0.88rem', color: 'var(--muted)' } as const;
const COUNT_FULL = { ...COUNT, color: 'var(--ink)', fontWeight: 700 } as const;

export default function CorrectBurialPage() {
  const { graveId = '', personId = '' } = useParams();
  const grave = useApi<Grave>(paths.grave(graveId));

  if (grave.state === 'loading') return <Loading page />;
  if (grave.state === 'error') {
    if (isNotFound(grave.error)) return <NotFound text={pt['public.graveNotFound']} />;
    return <ErrorMessage text={pt['public.loadError']} onRetry={grave.reload} />;
  }
  const person = grave.data.buriedPersons.find((p) => p._id === personId);
  if (!person) return <NotFound text={ct['correctionsPublic.personNotFound']} />;
  return <CorrectionForm key={person._id} grave={grave.data} person={person} />;
}

function CorrectionForm({ grave, person }: { grave: Grave; person: BuriedPerson }) {
  const id = useId();
  const [restored] = useState(() => readDraft(person._id));
  const [values, setValues] = useState<Values>(() => restored ?? EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);
  const [sent, setSent] = useState<Sent | null>(null);
  const problemRef = useRef<HTMLDivElement>(null);

  // Every keystroke is kept, so nothing typed is lost to a failed network, a reload or the tab being closed.
  useEffect(() => {
    if (!sent) writeDraft(person._id, values);
  }, [person._id, values, sent]);

  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

  const reading = useMemo(() => {
    if (values.burialDate.trim() === '') return null;
    return parseBurialDate(values.burialDate, latestDay());
  }, [values.burialDate]);

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  /** The body to send, or the errors to show (by field, or for the whole form). */
  function check(): { body: Record<string, string> } | { errors: Partial<Record<Field, string>>; whole?: string } {
    const found: Partial<Record<Field, string>> = {};
    const body: Record<string, string> = {};
    if (values.name.trim() !== '') {
      const name = checkBurialName(values.name);
      if (!name.ok) found.name = t(name.error);
      else if (name.value !== person.name) body.name = name.value;
    }
    if (values.burialDate.trim() !== '') {
      const date = parseBurialDate(values.burialDate, latestDay());
      if (!date.ok) found.burialDate = t(date.error);
      else if (date.value.date !== person.burialDate.slice(0, 10) || date.value.precision !== (person.datePrecision ?? 'day'))
        body.burialDate = burialDateText(date.value.date, date.value.precision);
    }
    const note = checkOptionalText(values.note, NOTE_MAX, CORRECTION_TEXT_ERRORS.note, CORRECTION_TEXT_FIELDS.note);
    if (!note.ok) found.note = t(note.error);
    else if (note.value !== null) body.note = note.value;
    if (values.senderName.trim() === '') found.senderName = ui['common.required'];
    else {
      const sender = checkText(
        values.senderName,
        CORRECTION_LIMITS.senderNameMax,
        'correction.senderNameInvalid',
        TEXT_FIELDS.suggestionName,
      );
      if (!sender.ok) found.senderName = t(sender.error);
      else body.senderName = sender.value;
    }
    if (values.senderPhone.trim() === '') found.senderPhone = ui['common.required'];
    else {
      const phone = checkPhone(values.senderPhone);
      if (!phone.ok) found.senderPhone = t(phone.error);
      else body.senderPhone = phone.value;
    }
    if (Object.keys(found).length > 0) return { errors: found };
    if (!body.name && !body.burialDate && !body.note) return { errors: {}, whole: t('correction.nothingProposed') };
    return { body };
  }

  async function send() {
    const checked = check();
    if ('errors' in checked) {
      setErrors(checked.errors);
      setProblem(checked.whole ? { kind: 'server', text: checked.whole } : null);
      const first = FIELDS.find((field) => checked.errors[field]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setSending(true);
    setProblem(null);
    try {
      const answer = await call<Sent>(paths.burialCorrections(person._id), { method: 'POST', body: checked.body });
      writeDraft(person._id, null);
      setSent(answer);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : new ApiError(0, String(error), null);
      if (apiError.status === 0) {
        setProblem({ kind: 'network' });
        return;
      }
      const message = apiError.serverMessage ?? apiError.message;
      const field = fieldOfRefusal(message);
      if (field) {
        setErrors({ [field]: message });
        document.getElementById(`${id}-${field}`)?.focus();
      } else setProblem({ kind: 'server', text: fill(ct['correctionsPublic.serverError'], { message }) });
    } finally {
      setSending(false);
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!sending) void send();
  };

  const place = graveName(grave);
  const currentDate = formatBurialDate(person.burialDate, person.datePrecision);
  if (sent) return <SentAnswer sent={sent} grave={grave} />;

  const errorOf = (field: Field) => errors[field] ?? null;
  const describedBy = (field: Field, ...more: string[]) =>
    [...more, errorOf(field) ? `${id}-${field}-error` : null].filter(Boolean).join(' ') || undefined;
  const fieldError = (field: Field) =>
    errorOf(field) ? (
      <p className="field-error" id={`${id}-${field}-error`}>
        {errorOf(field)}
      </p>
    ) : null;
  const invalid = (field: Field) => (errorOf(field) ? true : undefined);
  const noteFull = values.note.length >= NOTE_MAX;

  return (
    <section aria-labelledby="correct-heading">
      <h1 id="correct-heading">{ct['correctionsPublic.heading']}</h1>
      <p>{ct['correctionsPublic.intro']}</p>

      <section className="card" aria-labelledby="now-heading">
        <h2 id="now-heading" style={{ marginTop: 0 }}>
          {ct['correctionsPublic.nowHeading']}
        </h2>
        <dl className="now-values">
          <dt>{ui['burial.name']}</dt>
          <dd>{person.name}</dd>
          <dt>{ui['burial.date']}</dt>
          <dd>{currentDate}</dd>
          <dt>{ui['grave.number']}</dt>
          <dd>
            <Link to={publicPaths.grave.href(grave._id)}>{place}</Link>
          </dd>
        </dl>
      </section>

      {restored && (
        <p className="message" role="status">
          {ct['correctionsPublic.draftRestored']}
        </p>
      )}

      <form className="form card" onSubmit={onSubmit} noValidate aria-labelledby="correct-heading" style={{ marginTop: '1rem' }}>
        <div className="field">
          <label htmlFor={`${id}-name`}>{ct['correctionsPublic.newName']}</label>
          <p className="field-now" id={`${id}-name-now`}>
            {ct['correctionsPublic.now']} <strong>{person.name}</strong>
          </p>
          <input
            id={`${id}-name`}
            name="name"
            autoComplete="off"
            value={values.name}
            maxLength={LIMITS.burialNameMax}
            placeholder={ct['correctionsPublic.newNamePlaceholder']}
            aria-invalid={invalid('name')}
            aria-describedby={describedBy('name', `${id}-name-now`)}
            onChange={(e) => set('name')(e.target.value)}
          />
          {fieldError('name')}
        </div>

        <div className="field">
          <label htmlFor={`${id}-burialDate`}>{ct['correctionsPublic.newDate']}</label>
          <p className="field-now" id={`${id}-burialDate-now`}>
            {ct['correctionsPublic.now']} <strong>{currentDate}</strong>
          </p>
          <input
            id={`${id}-burialDate`}
            name="burialDate"
            autoComplete="off"
            inputMode="text"
            value={values.burialDate}
            maxLength={60}
            placeholder={ct['correctionsPublic.newDatePlaceholder']}
            aria-invalid={invalid('burialDate')}
            aria-describedby={describedBy('burialDate', `${id}-burialDate-now`, `${id}-burialDate-hint`)}
            onChange={(e) => set('burialDate')(e.target.value)}
          />
          <p className="field-hint" id={`${id}-burialDate-hint`}>
            {ct['correctionsPublic.dateHint']}
          </p>
          {reading?.ok && !errorOf('burialDate') && (
            <p className="field-reads" aria-live="polite">
              {fill(ct['correctionsPublic.dateReads'], {
                date: formatBurialDate(reading.value.date, reading.value.precision),
              })}
            </p>
          )}
          {fieldError('burialDate')}
        </div>

        <div className="field">
          <label htmlFor={`${id}-note`}>{ct['correctionsPublic.note']}</label>
          <textarea
            id={`${id}-note`}
            name="note"
            rows={4}
            value={values.note}
            maxLength={NOTE_MAX}
            aria-invalid={invalid('note')}
            aria-describedby={describedBy('note', `${id}-note-count`)}
            onChange={(e) => set('note')(e.target.value)}
          />
          <p id={`${id}-note-count`} style={noteFull ? COUNT_FULL : COUNT} aria-live={noteFull ? 'polite' : 'off'}>
            {fill(suggestionRulesText['suggest.counter'], {
              n: formatNumber(Math.min(values.note.length, NOTE_MAX)),
              max: formatNumber(NOTE_MAX),
            })}
            {noteFull && <> — {suggestionRulesText['suggest.atLimit']}</>}
          </p>
          {fieldError('note')}
        </div>

        <fieldset>
          <legend>{ct['correctionsPublic.senderHeading']}</legend>
          <p className="field-hint">{ct['correctionsPublic.senderHint']}</p>
          <div className="field">
            <label htmlFor={`${id}-senderName`}>{ct['correctionsPublic.senderName']}</label>
            <input
              id={`${id}-senderName`}
              name="senderName"
              autoComplete="name"
              value={values.senderName}
              required
              maxLength={LIMITS.personNameMax}
              aria-invalid={invalid('senderName')}
              aria-describedby={describedBy('senderName')}
              onChange={(e) => set('senderName')(e.target.value)}
            />
            {fieldError('senderName')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-senderPhone`}>{ct['correctionsPublic.senderPhone']}</label>
            <input
              id={`${id}-senderPhone`}
              name="senderPhone"
              type="tel"
              dir="ltr"
              autoComplete="tel"
              inputMode="tel"
              value={values.senderPhone}
              required
              aria-invalid={invalid('senderPhone')}
              aria-describedby={describedBy('senderPhone')}
              onChange={(e) => set('senderPhone')(e.target.value)}
            />
            {fieldError('senderPhone')}
          </div>
        </fieldset>

        <button type="submit" className="button" disabled={sending} aria-busy={sending}>
          {sending && <Spinner />}
          {sending ? pt['public.sending'] : ct['correctionsPublic.submit']}
        </button>
        <div aria-live="polite">
          {problem && (
            <div className="message message-error" role="alert" tabIndex={-1} ref={problemRef}>
              <p style={{ margin: 0 }}>
                {problem.kind === 'network' ? ct['correctionsPublic.networkError'] : problem.text}
              </p>
              {problem.kind === 'network' && (
                <button
                  type="button"
                  className="button button-secondary"
                  style={{ marginTop: '0.5rem' }}
                  disabled={sending}
                  onClick={() => void send()}
                >
                  {ct['correctionsPublic.retry']}
                </button>
              )}
            </div>
          )}
        </div>
      </form>
      <p>
        <Link to={publicPaths.grave.href(grave._id)}>{ct['correctionsPublic.backToGrave']}</Link>
      </p>
    </section>
  );
}

/** The answer: the server's message and the private follow-up address, with a way to copy it. */
function SentAnswer({ sent, grave }: { sent: Sent; grave: Grave }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const address = new URL(sent.followUrl, window.location.origin).href;
  useEffect(() => {
    heading.current?.focus();
    window.scrollTo(0, 0);
  }, []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  return (
    <section aria-labelledby="sent-heading">
      <h1 id="sent-heading" tabIndex={-1} ref={heading}>
        {ct['correctionsPublic.sentHeading']}
      </h1>
      <p className="message message-success" role="status">
        {sent.message}
      </p>
      <div className="card follow-address">
        <h2 style={{ margin: 0 }}>{ct['correctionsPublic.followLabel']}</h2>
        <Link to={sent.followUrl} dir="ltr" className="follow-link">
          {address}
        </Link>
        <div className="follow-actions">
          <button type="button" className="button" onClick={() => void copy()}>
            {ct['correctionsPublic.copy']}
          </button>
          <span aria-live="polite">
            {copied === 'yes' && ct['correctionsPublic.copied']}
            {copied === 'no' && ct['correctionsPublic.copyFailed']}
          </span>
        </div>
        <p style={{ margin: 0 }}>
          <strong>{ct['correctionsPublic.keepLink']}</strong>
        </p>
      </div>
      <p style={{ marginTop: '1rem' }}>
        <Link to={publicPaths.grave.href(grave._id)}>{ct['correctionsPublic.backToGrave']}</Link>
      </p>
    </section>
  );
}
