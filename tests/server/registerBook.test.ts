// The yearly register book through the real server on both engines: a Gregorian year's burials printed as a PDF,
// read back with pdftotext (poppler-utils): its pages, each page's «صفحة N من M», its totals; the Hijri year and a
// section's whole register as the console's lines; who may print it; the refusals of its query; and the demo
// village's busiest year, each section's total against the years in pictures.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../src/domain/messages';
import { bookYearRange } from '../../src/domain/statistics/registerBook';
import type { YearsInPictures } from '../../src/domain/statistics/yearsInPictures';
import { formatNumber } from '../../src/domain/text/format';
import { staffClient, type StaffClient } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';
import { call, expectRefusal } from './helpers';

const CLERK = { name: 'مدخل البيانات', email: 'clerk@example.com', password: 'clerk-password-1' };

/** 30 men and 15 women buried in 2024, one man in 2023 and one in 2025: each on its own day, in its own grave. */
const BURIALS = [
  ...Array.from({ length: 45 }, (_, i) => ({
    gender: i % 3 === 2 ? 'women' : 'men',
    date: new Date(Date.UTC(2024, 0, 3 + i * 8)).toISOString().slice(0, 10),
  })),
  { gender: 'men', date: '2023-12-30' },
  { gender: 'men', date: '2025-01-02' },
].map((b, i) => ({ ...b, graveNumber: i + 1, name: `المرحوم رقم ${i + 1}` }));

/**
 * pdftotext's raw text of one page, read as it was written: poppler writes each right-to-left word of a line's
 * ActualText in the order it is seen (reversed); reversing each run of Arabic letters gives the words back.
 */
function pageText(pdf: Buffer, page: number): string {
  const raw = execFileSync('pdftotext', ['-raw', '-f', String(page), '-l', String(page), '-', '-'], { input: pdf });
  return (
    raw
      .toString('utf8')
      .replace(/[\u202A-\u202E]/g, '')
      .replace(/[\u0621-\u065F\u0670-\u06D3]+/g, (word) => [...word].reverse().join(''))
      // Where poppler puts the spaces around the digits varies: compared without them.
      .replace(/[ \t]+/g, '')
  );
}

const compact = (text: string) => text.replace(/\s+/g, '');

describe.each(ENGINES)('the register book on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let manager: StaffClient;
  let clerk: string;

  beforeAll(async () => {
    s = await startTestServer({ seed: 'accounts', now: () => new Date('2026-03-10T10:00:00Z'), databaseUrl });
    manager = await staffClient(s, 'manager');
    expect(
      (await call(s.api, 'POST', '/auth/register', { token: manager.token, body: { ...CLERK, role: 'clerk' } })).status,
    ).toBe(201);
    clerk = await s.login(CLERK.email, CLERK.password);
    const rows = BURIALS.map((b) => ({
      gender: b.gender,
      graveNumber: b.graveNumber,
      name: b.name,
      burialDate: b.date,
      createGrave: true,
    }));
    const batch = await call<{ burialsAdded: number }>(s.api, 'POST', '/burials/batch?dryRun=false', {
      token: manager.token,
      body: { rows },
    });
    expect(batch.body.burialsAdded).toBe(47);
  });
  afterAll(() => s?.close());

  const pdf = async (query: string, token: string | null = clerk) => {
    const res = await fetch(`${s.api}/register-book.pdf${query}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: res.status, type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) };
  };

  it('prints a year: every page numbered of the pages, the year’s burials counted in the totals', async () => {
    const book = await pdf('?year=2024&calendar=gregorian');
    expect(book.status).toBe(200);
    expect(book.type).toBe('application/pdf');
    expect(book.body.subarray(0, 5).toString()).toBe('%PDF-');
    const info = execFileSync('pdfinfo', ['-'], { input: book.body }).toString();
    const pages = Number(/Pages:\s+(\d+)/.exec(info)![1]);
    // 45 lines at 21 a page, and the totals' four lines after them: three pages.
    expect(pages).toBe(3);
    for (let page = 1; page <= pages; page++) {
      const text = pageText(book.body, page);
      expect(text).toContain(compact(t('registerBook.page', { page: formatNumber(page), pages: formatNumber(pages) })));
      expect(text).toContain(compact('مقابر'));
    }
    const last = pageText(book.body, pages);
    // The totals' lines, each word of a line read back in the order poppler gives them.
    expect(last).toMatch(new RegExp(`(مجموع|الدفن)[^\\n]*:${formatNumber(45)}\\n`));
    expect(last).toMatch(new RegExp(`رجال[^\\n]*:${formatNumber(30)}\\n`));
    expect(last).toMatch(new RegExp(`نساء[^\\n]*:${formatNumber(15)}\\n`));
    // The book's lines are numbered to the 45th and no further.
    expect(last).toContain(`\n${formatNumber(45)}\n`);
    expect(last).not.toContain(`\n${formatNumber(46)}\n`);
  });

  it('gives the console the same book as lines, a Hijri year’s days, and a section’s whole register', async () => {
    const lines = await call<{ title: string; lines: Array<{ n: string; name: string }>; totals: string[] }>(
      s.api,
      'GET',
      '/register-book?year=2024',
      { token: clerk },
    );
    expect(lines.status).toBe(200);
    expect(lines.body.title).toBe('سجل الدفن لعام ٢٠٢٤م');
    expect(lines.body.lines).toHaveLength(45);
    expect(lines.body.lines[44]).toMatchObject({ n: '٤٥', name: 'المرحوم رقم 45' });
    expect(lines.body.totals[0]).toBe(t('registerBook.total', { count: '٤٥' }));

    const range = bookYearRange(1445, 'hijri')!;
    expect(range).toEqual({ from: '2023-07-19', to: '2024-07-06' });
    const hijri = await call<{ title: string; lines: unknown[] }>(
      s.api,
      'GET',
      '/register-book?year=1445&calendar=hijri',
      {
        token: clerk,
      },
    );
    const inHijriYear = BURIALS.filter((b) => b.date >= range.from && b.date <= range.to).length;
    expect(hijri.body.lines).toHaveLength(inHijriYear);
    expect(hijri.body.title).toBe('سجل الدفن لعام ١٤٤٥ هـ');

    const women = await call<{ title: string; lines: unknown[] }>(s.api, 'GET', '/register-book?section=women', {
      token: clerk,
    });
    expect(women.body.lines).toHaveLength(15);
    expect(women.body.title).toBe('سجل الدفن الكامل — قسم نساء');
  });

  it('is every staff member’s; a visitor must sign in; a query out of bounds is refused in Arabic', async () => {
    expect((await pdf('?year=2024', manager.token)).status).toBe(200);
    expect((await pdf('?year=2024', null)).status).toBe(401);
    for (const query of ['?year=1800', '?year=24', '?year=2024x', '?year=1200&calendar=hijri']) {
      const res = await call(s.api, 'GET', `/register-book${query}`, { token: clerk });
      expectRefusal(res, 400);
    }
    expectRefusal(
      await call(s.api, 'GET', '/register-book?year=2024&calendar=julian', { token: clerk }),
      400,
      'registerBook.calendarInvalid',
    );
    expectRefusal(
      await call(s.api, 'GET', '/register-book?section=all', { token: clerk }),
      400,
      'registerBook.sectionInvalid',
    );
    expectRefusal(await call(s.api, 'GET', '/register-book', { token: clerk }), 400, 'registerBook.yearRequired');
  });
});

describe.each(ENGINES)('the demo village’s register book on $name', ({ databaseUrl }) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ seed: 'demo', databaseUrl });
  });
  afterAll(() => s?.close());

  it('prints its busiest year with each section’s total and every page numbered', async () => {
    const manager = await staffClient(s, 'manager');
    const years = await call<YearsInPictures>(s.api, 'GET', '/statistics/years', { token: manager.token });
    const busiest = [...years.body.gregorian.years].sort((a, b) => b.men + b.women - (a.men + a.women))[0]!;
    const res = await fetch(`${s.api}/register-book.pdf?year=${busiest.period}`, {
      headers: { authorization: `Bearer ${manager.token}` },
    });
    expect(res.status).toBe(200);
    const body = Buffer.from(await res.arrayBuffer());
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', ['-'], { input: body }).toString())![1]);
    for (let page = 1; page <= pages; page++) {
      expect(pageText(body, page)).toContain(
        compact(t('registerBook.page', { page: formatNumber(page), pages: formatNumber(pages) })),
      );
    }
    const last = pageText(body, pages);
    expect(last).toMatch(new RegExp(`رجال[^\\n]*:${formatNumber(busiest.men)}\\n`));
    expect(last).toMatch(new RegExp(`نساء[^\\n]*:${formatNumber(busiest.women)}\\n`));
  });
});
