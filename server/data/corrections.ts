// Families' corrections of a burial (docs/corrections-and-photos.md). A visitor sends one (kept with the
// burial as it stood then, and a random follow-up token of its own); the staff read the queue with the burial as it
// stands now, and apply or reject each once. Applying with new values is the burial's own correction (the route
// writes it through graveWrites.ts updateBurial with `applyStep` here in the same transaction); a note-only one is
// marked applied alone. Every decision is audited; no public answer is kept from this table, so nothing is marked.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { isDatePrecision, type DatePrecision } from '../../src/domain/dates/datePrecision';
import { PENDING_LIMITS, type PendingCap } from '../../src/domain/rules/pending';
import { isGender } from '../../src/domain/rules/validation';
import type { Correction, CorrectionFollow, CorrectionStatus, CorrectionValues } from '../../src/domain/types';
import type { DialectName } from '../db/connect';
import type { CorrectionsTable, Database } from '../db/schema';
import { likeContains } from '../db/like';
import { conflict, notFound } from './refusals';
import { audit } from './audit';
import { auditedWrite, type AuditRecord, type Write } from './auditedWrite';
import type { DataScope } from './dataVersions';
import type { BurialUpdateAlso, BurialValues } from './graveWrites';
import { holdPendingTurn, pendingRefusal } from './pending';

type Db = Kysely<Database> | Transaction<Database>;

export const CORRECTION_SORT = {
  createdAt: 'corrections.created_at',
  decidedAt: 'corrections.decided_at',
  status: 'corrections.status',
  id: 'corrections.id',
} as const;

export interface CorrectionListing {
  status: CorrectionStatus | null;
  gender: string | null;
  burialId: string | null;
  /** Part of the burial's name (as sent or proposed), the sender's name or phone. */
  search: string | null;
  sort: { field: keyof typeof CORRECTION_SORT; order: 'asc' | 'desc' } | null;
  range: { start: number; end: number | null } | null;
}

/** What the family proposes, read by the burial rules: only the values that differ from the burial's. */
export interface Proposal {
  name: string | null;
  burialDate: string | null;
  precision: DatePrecision | null;
  note: string | null;
}

type Row = CorrectionsTable & {
  now_name: string | null;
  now_date: string | null;
  now_precision: DatePrecision | null;
  now_grave_id: string | null;
};

const precisionOf = (value: string | null): DatePrecision => (isDatePrecision(value) ? value : 'day');

const selectCorrections = (db: Db) =>
  db
    .selectFrom('corrections')
    .leftJoin('burials', 'burials.id', 'corrections.burial_id')
    .selectAll('corrections')
    .select([
      'burials.name as now_name',
      'burials.burial_date as now_date',
      'burials.date_precision as now_precision',
      'burials.grave_id as now_grave_id',
    ]);

/** Whether a burial's values differ from those a correction was sent against. */
export const differs = (was: CorrectionValues, now: CorrectionValues | BurialValues): boolean =>
  was.name !== now.name ||
  was.burialDate !== now.burialDate ||
  was.datePrecision !== ('datePrecision' in now ? now.datePrecision : now.precision);

const wasOf = (r: CorrectionsTable): CorrectionValues => ({
  name: r.was_name,
  burialDate: r.was_date,
  datePrecision: precisionOf(r.was_precision),
});

function appliedOf(json: string | null): Correction['applied'] {
  if (json === null) return null;
  const parsed: unknown = JSON.parse(json);
  if (parsed === null || typeof parsed !== 'object') return null;
  const { name, burialDate } = parsed as Record<string, unknown>;
  return typeof name === 'string' && typeof burialDate === 'string' ? { name, burialDate } : null;
}

function toCorrection(r: Row): Correction {
  const sentAgainst = wasOf(r);
  const current =
    r.now_name !== null && r.now_date !== null
      ? { name: r.now_name, burialDate: r.now_date, datePrecision: precisionOf(r.now_precision) }
      : null;
  return {
    _id: r.id,
    status: r.status,
    burialId: r.burial_id,
    graveId: r.grave_id,
    gender: isGender(r.gender) ? r.gender : 'men',
    graveNumber: r.grave_number,
    proposed: {
      ...(r.name !== null && { name: r.name }),
      ...(r.burial_date !== null && { burialDate: r.burial_date, datePrecision: precisionOf(r.date_precision) }),
      ...(r.note !== null && { note: r.note }),
    },
    sentAgainst,
    current,
    burialChanged: current === null || differs(sentAgainst, current),
    senderName: r.sender_name,
    senderPhone: r.sender_phone,
    applied: appliedOf(r.applied_json),
    reason: r.reason,
    decidedBy: r.decided_by,
    decidedAt: r.decided_at,
    createdAt: r.created_at,
  };
}

/** A burial's values as they stand, with its grave, or null when there is no burial with that id. */
export async function burialNow(
  db: Db,
  burialId: string,
): Promise<(CorrectionValues & { graveId: string; gender: string; graveNumber: string }) | null> {
  const row = await db
    .selectFrom('burials')
    .innerJoin('graves', 'graves.id', 'burials.grave_id')
    .select([
      'burials.name',
      'burials.burial_date',
      'burials.date_precision',
      'graves.id as grave_id',
      'graves.gender',
      'graves.number',
    ])
    .where('burials.id', '=', burialId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    name: row.name,
    burialDate: row.burial_date,
    datePrecision: precisionOf(row.date_precision),
    graveId: row.grave_id,
    gender: row.gender,
    graveNumber: row.number,
  };
}

/**
 * Whether one more correction from this client, of a burial in this grave, fits under the caps on pending
 * corrections (src/domain/rules/pending.ts), or which cap it meets: the grave's, the client's, the register's.
 */
export async function pendingCorrectionRoom(
  db: Db,
  at: { graveId: string; client: string },
): Promise<PendingCap | null> {
  const pending = db
    .selectFrom('corrections')
    .select(db.fn.countAll<string | number>().as('n'))
    .where('status', '=', 'pending');
  const count = async (query: typeof pending) => Number((await query.executeTakeFirst())?.n ?? 0);
  if ((await count(pending.where('grave_id', '=', at.graveId))) >= PENDING_LIMITS.correctionsPerGrave) return 'grave';
  if ((await count(pending.where('sender_client', '=', at.client))) >= PENDING_LIMITS.correctionsPerClient) {
    return 'client';
  }
  if ((await count(pending)) >= PENDING_LIMITS.correctionsInRegister) return 'register';
  return null;
}

/**
 * A family's correction, kept with the burial as it stands in this transaction. `propose` (the route's rule) sees
 * that burial and answers what is really proposed, or throws a refusal. The caps on pending corrections are checked
 * in the same transaction, taking turns with every other correction being sent, so the last room is taken once.
 * Answers the id and the follow-up token: 24 random bytes, so the private follow-up address can be neither guessed
 * nor walked from the id.
 */
export async function addCorrection(
  db: Kysely<Database>,
  dialect: DialectName,
  burialId: string,
  propose: (burial: CorrectionValues) => Proposal,
  sender: { name: string; phone: string; client: string },
  at: Date,
): Promise<{ id: string; followToken: string }> {
  const id = randomUUID();
  const followToken = randomBytes(24).toString('base64url');
  await db.transaction().execute(async (trx) => {
    await holdPendingTurn(trx, dialect, 'corrections');
    const burial = await burialNow(trx, burialId);
    if (!burial) throw notFound('burial.notFound');
    const proposal = propose(burial);
    const cap = await pendingCorrectionRoom(trx, { graveId: burial.graveId, client: sender.client });
    if (cap) throw pendingRefusal('corrections', cap);
    await trx
      .insertInto('corrections')
      .values({
        id,
        follow_token: followToken,
        status: 'pending',
        burial_id: burialId,
        grave_id: burial.graveId,
        gender: burial.gender,
        grave_number: burial.graveNumber,
        was_name: burial.name,
        was_date: burial.burialDate,
        was_precision: burial.datePrecision,
        name: proposal.name,
        burial_date: proposal.burialDate,
        date_precision: proposal.burialDate === null ? null : proposal.precision,
        note: proposal.note,
        sender_name: sender.name,
        sender_phone: sender.phone,
        created_at: at.toISOString(),
        sender_client: sender.client,
      })
      .execute();
  });
  return { id, followToken };
}

/** The staff's queue: filtered, newest first unless sorted otherwise; with a range, also the number of them all. */
export async function listCorrections(
  db: Kysely<Database>,
  listing: CorrectionListing,
): Promise<{ corrections: Correction[]; total: number | null }> {
  let query = selectCorrections(db);
  if (listing.status) query = query.where('corrections.status', '=', listing.status);
  if (listing.gender) query = query.where('corrections.gender', '=', listing.gender);
  if (listing.burialId) query = query.where('corrections.burial_id', '=', listing.burialId);
  const { search } = listing;
  if (search) {
    query = query.where((eb) =>
      eb.or([
        likeContains('corrections.was_name', search),
        likeContains('corrections.name', search),
        likeContains('corrections.sender_name', search),
        likeContains('corrections.sender_phone', search),
      ]),
    );
  }
  const order = listing.sort?.order ?? 'desc';
  query = query
    .orderBy(listing.sort ? CORRECTION_SORT[listing.sort.field] : 'corrections.created_at', order)
    .orderBy('corrections.id', order);
  if (!listing.range) return { corrections: (await query.execute()).map(toCorrection), total: null };
  const total = Number(
    (await db.selectFrom(query.as('c')).select(db.fn.countAll<string | number>().as('n')).executeTakeFirst())?.n ?? 0,
  );
  const { start } = listing.range;
  const end = listing.range.end ?? Math.max(total - 1, 0);
  const rows = await query.offset(start).limit(end - start + 1).execute();
  return { corrections: rows.map(toCorrection), total };
}

/** A correction with its burial as it stands now (and the grave that burial lies in now, for applying it). */
export async function findCorrection(
  db: Db,
  id: string,
): Promise<{ correction: Correction; graveIdNow: string | null } | null> {
  const row = await selectCorrections(db).where('corrections.id', '=', id).executeTakeFirst();
  return row ? { correction: toCorrection(row), graveIdNow: row.now_grave_id } : null;
}

export async function getCorrection(db: Db, id: string): Promise<Correction | null> {
  return (await findCorrection(db, id))?.correction ?? null;
}

/** What the private follow-up address shows: the state alone, never the values, the sender or the burial. */
export async function followCorrection(db: Db, token: string): Promise<CorrectionFollow | null> {
  const row = await db
    .selectFrom('corrections')
    .select(['status', 'reason', 'created_at', 'decided_at'])
    .where('follow_token', '=', token)
    .executeTakeFirst();
  return row ? { status: row.status, reason: row.reason, createdAt: row.created_at, decidedAt: row.decided_at } : null;
}

interface Decision {
  id: string;
  /** The staff member's name, kept with the correction. */
  decidedBy: string | null;
}

/**
 * Marks a pending correction decided, inside the caller's transaction, and answers its audit entry. The update is
 * conditional on the status still being pending, so two staff deciding at once cannot both succeed: the second is
 * refused (409) and its transaction undone.
 */
async function decide(
  trx: Transaction<Database>,
  write: Write,
  decision: Decision,
  to:
    | { status: 'applied'; applied: { name: string; burialDate: string } | null }
    | { status: 'rejected'; reason: string | null },
): Promise<AuditRecord> {
  const before = await trx
    .selectFrom('corrections')
    .select(['status', 'burial_id'])
    .where('id', '=', decision.id)
    .executeTakeFirst();
  if (!before) throw notFound('correction.notFound');
  const done = await trx
    .updateTable('corrections')
    .set({
      status: to.status,
      decided_by: decision.decidedBy,
      decided_at: write.at.toISOString(),
      // Kept only for the caps on what waits.
      sender_client: null,
      ...(to.status === 'applied'
        ? { applied_json: to.applied === null ? null : JSON.stringify(to.applied) }
        : { reason: to.reason }),
    })
    .where('id', '=', decision.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw conflict('correction.alreadyDecided');
  return {
    action: to.status === 'applied' ? 'correction.apply' : 'correction.reject',
    entity: 'correction',
    entityId: decision.id,
    before: { status: before.status },
    after:
      to.status === 'applied'
        ? { status: 'applied', burialId: before.burial_id, applied: to.applied }
        : { status: 'rejected', burialId: before.burial_id, reason: to.reason },
  };
}

/**
 * The step a burial's correction takes in its own transaction when it applies a family's correction
 * (graveWrites.ts updateBurial's `also`): refuses when the burial changed since the correction was sent (unless the
 * staff confirmed it, having seen the values), then marks the correction applied with what was written, with its own
 * audit entry beside the burial's (which names the correction).
 */
export const applyStep = (
  write: Write,
  decision: Decision,
  sentAgainst: CorrectionValues,
  confirmChanged: boolean,
): BurialUpdateAlso => ({
  audit: { correctionId: decision.id },
  run: async (trx, before, after) => {
    if (!confirmChanged && differs(sentAgainst, before)) throw conflict('correction.burialChanged');
    const entry = await decide(trx, write, decision, {
      status: 'applied',
      applied: { name: after.name, burialDate: after.burialDate },
    });
    await audit(trx, { at: write.at, account: write.by, ...entry });
    return [];
  },
});

/** Nothing public shows a correction: a decision alone drops no kept answer. */
const NO_MARKS: readonly DataScope[] = [];

/**
 * A correction applied with no change to the burial (a note for the committee, or values the burial already has).
 * The burial must still be there, and unchanged since it was sent unless the staff confirmed it.
 */
export async function applyWithoutChange(write: Write, decision: Decision, confirmChanged: boolean): Promise<void> {
  await auditedWrite(write, {
    run: async (trx) => {
      const found = await findCorrection(trx, decision.id);
      if (!found) throw notFound('correction.notFound');
      const { correction } = found;
      if (correction.status !== 'pending') throw conflict('correction.alreadyDecided');
      if (correction.current === null) throw conflict('correction.burialGone');
      if (correction.burialChanged && !confirmChanged) throw conflict('correction.burialChanged');
      const entry = await decide(trx, write, decision, { status: 'applied', applied: null });
      return { result: undefined, audit: entry, marks: NO_MARKS };
    },
  });
}

/** A correction rejected, with the reason shown on the family's follow-up page. */
export async function rejectCorrection(write: Write, decision: Decision, reason: string | null): Promise<void> {
  await auditedWrite(write, {
    run: async (trx) => ({
      result: undefined,
      audit: await decide(trx, write, decision, { status: 'rejected', reason }),
      marks: NO_MARKS,
    }),
  });
}
