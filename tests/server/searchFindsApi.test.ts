// The cases of tests/domain/searchFindsCases.ts (the article on every family name, Latin spellings by the letter
// rules, a half-typed word before the family name, stored words of any script and numbers) through the server on
// each engine: GET /api/search, each section's cards, the console's graves list (its q filter), and the offline
// search over the compact index the server sends (GET /api/search/index), as the service worker runs it. The
// register is buried through the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../src/api/paths';
import { decodeOfflineIndex, offlineSearch, type OfflineIndex } from '../../src/domain/search/offlineIndex';
import type { Gender, Grave, GraveCardPage, SearchMatch } from '../../src/domain/types';
import { staffClient } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';
import { FINDS_CASES, FINDS_REGISTER } from '../domain/searchFindsCases';
import { problemsOf } from '../domain/searchNarrowingCases';
import { call } from './helpers';

const SECTIONS: readonly Gender[] = ['men', 'women'];

describe.each(ENGINES)('names still missed, through the server on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let staffToken: string;
  let offline: (text: string) => SearchMatch[];
  /** Grave id → the one person buried there. */
  const personOfGrave = new Map<string, string>();

  beforeAll(async () => {
    s = await startTestServer({ seed: 'accounts', now: () => new Date('2026-03-10T10:00:00Z'), databaseUrl });
    const manager = await staffClient(s, 'manager');
    staffToken = manager.token;
    for (const person of FINDS_REGISTER) {
      const grave = await manager.makeGrave(person.gender, person.grave);
      await manager.bury(grave._id, person.name, person.date);
      personOfGrave.set(grave._id, person.name);
    }
    const index = await call<OfflineIndex>(s.api, 'GET', '/search/index');
    expect(index.status).toBe(200);
    offline = offlineSearch(decodeOfflineIndex(index.body));
  }, 120_000);
  afterAll(async () => s?.close());

  it.each(FINDS_CASES.map((c) => [c.rule, c.query, c] as const))('%s: "%s"', async (_rule, query, c) => {
    const found = await call<SearchMatch[]>(s.api, 'GET', `/search?q=${encodeURIComponent(query)}`);
    expect(found.status).toBe(200);
    const names = found.body.map((m) => m.person.name);
    expect(problemsOf(c, names, undefined, FINDS_REGISTER)).toEqual([]);
    // The phone without a network answers the same, in the same order, with the same words marked.
    const key = (m: SearchMatch) => [m.person.name, m.match, m.words];
    expect(offline(query).map(key)).toEqual(found.body.map(key));

    // A number alone is a grave's number to a section's cards (their numbers are listed, not the names').
    if (/^[\d\s]+$/.test(query)) return;
    for (const section of SECTIONS) {
      const page = await call<GraveCardPage>(s.api, 'GET', paths.sectionCards(section, { q: query, limit: 100 }));
      expect(page.status).toBe(200);
      const cards = page.body.cards.map((card) => personOfGrave.get(card._id)!);
      expect(problemsOf(c, cards, section, FINDS_REGISTER), section).toEqual([]);
    }

    // The console lists in its own order: only who is found counts there.
    const filter = encodeURIComponent(JSON.stringify({ q: query }));
    const list = await call<Grave[]>(s.api, 'GET', `/graves?filter=${filter}&range=[0,99]`, { token: staffToken });
    expect(list.status).toBe(200);
    const listed = list.body.map((g) => personOfGrave.get(g._id)!);
    const anywhere = [...(c.found ?? []), ...(c.first ?? []).flat()];
    const unordered = { ...c, first: undefined, before: undefined, found: anywhere };
    expect(problemsOf(unordered, listed, undefined, FINDS_REGISTER)).toEqual([]);
  });
});
