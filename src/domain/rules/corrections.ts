// The limits and text rules of a family's correction of a burial (docs/corrections-and-photos.md), in one
// place for the API that enforces them and the forms that warn before sending. The burial's own name and date go
// through the burial rules (checkBurialName, parseBurialDate); the sender is checked as a suggestion's sender.
import { LIMITS, checkText, type Checked, type TextField } from './validation';

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

/**
 * An optional free text (the note, a rejection's reason): absent or blank is none (null); otherwise the text rules of
 * its field and its length.
 */
export function checkOptionalText(
  value: unknown,
  max: number,
  error: Parameters<typeof checkText>[2],
  field: TextField,
): Checked<string | null> {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    return { ok: true, value: null };
  }
  return checkText(value, max, error, field);
}

/** A proposed value the family left empty (the form sends its untouched fields blank) is no proposal. */
export const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
