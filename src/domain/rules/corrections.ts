// The limits and text rules of a family's correction of a burial (docs/corrections-and-photos.md), in one
// place for the API that enforces them and the forms that warn before sending. The burial's own name and date go
// through the burial rules (checkBurialName, parseBurialDate); the sender is checked as a suggestion's sender.
import type { MessageKey } from '../messages';
import { LIMITS, checkTextRules, type Checked, type TextField } from './validation';

export const CORRECTION_LIMITS = {
  /** Characters of the family's note for the committee. */
  noteMax: 1000,
  /** Characters of the reason given with a rejection (shown on the follow-up page). */
  reasonMax: 500,
  senderNameMax: LIMITS.personNameMax,
} as const;

/** The correction's free texts: several lines each, with their own Arabic reasons for a control or broken character. */
export const CORRECTION_TEXT_FIELDS = {
  note: { kind: 'multiline', control: 'input.correctionNote.control', unpaired: 'input.correctionNote.unpaired' },
  reason: {
    kind: 'multiline',
    control: 'input.correctionReason.control',
    unpaired: 'input.correctionReason.unpaired',
  },
} as const satisfies Record<string, TextField>;

/** The reasons of the correction's free texts: one for a text too long, another for a value that is no text at all. */
export const CORRECTION_TEXT_ERRORS = {
  note: { tooLong: 'correction.noteTooLong', invalid: 'correction.noteInvalid' },
  reason: { tooLong: 'correction.reasonTooLong', invalid: 'correction.reasonInvalid' },
} as const satisfies Record<string, { tooLong: MessageKey; invalid: MessageKey }>;

/**
 * An optional free text (the note, a rejection's reason): absent or blank is none (null); a value that is not text
 * (a number sent for the note) is refused as such, never as too long; otherwise the text rules of its field, then its
 * length.
 */
export function checkOptionalText(
  value: unknown,
  max: number,
  errors: { tooLong: MessageKey; invalid: MessageKey },
  field: TextField,
): Checked<string | null> {
  if (value === undefined || value === null) return { ok: true, value: null };
  if (typeof value !== 'string') return { ok: false, error: errors.invalid };
  const clean = checkTextRules(value, field);
  if (!clean.ok) return clean;
  const trimmed = clean.value.trim();
  if (trimmed === '') return { ok: true, value: null };
  if ([...trimmed].length > max) return { ok: false, error: errors.tooLong };
  return { ok: true, value: trimmed };
}

/** A proposed value the family left empty (the form sends its untouched fields blank) is no proposal. */
export const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
