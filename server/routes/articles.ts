// Articles: public reading; managers publish, correct and delete. Content is stored exactly as sent.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { t } from '../../src/domain/messages';
import type { Article } from '../../src/domain/types';
import { checkText, LIMITS } from '../../src/domain/validation';
import { guard } from '../auth/guard';
import type { AppContext } from '../context';
import { audit } from '../data/audit';
import type { ArticlesTable } from '../db/schema';
import { likeContains } from '../db/like';
import { badRequest, notFound } from '../errors';
import { contentRange, parseListQuery } from '../paging';
import { bodies, idParams, listQuery } from '../schemas';

const toArticle = (r: ArticlesTable): Article => ({
  _id: r.id,
  title: r.title,
  content: r.content,
  createdAt: r.created_at,
});

/** Content is kept exactly as sent (a refusal only when it holds nothing but white space). */
function checkContent(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '' || [...value].length > LIMITS.articleContentMax) {
    throw badRequest('article.contentInvalid');
  }
  return value;
}

const fieldErrors = { title: 'article.titleInvalid', content: 'article.contentInvalid' } as const;

export async function articleRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;

  app.get('/articles', { schema: { querystring: listQuery }, config: { answerCache: { shows: ['articles'] } } }, async (request, reply) => {
    const q = parseListQuery(request.query as Record<string, unknown>, ['createdAt', 'title', 'id']);
    const order = q.sort?.order === 'ASC' ? 'asc' : 'desc';
    const column = q.sort?.field === 'title' ? 'title' : q.sort?.field === 'id' ? 'id' : 'created_at';
    let query = db.selectFrom('articles').select(['id', 'title', 'created_at']);
    const search = typeof q.filter.q === 'string' && q.filter.q.trim() ? q.filter.q.trim() : null;
    if (search) query = query.where(likeContains('title', search));
    query = query.orderBy(column, order).orderBy('id', order);
    const summary = (r: { id: string; title: string; created_at: string }) => ({
      _id: r.id,
      title: r.title,
      createdAt: r.created_at,
    });
    if (!q.paged) return (await query.execute()).map(summary);
    const total = Number(
      (await db.selectFrom(query.as('a')).select(db.fn.countAll<string | number>().as('n')).executeTakeFirst())?.n ??
        0,
    );
    const start = q.range?.start ?? 0;
    const end = q.range?.end ?? Math.max(total - 1, 0);
    const rows = await query.offset(start).limit(end - start + 1).execute();
    reply.header('Content-Range', contentRange('articles', start, start + rows.length - 1, total));
    return rows.map(summary);
  });

  const getOne = async (request: { params: unknown }) => {
    const { id } = request.params as { id: string };
    const row = await db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('article.notFound');
    return toArticle(row);
  };
  app.get('/articles/ArticleDetail/:id', { schema: { params: idParams('id') }, config: { answerCache: { shows: ['articles'] } } }, getOne);
  app.get('/articles/:id', { schema: { params: idParams('id') } }, getOne);

  app.post(
    '/articles',
    { schema: { body: bodies.article }, config: { fieldErrors }, onRequest: guard(ctx, 'articles', 'create') },
    async (request, reply) => {
      const body = request.body as { title: string; content: string };
      const title = checkText(body.title, LIMITS.articleTitleMax, 'article.titleInvalid');
      if (!title.ok) throw badRequest(title.error);
      const content = checkContent(body.content);
      const now = ctx.now().toISOString();
      const row: ArticlesTable = { id: randomUUID(), title: title.value, content, created_at: now, updated_at: now };
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('articles').values(row).execute();
        await audit(trx, {
          at: ctx.now(),
          account: request.account,
          action: 'article.create',
          entity: 'article',
          entityId: row.id,
          after: { title: row.title, content: row.content },
        });
      });
      reply.status(201);
      return toArticle(row);
    },
  );

  app.put(
    '/articles/:id',
    {
      schema: { params: idParams('id'), body: bodies.articleUpdate },
      config: { fieldErrors },
      onRequest: guard(ctx, 'articles', 'edit'),
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const body = request.body as { title?: string; content?: string };
      const changes: Partial<ArticlesTable> = {};
      if (body.title !== undefined) {
        const title = checkText(body.title, LIMITS.articleTitleMax, 'article.titleInvalid');
        if (!title.ok) throw badRequest(title.error);
        changes.title = title.value;
      }
      if (body.content !== undefined) changes.content = checkContent(body.content);
      const updated = await db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
        if (!row) throw notFound('article.notFound');
        const next = { ...row, ...changes, updated_at: ctx.now().toISOString() };
        await trx.updateTable('articles').set({ ...changes, updated_at: next.updated_at }).where('id', '=', id).execute();
        await audit(trx, {
          at: ctx.now(),
          account: request.account,
          action: 'article.update',
          entity: 'article',
          entityId: id,
          before: { title: row.title, content: row.content },
          after: { title: next.title, content: next.content },
        });
        return next;
      });
      return { ...toArticle(updated), message: t('article.updated') };
    },
  );

  app.delete(
    '/articles/:id',
    { schema: { params: idParams('id') }, onRequest: guard(ctx, 'articles', 'delete') },
    async (request) => {
      const { id } = request.params as { id: string };
      await db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
        if (!row) throw notFound('article.notFound');
        await trx.deleteFrom('articles').where('id', '=', id).execute();
        await audit(trx, {
          at: ctx.now(),
          account: request.account,
          action: 'article.delete',
          entity: 'article',
          entityId: id,
          before: { title: row.title, content: row.content },
        });
      });
      return { message: t('article.deleted'), _id: id };
    },
  );
}
