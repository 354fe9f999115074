// Suggestions: visitors send them (pending); managers approve or reject them; the approved ones are public.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ApprovedSuggestion, Suggestion, SuggestionStatus } from '../../src/domain/types';
import type { Database, SuggestionsTable } from '../db/schema';
import { likeContains } from '../db/like';
import { notFound } from './refusals';
import { auditedWrite, type Write } from './auditedWrite';

const toSuggestion = (r: SuggestionsTable): Suggestion => ({
  _id: r.id,
  text: r.text,
  name: r.name,
  phone: r.phone,
  submittedBy: r.submitted_by,
  status: r.status,
  createdAt: r.created_at,
});

/** A visitor's suggestion, pending until a manager decides (no public answer shows it, so nothing is dropped). */
export async function addSuggestion(
  db: Kysely<Database>,
  input: { text: string; name: string; phone: string },
  at: Date,
): Promise<void> {
  await db
    .insertInto('suggestions')
    .values({ id: randomUUID(), ...input, submitted_by: input.name, status: 'pending', created_at: at.toISOString() })
    .execute();
}

export async function approvedSuggestions(db: Kysely<Database>): Promise<ApprovedSuggestion[]> {
  const rows = await db
    .selectFrom('suggestions')
    .select(['id', 'name', 'text'])
    .where('status', '=', 'approved')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({ _id: r.id, name: r.name, text: r.text }));
}

export const SUGGESTION_SORT = { createdAt: 'created_at', name: 'name', id: 'id', status: 'created_at' } as const;

/** The suggestions of one status, newest first unless sorted otherwise; with a range, also their number. */
export async function listSuggestions(
  db: Kysely<Database>,
  status: SuggestionStatus,
  listing: {
    /** Part of the text, name or phone. */
    search: string | null;
    sort: { field: keyof typeof SUGGESTION_SORT; order: 'asc' | 'desc' } | null;
    range: { start: number; end: number | null } | null;
  },
): Promise<{ suggestions: Suggestion[]; total: number | null }> {
  let query = db.selectFrom('suggestions').selectAll().where('status', '=', status);
  const { search } = listing;
  if (search) {
    query = query.where((eb) => eb.or([likeContains('text', search), likeContains('name', search), likeContains('phone', search)]));
  }
  const order = listing.sort?.order ?? 'desc';
  query = query.orderBy(listing.sort ? SUGGESTION_SORT[listing.sort.field] : 'created_at', order).orderBy('id', order);
  if (!listing.range) return { suggestions: (await query.execute()).map(toSuggestion), total: null };
  const total = Number(
    (await db.selectFrom(query.as('s')).select(db.fn.countAll<string | number>().as('n')).executeTakeFirst())?.n ?? 0,
  );
  const { start } = listing.range;
  const end = listing.range.end ?? Math.max(total - 1, 0);
  const rows = await query.offset(start).limit(end - start + 1).execute();
  return { suggestions: rows.map(toSuggestion), total };
}

/** The suggestion with its new status; refused with 404 when there is none with that id. */
export async function setSuggestionStatus(write: Write, id: string, status: SuggestionStatus): Promise<Suggestion> {
  return auditedWrite(write, {
    run: async (trx) => {
      const row = await trx.selectFrom('suggestions').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound('suggestion.notFound');
      await trx.updateTable('suggestions').set({ status }).where('id', '=', id).execute();
      return {
        result: toSuggestion({ ...row, status }),
        audit: {
          action: 'suggestion.status',
          entity: 'suggestion',
          entityId: id,
          before: { status: row.status },
          after: { status },
        },
        // Approving or withdrawing an approval changes the public list.
        marks: ['suggestions'],
      };
    },
  });
}
