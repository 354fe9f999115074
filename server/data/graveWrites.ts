// The staff's writes to graves and burials, each one audited write (auditedWrite.ts): one transaction with its
// audit entry, the grave's section marked changed (so the answers that show it are dropped, here and in the other
// processes), and the search index told after the commit. A refusal found inside the transaction (unknown id, a
// grave that became full meanwhile) throws and changes nothing.
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { normalizeArabic } from '../../src/domain/search/normalize';
import type { Gender, Grave } from '../../src/domain/types';
import type { DatePrecision } from '../../src/domain/dates/datePrecision';
import type { Reason } from '../../src/domain/rules/burialHistory';
import type { DialectName } from '../db/connect';
import type { Database } from '../db/schema';
import { isUniqueViolation } from '../db/errors';
import { conflict, invalid, notFound } from './refusals';
import { auditedWrite } from './auditedWrite';
import type { DataScope } from './dataVersions';
import type { LiveSearchIndex } from './searchIndex';
import {
  findGraveRow,
  getGrave,
  graveNumberOf,
  toBuriedPerson,
  toGrave,
  withBurialAdded,
  type StatusContext,
} from './graves';
import type { Staff, Write } from './write';

export type { Write } from './write';

/** A write made now, on the register's database, by the signed-in staff member of a request. */
export const writeBy = (
  ctx: { db: Kysely<Database>; dialect: DialectName; now(): Date; searchIndex: LiveSearchIndex },
  request: { account: Staff },
): Write => ({
  db: ctx.db,
  dialect: ctx.dialect,
  by: request.account,
  at: ctx.now(),
  changed: (change) => ctx.searchIndex.changedGraves(change),
});

/**
 * What a write to one grave changed: its section, and the graves on record unless the grave is new (a new grave
 * has no burials yet, so no answer about burials shows it).
 */
const graveChange = (gender: Gender, id: string, { created = false } = {}) => ({
  marks: (created ? [gender] : [gender, 'burials']) satisfies DataScope[],
  graves: [{ gender, id, created }],
});

/** A new grave (number already checked by the domain rule, as its canonical text), as it now stands. */
export async function createGrave(
  write: Write,
  status: StatusContext,
  gender: Gender,
  number: string,
): Promise<Grave> {
  const id = randomUUID();
  try {
    return await auditedWrite(write, {
      run: async (trx) => {
        const taken = await trx
          .selectFrom('graves')
          .select('id')
          .where('gender', '=', gender)
          .where('number', '=', number)
          .executeTakeFirst();
        if (taken) throw invalid('grave.duplicate');
        const row = {
          id,
          gender,
          number,
          number_value: /^\d+$/.test(number) ? Number(number) : null,
          full: 0,
          created_at: write.at.toISOString(),
        };
        await trx.insertInto('graves').values(row).execute();
        return {
          // The grave as it now stands, empty: its answer needs no read after the commit.
          result: toGrave(row, [], status),
          audit: { action: 'grave.create', entity: 'grave', entityId: id, after: { gender, number: graveNumberOf(row) } },
          ...graveChange(gender, id, { created: true }),
        };
      },
    });
  } catch (error) {
    // Two staff creating the same number at once: the unique index refuses the second.
    if (isUniqueViolation(error)) throw invalid('grave.duplicate');
    throw error;
  }
}

export async function markGraveFull(write: Write, id: string): Promise<void> {
  await auditedWrite(write, {
    lock: [id],
    run: async (trx) => {
      const row = await findGraveRow(trx, id);
      if (!row) throw notFound('grave.notFound');
      if (Number(row.full) === 1) throw invalid('grave.cannotUpdateFull');
      await trx.updateTable('graves').set({ full: 1 }).where('id', '=', id).execute();
      return {
        result: undefined,
        audit: { action: 'grave.full', entity: 'grave', entityId: id, before: { full: false }, after: { full: true } },
        ...graveChange(row.gender, id),
      };
    },
  });
}

/** Deletes an empty grave; one that holds burials is refused. */
export async function deleteGrave(write: Write, id: string): Promise<void> {
  await auditedWrite(write, {
    run: async (trx) => {
      const row = await findGraveRow(trx, id);
      if (!row) throw notFound('grave.notFound');
      const used = await trx.selectFrom('burials').select('id').where('grave_id', '=', id).limit(1).executeTakeFirst();
      if (used) throw invalid('grave.hasBurials');
      await trx.deleteFrom('graves').where('id', '=', id).execute();
      return {
        result: undefined,
        audit: {
          action: 'grave.delete',
          entity: 'grave',
          entityId: id,
          before: { gender: row.gender, number: graveNumberOf(row), full: Number(row.full) === 1 },
        },
        ...graveChange(row.gender, id),
      };
    },
  });
}

/**
 * Records a burial. The grave is locked and read inside the transaction, and `allow` (the domain's bury rule,
 * applied by the route) sees it as it is at that moment: two burials into one grave at once take turns.
 */
/**
 * A burial recorded into a grave. `allow` (the route's, with today's date) sees the grave as it stands inside the
 * transaction and throws a refusal, or answers the history rule's warnings: the first is stored with the burial
 * (shown to the staff on the grave's page, as an import's are), all are answered.
 */
export async function addBurial(
  write: Write,
  status: StatusContext,
  graveId: string,
  burial: { name: string; burialDate: string; precision?: DatePrecision },
  allow: (grave: Grave) => readonly Reason[] | void,
  /**
   * What else the same transaction does once the burial is in (a notice linked to it), and the parts of
   * the register that changes.
   */
  also?: (trx: Transaction<Database>, personId: string) => Promise<readonly DataScope[]>,
): Promise<{ personId: string; warnings: readonly Reason[]; grave: Grave }> {
  const personId = randomUUID();
  return auditedWrite(write, {
    run: async (trx) => {
      // Locked as it is read (one round trip less than lockGrave and then the read).
      const grave = await getGrave(trx, status, graveId, { inWrite: write.dialect });
      if (!grave) throw notFound('grave.notFound');
      const warnings = allow(grave) ?? [];
      const row = {
        id: personId,
        grave_id: graveId,
        name: burial.name,
        name_search: normalizeArabic(burial.name),
        burial_date: burial.burialDate,
        date_precision: burial.precision ?? 'day',
        warning_json: warnings[0] ? JSON.stringify(warnings[0]) : null,
        created_at: write.at.toISOString(),
      };
      await trx.insertInto('burials').values(row).execute();
      const alsoMarks = also ? await also(trx, personId) : [];
      const change = graveChange(grave.gender, graveId);
      // The grave as it now stands, for the write's answer: what was read of it with the new burial added, or read
      // again in the transaction when the order of its people needs more than their days.
      const now =
        withBurialAdded(grave, toBuriedPerson({ ...row, notes: null }), status) ??
        (await getGrave(trx, status, graveId, { inWrite: write.dialect }));
      if (!now) throw notFound('grave.notFound');
      return {
        result: { personId, warnings, grave: now },
        audit: {
          action: 'burial.create',
          entity: 'burial',
          entityId: personId,
          after: { graveId, graveNumber: grave.number, name: row.name, burialDate: row.burial_date },
        },
        ...change,
        marks: [...change.marks, ...alsoMarks],
      };
    },
  });
}

async function burialIn(trx: Kysely<Database>, graveId: string, personId: string) {
  const grave = await findGraveRow(trx, graveId);
  if (!grave) throw notFound('grave.notFound');
  const person = await trx
    .selectFrom('burials')
    .select(['id', 'name', 'burial_date', 'date_precision', 'batch_id'])
    .where('id', '=', personId)
    .where('grave_id', '=', graveId)
    .executeTakeFirst();
  if (!person) throw notFound('burial.notFound');
  return { grave, person };
}

/**
 * Removes a burial from the register (a removal a manager can undo). The row leaves `burials`, so every
 * read, count, search and export forgets it at once, and is kept whole in `removed_burials` with its moves to the
 * ossuary until a manager restores it from the audit entry (data/undo.ts).
 */
export async function removeBurial(write: Write, graveId: string, personId: string): Promise<void> {
  await auditedWrite(write, {
    run: async (trx) => {
      const { grave, person } = await burialIn(trx, graveId, personId);
      const row = await trx.selectFrom('burials').selectAll().where('id', '=', person.id).executeTakeFirstOrThrow();
      const moves = await trx.selectFrom('burial_moves').selectAll().where('burial_id', '=', person.id).execute();
      await trx
        .insertInto('removed_burials')
        .values({
          id: person.id,
          grave_id: graveId,
          row_json: JSON.stringify(row),
          moves_json: JSON.stringify(moves),
          removed_at: write.at.toISOString(),
        })
        .execute();
      await trx.deleteFrom('burial_moves').where('burial_id', '=', person.id).execute();
      await trx.deleteFrom('burials').where('id', '=', person.id).execute();
      return {
        result: undefined,
        audit: {
          action: 'burial.delete',
          entity: 'burial',
          entityId: person.id,
          // The import batch it came in: an undo of that batch names the person it can no longer remove.
          before: {
            graveId,
            graveNumber: graveNumberOf(grave),
            gender: grave.gender,
            name: person.name,
            burialDate: person.burial_date,
            ...(person.batch_id && { batchId: person.batch_id }),
          },
        },
        ...graveChange(grave.gender, graveId),
      };
    },
  });
}

/** A burial's values as a correction compares them. */
export interface BurialValues {
  name: string;
  burialDate: string;
  precision: DatePrecision;
}

/**
 * What else a burial's correction does in its own transaction (a family's correction marked applied), and
 * what it adds to the burial's audit entry (the correction's id), so the register and the correction never disagree.
 */
export interface BurialUpdateAlso {
  /** Merged into the `after` of the burial's audit entry. */
  audit?: Record<string, unknown>;
  /**
   * Runs once the burial is updated, seeing it as it stood before and as it stands now: throws a refusal (the update
   * is undone with it), or names the parts of the register it changed.
   */
  run(trx: Transaction<Database>, before: BurialValues, after: BurialValues): Promise<readonly DataScope[]>;
}

/**
 * A burial corrected. A new date is checked by `allowDate` (the route's history rule) against the grave's other
 * burials, inside the transaction: it throws a refusal, or answers the warnings the corrected burial is kept with.
 */
export async function updateBurial(
  write: Write,
  graveId: string,
  personId: string,
  changes: { name?: string; burialDate?: string; precision?: DatePrecision },
  allowDate?: { status: StatusContext; check: (grave: Grave) => readonly Reason[] | void },
  also?: BurialUpdateAlso,
): Promise<{ warnings: readonly Reason[] }> {
  return auditedWrite(write, {
    lock: [graveId],
    run: async (trx) => {
      const { grave, person } = await burialIn(trx, graveId, personId);
      let warnings: readonly Reason[] = [];
      if (changes.burialDate !== undefined && allowDate) {
        const whole = await getGrave(trx, allowDate.status, graveId);
        if (!whole) throw notFound('grave.notFound');
        // The grave as it would stand without this burial: the corrected one is judged against the others.
        const others = { ...whole, buriedPersons: whole.buriedPersons.filter((p) => p._id !== personId) };
        warnings = allowDate.check(others) ?? [];
      }
      await trx
        .updateTable('burials')
        .set({
          ...(changes.name !== undefined && { name: changes.name, name_search: normalizeArabic(changes.name) }),
          // The warning of the history rule was about the date it had: a corrected date has its own.
          ...(changes.burialDate !== undefined && {
            burial_date: changes.burialDate,
            date_precision: changes.precision ?? 'day',
            warning_json: warnings[0] ? JSON.stringify(warnings[0]) : null,
          }),
          // A corrected burial keeps its import batch from being undone as a whole (data/registerImport.ts).
          updated_at: write.at.toISOString(),
        })
        .where('id', '=', personId)
        .execute();
      const before = { name: person.name, burialDate: person.burial_date, precision: person.date_precision };
      const after = {
        name: changes.name ?? person.name,
        burialDate: changes.burialDate ?? person.burial_date,
        precision: changes.burialDate !== undefined ? (changes.precision ?? 'day') : person.date_precision,
      };
      const alsoMarks = also ? await also.run(trx, before, after) : [];
      const change = graveChange(grave.gender, graveId);
      return {
        result: { warnings },
        audit: {
          action: 'burial.update',
          entity: 'burial',
          entityId: personId,
          before: { name: before.name, burialDate: before.burialDate },
          after: { name: after.name, burialDate: after.burialDate, ...also?.audit },
        },
        ...change,
        marks: [...change.marks, ...alsoMarks],
      };
    },
  });
}

/**
 * Moves the remains of some (or all) of a grave's people into a bone section's grave on a day. Each
 * person keeps their record: the burial now lies in the bone grave, and the move is kept (the first grave's
 * history still names them). Both graves are locked; the checks that need the rows run inside the transaction.
 * Without named people, "all" means everyone whose resting period has passed (`rested`, the route's rule
 * with today), refused with 409 when nobody has while someone still rests; `check` (the route's) sees the people
 * about to move and refuses one still resting unless a manager gave a reason. The audit entry keeps the people's
 * ids and the moves it made, so a manager can undo it (data/undo.ts), and the reason.
 */
export async function transferRemains(
  write: Write,
  graveId: string,
  move: { bonesGraveId: string; date: string; personIds: readonly string[] | null; reason: string | null },
  rested: (burialDate: string) => boolean,
  check: (people: ReadonlyArray<{ name: string; burialDate: string }>) => void,
): Promise<{ moved: number; to: Pick<Grave, 'number' | 'gender'> }> {
  return auditedWrite(write, {
    lock: [graveId, move.bonesGraveId],
    run: async (trx) => {
      const from = await findGraveRow(trx, graveId);
      if (!from) throw notFound('grave.notFound');
      if (from.gender === 'bones') throw invalid('transfer.sourceIsBones');
      const to = await findGraveRow(trx, move.bonesGraveId);
      if (!to) throw invalid('transfer.targetNotFound');
      if (to.gender !== 'bones') throw invalid('transfer.targetNotBones');
      const here = await trx
        .selectFrom('burials')
        .select(['id', 'name', 'burial_date'])
        .where('grave_id', '=', graveId)
        .execute();
      const people =
        move.personIds === null
          ? here.filter((p) => rested(p.burial_date))
          : here.filter((p) => move.personIds!.includes(p.id));
      if (move.personIds !== null && people.length !== new Set(move.personIds).size) {
        throw invalid('transfer.personNotHere');
      }
      if (people.length === 0 && here.length > 0 && move.personIds === null) throw conflict('transfer.allResting');
      if (people.length === 0) throw invalid('transfer.nobody');
      check(people.map((p) => ({ name: p.name, burialDate: p.burial_date })));
      const ids = people.map((p) => p.id);
      const moves = ids.map((burialId) => ({
        id: randomUUID(),
        burial_id: burialId,
        from_grave_id: from.id,
        from_gender: from.gender,
        from_number: from.number,
        to_grave_id: to.id,
        moved_on: move.date,
        created_at: write.at.toISOString(),
      }));
      await trx.updateTable('burials').set({ grave_id: to.id }).where('id', 'in', ids).execute();
      await trx.insertInto('burial_moves').values(moves).execute();
      return {
        result: { moved: ids.length, to: { number: graveNumberOf(to), gender: to.gender } },
        audit: {
          action: 'burial.transfer',
          entity: 'grave',
          entityId: graveId,
          before: {
            graveId,
            graveNumber: graveNumberOf(from),
            gender: from.gender,
            people: people.map((p) => p.name),
            personIds: ids,
            // Who stayed: a burial found in the grave later that is neither is new since, and blocks an undo.
            stayedIds: here.filter((p) => !ids.includes(p.id)).map((p) => p.id),
          },
          after: {
            graveId: to.id,
            graveNumber: graveNumberOf(to),
            date: move.date,
            moveIds: moves.map((m) => m.id),
            ...(move.reason !== null && { reason: move.reason }),
          },
        },
        marks: [from.gender, 'bones', 'burials'],
        graves: [
          { gender: from.gender, id: from.id },
          { gender: to.gender, id: to.id },
        ],
      };
    },
  });
}

/**
 * Clears a grave's full mark, with the reason the manager gives, only when no burial left in it holds
 * it in its resting period: `allow` (the route's rule, with today) sees the grave's newest burial date.
 */
export async function reopenGrave(
  write: Write,
  id: string,
  reason: string,
  allow: (grave: { gender: Gender; lastBurialDate: string | null }) => void,
): Promise<void> {
  await auditedWrite(write, {
    lock: [id],
    run: async (trx) => {
      const row = await findGraveRow(trx, id);
      if (!row) throw notFound('grave.notFound');
      if (Number(row.full) !== 1) throw invalid('reopen.notFull');
      const newest = await trx
        .selectFrom('burials')
        .select('burial_date')
        .where('grave_id', '=', id)
        .orderBy('burial_date', 'desc')
        .limit(1)
        .executeTakeFirst();
      allow({ gender: row.gender, lastBurialDate: newest?.burial_date ?? null });
      await trx.updateTable('graves').set({ full: 0 }).where('id', '=', id).execute();
      return {
        result: undefined,
        audit: {
          action: 'grave.reopen',
          entity: 'grave',
          entityId: id,
          before: { full: true },
          after: { full: false, reason },
        },
        ...graveChange(row.gender, id),
      };
    },
  });
}

/** Records where a grave is, or forgets it (null), audited. */
export async function setGravePosition(
  write: Write,
  id: string,
  position: { latitude: number; longitude: number } | null,
): Promise<void> {
  await auditedWrite(write, {
    lock: [id],
    run: async (trx) => {
      const row = await findGraveRow(trx, id);
      if (!row) throw notFound('grave.notFound');
      const text = (n: number | undefined) => (n === undefined ? null : String(n));
      await trx
        .updateTable('graves')
        .set({ latitude: text(position?.latitude), longitude: text(position?.longitude) })
        .where('id', '=', id)
        .execute();
      return {
        result: undefined,
        audit: { action: 'grave.position', entity: 'grave', entityId: id, after: { position } },
        ...graveChange(row.gender, id),
      };
    },
  });
}
