// What the sitemap lists from the register (server/site/sitemap.ts): the articles, and the graves
// that hold someone (a grave page with a name on it is what a family searches for). Read in pages by offset, in a
// fixed order, so a sitemap of a large register is written a slice at a time and never held whole.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

const withBurials = (db: Db) =>
  db
    .selectFrom('graves')
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('burials').select('burials.id').whereRef('burials.grave_id', '=', 'graves.id')),
    );

export async function countSitemapRecords(db: Db): Promise<{ articles: number; graves: number }> {
  const [articles, graves] = await Promise.all([
    db.selectFrom('articles').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst(),
    withBurials(db)
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirst(),
  ]);
  return { articles: Number(articles?.n ?? 0), graves: Number(graves?.n ?? 0) };
}

/** Article ids, oldest first, from `offset`. */
export async function sitemapArticleIds(db: Db, offset: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('articles')
    .select('id')
    .orderBy('created_at')
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Ids of the graves that hold a burial, in id order, from `offset`. */
export async function sitemapGraveIds(db: Db, offset: number, limit: number): Promise<string[]> {
  const rows = await withBurials(db).select('graves.id').orderBy('graves.id').offset(offset).limit(limit).execute();
  return rows.map((row) => row.id);
}
