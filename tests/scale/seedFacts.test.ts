// The seed writes each grave's facts (its newest burial day, how many lie in it) with the grave, to make a city's
// register in seconds; they must be exactly what the register's own definition (refreshAllGraveFacts) sets.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../server/db/connect';
import { migrate } from '../../server/db/migrations';
import { refreshAllGraveFacts } from '../../server/data/graveFacts';
import { seedDemoVillage } from '../../server/seed/generator';
import { ENGINES, freshPostgresDatabase } from '../support/postgres';

describe.each(ENGINES)('the seed on $name', ({ databaseUrl }) => {
  it("writes every grave's newest burial day and count as the register's definition sets them", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cemetery-seed-'));
    const fresh = databaseUrl ? await freshPostgresDatabase(databaseUrl) : null;
    const store = await openStore(fresh?.url ?? `file:${join(dir, 'register.sqlite')}`);
    try {
      await migrate(store.db);
      await seedDemoVillage(store.db, { graves: 2_000, burials: 6_000, accounts: false });
      const facts = () =>
        store.db
          .selectFrom('graves')
          .select(['id', 'last_burial_date', 'burial_count'])
          .orderBy('id')
          .execute()
          .then((rows) => rows.map((r) => ({ ...r, burial_count: Number(r.burial_count) })));
      const seeded = await facts();
      expect(seeded.some((g) => g.burial_count > 1)).toBe(true);
      expect(seeded.some((g) => g.burial_count === 0 && g.last_burial_date === null)).toBe(true);
      await refreshAllGraveFacts(store.db);
      expect(await facts()).toEqual(seeded);
    } finally {
      await store.close();
      await fresh?.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
