// The bury rule as every door that records a burial applies it (POST /graves/:id/bury, and the burial
// recorded from a death notice): the name rule, the ledger's date, the history rule inside the write's transaction,
// and the save message with the rule's warnings after it. One function, so the two doors cannot drift apart. The
// same for a burial's correction (PUT /graves/:id/buried/:personId, and the family's correction applied).
import { parseBurialDate, type BurialDate } from '../../../src/domain/dates/burialDate';
import { checkBurialInHistory, historyGraveOf, type Reason } from '../../../src/domain/rules/burialHistory';
import { checkBurialName } from '../../../src/domain/rules/validation';
import { t, type MessageKey } from '../../../src/domain/messages';
import type { DatePrecision } from '../../../src/domain/dates/datePrecision';
import type { Grave } from '../../../src/domain/types';
import type { AppContext } from '../../http/context';
import { addBurial, updateBurial, type BurialUpdateAlso, type Write } from '../../data/graveWrites';
import { badRequest } from '../../http/errors';

/**
 * The one history rule (src/domain/rules/burialHistory.ts), as the batch and the import apply it: throws its refusal,
 * or answers its warnings.
 */
export function historyCheck(burial: BurialDate, today: string, restingPeriodDays: number) {
  return (grave: Grave): readonly Reason[] => {
    const verdict = checkBurialInHistory(historyGraveOf(grave), burial, today, restingPeriodDays);
    if (!verdict.ok) throw badRequest(verdict.reason.key, verdict.reason.params);
    return verdict.warnings;
  };
}

/** A save message with the warnings after it, so whoever reads only the message reads them too. */
export const withWarnings = (message: string, warnings: readonly Reason[]) => ({
  message: [message, ...warnings.map((w) => t(w.key, w.params))].join(' '),
  warnings: warnings.map((w) => t(w.key, w.params)),
});

/**
 * Records a burial of `name` on `burialDate` (as a ledger writes it) into a grave, under the bury rule; `also` runs in
 * the same transaction once the burial is in (graveWrites.ts addBurial) and names what else it changed. Answers the
 * burial's id, its warnings and the success message with them.
 */
export async function recordBurial(
  ctx: AppContext,
  write: Write,
  graveId: string,
  input: { name: unknown; burialDate: unknown },
  also?: Parameters<typeof addBurial>[5],
  success: MessageKey = 'burial.success',
): Promise<{ personId: string; message: string; warnings: string[]; grave: Grave }> {
  const today = ctx.today();
  const name = checkBurialName(input.name);
  if (!name.ok) throw badRequest(name.error);
  const date = parseBurialDate(input.burialDate, today);
  if (!date.ok) throw badRequest(date.error);
  const { personId, warnings, grave } = await addBurial(
    write,
    ctx.statusContext(),
    graveId,
    { name: name.value, burialDate: date.value.date, precision: date.value.precision },
    historyCheck(date.value, today, ctx.config.restingPeriodDays),
    also,
  );
  return { personId, grave, ...withWarnings(t(success), warnings) };
}

/** A burial's correction as the rules read it: the values to write, and the date as read (for the history rule). */
export interface BurialChanges {
  changes: { name?: string; burialDate?: string; precision?: DatePrecision };
  date: BurialDate | null;
}

/**
 * The correction rule of a burial's name and date (each optional): the name rule, and the date read as the ledger
 * writes it with today. Throws the refusal of the first that fails.
 */
export function readBurialChanges(ctx: AppContext, input: { name?: unknown; burialDate?: unknown }): BurialChanges {
  const changes: BurialChanges['changes'] = {};
  let date: BurialDate | null = null;
  if (input.name !== undefined) {
    const name = checkBurialName(input.name);
    if (!name.ok) throw badRequest(name.error);
    changes.name = name.value;
  }
  if (input.burialDate !== undefined) {
    const parsed = parseBurialDate(input.burialDate, ctx.today());
    if (!parsed.ok) throw badRequest(parsed.error);
    date = parsed.value;
    changes.burialDate = date.date;
    changes.precision = date.precision;
  }
  return { changes, date };
}

/**
 * Writes a burial's correction read by readBurialChanges: a new date judged by the history rule against the grave's
 * other burials inside the write's transaction, `also` in the same transaction (graveWrites.ts updateBurial). Answers
 * the success message with the rule's warnings after it, and the warnings.
 */
export async function writeBurialChanges(
  ctx: AppContext,
  write: Write,
  graveId: string,
  personId: string,
  read: BurialChanges,
  also?: BurialUpdateAlso,
  success: MessageKey = 'burial.updated',
): Promise<{ message: string; warnings: string[] }> {
  const { warnings } = await updateBurial(
    write,
    graveId,
    personId,
    read.changes,
    read.date
      ? {
          status: ctx.statusContext(),
          check: historyCheck(read.date, ctx.today(), ctx.config.restingPeriodDays),
        }
      : undefined,
    also,
  );
  return withWarnings(t(success), warnings);
}
