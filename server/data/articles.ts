// Articles: the public reads them; managers publish, correct and delete (each audited, the articles' answers dropped).
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Article, ArticleSummary, TokenClaims } from '../../src/domain/types';
import type { ArticlesTable, Database } from '../db/schema';
import { likeContains } from '../db/like';
import { audit } from './audit';
import { markChanged } from './dataVersions';

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

type Staff = Pick<TokenClaims, 'sub' | 'email'> | null;

export async function createArticle(
  db: Kysely<Database>,
  input: { title: string; content: string },
  by: Staff,
  at: Date,
): Promise<Article> {
  const now = at.toISOString();
  const row: ArticlesTable = { id: randomUUID(), title: input.title, content: input.content, created_at: now, updated_at: now };
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('articles').values(row).execute();
    await audit(trx, { at, account: by, action: 'article.create', entity: 'article', entityId: row.id, after: input });
    await markChanged(trx, ['articles']);
  });
  return toArticle(row);
}

/** The article as changed, or null when there is none with that id (nothing changed). */
export async function updateArticle(
  db: Kysely<Database>,
  id: string,
  changes: { title?: string; content?: string },
  by: Staff,
  at: Date,
): Promise<Article | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    const next = { ...row, ...changes, updated_at: at.toISOString() };
    await trx.updateTable('articles').set({ ...changes, updated_at: next.updated_at }).where('id', '=', id).execute();
    await audit(trx, {
      at,
      account: by,
      action: 'article.update',
      entity: 'article',
      entityId: id,
      before: { title: row.title, content: row.content },
      after: { title: next.title, content: next.content },
    });
    await markChanged(trx, ['articles']);
    return toArticle(next);
  });
}

/** False when there is no article with that id. */
export async function deleteArticle(db: Kysely<Database>, id: string, by: Staff, at: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return false;
    await trx.deleteFrom('articles').where('id', '=', id).execute();
    await audit(trx, {
      at,
      account: by,
      action: 'article.delete',
      entity: 'article',
      entityId: id,
      before: { title: row.title, content: row.content },
    });
    await markChanged(trx, ['articles']);
    return true;
  });
}
