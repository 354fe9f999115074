// The staff's writes to graves and burials. Each runs in one transaction with its audit entry, and marks the grave's
// section changed (markChanged), so the answers that show it are dropped, here and in the other processes.
// A refusal found inside the transaction (unknown id, a grave that became full meanwhile) throws and changes nothing.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { normalizeArabic } from '../../src/domain/normalize';
import type { Gender, Grave, TokenClaims } from '../../src/domain/types';
import type { DialectName } from '../db/connect';
import type { Database } from '../db/schema';
import { isUniqueViolation } from '../db/errors';
import { badRequest, notFound } from '../errors';
import { audit } from './audit';
import { markChanged } from './dataVersions';
import type { GraveChange, LiveSearchIndex } from './searchIndex';
import { findGraveRow, getGrave, graveNumberOf, lockGrave, type StatusContext } from './graves';

type Staff = Pick<TokenClaims, 'sub' | 'email'> | null;
export interface Write {
  db: Kysely<Database>;
  dialect: DialectName;
  by: Staff;
  at: Date;
  /** Told, once the transaction committed, which graves changed (the search index reads them again). */
  changed?: (change: GraveChange) => Promise<void>;
}

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

/** Marks the grave's section changed inside the transaction; answers what to tell `changed` after the commit. */
async function graveChanged(trx: Kysely<Database>, gender: Gender, graveId: string): Promise<GraveChange> {
  const versions = await markChanged(trx, [gender]);
  return { gender, version: versions.get(gender) ?? '', graveIds: [graveId] };
}

/** A new grave (number already checked by the domain rule, as its canonical text). Its id. */
export async function createGrave({ db, by, at, changed }: Write, gender: Gender, number: string): Promise<string> {
  const id = randomUUID();
  let change: GraveChange;
  try {
    change = await db.transaction().execute(async (trx) => {
      const taken = await trx
        .selectFrom('graves')
        .select('id')
        .where('gender', '=', gender)
        .where('number', '=', number)
        .executeTakeFirst();
      if (taken) throw badRequest('grave.duplicate');
      const row = {
        id,
        gender,
        number,
        number_value: /^\d+$/.test(number) ? Number(number) : null,
        full: 0,
        created_at: at.toISOString(),
      };
      await trx.insertInto('graves').values(row).execute();
      await audit(trx, {
        at,
        account: by,
        action: 'grave.create',
        entity: 'grave',
        entityId: id,
        after: { gender, number: graveNumberOf(row) },
      });
      return graveChanged(trx, gender, id);
    });
  } catch (error) {
    // Two staff creating the same number at once: the unique index refuses the second.
    if (isUniqueViolation(error)) throw badRequest('grave.duplicate');
    throw error;
  }
  await changed?.(change);
  return id;
}

export async function markGraveFull({ db, dialect, by, at, changed }: Write, id: string): Promise<void> {
  const change = await db.transaction().execute(async (trx) => {
    await lockGrave(trx, dialect, id);
    const row = await findGraveRow(trx, id);
    if (!row) throw notFound('grave.notFound');
    if (Number(row.full) === 1) throw badRequest('grave.cannotUpdateFull');
    await trx.updateTable('graves').set({ full: 1 }).where('id', '=', id).execute();
    await audit(trx, {
      at,
      account: by,
      action: 'grave.full',
      entity: 'grave',
      entityId: id,
      before: { full: false },
      after: { full: true },
    });
    return graveChanged(trx, row.gender, id);
  });
  await changed?.(change);
}

/** Deletes an empty grave; one that holds burials is refused. */
export async function deleteGrave({ db, by, at, changed }: Write, id: string): Promise<void> {
  const change = await db.transaction().execute(async (trx) => {
    const row = await findGraveRow(trx, id);
    if (!row) throw notFound('grave.notFound');
    const used = await trx.selectFrom('burials').select('id').where('grave_id', '=', id).limit(1).executeTakeFirst();
    if (used) throw badRequest('grave.hasBurials');
    await trx.deleteFrom('graves').where('id', '=', id).execute();
    await audit(trx, {
      at,
      account: by,
      action: 'grave.delete',
      entity: 'grave',
      entityId: id,
      before: { gender: row.gender, number: graveNumberOf(row), full: Number(row.full) === 1 },
    });
    return graveChanged(trx, row.gender, id);
  });
  await changed?.(change);
}

/**
 * Records a burial. The grave is locked and read inside the transaction, and `allow` (the domain's bury rule,
 * applied by the route) sees it as it is at that moment: two burials into one grave at once take turns.
 */
export async function addBurial(
  { db, dialect, by, at, changed }: Write,
  status: StatusContext,
  graveId: string,
  burial: { name: string; burialDate: string },
  allow: (grave: Grave) => void,
): Promise<void> {
  const personId = randomUUID();
  const change = await db.transaction().execute(async (trx) => {
    await lockGrave(trx, dialect, graveId);
    const grave = await getGrave(trx, status, graveId);
    if (!grave) throw notFound('grave.notFound');
    allow(grave);
    const row = {
      id: personId,
      grave_id: graveId,
      name: burial.name,
      name_search: normalizeArabic(burial.name),
      burial_date: burial.burialDate,
      created_at: at.toISOString(),
    };
    await trx.insertInto('burials').values(row).execute();
    await audit(trx, {
      at,
      account: by,
      action: 'burial.create',
      entity: 'burial',
      entityId: personId,
      after: { graveId, graveNumber: grave.number, name: row.name, burialDate: row.burial_date },
    });
    return graveChanged(trx, grave.gender, graveId);
  });
  await changed?.(change);
}

async function burialIn(trx: Kysely<Database>, graveId: string, personId: string) {
  const grave = await findGraveRow(trx, graveId);
  if (!grave) throw notFound('grave.notFound');
  const person = await trx
    .selectFrom('burials')
    .select(['id', 'name', 'burial_date'])
    .where('id', '=', personId)
    .where('grave_id', '=', graveId)
    .executeTakeFirst();
  if (!person) throw notFound('burial.notFound');
  return { grave, person };
}

export async function removeBurial({ db, by, at, changed }: Write, graveId: string, personId: string): Promise<void> {
  const change = await db.transaction().execute(async (trx) => {
    const { grave, person } = await burialIn(trx, graveId, personId);
    await trx.deleteFrom('burials').where('id', '=', person.id).execute();
    await audit(trx, {
      at,
      account: by,
      action: 'burial.delete',
      entity: 'burial',
      entityId: person.id,
      before: { graveId, name: person.name, burialDate: person.burial_date },
    });
    return graveChanged(trx, grave.gender, graveId);
  });
  await changed?.(change);
}

export async function updateBurial(
  { db, by, at, changed }: Write,
  graveId: string,
  personId: string,
  changes: { name?: string; burialDate?: string },
): Promise<void> {
  const change = await db.transaction().execute(async (trx) => {
    const { grave, person } = await burialIn(trx, graveId, personId);
    await trx
      .updateTable('burials')
      .set({
        ...(changes.name !== undefined && { name: changes.name, name_search: normalizeArabic(changes.name) }),
        // A corrected date is a known day; the warning of the history rule was about the date it had.
        ...(changes.burialDate !== undefined && {
          burial_date: changes.burialDate,
          date_precision: 'day' as const,
          warning_json: null,
        }),
        // A corrected burial keeps its import batch from being undone as a whole (data/registerImport.ts).
        updated_at: at.toISOString(),
      })
      .where('id', '=', personId)
      .execute();
    await audit(trx, {
      at,
      account: by,
      action: 'burial.update',
      entity: 'burial',
      entityId: personId,
      before: { name: person.name, burialDate: person.burial_date },
      after: { name: changes.name ?? person.name, burialDate: changes.burialDate ?? person.burial_date },
    });
    return graveChanged(trx, grave.gender, graveId);
  });
  await changed?.(change);
}
