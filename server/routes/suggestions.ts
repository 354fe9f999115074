// Suggestions: anyone sends one (throttled per client); managers approve or reject; approved ones are public.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { t } from '../../src/domain/messages';
import { SUGGESTION_STATUSES, type Suggestion, type SuggestionStatus } from '../../src/domain/types';
import { checkPhone, checkText, LIMITS } from '../../src/domain/validation';
import { guard } from '../auth/guard';
import type { AppContext } from '../context';
import { audit } from '../data/audit';
import { createThrottle } from '../data/throttle';
import type { SuggestionsTable } from '../db/schema';
import { badRequest, notFound, refuse } from '../errors';
import { likeContains } from '../db/like';
import { contentRange, parseListQuery } from '../paging';
import { bodies, idParams, listQuery } from '../schemas';

export const SUGGESTIONS_PER_HOUR = 10;

const toSuggestion = (r: SuggestionsTable): Suggestion => ({
  _id: r.id,
  text: r.text,
  name: r.name,
  phone: r.phone,
  submittedBy: r.submitted_by,
  status: r.status,
  createdAt: r.created_at,
});

const isStatus = (s: string): s is SuggestionStatus => (SUGGESTION_STATUSES as readonly string[]).includes(s);

export async function suggestionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const throttle = createThrottle(db, ctx.dialect, () => Math.floor(ctx.now().getTime() / 1000));

  app.post(
    '/suggestion',
    {
      schema: { body: bodies.suggestion },
      config: {
        fieldErrors: { text: 'suggest.textInvalid', name: 'suggest.nameInvalid', phone: 'suggest.phoneInvalid' },
      },
    },
    async (request, reply) => {
      const body = request.body as { text: string; name: string; phone: string };
      const text = checkText(body.text, LIMITS.suggestionTextMax, 'suggest.textInvalid');
      if (!text.ok) throw badRequest(text.error);
      const name = checkText(body.name, LIMITS.personNameMax, 'suggest.nameInvalid');
      if (!name.ok) throw badRequest(name.error);
      const phone = checkPhone(body.phone);
      if (!phone.ok) throw badRequest(phone.error);
      const key = `suggest:${request.ip}`;
      if (!(await throttle.take(key, 3600, SUGGESTIONS_PER_HOUR))) throw refuse(429, 'suggest.tooMany');
      await db
        .insertInto('suggestions')
        .values({
          id: randomUUID(),
          text: text.value,
          name: name.value,
          phone: phone.value,
          submitted_by: name.value,
          status: 'pending',
          created_at: ctx.now().toISOString(),
        })
        .execute();
      reply.status(201);
      return { message: t('suggest.success') };
    },
  );

  app.get('/suggestion/approved', { config: { answerCache: { shows: ['suggestions'] } } }, async () => {
    const rows = await db
      .selectFrom('suggestions')
      .select(['id', 'name', 'text'])
      .where('status', '=', 'approved')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((r) => ({ _id: r.id, name: r.name, text: r.text }));
  });

  app.get(
    '/suggestion/status/:status',
    {
      schema: { params: idParams('status'), querystring: listQuery },
      onRequest: guard(ctx, 'suggestions', 'list'),
    },
    async (request, reply) => {
      const { status } = request.params as { status: string };
      if (!isStatus(status)) throw badRequest('suggestion.statusInvalid');
      const q = parseListQuery(request.query as Record<string, unknown>, ['createdAt', 'name', 'id', 'status']);
      const column = { createdAt: 'created_at', name: 'name', id: 'id', status: 'created_at' } as const;
      let query = db.selectFrom('suggestions').selectAll().where('status', '=', status);
      const search = typeof q.filter.q === 'string' && q.filter.q.trim() !== '' ? q.filter.q.trim() : null;
      if (search) {
        query = query.where((eb) =>
          eb.or([likeContains('text', search), likeContains('name', search), likeContains('phone', search)]),
        );
      }
      const order = q.sort?.order === 'ASC' ? 'asc' : 'desc';
      query = query
        .orderBy(q.sort ? column[q.sort.field as keyof typeof column] : 'created_at', order)
        .orderBy('id', order);
      if (!q.paged) return (await query.execute()).map(toSuggestion);
      const total = Number(
        (
          await db
            .selectFrom(query.as('s'))
            .select(db.fn.countAll<string | number>().as('n'))
            .executeTakeFirst()
        )?.n ?? 0,
      );
      const start = q.range?.start ?? 0;
      const end = q.range?.end ?? Math.max(total - 1, 0);
      const rows = await query.offset(start).limit(end - start + 1).execute();
      reply.header('Content-Range', contentRange('suggestions', start, start + rows.length - 1, total));
      return rows.map(toSuggestion);
    },
  );

  app.put(
    '/suggestion/status/:id',
    {
      schema: { params: idParams('id'), body: bodies.suggestionStatus },
      config: { fieldErrors: { status: 'suggestion.statusInvalid' } },
      onRequest: guard(ctx, 'suggestions', 'edit'),
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const { status } = request.body as { status: SuggestionStatus };
      const updated = await db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('suggestions').selectAll().where('id', '=', id).executeTakeFirst();
        if (!row) throw notFound('suggestion.notFound');
        await trx.updateTable('suggestions').set({ status }).where('id', '=', id).execute();
        await audit(trx, {
          at: ctx.now(),
          account: request.account,
          action: 'suggestion.status',
          entity: 'suggestion',
          entityId: id,
          before: { status: row.status },
          after: { status },
        });
        return { ...row, status };
      });
      return { message: t('suggestion.statusUpdated'), suggestion: toSuggestion(updated) };
    },
  );
}
