// History is history (section 4; at every door, the grave page's form and the bury call too): the bury rule of spec screen 10 governs the burials recorded for today;
// a burial from the ledger, dated in the past, is the record of what happened and is taken whenever it can have
// happened, with a warning when it sits closer to its neighbours than the resting period.
//
// The rule, exactly:
// - Dated today (the day itself, not a year alone): the bury rule as the single-burial route applies it (canBury): refused in a full grave, and in a
//   resting grave unless its last burial is also today.
// - Dated in the past, in a grave not marked full: accepted.
// - Dated in the past, in a grave marked full: the register does not know when the mark was made, only that it came
//   after the burials it holds; it is placed right after the grave's newest burial. A burial dated on or before that
//   burial's day fits in the history before the mark and is accepted; one dated after it (or any burial into a full
//   grave without burials) is refused.
// - Accepted past burials of men's and women's graves are checked against their neighbours in the grave (the nearest
//   burial before and after, other days only, since two burials on one day are allowed): closer than the resting
//   period gives a warning, never a refusal. A year alone is too vague to measure: no warning against it. Bone
//   sections take remains, without a resting period.
import type { BurialDate } from '../dates/burialDate';
import { formatLedgerDate, knownDaysBetween } from '../dates/burialDate';
import { canBury, deriveStatus } from './graveStatus';
import type { MessageKey } from '../messages';
import { formatDate, formatDays } from '../text/format';
import { GRAVE_STATUS, type Gender, type Grave } from '../types';

export interface HistoryBurial extends BurialDate {
  name: string;
}

export interface HistoryGrave {
  gender: Gender;
  full: boolean;
  /** Its burials, in any order. */
  burials: readonly HistoryBurial[];
}

/** A message key with the values of its placeholders (already formatted for Arabic). */
export interface Reason {
  key: MessageKey;
  params?: Record<string, string>;
}

export type HistoryVerdict = { ok: true; warnings: Reason[] } | { ok: false; reason: Reason };

/** A grave as the API answers it, as the history rule reads it (the full mark is the full status). */
export function historyGraveOf(grave: Pick<Grave, 'gender' | 'status' | 'buriedPersons'>): HistoryGrave {
  return {
    gender: grave.gender,
    full: grave.status === GRAVE_STATUS.full,
    burials: grave.buriedPersons.map((p) => ({
      name: p.name,
      date: p.burialDate,
      precision: p.datePrecision ?? 'day',
    })),
  };
}

const newest = (burials: readonly HistoryBurial[]) =>
  burials.reduce<HistoryBurial | null>((a, b) => (a === null || b.date > a.date ? b : a), null);

/** Whether this grave takes this burial (see the top), and the warnings it is saved with. */
export function checkBurialInHistory(
  grave: HistoryGrave,
  burial: BurialDate,
  today: string,
  restingPeriodDays: number,
): HistoryVerdict {
  const last = newest(grave.burials);
  if (burial.precision === 'day' && burial.date >= today) {
    const { status, daysUntilAvailable } = deriveStatus(
      { gender: grave.gender, full: grave.full, lastBurialDate: last?.date ?? null },
      today,
      restingPeriodDays,
    );
    if (canBury({ gender: grave.gender, status, lastBurialDate: last?.date ?? null }, today)) {
      return { ok: true, warnings: [] };
    }
    if (grave.full) return { ok: false, reason: { key: 'burial.graveFull' } };
    return {
      ok: false,
      reason: {
        key: 'burial.graveResting',
        params: { date: formatDate(last?.date ?? today), days: formatDays(daysUntilAvailable ?? 1) },
      },
    };
  }
  if (grave.full && (last === null || burial.date > last.date)) {
    return { ok: false, reason: { key: 'burial.fullAtDate' } };
  }
  if (grave.gender === 'bones') return { ok: true, warnings: [] };
  let before: HistoryBurial | null = null;
  let after: HistoryBurial | null = null;
  for (const other of grave.burials) {
    if (other.date < burial.date && (before === null || other.date > before.date)) before = other;
    if (other.date > burial.date && (after === null || other.date < after.date)) after = other;
  }
  const warnings: Reason[] = [];
  const near = (other: HistoryBurial | null, key: MessageKey) => {
    if (!other) return;
    const days = knownDaysBetween(other, burial);
    if (days === null || Math.abs(days) >= restingPeriodDays) return;
    warnings.push({
      key,
      params: {
        name: other.name,
        date: formatLedgerDate(other.date, other.precision),
        days: formatDays(Math.abs(days)),
      },
    });
  };
  near(before, 'history.restingAfterPrevious');
  near(after, 'history.restingBeforeNext');
  return { ok: true, warnings };
}
