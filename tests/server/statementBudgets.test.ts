// How many SQL statements a request runs on a warm server, held as budgets: the visitors' doors (the pages drawn on
// the server and the API's public answers) are answered from kept copies once warm, so a change that makes one of
// them go back to the database at every request fails here, on both engines, before it shows as a slower site.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Grave } from '../../src/domain/types';
import { publicPaths } from '../../src/domain/paths/publicPaths';
import { ENGINES } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';
import { signIn } from '../support/fixtures';

/** Statements allowed per request once warm (asked twice before), besides the change counters' check below. */
const BUDGETS: Array<{ label: string; path: (ids: { grave: string }) => string; budget: number }> = [
  { label: 'the home page', path: () => publicPaths.home.href(), budget: 0 },
  { label: 'the men’s section page', path: () => publicPaths.men.href(), budget: 0 },
  { label: 'the plan', path: () => publicPaths.plan.href(), budget: 0 },
  { label: 'a grave’s page', path: (ids) => publicPaths.grave.href(ids.grave), budget: 0 },
  // A whole section is sent from its kept copy, under the change counters as the kept answers last read them.
  { label: 'GET /api/graves/male', path: () => '/api/graves/male', budget: 0 },
  { label: 'GET /api/graves/cards/male', path: () => '/api/graves/cards/male', budget: 0 },
  { label: 'GET /api/graves/recentBurials', path: () => '/api/graves/recentBurials', budget: 0 },
  { label: 'GET /api/graves/totalDeaths', path: () => '/api/graves/totalDeaths', budget: 0 },
  { label: 'GET /api/graves/graves/{id}', path: (ids) => `/api/graves/graves/${ids.grave}`, budget: 0 },
  // The console's read of one grave is always fresh: the grave, its burials, the moves in and out, its plan row.
  { label: 'GET /api/graves/{id} (the console’s)', path: (ids) => `/api/graves/${ids.grave}`, budget: 5 },
  { label: 'GET /api/search', path: () => `/api/search?q=${encodeURIComponent('محمد')}`, budget: 0 },
  { label: 'GET /api/articles', path: () => '/api/articles', budget: 0 },
  { label: 'GET /api/settings', path: () => '/api/settings', budget: 0 },
  { label: 'GET /api/notices', path: () => '/api/notices', budget: 0 },
  { label: 'GET /api/plan', path: () => '/api/plan', budget: 0 },
];

describe.each(ENGINES)('SQL statements per request on a warm server, $name', ({ databaseUrl }) => {
  let server: TestServer;
  let ids: { grave: string };

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo', databaseUrl, staticDir: inject('siteDir') });
    const men = (await (await fetch(`${server.api}/graves/male`)).json()) as Grave[];
    ids = { grave: men.find((g) => g.buriedPersons.length > 0)!._id };
  });
  afterAll(() => server?.close());

  // Kept answers read the register's change counters (one statement) at most every half second, whatever the number
  // of requests, to see another process's writes: ten requests in a row may run that check once per half second
  // that passed, and their own budget ten times. One more statement per request is ten more: always seen.
  const REQUESTS = 10;
  const CHECK_EVERY_MS = 500;

  it.each(BUDGETS)('$label runs at most $budget', async ({ path, budget }) => {
    const url = `${server.url}${path(ids)}`;
    for (let i = 0; i < 2; i++) expect((await fetch(url)).status).toBe(200);
    const before = server.statementsRun();
    const started = performance.now();
    for (let i = 0; i < REQUESTS; i++) expect((await fetch(url)).status).toBe(200);
    const checks = Math.floor((performance.now() - started) / CHECK_EVERY_MS) + 1;
    const ran = server.statementsRun() - before;
    expect(ran).toBeLessThanOrEqual(budget * REQUESTS + checks);
  });
});

/**
 * Statements a staff write runs, the session's check and the answer included: each is a round trip on PostgreSQL,
 * and on a busy server each waits for a turn of the event loop, so a write's time grows with their number (three
 * processes under writes, in the bench). SQLite runs a few more (each counter moved by its own statement).
 */
const WRITE_BUDGETS: Record<'sqlite' | 'postgres', { graveAdded: number; burial: number }> = {
  sqlite: { graveAdded: 9, burial: 13 },
  postgres: { graveAdded: 6, burial: 8 },
};

describe.each(ENGINES)('SQL statements per staff write, $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo', databaseUrl });
    token = await signIn(server, 'admin');
  });
  afterAll(() => server?.close());

  it('a grave added and a burial recorded in it run at most their budgets', async () => {
    const write = async (path: string, body: unknown) => {
      const before = server.statementsRun();
      const res = await fetch(`${server.api}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(201);
      return { ran: server.statementsRun() - before, answer: (await res.json()) as { _id?: string } };
    };
    // Twice each, the first warming the kept answers a write's check of the counters reads.
    for (let i = 0; i < 2; i++) {
      const added = await write('/graves', { gender: 'women', number: 9_000 + i });
      expect(added.ran, 'a grave added').toBeLessThanOrEqual(WRITE_BUDGETS[name].graveAdded);
      const burial = await write(`/graves/${added.answer._id}/bury`, {
        name: 'سعاد محمود العطار',
        burialDate: '2024-03-02',
      });
      expect(burial.ran, 'a burial').toBeLessThanOrEqual(WRITE_BUDGETS[name].burial);
    }
  });
});
