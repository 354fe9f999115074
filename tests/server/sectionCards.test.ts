// GET /graves/cards/{section}: a section's cards a page at a time, and its search answered by the server
// with the same matcher the section pages used in the browser, kept and revalidated like the other public answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../src/api/paths';
import { SECTION_CARDS } from '../../src/domain/rules/sectionCards';
import type { Grave, GraveCardPage } from '../../src/domain/types';
import { searchGraves } from '../../src/public/graveSearch';
import { staffClient, type StaffClient } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';
import { call } from './helpers';

describe.each(ENGINES)('section cards on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let admin: StaffClient;
  let men: Grave[];
  beforeAll(async () => {
    s = await startTestServer({ seed: 'demo', databaseUrl });
    admin = await staffClient(s, 'admin');
    men = (await call<Grave[]>(s.api, 'GET', paths.gravesOfSection('men'))).body;
  });
  afterAll(async () => s?.close());

  const cards = async (path: string) => {
    const answer = await call<GraveCardPage>(s.api, 'GET', path);
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const card = (g: Grave) => ({
    _id: g._id,
    number: g.number,
    gender: g.gender,
    status: g.status,
    daysUntilAvailable: g.daysUntilAvailable,
  });

  it('the first page is the section in its order, without burials, and the pages follow on', async () => {
    expect(men.length).toBeGreaterThan(SECTION_CARDS.firstPage);
    const first = await cards(paths.sectionCards('men'));
    expect(first.total).toBe(men.length);
    expect(first.offset).toBe(0);
    expect(first.cards).toEqual(men.slice(0, SECTION_CARDS.firstPage).map(card));
    const second = await cards(paths.sectionCards('men', { offset: SECTION_CARDS.firstPage, limit: 20 }));
    expect(second.cards).toEqual(men.slice(SECTION_CARDS.firstPage, SECTION_CARDS.firstPage + 20).map(card));
    const past = await cards(paths.sectionCards('men', { offset: men.length + 5 }));
    expect(past).toEqual({ total: men.length, offset: men.length + 5, cards: [] });
    for (const gender of ['women', 'bones'] as const) {
      const all = (await call<Grave[]>(s.api, 'GET', paths.gravesOfSection(gender))).body;
      const page = await cards(paths.sectionCards(gender, { limit: SECTION_CARDS.maxLimit }));
      expect(page.cards).toEqual(all.slice(0, SECTION_CARDS.maxLimit).map(card));
    }
  });

  it('a search finds the graves the browser-side matcher finds: names as families say them, and numbers', async () => {
    const someone = men.find((g) => g.buriedPersons.some((p) => p.name.split(' ').length >= 3))!;
    const name = someone.buriedPersons[0]!.name;
    const [first, , family] = name.split(' ');
    const queries = [
      name,
      `المرحوم ${first} ${family}`,
      `${first} ${family}`.replace(/ق/g, 'ء'),
      String(someone.number),
      `مقبرة رقم ${String(someone.number).slice(0, 1)}`,
      'لا يوجد أحد بهذا الاسم',
    ];
    for (const q of queries) {
      const expected = searchGraves(men, q).map((g) => g._id);
      const page = await cards(paths.sectionCards('men', { q, limit: SECTION_CARDS.maxLimit }));
      expect(page.total, q).toBe(expected.length);
      expect(new Set(page.cards.map((c) => c._id)), q).toEqual(new Set(expected.slice(0, SECTION_CARDS.maxLimit)));
      expect(page.cards.every((c) => c.gender === 'men')).toBe(true);
    }
    const exact = await cards(paths.sectionCards('men', { q: name }));
    expect(exact.cards[0]?._id).toBe(someone._id);
  });

  it('is kept with an ETag, and a burial is in the very next answer', async () => {
    const grave = await admin.makeGrave('men', 9100);
    const path = paths.sectionCards('men', { q: '9100' });
    const before = await call<GraveCardPage>(s.api, 'GET', path);
    expect(before.body.cards.map((c) => c._id)).toEqual([grave._id]);
    const etag = before.headers.get('etag')!;
    expect((await call(s.api, 'GET', path, { headers: { 'if-none-match': etag } })).status).toBe(304);
    await admin.bury(grave._id, 'سالم عبد الحميد القاضي', s.ctx.today());
    const after = await call<GraveCardPage>(s.api, 'GET', path, { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.body.cards[0]!.status).not.toBe(before.body.cards[0]!.status);
    const byName = await cards(paths.sectionCards('men', { q: 'سالم القاضى' }));
    expect(byName.cards.map((c) => c._id)).toContain(grave._id);
  });

  it('refuses a page it cannot give, in Arabic', async () => {
    for (const query of ['limit=0', 'limit=ten', 'offset=-1', `q=${'م'.repeat(101)}`]) {
      const answer = await call<{ message: string }>(s.api, 'GET', `/graves/cards/male?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.message).toMatch(/[\u0600-\u06ff]/);
    }
  });
});
