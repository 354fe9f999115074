// The plan of the cemetery. GET /api/plan draws every men's and women's grave in its row with its status
// (rows of ten by number until the committee names its rows), the bone sections apart; PUT /api/plan/rows/{gender}
// names a section's rows (manager only, audited, every fault refused in Arabic without a change); one grave's
// answer carries its place ("الصف ب، الخانة ٤"); GET /api/graves/by-number finds a grave by its section and number.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanAnswer, PlanRow } from '../../src/domain/plan/plan';
import { GRAVE_STATUS, type Grave } from '../../src/domain/types';
import { staffClient, type StaffClient } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';
import { call, expectRefusal } from './helpers';

describe.each(ENGINES)('the cemetery plan on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let admin: StaffClient;
  let manager: StaffClient;
  const plan = async () => (await call<PlanAnswer>(s.api, 'GET', '/plan')).body;
  const rowsOf = async () => (await call<{ men: PlanRow[]; women: PlanRow[] }>(s.api, 'GET', '/plan/rows')).body;
  const putRows = (gender: string, rows: unknown, token: string | null = manager.token) =>
    call<{ message: string; rows: PlanRow[] }>(s.api, 'PUT', `/plan/rows/${gender}`, { token, body: { rows } });
  const graveOf = async (id: string) => (await call<Grave>(s.api, 'GET', `/graves/graves/${id}`)).body;
  const graves: Record<string, Grave> = {};

  beforeAll(async () => {
    // Today is 10 March 2026 and the resting period one year (the test server's default).
    s = await startTestServer({ seed: 'accounts', now: () => new Date('2026-03-10T10:00:00Z'), databaseUrl });
    admin = await staffClient(s, 'admin');
    manager = await staffClient(s, 'manager');
    for (const n of [1, 2, 3, 12, 14, 31]) graves[`men${n}`] = await admin.makeGrave('men', n);
    graves.women7 = await admin.makeGrave('women', 7);
    graves.bones = await admin.makeGrave('bones', 'المرحلة الأولى');
    await admin.bury(graves.men2!._id, 'سالم عبد الله', '2026-01-10'); // resting until 10 January 2027
    await admin.markFull(graves.men3!._id);
    await admin.bury(graves.bones!._id, 'رفات قديمة', '1950-01-01');
  });
  afterAll(() => s.close());

  it('draws each section in rows of ten by number until rows are named, each grave with its status', async () => {
    const answer = await plan();
    const men = answer.sections.find((x) => x.gender === 'men')!;
    expect(men.configured).toBe(false);
    expect(men.rows.map((r) => [r.label, r.from, r.to])).toEqual([
      ['١', 1, 10],
      ['٢', 11, 20],
      ['٤', 31, 40],
    ]);
    expect(men.rows[0]!.cells).toBe('arf-------');
    expect(men.rows[0]!.days).toEqual([306]);
    expect(men.rows[1]!.cells).toBe('-a-a------');
    expect(answer.sections.find((x) => x.gender === 'women')!.rows).toEqual([
      { label: '١', from: 1, to: 10, cells: '------a---', days: [] },
    ]);
    expect(answer.bones).toEqual([{ number: 'المرحلة الأولى', count: 1 }]);
    // One grave's answer names its place in the rows of ten.
    expect((await graveOf(graves.men14!._id)).place).toEqual({ row: '٢', place: 4 });
    expect((await graveOf(graves.bones!._id)).place).toBeUndefined();
  });

  it('names rows (manager): the plan, the grave pages and the audit follow; graves outside them still show', async () => {
    const rows = [
      { label: 'أ', from: 1, to: 5 },
      { label: 'ب', from: '١١', to: '١٥' },
    ];
    const saved = await putRows('men', rows);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe('حُفظت صفوف مقابر الرجال.');
    expect(saved.body.rows).toEqual([
      { label: 'أ', from: 1, to: 5 },
      { label: 'ب', from: 11, to: 15 },
    ]);
    expect((await rowsOf()).men).toEqual(saved.body.rows);
    expect((await rowsOf()).women).toEqual([]);

    const men = (await plan()).sections.find((x) => x.gender === 'men')!;
    expect(men.configured).toBe(true);
    expect(men.rows).toEqual([
      { label: 'أ', from: 1, to: 5, cells: 'arf--', days: [306] },
      { label: 'ب', from: 11, to: 15, cells: '-a-a-', days: [] },
      { label: '', from: 31, to: 31, cells: 'a', days: [], unplaced: true },
    ]);
    expect((await graveOf(graves.men14!._id)).place).toEqual({ row: 'ب', place: 4 });
    expect((await graveOf(graves.men31!._id)).place).toBeUndefined();

    const audit = await call<Array<{ action: string; entityId: string }>>(s.api, 'GET', '/audit', {
      token: manager.token,
    });
    expect(audit.body.find((e) => e.action === 'plan.rows')?.entityId).toBe('men');

    // An empty list returns the section to rows of ten.
    const reset = await putRows('men', []);
    expect(reset.body.message).toBe('حُذفت صفوف مقابر الرجال المسماة، وتُرسم الآن صفوفًا من عشر مقابر بالترتيب.');
    expect((await plan()).sections.find((x) => x.gender === 'men')!.configured).toBe(false);
    expect((await graveOf(graves.men14!._id)).place).toEqual({ row: '٢', place: 4 });
  });

  it('refuses every fault with its Arabic reason and changes nothing', async () => {
    expect((await putRows('women', [{ label: 'أ', from: 1, to: 10 }])).status).toBe(200);
    const before = await rowsOf();
    const cases: Array<[string, unknown, string]> = [
      ['women', [{ label: ' ', from: 1, to: 3 }], 'اكتب اسم الصف رقم ١ في القائمة (حتى ٢٠ حرفًا).'],
      [
        'women',
        [
          { label: 'أ', from: 1, to: 3 },
          { label: 'أ', from: 4, to: 6 },
        ],
        'اسم الصف «أ» مكرر. لكل صف اسم لا يتكرر في القسم.',
      ],
      [
        'women',
        [{ label: 'ج', from: 9, to: 3 }],
        'في الصف «ج»: الرقم الأول والأخير عددان صحيحان من ١ إلى ١٠٠٠٠٠، والأول لا يزيد على الأخير.',
      ],
      ['women', [{ label: 'د', from: 1, to: 51 }], 'الصف «د» أطول من ٥٠ مقبرة. قسّمه إلى صفين أو أكثر.'],
      [
        'women',
        [
          { label: 'أ', from: 1, to: 10 },
          { label: 'ب', from: 10, to: 12 },
        ],
        'الصفان «أ» و«ب» يتداخلان في الأرقام. لكل مقبرة صف واحد.',
      ],
      ['bones', [], 'تُرسم صفوف مقابر الرجال والنساء فقط؛ أقسام العظام خارج الصفوف.'],
    ];
    for (const [gender, rows, message] of cases) {
      const answer = await putRows(gender, rows);
      expectRefusal(answer, 400);
      expect(answer.body.message).toBe(message);
    }
    const notList = await call(s.api, 'PUT', '/plan/rows/women', { token: manager.token, body: { rows: 'أ' } });
    expectRefusal(notList, 400, 'plan.rowsInvalid');
    // An admin keeps graves, not the plan's rows; nobody signed in may not either.
    expectRefusal(await putRows('women', [], admin.token), 403);
    expectRefusal(await putRows('women', [], null), 401);
    expect(await rowsOf()).toEqual(before);
  });

  it('a burial or a full mark shows on the plan at once (its cached answer follows the register)', async () => {
    const first = (await plan()).sections.find((x) => x.gender === 'men')!.rows[1]!.cells;
    expect(first[3]).toBe('a'); // grave 14
    await admin.markFull(graves.men14!._id);
    const after = (await plan()).sections.find((x) => x.gender === 'men')!.rows[1]!.cells;
    expect(after[3]).toBe('f');
    expect((await graveOf(graves.men14!._id)).status).toBe(GRAVE_STATUS.full);
  });

  it('finds a grave by its section and number, in either digits, and a bone section by its name', async () => {
    const byNumber = (gender: string, number: string) =>
      call<Grave>(s.api, 'GET', `/graves/by-number/${gender}/${encodeURIComponent(number)}`);
    expect((await byNumber('men', '12')).body._id).toBe(graves.men12!._id);
    expect((await byNumber('men', '١٢')).body._id).toBe(graves.men12!._id);
    expect((await byNumber('women', '7')).body._id).toBe(graves.women7!._id);
    expect((await byNumber('bones', 'المرحلة الأولى')).body._id).toBe(graves.bones!._id);
    expectRefusal(await byNumber('women', '12'), 404, 'grave.notFound');
    expectRefusal(await byNumber('men', 'abc'), 404, 'grave.notFound');
    expectRefusal(await byNumber('nobody', '1'), 404, 'grave.notFound');
  });
});
