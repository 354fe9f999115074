// npm run seed -- [--database URL] [--graves N] [--burials N] [--articles N] [--suggestions N]
// Fills an empty database with the demo village (and the demo accounts); refuses a database that holds graves.
import { parseArgs } from 'node:util';
import { rm } from 'node:fs/promises';
import { sql } from 'kysely';
import { databaseUrlFrom, searchIndexFileFrom } from '../start/config';
import { readVersions } from '../data/dataVersions';
import { LiveSearchIndex } from '../data/searchIndex';
import { openStore } from '../db/connect';
import { migrate } from '../db/migrations';
import { isEmpty, seedDemoVillage, DEMO_ACCOUNTS } from './generator';

const { values } = parseArgs({
  options: {
    database: { type: 'string' },
    graves: { type: 'string' },
    burials: { type: 'string' },
    articles: { type: 'string' },
    suggestions: { type: 'string' },
  },
});

const count = (name: string, v: string | undefined) => {
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v)) throw new Error(`--${name} must be a whole number`);
  return Number(v);
};

async function main(): Promise<void> {
  const url = databaseUrlFrom(values.database ?? process.env.DATABASE_URL);
  const store = await openStore(url);
  try {
    await migrate(store.db);
    if (!(await isEmpty(store.db))) {
      console.error('The database already holds graves; the demo village goes only into an empty one.');
      process.exitCode = 1;
      return;
    }
    const started = Date.now();
    const s = await seedDemoVillage(store.db, {
      graves: count('graves', values.graves),
      burials: count('burials', values.burials),
      articles: count('articles', values.articles),
      suggestions: count('suggestions', values.suggestions),
    });
    if (store.dialect === 'postgres') {
      // After a bulk load PostgreSQL has neither the tables' statistics nor their visibility map until autovacuum
      // comes by (a minute or more): meanwhile its counts of available graves read every row of the table (tens of
      // milliseconds at 100,000 graves instead of a few), and the sections' figures' folded rows stay as dead rows
      // that every read of them walks.
      // The register is already written: a vacuum refused is only a warning.
      await sql`vacuum (analyze) graves, burials, section_tallies`
        .execute(store.db)
        .catch((error: Error) => console.warn(`The tables were not vacuumed: ${error.message}`));
    }
    console.log(
      `Seeded ${url}: ${s.graves} graves, ${s.burials} burials, ${s.articles} articles, ${s.suggestions} suggestions in ${Date.now() - started} ms.`,
    );
    // The name index, written where the server reads it at start (server/data/searchSnapshot.ts), so that the first
    // start of a large register has it at once instead of building it while the first searches wait.
    const file = searchIndexFileFrom(process.env.SEARCH_INDEX_FILE, url);
    if (file) {
      const t0 = Date.now();
      await rm(file, { force: true }); // another register's, made under the same name before
      const index = new LiveSearchIndex(store.db, file);
      await index.current(await readVersions(store.db));
      await index.saveSnapshot();
      console.log(`Name index written to ${file} in ${Date.now() - t0} ms.`);
    }
    console.log(
      `Demo accounts: ${DEMO_ACCOUNTS.manager.email} / ${DEMO_ACCOUNTS.manager.password} (manager), ${DEMO_ACCOUNTS.admin.email} / ${DEMO_ACCOUNTS.admin.password} (admin)`,
    );
  } finally {
    await store.close();
  }
}

main().catch((error) => {
  console.error(`Seeding failed: ${(error as Error).message}`);
  process.exit(1);
});
