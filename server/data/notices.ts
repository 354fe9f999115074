// Death notices. The public reads the current ones (and the last month's); managers and admins publish,
// correct, hide and delete them, each an audited write that drops the notices' answers ('notices'), and the grave's
// answers too when a link to a grave changes what that grave shows. The rule of a notice is the domain's
// (src/domain/notices/noticeRules.ts); this module stores what the rule let through, and checks the links (a grave
// that exists, a burial in that grave) inside the write's transaction.
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Condolence, Notice } from '../../src/domain/notices/notice';
import { isCondolenceFor } from '../../src/domain/notices/notice';
import type { NoticeFields } from '../../src/domain/notices/noticeRules';
import { zonedInstant } from '../../src/domain/dates/zonedTime';
import type { Gender } from '../../src/domain/types';
import type { Database, NoticesTable } from '../db/schema';
import { likeContains } from '../db/like';
import { conflict, invalid, notFound } from './refusals';
import { audit } from './audit';
import { auditedWrite, lockGrave, type Write } from './auditedWrite';
import type { DataScope } from './dataVersions';
import { graveNumberOf } from './graves';

type Db = Kysely<Database> | Transaction<Database>;

export const NOTICE_SORT = {
  prayerAt: 'prayer_instant',
  name: 'name',
  endsAt: 'ends_at',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  id: 'id',
} as const;

export type NoticeStatus = 'current' | 'past' | 'hidden';

export interface NoticeListing {
  /** Part of the name, the relations line or the mosque. */
  search: string | null;
  status: NoticeStatus | null;
  sort: { field: keyof typeof NOTICE_SORT; order: 'asc' | 'desc' } | null;
  range: { start: number; end: number | null } | null;
}

type Row = NoticesTable & { grave_gender: Gender | null; grave_number: string | null };

function readCondolences(json: string): Condolence[] {
  const parsed: unknown = JSON.parse(json);
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((c: unknown) => {
    if (c === null || typeof c !== 'object') return [];
    const { place, for: who, from, to, hours } = c as Record<string, unknown>;
    if (typeof place !== 'string' || !isCondolenceFor(who) || typeof from !== 'string' || typeof to !== 'string') {
      return [];
    }
    return [{ place, for: who, from, to, hours: typeof hours === 'string' ? hours : null }];
  });
}

const toNotice = (r: Row): Notice => ({
  id: r.id,
  _id: r.id,
  name: r.name,
  relations: r.relations,
  prayerAt: r.prayer_at,
  prayerInstant: r.prayer_instant,
  timeZone: r.time_zone,
  mosque: r.mosque,
  afterPrayer: r.after_prayer,
  graveId: r.grave_id,
  burialId: r.burial_id,
  grave:
    r.grave_id && r.grave_gender && r.grave_number !== null
      ? {
          _id: r.grave_id,
          gender: r.grave_gender,
          number: graveNumberOf({ gender: r.grave_gender, number: r.grave_number }),
        }
      : null,
  condolences: readCondolences(r.condolences_json),
  endsAt: r.ends_at,
  hidden: Number(r.hidden) === 1,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** The stored fields of a notice as the domain rule sees them (to merge a change into). */
export const fieldsOf = (n: Notice): NoticeFields => ({
  name: n.name,
  relations: n.relations,
  prayerAt: n.prayerAt,
  mosque: n.mosque,
  afterPrayer: n.afterPrayer,
  graveId: n.graveId,
  burialId: n.burialId,
  condolences: n.condolences,
  endsAt: n.endsAt,
  hidden: n.hidden,
});

const selectNotices = (db: Db) =>
  db
    .selectFrom('notices')
    .leftJoin('graves', 'graves.id', 'notices.grave_id')
    .selectAll('notices')
    .select(['graves.gender as grave_gender', 'graves.number as grave_number']);

/**
 * The public's notices: those on the home page today (not hidden, last day not passed) and, with `recentSince`
 * (YYYY-MM-DD), those whose prayer fell on or after that day too. Newest prayer first.
 */
export async function publicNotices(db: Db, today: string, recentSince: string | null = null): Promise<Notice[]> {
  let query = selectNotices(db).where('notices.hidden', '=', 0);
  query = recentSince
    ? query.where((eb) =>
        eb.or([eb('notices.ends_at', '>=', today), eb('notices.prayer_at', '>=', `${recentSince}T00:00`)]),
      )
    : query.where('notices.ends_at', '>=', today);
  const rows = await query.orderBy('notices.prayer_instant', 'desc').orderBy('notices.id', 'desc').execute();
  return rows.map(toNotice);
}

/** Every notice (past and hidden too), for the staff: filtered, sorted (newest prayer first) and paged. */
export async function listNotices(
  db: Db,
  today: string,
  listing: NoticeListing,
): Promise<{ notices: Notice[]; total: number | null }> {
  let query = selectNotices(db);
  if (listing.search) {
    const term = listing.search;
    query = query.where((eb) =>
      eb.or([
        likeContains('notices.name', term),
        likeContains('notices.relations', term),
        likeContains('notices.mosque', term),
      ]),
    );
  }
  if (listing.status === 'hidden') query = query.where('notices.hidden', '=', 1);
  if (listing.status === 'current') query = query.where('notices.hidden', '=', 0).where('notices.ends_at', '>=', today);
  if (listing.status === 'past') query = query.where('notices.hidden', '=', 0).where('notices.ends_at', '<', today);
  const order = listing.sort?.order ?? 'desc';
  query = query
    .orderBy(`notices.${listing.sort ? NOTICE_SORT[listing.sort.field] : 'prayer_instant'}`, order)
    .orderBy('notices.id', order);
  if (!listing.range) return { notices: (await query.execute()).map(toNotice), total: null };
  const total = Number(
    (await db.selectFrom(query.as('n')).select(db.fn.countAll<string | number>().as('n')).executeTakeFirst())?.n ?? 0,
  );
  const { start } = listing.range;
  const end = listing.range.end ?? Math.max(total - 1, 0);
  const rows = await query.offset(start).limit(end - start + 1).execute();
  return { notices: rows.map(toNotice), total };
}

export async function getNotice(db: Db, id: string): Promise<Notice | null> {
  const row = await selectNotices(db).where('notices.id', '=', id).executeTakeFirst();
  return row ? toNotice(row) : null;
}

/** What the audit trail keeps of a notice (its fields, as the domain names them). */
const audited = (fields: NoticeFields) => ({ ...fields });

/**
 * The links of a notice, checked in the write's transaction: the grave exists (400 otherwise), the burial exists and
 * lies in that grave (a burial named without a grave links its grave). Answers the grave's section, or null.
 */
async function checkLinks(
  trx: Transaction<Database>,
  write: Write,
  fields: NoticeFields,
): Promise<{ graveId: string | null }> {
  let graveId = fields.graveId;
  if (fields.burialId !== null) {
    const burial = await trx
      .selectFrom('burials')
      .select(['id', 'grave_id'])
      .where('id', '=', fields.burialId)
      .executeTakeFirst();
    if (!burial) throw invalid('notice.burialNotFound');
    if (graveId !== null && burial.grave_id !== graveId) throw invalid('notice.burialNotInGrave');
    graveId = burial.grave_id;
  }
  if (graveId === null) return { graveId: null };
  await lockGrave(trx, write.dialect, graveId);
  const grave = await trx.selectFrom('graves').select('id').where('id', '=', graveId).executeTakeFirst();
  if (!grave) throw invalid('notice.graveNotFound');
  return { graveId };
}

/** A notice's stored columns (but its id and times): the API's writes and the demo's seed both write through it. */
export const noticeRow = (fields: NoticeFields, timeZone: string) => ({
  name: fields.name,
  relations: fields.relations,
  prayer_at: fields.prayerAt,
  prayer_instant: zonedInstant(fields.prayerAt, timeZone).toISOString(),
  time_zone: timeZone,
  mosque: fields.mosque,
  after_prayer: fields.afterPrayer,
  grave_id: fields.graveId,
  burial_id: fields.burialId,
  condolences_json: JSON.stringify(fields.condolences),
  ends_at: fields.endsAt,
  hidden: fields.hidden ? 1 : 0,
});

/**
 * What a notice's write changes: the notices' answers. No grave's answer shows its notices (a page that shows both
 * declares both parts), so linking a grave leaves the sections' answers kept.
 */
const NOTICE_MARKS: readonly DataScope[] = ['notices'];

export async function createNotice(write: Write, timeZone: string, fields: NoticeFields): Promise<Notice> {
  const id = randomUUID();
  return auditedWrite(write, {
    run: async (trx) => {
      const link = await checkLinks(trx, write, fields);
      const stored = { ...fields, graveId: link.graveId };
      const now = write.at.toISOString();
      await trx
        .insertInto('notices')
        .values({ id, ...noticeRow(stored, timeZone), created_at: now, updated_at: now })
        .execute();
      const notice = await getNotice(trx, id);
      return {
        result: notice!,
        audit: { action: 'notice.create', entity: 'notice', entityId: id, after: audited(stored) },
        marks: NOTICE_MARKS,
      };
    },
  });
}

/**
 * A notice changed to `next` (the domain rule's merged whole, given the stored one). 404 when there is none with
 * that id; nothing is written when nothing changes.
 */
export async function updateNotice(
  write: Write,
  timeZone: string,
  id: string,
  change: (stored: Notice) => NoticeFields,
): Promise<Notice> {
  return auditedWrite(write, {
    run: async (trx) => {
      const before = await getNotice(trx, id);
      if (!before) throw notFound('notice.notFound');
      const next = change(before);
      const link = await checkLinks(trx, write, next);
      const stored = { ...next, graveId: link.graveId };
      await trx
        .updateTable('notices')
        .set({ ...noticeRow(stored, timeZone), updated_at: write.at.toISOString() })
        .where('id', '=', id)
        .execute();
      const notice = await getNotice(trx, id);
      return {
        result: notice!,
        audit: {
          action: 'notice.update',
          entity: 'notice',
          entityId: id,
          before: audited(fieldsOf(before)),
          after: audited(stored),
        },
        marks: NOTICE_MARKS,
      };
    },
  });
}

export async function deleteNotice(write: Write, id: string): Promise<void> {
  await auditedWrite(write, {
    run: async (trx) => {
      const before = await getNotice(trx, id);
      if (!before) throw notFound('notice.notFound');
      await trx.deleteFrom('notices').where('id', '=', id).execute();
      return {
        result: undefined,
        audit: { action: 'notice.delete', entity: 'notice', entityId: id, before: audited(fieldsOf(before)) },
        marks: NOTICE_MARKS,
      };
    },
  });
}

/**
 * The step the bury write takes in its own transaction once the burial is in (graveWrites.ts addBurial's `also`):
 * links the notice to that burial and its grave, audited as a change of the notice. Refused with 409 when the
 * notice already names a burial (checked on the row as it is updated, so two at once cannot both link).
 */
export const linkBurialStep =
  (write: Write, id: string) =>
  async (trx: Transaction<Database>, graveId: string, burialId: string): Promise<readonly DataScope[]> => {
    const before = await getNotice(trx, id);
    if (!before) throw notFound('notice.notFound');
    const done = await trx
      .updateTable('notices')
      .set({ grave_id: graveId, burial_id: burialId, updated_at: write.at.toISOString() })
      .where('id', '=', id)
      .where('burial_id', 'is', null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw conflict('notice.alreadyBuried');
    await audit(trx, {
      at: write.at,
      account: write.by,
      action: 'notice.update',
      entity: 'notice',
      entityId: id,
      before: audited(fieldsOf(before)),
      after: audited({ ...fieldsOf(before), graveId, burialId }),
    });
    return NOTICE_MARKS;
  };
