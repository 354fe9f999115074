// The narrowing cases (tests/domain/searchNarrowingCases.ts) through the server's doors on each engine: the site-wide
// search (GET /api/search), each section's cards (GET /api/graves/cards/{section}?q=) and the console's graves list
// (its q filter). The register is buried through the API; every door must give what the offline search gives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../src/api/paths';
import type { Gender, Grave, GraveCardPage, SearchMatch } from '../../src/domain/types';
import { staffClient } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';
import { NARROWING_CASES, problemsOf, REGISTER } from '../domain/searchNarrowingCases';
import { call } from './helpers';

const SECTIONS: readonly Gender[] = ['men', 'women', 'bones'];

describe.each(ENGINES)('the narrowing rules through the server on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let staffToken: string;
  /** Grave id → the one person buried there. */
  const personOfGrave = new Map<string, string>();

  beforeAll(async () => {
    s = await startTestServer({ seed: 'accounts', now: () => new Date('2026-11-26T10:00:00Z'), databaseUrl });
    const manager = await staffClient(s, 'manager');
    staffToken = manager.token;
    for (const person of REGISTER) {
      const grave = await manager.makeGrave(person.gender, person.grave);
      await manager.bury(grave._id, person.name, person.date);
      personOfGrave.set(grave._id, person.name);
    }
  }, 120_000);
  afterAll(async () => s?.close());

  it.each(NARROWING_CASES.map((c) => [c.rule, c.query, c] as const))('%s: "%s"', async (_rule, query, c) => {
    const q = encodeURIComponent(query);
    const found = await call<SearchMatch[]>(s.api, 'GET', `/search?q=${q}`);
    expect(found.status).toBe(200);
    expect(
      problemsOf(
        c,
        found.body.map((m) => m.person.name),
      ),
    ).toEqual([]);

    for (const section of SECTIONS) {
      const page = await call<GraveCardPage>(s.api, 'GET', paths.sectionCards(section, { q: query, limit: 100 }));
      expect(page.status).toBe(200);
      const names = page.body.cards.map((card) => personOfGrave.get(card._id)!);
      expect(problemsOf(c, names, section), section).toEqual([]);
    }

    const filter = encodeURIComponent(JSON.stringify({ q: query }));
    const list = await call<Grave[]>(s.api, 'GET', `/graves?filter=${filter}&range=[0,99]`, { token: staffToken });
    expect(list.status).toBe(200);
    const listed = list.body.map((g) => personOfGrave.get(g._id)!);
    // The console lists in its own order: only who is found counts there.
    expect(
      problemsOf(
        { ...c, first: undefined, before: undefined, found: [...(c.found ?? []), ...(c.first ?? []).flat()] },
        listed,
      ),
    ).toEqual([]);
  });

  it('a prefix hit says so, and the answers of a finished word hold none', async () => {
    const typing = await call<SearchMatch[]>(s.api, 'GET', `/search?q=${encodeURIComponent('حمدي')}`);
    expect(typing.body.find((m) => m.person.name === 'حمديين كامل')?.match).toBe('prefix');
    expect(typing.body[0]!.match).toBe('exact');
    const finished = await call<SearchMatch[]>(s.api, 'GET', `/search?q=${encodeURIComponent('حمدي ')}`);
    expect(finished.body.map((m) => m.match)).not.toContain('prefix');
  });
});
