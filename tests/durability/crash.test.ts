// Crash test: the production server is killed with SIGKILL at random moments while several clients write;
// every write it acknowledged must be there afterwards, nothing half-written, and SQLite's integrity_check ok.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { call } from '../../src/api/client';
import { paths } from '../../src/api/paths';
import type { AuditEntry, Grave } from '../../src/domain/types';
import { type ApiAt, bury, logIn, makeGrave, sendSuggestion, suggestionsOf } from '../support/fixtures';
import { ENGINES, freshPostgresDatabase } from '../support/postgres';
import { startServerProcess, type ServerProcess } from '../support/process';

const MANAGER = { email: 'crash-manager@example.com', password: 'crash-test-password' };
const CYCLES = 10;
const CLIENTS = 4;

interface Acknowledged {
  graves: Map<string, number>; // id -> number
  burials: Map<string, string>; // person id -> grave id
  suggestions: Set<string>; // text
}

/** One client: create a grave, bury someone in it, send a suggestion; again and again until the server dies. */
async function writer(server: ApiAt, token: string, clientNo: number, cycle: number, ack: Acknowledged): Promise<void> {
  for (let i = 0; ; i++) {
    const number = 100_000 - (cycle * 10_000 + clientNo * 1_000 + i); // unique across cycles and clients
    try {
      // Each fixture throws unless the server acknowledged the write.
      const grave = await makeGrave(server, token, 'men', number);
      ack.graves.set(grave._id, number);
      const buried = await bury(server, token, grave._id, `متوفى تجربة ${cycle}-${clientNo}-${i}`, '2020-01-01');
      ack.burials.set(buried.buriedPersons[0]!._id, grave._id);
      const text = `اقتراح تجربة ${cycle}-${clientNo}-${i}`;
      // Each suggestion from its own (forwarded) address, so the per-client throttle does not interfere.
      await sendSuggestion(
        server,
        { text, name: 'زائر', phone: '0100 123 4567' },
        { 'x-forwarded-for': `10.${cycle}.${clientNo}.${i % 250}` },
      );
      ack.suggestions.add(text);
    } catch {
      return; // the server died under us: whatever was not acknowledged may or may not be there
    }
  }
}

describe.each(ENGINES)('crash safety on $name', ({ name, databaseUrl }) => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it(`keeps every acknowledged write through ${CYCLES} SIGKILLs`, async () => {
    let dbUrl: string;
    let sqlitePath: string | null = null;
    if (databaseUrl) {
      const fresh = await freshPostgresDatabase(databaseUrl);
      dbUrl = fresh.url;
      cleanups.push(fresh.drop);
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'cemetery-crash-'));
      sqlitePath = join(dir, 'register.sqlite');
      dbUrl = `file:${sqlitePath}`;
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    }
    const env = {
      DATABASE_URL: dbUrl,
      MANAGER_EMAIL: MANAGER.email,
      MANAGER_PASSWORD: MANAGER.password,
      TRUST_PROXY: 'true',
    };
    const ack: Acknowledged = { graves: new Map(), burials: new Map(), suggestions: new Set() };
    let token = '';
    let kills = 0;
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const server: ServerProcess = await startServerProcess(env);
      if (!token) token = await logIn(server, MANAGER.email, MANAGER.password);
      const writers = Array.from({ length: CLIENTS }, (_, c) => writer(server, token, c, cycle, ack));
      await new Promise((r) => setTimeout(r, 150 + Math.random() * 600));
      await server.kill();
      kills++;
      await Promise.all(writers);
    }
    expect(kills).toBe(CYCLES);

    const server = await startServerProcess(env);
    try {
      const graves = await call<Grave[]>(paths.graves(), { base: server.api, token });
      const byId = new Map(graves.map((g) => [g._id, g]));
      for (const [id, number] of ack.graves) expect(byId.get(id)?.number).toBe(number);
      const persons = new Map<string, string>();
      for (const g of graves) for (const p of g.buriedPersons) persons.set(p._id, g._id);
      for (const [personId, graveId] of ack.burials) expect(persons.get(personId)).toBe(graveId);
      const pending = await suggestionsOf(server, token, 'pending');
      const texts = new Set(pending.map((s) => s.text));
      for (const text of ack.suggestions) expect(texts.has(text)).toBe(true);
      // Nothing half-written: every grave the test created has its audit record, written in the same transaction.
      const audited = new Set<string>();
      for (let start = 0; ; start += 1000) {
        const params = new URLSearchParams({
          filter: JSON.stringify({ action: 'grave.create' }),
          range: JSON.stringify([start, start + 999]),
        });
        const page = await call<AuditEntry[]>(`/audit?${params}`, { base: server.api, token });
        for (const a of page) audited.add(a.entityId);
        if (page.length < 1000) break;
      }
      for (const g of graves) expect(audited.has(g._id)).toBe(true);
      expect(audited.size).toBe(graves.length);
      console.log(
        `crash test on ${name}: ${kills} SIGKILLs, acknowledged ${ack.graves.size} graves, ${ack.burials.size} burials, ${ack.suggestions.size} suggestions — all present`,
      );
      expect(ack.graves.size).toBeGreaterThan(CYCLES);
    } finally {
      await server.stop();
    }
    if (sqlitePath) {
      const db = new Database(sqlitePath, { readonly: true });
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        const orphans = db
          .prepare('select count(*) as n from burials where grave_id not in (select id from graves)')
          .get() as { n: number };
        expect(orphans.n).toBe(0);
      } finally {
        db.close();
      }
    }
  }, 120_000);
});
