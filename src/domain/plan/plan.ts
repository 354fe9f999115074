// The plan of the cemetery: each section of graves drawn as rows, as the graves stand on the ground.
// The committee names its rows (a label and a run of numbers) per section; a section without named rows is drawn
// in rows of ten by number. Kept free of the messages table: the public plan page loads only this.
import type { Gender } from '../types';

/** A row as the committee names it: the graves numbered from..to (both included) stand side by side. */
export interface PlanRow {
  label: string;
  from: number;
  to: number;
}

export const PLAN_LIMITS = {
  /** A row longer than this is a typing slip (a whole section in one row), and would not fit a phone or a page. */
  rowCellsMax: 50,
  rowsMax: 1000,
  labelMax: 20,
  defaultRowLength: 10,
} as const;

/** The sections drawn as rows; the bone sections are listed apart (their graves are named, not numbered). */
export type PlanGender = Exclude<Gender, 'bones'>;
export const PLAN_GENDERS: readonly PlanGender[] = ['men', 'women'];

/**
 * One grave of a row, a character per number from `from` to `to`: available, resting (its days left are in the
 * row's `days`, in order), full, or no grave of that number in the register.
 */
export const PLAN_CELL = { available: 'a', resting: 'r', full: 'f', none: '-' } as const;
export type PlanCell = (typeof PLAN_CELL)[keyof typeof PLAN_CELL];

/** A drawn row: the graves of one row of the plan, compact enough for three thousand graves in a few kilobytes. */
export interface PlanRowDrawn extends PlanRow {
  /** One PlanCell per number from..to. */
  cells: string;
  /** Days left for each resting cell, left to right in `cells`. */
  days: number[];
  /** Graves outside every row the committee named, drawn in rows of ten after them; label is empty. */
  unplaced?: true;
}

export interface PlanSection {
  gender: PlanGender;
  /** true when the committee named this section's rows; false when drawn in rows of ten. */
  configured: boolean;
  rows: PlanRowDrawn[];
}

/** A bone section: named, not numbered, and not in rows. */
export interface PlanBoneSection {
  number: string;
  /** How many people's remains it holds. */
  count: number;
}

export interface PlanAnswer {
  sections: PlanSection[];
  bones: PlanBoneSection[];
}

/** The default label of the k-th row of ten (1-based): its number, in Arabic digits like every number shown. */
const defaultLabel = (k: number) => String(k).replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));

/** Rows of ten by number (1–10, 11–20, …), only those holding at least one of the numbers. */
export function defaultRows(numbers: Iterable<number>): PlanRow[] {
  const size = PLAN_LIMITS.defaultRowLength;
  const ks = new Set<number>();
  for (const n of numbers) if (Number.isInteger(n) && n > 0) ks.add(Math.ceil(n / size));
  return [...ks].sort((a, b) => a - b).map((k) => ({ label: defaultLabel(k), from: (k - 1) * size + 1, to: k * size }));
}

/** The rows a section is drawn in: the committee's, else rows of ten over its numbers. */
export function rowsOfSection(named: readonly PlanRow[], numbers: Iterable<number>): PlanRow[] {
  return named.length > 0 ? [...named] : defaultRows(numbers);
}

/** Where a grave stands: its row and its place in the row (1 for the row's first number); null outside every row. */
export function placeOf(rows: readonly PlanRow[], number: number): { row: PlanRow; place: number } | null {
  const row = rows.find((r) => number >= r.from && number <= r.to);
  return row ? { row, place: number - row.from + 1 } : null;
}

/**
 * A grave's mark on the plan: its cell, and its days left when resting. Graves in the same state share one mark: a
 * city's 100,000 graves are a map of numbers to a few thousand marks, not 100,000 objects built for each drawing.
 */
export interface PlanMark {
  cell: Exclude<PlanCell, '-'>;
  daysLeft: number;
}

/** Whether `n` is in one of `sorted` (rows that do not overlap, by `from`): a binary search, as a city has many. */
function inRows(sorted: readonly PlanRow[], n: number): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const row = sorted[mid]!;
    if (n < row.from) hi = mid - 1;
    else if (n > row.to) lo = mid + 1;
    else return true;
  }
  return false;
}

/**
 * A section's drawing: every named row with its cells, then the graves outside the named rows in rows of ten
 * (marked unplaced), so that a grave created beyond the committee's rows still shows. `graves`: each grave's mark
 * by its number.
 */
export function drawSection(
  gender: PlanGender,
  named: readonly PlanRow[],
  graves: ReadonlyMap<number, PlanMark>,
): PlanSection {
  // The committee's rows never overlap (checkPlanRows), so a number is found in them by halving.
  const sorted = [...named].sort((a, b) => a.from - b.from);
  const draw = (row: PlanRow, unplaced: boolean): PlanRowDrawn => {
    let cells = '';
    const days: number[] = [];
    for (let n = row.from; n <= row.to; n++) {
      // A row of leftovers leaves blank a number that a named row already draws.
      const grave = unplaced && inRows(sorted, n) ? undefined : graves.get(n);
      cells += grave ? grave.cell : PLAN_CELL.none;
      if (grave?.cell === PLAN_CELL.resting) days.push(grave.daysLeft);
    }
    return unplaced ? { ...row, label: '', cells, days, unplaced: true } : { ...row, cells, days };
  };
  const rows = rowsOfSection(named, graves.keys()).map((row) => draw(row, false));
  if (named.length > 0) {
    const left: number[] = [];
    for (const n of graves.keys()) if (!inRows(sorted, n)) left.push(n);
    // Rows of ten over the leftovers, cut so as not to repeat a number a named row already draws: each row from its
    // smallest leftover to its largest (found in one pass: a city has tens of thousands of leftovers).
    const ends = new Map<number, { from: number; to: number }>();
    for (const n of left) {
      if (!Number.isInteger(n) || n <= 0) continue;
      const k = Math.ceil(n / PLAN_LIMITS.defaultRowLength);
      const end = ends.get(k);
      if (!end) ends.set(k, { from: n, to: n });
      else {
        end.from = Math.min(end.from, n);
        end.to = Math.max(end.to, n);
      }
    }
    for (const row of defaultRows(left)) {
      const { from, to } = ends.get(Math.ceil(row.from / PLAN_LIMITS.defaultRowLength))!;
      rows.push(draw({ label: '', from, to }, true));
    }
  }
  return { gender, configured: named.length > 0, rows };
}
