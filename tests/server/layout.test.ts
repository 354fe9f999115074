// The house rules of design.md that a test can read: SQL lives in server/data only, and /api/openapi.json describes
// every answer of every operation. (No casts in server/routes is a lint rule: tests/lint/rooms.test.ts.)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourcesUnder(path) : path.endsWith('.ts') ? [path] : [];
  });
}

const QUERY_BUILDING =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|transaction)\(|\bsql`|\bctx\.db\.|from 'kysely'|\.execute\(\)/;

describe('where things are', () => {
  const outsideData = ['server/routes', 'server/plugins', 'server/site'].flatMap(sourcesUnder);

  it('no SQL outside server/data: routes, plugins and the site ask the data layer', () => {
    expect(outsideData.length).toBeGreaterThan(10);
    const offenders = outsideData.filter((file) => QUERY_BUILDING.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('the check itself sees a query (it would fail on a route that built one)', () => {
    expect(QUERY_BUILDING.test("const rows = await ctx.db.selectFrom('graves').selectAll().execute();")).toBe(true);
    expect(QUERY_BUILDING.test('await sql`select 1`.execute(db);')).toBe(true);
  });

  it('no Arabic text in server/routes: every word a clerk reads comes from the messages module', () => {
    const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
    const routes = sourcesUnder('server/routes');
    expect(routes.length).toBeGreaterThan(10);
    const offenders = routes.filter((file) => /[\u0600-\u06ff]/.test(code(readFileSync(file, 'utf8'))));
    expect(offenders).toEqual([]);
    expect(/[\u0600-\u06ff]/.test(code('// «رفات»\nconst a = 1;'))).toBe(false);
    expect(/[\u0600-\u06ff]/.test(code("const a = 'ميغابايت';"))).toBe(true);
  });

  it('the status of a grave from its newest burial is read in one place', () => {
    // Each grave keeps its newest burial day, set by every write from one definition (graveFacts.ts);
    // every status is read from that column.
    const newestBurial = /fn\.max\(['"](?:burials\.)?burial_date['"]\)|max\(\s*(?:\w+\.)?burial_date\s*\)/;
    // (A migration fills the column once with its own query: it runs against the schema of its time.)
    const holders = sourcesUnder('server').filter(
      (file) => file !== 'server/db/migrations.ts' && newestBurial.test(readFileSync(file, 'utf8')),
    );
    expect(holders).toEqual(['server/data/graveFacts.ts']);
  });
});

describe('the OpenAPI document describes every answer', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s?.close());

  interface Operation {
    responses?: Record<string, { description?: string; content?: Record<string, { schema?: object }> }>;
    security?: unknown[];
  }

  it('each operation has a response schema for every status code it declares: a success, 429 and 500 at least', async () => {
    const doc = (await (await fetch(`${s.api}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
    );
    expect(operations.length).toBeGreaterThan(35);
    const problems: string[] = [];
    for (const { name, op } of operations) {
      const codes = Object.keys(op.responses ?? {});
      if (!codes.some((c) => /^2\d\d$/.test(c))) problems.push(`${name}: no success answer`);
      for (const code of ['429', '500']) if (!codes.includes(code)) problems.push(`${name}: no ${code}`);
      if (op.security?.length && !['401', '403'].every((c) => codes.includes(c)))
        problems.push(`${name}: staff route without 401/403`);
      for (const code of codes) {
        const answer = op.responses![code]!;
        // 204 and 304 carry no body; every other answer names its schema.
        if (code === '204' || code === '304') continue;
        const schemas = Object.values(answer.content ?? {}).map((c) => c.schema);
        if (schemas.length === 0 || schemas.some((schema) => !schema)) problems.push(`${name} ${code}: no schema`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('staff operations declare the bearer token; public ones declare none', async () => {
    const doc = (await (await fetch(`${s.api}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    expect(doc.paths['/api/graves']?.get?.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/graves/male']?.get?.security).toEqual([]);
  });

  it('GET /api/settings announces the time zone and the resting period (beside the identity)', async () => {
    const res = await fetch(`${s.api}/settings`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      timeZone: s.config.timeZone,
      restingPeriodDays: s.config.restingPeriodDays,
    });
  });
});
