// A whole section is written as it is read, so what a request holds does not grow with the register. The
// production server under a small heap (96 MB, where `npm start` gives 160) serves the men's section of a register of
// 20,000 burials to several clients at once, again and again, and stays up.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../server/db/connect';
import { migrate } from '../../server/db/migrations';
import { seedDemoVillage } from '../../server/seed/generator';
import type { Grave } from '../../src/domain/types';
import { ENGINES, freshPostgresDatabase } from '../support/postgres';
import { startServerProcess, type ServerProcess } from '../support/process';

const SMALL_HEAP = '--max-old-space-size=96';

describe.each(ENGINES)('a whole section under a small heap on $name', ({ databaseUrl }) => {
  let server: ServerProcess;
  let cleanup: () => Promise<void> = async () => {};
  let burials = 0;

  beforeAll(async () => {
    let url: string;
    if (databaseUrl) {
      const fresh = await freshPostgresDatabase(databaseUrl);
      url = fresh.url;
      cleanup = fresh.drop;
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'cemetery-heap-'));
      url = `file:${join(dir, 'register.sqlite')}`;
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    }
    const store = await openStore(url);
    try {
      await migrate(store.db);
      burials = (await seedDemoVillage(store.db, { graves: 7000, burials: 20_000, articles: 0, suggestions: 0 }))
        .burials;
    } finally {
      await store.close();
    }
    server = await startServerProcess({ DATABASE_URL: url }, undefined, [SMALL_HEAP]);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await cleanup();
  });

  it('serves the section whole to several clients at once and stays up', async () => {
    expect(burials).toBe(20_000);
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(
        Array.from({ length: 4 }, async () => {
          const res = await fetch(`${server.api}/graves/male`, { headers: { 'accept-encoding': 'gzip' } });
          expect(res.status).toBe(200);
          return (await res.json()) as Grave[];
        }),
      );
      for (const graves of answers) {
        expect(graves.length).toBeGreaterThan(3000);
        expect(graves.every((g) => g.gender === 'men')).toBe(true);
      }
    }
    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`${server.api}/health`)).status).toBe(200);
  }, 120_000);
});
