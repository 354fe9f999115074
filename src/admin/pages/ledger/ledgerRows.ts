// The ledger page's rows: what one holds, the draft kept on this device, and a row's checks as it is typed.
import { burialDateText, parseBurialDate } from '../../../domain/dates/burialDate';
import { t } from '../../../domain/messages';
import { checkBurialName, checkGraveNumber } from '../../../domain/rules/validation';
import type { Gender } from '../../../domain/types';
import type { LedgerRow } from '../../../dataProvider';
import { checkSession } from '../../../shared/session';

/** The draft of the signed-in account (none without a session: nothing is kept for nobody). */
export const draftKey = (): string | null => {
  const user = checkSession();
  return user ? `cemetery.ledgerDraft:${user.id}` : null;
};
export const GENDERS: Gender[] = ['men', 'women', 'bones'];
/** The fields Enter walks through, in order; notes are reached with Tab (most ledgers have none). */
export const ENTER_ORDER = ['number', 'name', 'date'] as const;
export type Field = 'gender' | 'number' | 'name' | 'date' | 'notes';

export interface Row {
  key: number;
  gender: Gender;
  number: string;
  name: string;
  date: string;
  notes: string;
  createGrave: boolean;
  /** The server's reason, when it refused the row at the last save. */
  refused?: string;
}

export const emptyRow = (key: number, gender: Gender): Row => ({
  key,
  gender,
  number: '',
  name: '',
  date: '',
  notes: '',
  createGrave: false,
});
export const isBlank = (row: Row) => row.number.trim() === '' && row.name.trim() === '' && row.date.trim() === '';

export function readDraft(key: string | null): Row[] | null {
  if (key === null) return null;
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
    if (!Array.isArray(saved) || saved.length === 0) return null;
    return saved.map((r: Partial<Row>, i) => ({
      ...emptyRow(i + 1, GENDERS.includes(r.gender as Gender) ? (r.gender as Gender) : 'men'),
      number: String(r.number ?? ''),
      name: String(r.name ?? ''),
      date: String(r.date ?? ''),
      notes: String(r.notes ?? ''),
      createGrave: r.createGrave === true,
      refused: typeof r.refused === 'string' ? r.refused : undefined,
    }));
  } catch {
    return null;
  }
}

/** A row's checks, as typed: the reasons to show, and the row as the API takes it when it has none. */
export function checkRow(row: Row, today: string, numbers: Set<string> | undefined) {
  const reasons: string[] = [];
  let unknownGrave = false;
  const number = checkGraveNumber(row.gender, row.number);
  if (!number.ok) reasons.push(t(number.error));
  else if (numbers && !numbers.has(String(number.value))) {
    unknownGrave = true;
    if (!row.createGrave) reasons.push(t('entry.unknownGrave'));
  }
  const name = checkBurialName(row.name);
  if (!name.ok) reasons.push(t(name.error));
  // The register's one burial-date reader: the server reads the row's date by the same rule.
  const date = parseBurialDate(row.date, today);
  if (!date.ok) reasons.push(t(date.error));
  const valid: LedgerRow | null =
    reasons.length === 0 && number.ok && name.ok && date.ok
      ? {
          gender: row.gender,
          graveNumber: String(number.value),
          name: name.value,
          burialDate: burialDateText(date.value.date, date.value.precision),
          ...(row.notes.trim() && { notes: row.notes.trim() }),
          ...(unknownGrave && { createGrave: true }),
        }
      : null;
  return { reasons, unknownGrave, valid };
}

/** The id of a row's field (the page moves the focus by it). */
export const fieldId = (key: number, field: Field) => `ledger-${key}-${field}`;
