// One table of rows for every door a burial comes in by: the grave's state and what the clerk typed, and
// what the register must do with it — the same at the grave page's form, the bury call, the ledger's batch call and
// the spreadsheet import. Run on the domain rule (tests/domain/oneRuleEveryDoor.test.ts) and through the real
// server on both engines (tests/server/oneRuleEveryDoor.test.ts).
import type { DatePrecision } from '../../src/domain/dates/datePrecision';
import { fill, messages, type MessageKey } from '../../src/domain/messages';

/** The register's today in every run of the table. */
export const TODAY = '2026-03-10';
/** The default resting period (spec section 4). */
export const RESTING_DAYS = 365;

/**
 * The grave a row goes into: empty; resting (one burial seven months ago, 2025-08-10, inside the resting period);
 * full (one burial on 2010-05-01, then marked full).
 */
export type GraveState = 'empty' | 'resting' | 'full';
export const GRAVE_HISTORY: Record<GraveState, ReadonlyArray<{ name: string; date: string }>> = {
  empty: [],
  resting: [{ name: 'سابق الراحل', date: '2025-08-10' }],
  full: [{ name: 'سابق الممتلئة', date: '2010-05-01' }],
};

export type Outcome =
  | { ok: true; date: string; precision: DatePrecision; name?: string; warning?: MessageKey }
  | { ok: false; error: MessageKey };

export interface DoorRow {
  label: string;
  grave: GraveState;
  name: string;
  date: string;
  outcome: Outcome;
}

const saved = (date: string, precision: DatePrecision = 'day', more: { name?: string; warning?: MessageKey } = {}) =>
  ({ ok: true, date, precision, ...more }) as const;
const refused = (error: MessageKey) => ({ ok: false, error }) as const;

export const DOOR_ROWS: readonly DoorRow[] = [
  {
    label: 'Gregorian, Arabic-Indic digits',
    grave: 'empty',
    name: 'أحمد',
    date: '١٥/٣/٢٠٠٤',
    outcome: saved('2004-03-15'),
  },
  { label: 'Gregorian, ISO', grave: 'empty', name: 'بكر', date: '2004-03-15', outcome: saved('2004-03-15') },
  { label: 'Gregorian, month name', grave: 'empty', name: 'جمال', date: '١٥ مارس ٢٠٠٤', outcome: saved('2004-03-15') },
  {
    label: 'Hijri in words, past, into a resting grave',
    grave: 'resting',
    name: 'داود',
    date: '١٥ رمضان ١٤٣٥ هـ',
    outcome: saved('2014-07-12'),
  },
  { label: 'Hijri in words', grave: 'empty', name: 'هاشم', date: '٥ رمضان ١٤٢٥ هـ', outcome: saved('2004-10-19') },
  { label: 'Hijri in digits', grave: 'empty', name: 'وليد', date: '5/9/1425 هـ', outcome: saved('2004-10-19') },
  {
    label: 'Hijri month name without hamza',
    grave: 'empty',
    name: 'زكي',
    date: '١ ربيع الاول ١٤٢٠ هـ',
    outcome: saved('1999-06-15'),
  },
  {
    label: 'Hijri year alone',
    grave: 'empty',
    name: 'حامد',
    date: '١٤٢٥ هـ',
    outcome: saved('2005-02-09', 'hijriYear'),
  },
  {
    label: 'Hijri month and year',
    grave: 'empty',
    name: 'طارق',
    date: 'رمضان ١٤٢٥ هـ',
    outcome: saved('2004-11-13', 'hijriMonth'),
  },
  { label: 'year alone', grave: 'empty', name: 'ياسر', date: '2004', outcome: saved('2004-12-31', 'year') },
  { label: 'month and year', grave: 'empty', name: 'كمال', date: '3/2004', outcome: saved('2004-03-31', 'month') },
  {
    label: 'a year-first date whose year can only be Hijri',
    grave: 'empty',
    name: 'لطفي',
    date: '1426/10/12',
    outcome: saved('2005-11-14'),
  },
  {
    label: "a past date inside the previous burial's resting period",
    grave: 'resting',
    name: 'مراد',
    date: '10/12/2025',
    outcome: saved('2025-12-10', 'day', { warning: 'history.restingAfterPrevious' }),
  },
  {
    label: "a past date inside the next burial's resting period",
    grave: 'resting',
    name: 'نبيل',
    date: '١/٦/٢٠٢٥',
    outcome: saved('2025-06-01', 'day', { warning: 'history.restingBeforeNext' }),
  },
  {
    label: 'today into a resting grave',
    grave: 'resting',
    name: 'سمير',
    date: '10/3/2026',
    outcome: refused('burial.graveResting'),
  },
  { label: 'today into an empty grave', grave: 'empty', name: 'عادل', date: '١٠/٣/٢٠٢٦', outcome: saved(TODAY) },
  { label: 'future', grave: 'empty', name: 'فؤاد', date: '11/3/2026', outcome: refused('burial.dateFuture') },
  { label: 'before 1900', grave: 'empty', name: 'صابر', date: '31/12/1899', outcome: refused('burial.dateTooOld') },
  {
    label: 'no such Hijri day',
    grave: 'empty',
    name: 'قاسم',
    date: '٣٠ شعبان ١٤٤٥ هـ',
    outcome: refused('burialDate.noSuchDay'),
  },
  { label: 'not a date', grave: 'empty', name: 'رامي', date: 'أمس', outcome: refused('burial.dateUnreadable') },
  {
    label: 'a full grave, before its last burial',
    grave: 'full',
    name: 'شريف',
    date: '2008',
    outcome: saved('2008-12-31', 'year'),
  },
  {
    label: 'a full grave, after its last burial',
    grave: 'full',
    name: 'ثابت',
    date: '2015-01-01',
    outcome: refused('burial.fullAtDate'),
  },
  {
    label: 'a name with tatweel, zero-width characters and extra spaces',
    grave: 'empty',
    name: '  محمـــد \u200b  عبد\u00a0الله\u200f ',
    date: '2001',
    outcome: saved('2001-12-31', 'year', { name: 'محمد عبد الله' }),
  },
  {
    label: 'a name of noise alone',
    grave: 'empty',
    name: 'ـــ\u200b',
    date: '2001',
    outcome: refused('burial.nameInvalid'),
  },
];

/** Whether an Arabic message is the message of this key (its placeholders filled with anything). */
export function isMessageOf(message: string, key: MessageKey): boolean {
  const template = messages[key];
  const parts = template.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.+')}$`, 's').test(message) || message === fill(template);
}
