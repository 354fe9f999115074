// Articles: the public reads them; managers publish, correct and delete (each audited, the articles' answers dropped).
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Article, ArticleSummary } from '../../src/domain/types';
import type { ArticlesTable, Database } from '../db/schema';
import { likeContains } from '../db/like';
import { notFound } from './refusals';
import { auditedWrite, type Write } from './auditedWrite';

const toArticle = (r: ArticlesTable): Article => ({ _id: r.id, title: r.title, content: r.content, createdAt: r.created_at });
const toSummary = (r: Pick<ArticlesTable, 'id' | 'title' | 'created_at'>): ArticleSummary => ({
  _id: r.id,
  title: r.title,
  createdAt: r.created_at,
});

export const ARTICLE_SORT = { createdAt: 'created_at', title: 'title', id: 'id' } as const;

export interface ArticleListing {
  /** Part of the title to look for. */
  search: string | null;
  sort: { field: keyof typeof ARTICLE_SORT; order: 'asc' | 'desc' } | null;
  /** Without a range, every article. */
  range: { start: number; end: number | null } | null;
}

/** Newest first unless sorted otherwise; with a range, also the number of articles the search selects. */
export async function listArticles(
  db: Kysely<Database>,
  listing: ArticleListing,
): Promise<{ articles: ArticleSummary[]; total: number | null }> {
  const order = listing.sort?.order ?? 'desc';
  let query = db.selectFrom('articles').select(['id', 'title', 'created_at']);
  if (listing.search) query = query.where(likeContains('title', listing.search));
  query = query.orderBy(listing.sort ? ARTICLE_SORT[listing.sort.field] : 'created_at', order).orderBy('id', order);
  if (!listing.range) return { articles: (await query.execute()).map(toSummary), total: null };
  const total = Number(
    (await db.selectFrom(query.as('a')).select(db.fn.countAll<string | number>().as('n')).executeTakeFirst())?.n ?? 0,
  );
  const { start } = listing.range;
  const end = listing.range.end ?? Math.max(total - 1, 0);
  const rows = await query.offset(start).limit(end - start + 1).execute();
  return { articles: rows.map(toSummary), total };
}

export async function getArticle(db: Kysely<Database>, id: string): Promise<Article | null> {
  const row = await db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toArticle(row) : null;
}

export async function createArticle(write: Write, input: { title: string; content: string }): Promise<Article> {
  const now = write.at.toISOString();
  const row: ArticlesTable = { id: randomUUID(), title: input.title, content: input.content, created_at: now, updated_at: now };
  return auditedWrite(write, {
    run: async (trx) => {
      await trx.insertInto('articles').values(row).execute();
      return {
        result: toArticle(row),
        audit: { action: 'article.create', entity: 'article', entityId: row.id, after: input },
        marks: ['articles'],
      };
    },
  });
}

/** The article as changed; refused with 404 when there is none with that id (nothing changed). */
export async function updateArticle(
  write: Write,
  id: string,
  changes: { title?: string; content?: string },
): Promise<Article> {
  return auditedWrite(write, {
    run: async (trx) => {
      const row = await trx.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound('article.notFound');
      const next = { ...row, ...changes, updated_at: write.at.toISOString() };
      await trx.updateTable('articles').set({ ...changes, updated_at: next.updated_at }).where('id', '=', id).execute();
      return {
        result: toArticle(next),
        audit: {
          action: 'article.update',
          entity: 'article',
          entityId: id,
          before: { title: row.title, content: row.content },
          after: { title: next.title, content: next.content },
        },
        marks: ['articles'],
      };
    },
  });
}

/** Refused with 404 when there is no article with that id. */
export async function deleteArticle(write: Write, id: string): Promise<void> {
  await auditedWrite(write, {
    run: async (trx) => {
      const row = await trx.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound('article.notFound');
      await trx.deleteFrom('articles').where('id', '=', id).execute();
      return {
        result: undefined,
        audit: {
          action: 'article.delete',
          entity: 'article',
          entityId: id,
          before: { title: row.title, content: row.content },
        },
        marks: ['articles'],
      };
    },
  });
}
