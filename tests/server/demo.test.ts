// The demo village generator: deterministic counts and contents, read back through the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedText } from '../../src/domain/messages/shared';
import { normalizeArabic } from '../../src/domain/search/normalize';
import { FAMILY } from '../../server/seed/names';
import type {
  ApprovedSuggestion,
  ArticleSummary,
  Grave,
  LoginAnswer,
  SearchMatch,
  Suggestion,
} from '../../src/domain/types';
import { signIn } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import { DEMO_ACCOUNTS, startTestServer, type TestServer } from '../support/server';
import { call, YMD } from './helpers';

const NOW = () => new Date('2026-03-10T10:00:00Z');
const TODAY = '2026-03-10';

/** The village as plain data without its random ids, to compare two generations. */
async function village(s: TestServer, token: string) {
  const graves = (await call<Grave[]>(s.api, 'GET', '/graves', { token })).body;
  return graves.map((g) => ({
    gender: g.gender,
    number: g.number,
    status: g.status,
    people: g.buriedPersons.map((p) => `${p.name}|${p.burialDate}`),
  }));
}

describe.each(ENGINES)('the demo village on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let manager: string;
  let graves: Grave[];

  beforeAll(async () => {
    s = await startTestServer({ seed: 'demo', now: NOW, databaseUrl });
    manager = await signIn(s, 'manager');
    graves = (await call<Grave[]>(s.api, 'GET', '/graves', { token: manager })).body;
  });
  afterAll(async () => s?.close());

  it('has 150 men graves numbered 1–150 and 120 women graves numbered 1–120', async () => {
    const male = (await call<Grave[]>(s.api, 'GET', '/graves/male')).body;
    const female = (await call<Grave[]>(s.api, 'GET', '/graves/female')).body;
    expect(male.map((g) => g.number)).toEqual(Array.from({ length: 150 }, (_, i) => i + 1));
    expect(female.map((g) => g.number)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    expect(male.some((g) => g.status === 'ممتلئة')).toBe(true);
    expect(male.some((g) => g.status === 'متاحة')).toBe(true);
  });

  it('has the two bone sections of the spec', async () => {
    const bone = (await call<Grave[]>(s.api, 'GET', '/graves/bone')).body;
    expect(bone.map((g) => g.number).sort()).toEqual(
      [sharedText['bones.firstStage'], sharedText['bones.secondStage']].sort(),
    );
    expect(sharedText['bones.firstStage']).toBe('المرحلة الأولى (٢٩٤ - ٢٩٨)');
    expect(sharedText['bones.secondStage']).toBe('المرحلة الثانية');
  });

  it('has 600 burials from 1995 to today, a few in the last two weeks, in the spellings people use', async () => {
    const people = graves.flatMap((g) => g.buriedPersons);
    expect(graves).toHaveLength(272);
    expect(people).toHaveLength(600);
    for (const p of people) {
      expect(p.burialDate).toMatch(YMD);
      expect(p.burialDate >= '1995-01-01' && p.burialDate <= TODAY).toBe(true);
    }
    const recent = people.filter((p) => p.burialDate >= '2026-02-25');
    expect(recent.length).toBeGreaterThanOrEqual(3);
    const names = people.map((p) => p.name).join(' ');
    for (const spelling of ['أحمد', 'احمد']) expect(names).toContain(spelling);
    expect(/ة/.test(names) && /ه(\s|$)/.test(names)).toBe(true);
    const recentBurials = (await call<Grave[]>(s.api, 'GET', '/graves/recentBurials')).body;
    expect(recentBurials[0]!.buriedPersons[0]!.burialDate >= '2026-02-25').toBe(true);
    // Statistics agree with the lists.
    const menWomen = graves.filter((g) => g.gender !== 'bones');
    const deaths = menWomen.reduce((n, g) => n + g.buriedPersons.length, 0);
    expect((await call(s.api, 'GET', '/graves/totalDeaths')).body).toEqual({ totalDeaths: deaths });
    const available = menWomen.filter((g) => g.status === 'متاحة').length;
    expect((await call(s.api, 'GET', '/graves/available-count')).body).toEqual({ availableGravesCount: available });
    expect((await call(s.api, 'GET', '/graves/unavailable-count')).body).toEqual({
      unavailableGravesCount: menWomen.length - available,
    });
  });

  it('has 3 articles and 36 suggestions, 12 in each status', async () => {
    const articles = (await call<ArticleSummary[]>(s.api, 'GET', '/articles')).body;
    expect(articles).toHaveLength(3);
    for (const status of ['pending', 'approved', 'rejected']) {
      const list = (await call<Suggestion[]>(s.api, 'GET', `/suggestion/status/${status}`, { token: manager })).body;
      expect(list, status).toHaveLength(12);
    }
    const approved = (await call<ApprovedSuggestion[]>(s.api, 'GET', '/suggestion/approved')).body;
    expect(approved).toHaveLength(12);
    for (const a of approved) expect(Object.keys(a).sort()).toEqual(['_id', 'name', 'text']);
  });

  it('no name repeats a word next to itself, in any spelling (أحمد احمد), as a generator slip would', () => {
    const people = graves.flatMap((g) => g.buriedPersons);
    for (const p of people) {
      const words = p.name.split(' ').map((w) => normalizeArabic(w));
      for (let i = 1; i < words.length; i++) expect(words[i], p.name).not.toBe(words[i - 1]);
    }
  });

  it('every suggestion is written once, in plain Arabic, sent over the weeks before today', async () => {
    const all: Suggestion[] = [];
    for (const status of ['pending', 'approved', 'rejected']) {
      all.push(...(await call<Suggestion[]>(s.api, 'GET', `/suggestion/status/${status}`, { token: manager })).body);
    }
    const texts = all.map((x) => x.text);
    expect(new Set(texts).size).toBe(texts.length);
    // Not even the same request twice in other words: no two share their first four words.
    const openings = texts.map((x) => x.split(' ').slice(0, 4).join(' '));
    expect(new Set(openings).size).toBe(openings.length);
    for (const x of all) {
      expect(x.text).toMatch(/^[\u0600-\u06FF\s\d٠-٩،.؟!:()—-]+$/);
      expect(x.text).not.toMatch(/lorem|ipsum|test|اختبار|\(\d+\)/i);
      expect(x.createdAt <= '2026-03-10T12:00:00.000Z').toBe(true);
      expect(x.createdAt >= '2025-12-01').toBe(true);
    }
    // Sent at different hours, not on a fixed beat.
    const times = all.map((x) => Date.parse(x.createdAt)).sort((a, b) => a - b);
    const gaps = new Set(times.slice(1).map((t, i) => t - times[i]!));
    expect(gaps.size).toBeGreaterThan(times.length / 2);
  });

  it("the GEDCOM export names every person's family as the surname, with or without its article", async () => {
    const res = await fetch(`${s.api}/export/burials.ged`, { headers: { authorization: `Bearer ${manager}` } });
    expect(res.status).toBe(200);
    const lines = (await res.text()).split(/\r?\n/);
    const people = lines.filter((line) => / INDI$/.test(line));
    const surnames = lines.filter((line) => line.startsWith('2 SURN ')).map((line) => line.slice('2 SURN '.length));
    expect(people).toHaveLength(600);
    // Every demo name ends in one of the village's families (منصور, أبو زيد, الفقي…): each is the surname.
    expect(surnames).toHaveLength(600);
    expect(surnames.filter((surname) => !FAMILY.includes(surname))).toEqual([]);
    expect(surnames.filter((surname) => !surname.startsWith('ال')).length).toBeGreaterThan(100);
  });

  it('the demo accounts log in with their roles', async () => {
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const res = await call<LoginAnswer>(s.api, 'POST', '/auth/login', {
        body: { email: account.email, password: account.password },
      });
      expect(res.status).toBe(200);
      expect(res.body.role).toBe(account.role);
    }
  });

  it('search works on the demo spellings', async () => {
    const a = (await call<SearchMatch[]>(s.api, 'GET', `/search?q=${encodeURIComponent('احمد')}`)).body;
    const b = (await call<SearchMatch[]>(s.api, 'GET', `/search?q=${encodeURIComponent('أحمد')}`)).body;
    expect(a.length).toBeGreaterThan(0);
    expect(a.length).toBeLessThanOrEqual(50);
    // Each spelling finds the names written either way; the one typed exactly comes first.
    for (const [answer, typed] of [
      [a, 'احمد'],
      [b, 'أحمد'],
    ] as const) {
      const names = answer.map((m) => m.person.name);
      expect(names.some((n) => n.includes('أحمد')) && names.some((n) => n.includes('احمد'))).toBe(true);
      expect(answer[0]!.person.name).toContain(typed);
      expect(answer[0]!.match).toBe('exact');
    }
  });

  it('is deterministic: a second generation for the same day is the same village', async () => {
    const again = await startTestServer({ seed: 'demo', now: NOW, databaseUrl, seedOptions: { accounts: false } });
    try {
      // The second village has no accounts: compare through the public section lists, which hold every grave
      // and burial. Ids are random; people of one grave on one day may come in either order, so they are sorted.
      const sections = async (server: TestServer) => {
        const all: Grave[] = [];
        for (const path of ['male', 'female', 'bone'])
          all.push(...(await call<Grave[]>(server.api, 'GET', `/graves/${path}`)).body);
        return all.map((g) => ({
          gender: g.gender,
          number: g.number,
          status: g.status,
          people: g.buriedPersons.map((p) => `${p.name}|${p.burialDate}`).sort(),
        }));
      };
      expect(await sections(again)).toEqual(await sections(s));
      expect((await sections(s)).length).toBe((await village(s, manager)).length);
    } finally {
      await again.close();
    }
  });
});
