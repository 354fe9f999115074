// Several processes on one PostgreSQL, measured (in a full run when a PostgreSQL server is named, or alone with
// BENCH_SECTIONS=scaleout): the village of 30,000 burials seeded into a fresh database, three server processes started
// together on it (what `npm start` runs), and 200 clients spread over the three, reading whole sections, recent
// burials, searches and graves while staff add graves and record burials through all three. Afterwards every grave
// and burial a process acknowledged must be in the database.
// The database: BENCH_DATABASE_URL, else TEST_DATABASE_URL (a cluster where a database may be created and dropped).
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { openStore } from '../server/db/connect';
import { migrate } from '../server/db/migrations';
import { DEMO_ACCOUNTS, seedDemoVillage } from '../server/seed/generator';
import { FAMILY, FEMALE_FIRST, MALE_FIRST } from '../server/seed/names';
import { freshPostgresDatabase } from '../tests/support/postgres';
import { capture, startBareServer, startBenchServer, type BenchServer } from './measure';
import type { RecordFigure } from './recordFigure';
import type { ScaleOutPlan, ScaleOutResult } from './scaleOutLoad';

const PROCESSES = 3;
const CLIENTS = 200;
const SECONDS = Number(process.env.SCALE_OUT_SECONDS ?? 60);
/**
 * One request in this many is a write (5 %: a committee's staff, not the visitors, write), a grave added and a burial
 * recorded in turn.
 */
const WRITE_EVERY = 20;
/** Empty graves for the burials, made in ranges of the most one range may hold: more than a minute's burials. */
const POOL = 4000;
const RANGE = 2000;
const POOL_FROM = 20_000;
/** The women's graves added during the run are numbered from here. */
const NEW_FROM = 40_000;

export async function scaleOutSection(record: RecordFigure, siteDir: string): Promise<void> {
  const cluster = process.env.BENCH_DATABASE_URL?.trim() || process.env.TEST_DATABASE_URL?.trim();
  if (!cluster) {
    console.log('scale-out skipped: it needs BENCH_DATABASE_URL or TEST_DATABASE_URL (PostgreSQL).');
    return;
  }
  const fresh = await freshPostgresDatabase(cluster);
  const indexFile = join(tmpdir(), `cemetery-scale-out-${process.pid}.search-index`);
  const planFile = join(tmpdir(), `cemetery-scale-out-${process.pid}.plan.json`);
  const servers: BenchServer[] = [];
  let db: pg.Client | null = null;
  try {
    const store = await openStore(fresh.url);
    await migrate(store.db);
    const seedStart = performance.now();
    const seeded = await seedDemoVillage(store.db, { graves: 3000, burials: 30000, articles: 200, suggestions: 5000 });
    await store.close();
    console.log(
      `scale-out: seeded ${seeded.graves} graves, ${seeded.burials} burials into PostgreSQL in ${Math.round(performance.now() - seedStart)} ms`,
    );

    execFileSync(process.execPath, ['scripts/start.mjs', 'build'], { stdio: 'inherit' });
    // Started together, as a service manager starts them; LOG_LEVEL warn keeps the staff writes' lines out of the run.
    // Their name index is built at start (the database was seeded without the seed command) and kept in a file of
    // this run's, not under the repository's data/.
    const env = { DATABASE_URL: fresh.url, STATIC_DIR: siteDir, LOG_LEVEL: 'warn', SEARCH_INDEX_FILE: indexFile };
    const started = await Promise.allSettled(Array.from({ length: PROCESSES }, () => startBenchServer(env)));
    for (const s of started) if (s.status === 'fulfilled') servers.push(s.value);
    for (const s of started) if (s.status === 'rejected') throw s.reason;
    const api = `${servers[0]!.url}/api`;

    const login = await fetch(`${api}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ACCOUNTS.manager.email, password: DEMO_ACCOUNTS.manager.password }),
    });
    const { token } = (await login.json()) as { token: string };
    for (let from = POOL_FROM; from < POOL_FROM + POOL; from += RANGE) {
      const range = await fetch(`${api}/graves/range?dryRun=false`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ gender: 'men', from, to: from + RANGE - 1 }),
      });
      if (range.status !== 201)
        throw new Error(`the pool of graves was refused: ${range.status} ${await range.text()}`);
    }
    db = new pg.Client({ connectionString: fresh.url });
    await db.connect();
    const pool = (
      await db.query<{ id: string }>(
        "select id from graves where gender = 'men' and number_value >= $1 order by number_value",
        [POOL_FROM],
      )
    ).rows.map((r) => r.id);
    // One empty grave per process for its writes before the run (below), not the load's.
    const warmGraves = pool.splice(pool.length - PROCESSES);

    const male = (await (await fetch(`${api}/graves/male`)).json()) as Array<{ _id: string; buriedPersons: unknown[] }>;
    const firsts = [...MALE_FIRST, ...FEMALE_FIRST];
    const plan: ScaleOutPlan = {
      urls: servers.map((s) => s.url),
      clients: CLIENTS,
      seconds: SECONDS,
      token,
      graveIds: male
        .filter((g) => g.buriedPersons.length > 0 && !pool.includes(g._id))
        .map((g) => g._id)
        .slice(0, 300),
      queries: Array.from(
        { length: 60 },
        (_, i) => `${firsts[(i * 7) % firsts.length]} ${FAMILY[(i * 11) % FAMILY.length]}`,
      ),
      pool,
      writeEvery: WRITE_EVERY,
      names: Array.from(
        { length: 97 },
        (_, i) =>
          `${MALE_FIRST[(i * 5) % MALE_FIRST.length]} ${MALE_FIRST[(i * 3 + 1) % MALE_FIRST.length]} ${FAMILY[(i * 13) % FAMILY.length]}`,
      ),
      firstNewNumber: NEW_FROM,
    };
    // Each process answers each kind of request once first, the two writes included (its search index, sections
    // and pages built, each route's answer schema compiled), as a server that has been up for a while has: the
    // figures are of the processes serving and rebuilding after writes, not of three cold starts under 200 clients
    // at once.
    const staff = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    for (const [i, server] of servers.entries()) {
      for (const path of [
        '/api/graves/male',
        '/api/graves/female',
        '/api/graves/recentBurials',
        `/api/search?q=${encodeURIComponent(plan.queries[0]!)}`,
        `/api/graves/graves/${plan.graveIds[0]}`,
      ]) {
        await (await fetch(`${server.url}${path}`)).arrayBuffer();
      }
      for (const [path, body] of [
        ['/api/graves', { gender: 'women', number: NEW_FROM - 1 - i }],
        [`/api/graves/${warmGraves[i]}/bury`, { name: plan.names[i], burialDate: '2025-01-15' }],
      ] as const) {
        const wrote = await fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: staff,
          body: JSON.stringify(body),
        });
        if (wrote.status !== 201)
          throw new Error(`a write before the run was refused: ${wrote.status} ${await wrote.text()}`);
      }
    }
    const burialsBefore = (await db.query<{ n: number }>('select count(*)::int as n from burials')).rows[0]!.n;
    const runLoad = (of: ScaleOutPlan) => {
      writeFileSync(planFile, JSON.stringify(of));
      const output = execFileSync(
        process.execPath,
        [resolve('node_modules/tsx/dist/cli.mjs'), 'bench/scaleOutLoad.ts', planFile],
        { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
      );
      return JSON.parse(output) as ScaleOutResult;
    };
    const load = runLoad(plan);
    const ceiling = await bareCeiling(
      api,
      plan,
      join(tmpdir(), `cemetery-scale-out-${process.pid}.captures.json`),
      runLoad,
    );

    const ids = load.acknowledged.map(([, burialId]) => burialId);
    const present = (await db.query<{ n: number }>('select count(*)::int as n from burials where id = any($1)', [ids]))
      .rows[0]!.n;
    const burialsAfter = (await db.query<{ n: number }>('select count(*)::int as n from burials')).rows[0]!.n;
    const gravesThere = (
      await db.query<{ n: number }>('select count(*)::int as n from graves where id = any($1)', [load.created])
    ).rows[0]!.n;
    const missing = ids.length - present;

    const label = `${PROCESSES} processes on one PostgreSQL, ${CLIENTS} clients for ${SECONDS} s`;
    record(
      'scale-out',
      `${label}: requests/s (whole sections, recent burials, searches, graves; 1 in ${WRITE_EVERY} a write, a grave added or a burial recorded; ${load.requests} in all, per process ${load.perProcess.join(' / ')})`,
      load.perSecond,
      'req/s',
    );
    record(
      'scale-out',
      `${label}: p50 ${load.p50.toFixed(0)} ms, max ${load.max.toFixed(0)} ms; p99 latency`,
      load.p99,
      'ms',
      '≤ 500 ms',
      load.p99 <= 500,
    );
    record(
      'scale-out',
      `${label}: the same reads from three bare Node servers sending the same bytes (no writes: this machine's ceiling), ${Math.round(ceiling.perSecond)} req/s, p50 ${ceiling.p50.toFixed(0)} ms; p99`,
      ceiling.p99,
      'ms',
    );
    for (const [kind, figures] of Object.entries(load.byKind)) {
      record(
        'scale-out',
        `${label}: ${kind} (${figures.requests} requests): p50 ${figures.p50.toFixed(0)} ms, max ${figures.max.toFixed(0)} ms; p99`,
        figures.p99,
        'ms',
      );
    }
    record(
      'scale-out',
      `${label}: errors${load.errors ? ` (${load.someErrors.join('; ')})` : ''}`,
      load.errors,
      '',
      '0',
      load.errors === 0,
    );
    record(
      'scale-out',
      `burials acknowledged ${ids.length} (burials in the database ${burialsBefore} → ${burialsAfter}), missing afterwards`,
      missing,
      '',
      '0',
      missing === 0 && ids.length > 0,
    );
    record(
      'scale-out',
      `graves added, acknowledged ${load.created.length} (of ${load.writes} writes sent), missing afterwards`,
      load.created.length - gravesThere,
      '',
      '0',
      gravesThere === load.created.length && load.created.length > 0,
    );
    for (const [i, s] of servers.entries()) {
      record(
        'scale-out',
        `process ${i + 1}: resident memory after the run`,
        s.rssBytes() / 2 ** 20,
        'MB',
        '≤ 200 MB',
        s.rssBytes() <= 200 * 2 ** 20,
      );
    }
  } catch (error) {
    console.error('scale-out not measured:', error);
    record('scale-out', `not measured: ${(error as Error).message.split('\n')[0]}`, NaN, '', 'measured', false);
  } finally {
    await db?.end().catch(() => undefined);
    await Promise.all(servers.map((s) => s.stop()));
    await fresh.drop();
    rmSync(indexFile, { force: true });
    rmSync(planFile, { force: true });
  }
}

/**
 * The same load's reads sent to three bare Node servers (bench/bareServer.mjs) that answer each address with the bytes
 * the real server sent for it: what this machine's cores, shared with the clients and PostgreSQL, allow at best.
 */
async function bareCeiling(
  api: string,
  plan: ScaleOutPlan,
  capturesFile: string,
  runLoad: (plan: ScaleOutPlan) => ScaleOutResult,
): Promise<ScaleOutResult> {
  const paths = [
    '/graves/male',
    '/graves/female',
    '/graves/recentBurials',
    ...plan.queries.map((q) => `/search?q=${encodeURIComponent(q)}`),
    ...plan.graveIds.map((id) => `/graves/graves/${id}`),
  ];
  const captures = [];
  for (const path of paths) captures.push(await capture(api, path, { 'accept-encoding': 'br, gzip' }));
  writeFileSync(capturesFile, JSON.stringify(captures.map((c) => ({ ...c, url: `/api${c.url}` }))));
  const bare = await Promise.all(plan.urls.map(() => startBareServer(capturesFile)));
  try {
    return runLoad({ ...plan, urls: bare.map((b) => b.url), writeEvery: Number.MAX_SAFE_INTEGER, pool: [] });
  } finally {
    await Promise.all(bare.map((b) => b.stop()));
    rmSync(capturesFile, { force: true });
  }
}
