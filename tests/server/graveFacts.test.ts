// Every grave keeps its newest burial day and how many lie in it (graves.last_burial_date, burial_count),
// and the next grave, the statistics and a section's pages are read from them. After each kind of write the kept
// facts equal what the burials say, and those answers equal a direct computation through deriveStatus from the
// sections' full lists (each grave with its burials). Through the real server on both engines, the clock fixed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../src/api/paths';
import { deriveStatus } from '../../src/domain/rules/graveStatus';
import { GRAVE_STATUS, type AuditEntry, type Gender, type Grave, type GraveCardPage } from '../../src/domain/types';
import { gunzipSync } from 'node:zlib';
import { listGraves, nextGraves } from '../../server/data/graves';
import { TRIMMED_BELOW } from '../../server/data/graveFacts';
import { signIn } from '../support/fixtures';
import { expectTalliesKept } from '../support/tallies';
import { ENGINES } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';
import { call, rawGet, type CallOptions } from './helpers';

const SECTIONS: Gender[] = ['men', 'women', 'bones'];

describe.each(ENGINES)('the graves’ kept facts on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let manager: string;
  // 10 March 2026, a resting period of 365 days: a burial of 10 March 2025 has just rested, one of the 11th not.
  const clock = new Date('2026-03-10T10:00:00Z');

  beforeAll(async () => {
    s = await startTestServer({ seed: 'accounts', now: () => clock, databaseUrl });
    manager = await signIn(s, 'manager');
  });
  afterAll(async () => s?.close());

  const api = async <T = unknown>(method: string, path: string, options: CallOptions = {}) => {
    const answer = await call<T>(s.api, method, path, { token: manager, ...options });
    expect(answer.status, `${method} ${path} ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    return answer.body;
  };
  const section = (gender: Gender) => api<Grave[]>('GET', paths.gravesOfSection(gender));
  const graveOf = (id: string) => api<Grave>('GET', paths.grave(id));
  const entryOf = async (action: string, entityId: string) =>
    (await api<AuditEntry[]>('GET', `/audit?filter=${encodeURIComponent(JSON.stringify({ action, entityId }))}`)).find(
      (e) => !e.undone,
    )!;

  /** The kept facts of every grave against max(burial_date) and count(*) of its burials. */
  async function expectFactsKept(step: string) {
    const db = s.ctx.db;
    const kept = await db.selectFrom('graves').select(['id', 'last_burial_date', 'burial_count']).execute();
    const counted = await db
      .selectFrom('burials')
      .select(['grave_id', db.fn.max('burial_date').as('last'), db.fn.countAll<string | number>().as('n')])
      .groupBy('grave_id')
      .execute();
    const truth = new Map(counted.map((r) => [r.grave_id, { last: String(r.last), n: Number(r.n) }]));
    expect(kept.length, step).toBeGreaterThan(0);
    for (const grave of kept) {
      const expected = truth.get(grave.id) ?? { last: null, n: 0 };
      expect({ last: grave.last_burial_date, n: Number(grave.burial_count) }, `${step}: ${grave.id}`).toEqual(expected);
    }
    // And each section's figures, kept by the database as the graves change.
    await expectTalliesKept(db, step);
  }

  /** The next grave, the statistics and every section's cards against the sections' lists and deriveStatus. */
  async function expectAnswersDerived(step: string) {
    const sc = s.ctx.statusContext();
    const lists = Object.fromEntries(
      await Promise.all(SECTIONS.map(async (g) => [g, await section(g)] as const)),
    ) as Record<Gender, Grave[]>;
    const statusOf = (g: Grave, full: boolean) =>
      deriveStatus(
        { gender: g.gender, full, lastBurialDate: g.buriedPersons[0]?.burialDate ?? null },
        sc.today,
        sc.restingPeriodDays,
      );
    // A grave is full when the list says so; otherwise its status is derived from its newest burial.
    const derived = (g: Grave) => statusOf(g, g.status === GRAVE_STATUS.full);
    const open = (gender: Gender) => lists[gender].filter((g) => derived(g).status === GRAVE_STATUS.available);

    const figure = async (path: string) => Object.values(await api<Record<string, number>>('GET', path))[0];
    const available = open('men').length + open('women').length;
    expect(await figure(paths.availableCount()), step).toBe(available);
    expect(await figure(paths.unavailableCount()), step).toBe(lists.men.length + lists.women.length - available);
    const movedFrom = (gender: Gender) =>
      lists.bones.flatMap((g) => g.buriedPersons).filter((p) => p.transferredFrom?.gender === gender).length;
    const deaths = (gender: Gender) =>
      lists[gender].reduce((n, g) => n + g.buriedPersons.length, 0) + movedFrom(gender);
    expect(await figure(paths.maleDeaths()), step).toBe(deaths('men'));
    expect(await figure(paths.femaleDeaths()), step).toBe(deaths('women'));
    expect(await figure(paths.totalDeaths()), step).toBe(deaths('men') + deaths('women'));

    // The lowest number (the lists are in the section's order), or never used first, then the oldest newest burial.
    const lowest = (gender: Gender) => open(gender)[0]?._id ?? null;
    const longest = (gender: Gender) =>
      open(gender)
        .map((g, at) => ({ g, at, last: g.buriedPersons[0]?.burialDate ?? '' }))
        .sort((a, b) => (a.last < b.last ? -1 : a.last > b.last ? 1 : a.at - b.at))[0]?.g._id ?? null;
    const next = await api<{ men: Grave | null; women: Grave | null }>('GET', paths.nextGraves());
    const pick = s.config.nextGraveOrder === 'longest' ? longest : lowest;
    expect({ men: next.men?._id ?? null, women: next.women?._id ?? null }, step).toEqual({
      men: pick('men'),
      women: pick('women'),
    });
    if (next.men) {
      // The grave's own page, without its place on the plan's rows (the next grave is offered without it).
      const { place: _place, ...page } = await graveOf(next.men._id);
      expect(next.men, step).toEqual(page);
    }
    for (const order of ['lowest', 'longest'] as const) {
      const read = await nextGraves(s.ctx.db, sc, order);
      const expected = order === 'lowest' ? lowest : longest;
      expect({ men: read.men?._id ?? null, women: read.women?._id ?? null }, `${step} ${order}`).toEqual({
        men: expected('men'),
        women: expected('women'),
      });
    }

    for (const gender of SECTIONS) {
      const cards = lists[gender].map((g) => ({
        _id: g._id,
        number: g.number,
        gender: g.gender,
        status: derived(g).status,
        daysUntilAvailable: derived(g).daysUntilAvailable,
      }));
      const whole = await api<GraveCardPage>('GET', paths.sectionCards(gender, { limit: 200 }));
      expect(whole, `${step} ${gender}`).toEqual({ total: cards.length, offset: 0, cards });
      // Pages of three from every offset join up to the same cards.
      for (let offset = 0; offset < cards.length + 2; offset += 3) {
        const page = await api<GraveCardPage>('GET', paths.sectionCards(gender, { offset, limit: 3 }));
        expect(page, `${step} ${gender} ${offset}`).toEqual({
          total: cards.length,
          offset,
          cards: cards.slice(offset, offset + 3),
        });
      }
    }
  }

  async function expectSectionCopies(step: string) {
    for (const gender of SECTIONS) {
      // gunzip checks the stream's CRC and size too.
      const raw = await rawGet(`${s.api}${paths.gravesOfSection(gender)}`, { 'accept-encoding': 'gzip' });
      expect(raw.headers['content-encoding'], `${step} ${gender}`).toBe('gzip');
      const sent = gunzipSync(raw.body).toString();
      expect(sent, `${step} ${gender}`).toBe(JSON.stringify(await listGraves(s.ctx.db, s.ctx.statusContext(), gender)));
    }
  }

  const expectAll = async (step: string) => {
    await expectFactsKept(step);
    await expectAnswersDerived(step);
    await expectSectionCopies(step);
  };

  const ids: Record<string, string> = {};
  const persons: Record<string, string> = {};
  const bury = async (grave: string, name: string, burialDate: string) => {
    const answer = await api<{ grave: Grave }>('POST', paths.bury(ids[grave]!), { body: { name, burialDate } });
    persons[name] = answer.grave.buriedPersons.find((p) => p.name === name)!._id;
  };

  it('a new grave: empty, available unless an ossuary’s; bone labels that are not numbers after the numbered', async () => {
    const made: Array<[string, Gender, number | string]> = [
      ['m3', 'men', 3],
      ['m1', 'men', 1],
      ['m2', 'men', 2],
      ['m10', 'men', 10],
      ['w1', 'women', 1],
      ['w2', 'women', 2],
      ['w3', 'women', 3],
      ['b-second', 'bones', 'المرحلة الثانية'],
      ['b7', 'bones', '7'],
      ['b-alef', 'bones', 'أ'],
      ['b-ba', 'bones', 'ب'],
      ['b-first', 'bones', 'المرحلة الأولى'],
    ];
    for (const [key, gender, number] of made) {
      ids[key] = (await api<Grave>('POST', paths.graves(), { body: { gender, number } }))._id;
      if (key === 'm1' || key === 'b7') await expectAll(`create ${key}`);
    }
    await expectAll('created');
  });

  it('burials on both sides of the resting period’s end, and an edited date', async () => {
    await bury('m1', 'حسن علي الشريف', '2000-01-01');
    await expectAll('bury m1');
    await bury('m2', 'سعيد حسن الشريف', '2025-12-01');
    await bury('w1', 'زينب محمود عطية', '2025-03-10');
    await bury('w2', 'فاطمة محمود عطية', '2025-03-11');
    await bury('w2', 'عائشة محمود عطية', '1990-06-06');
    await bury('m10', 'كمال يوسف البنا', '2026-03-10');
    await expectAll('bury');
    // The newest burial of w2 moves back a day: the grave has rested.
    await api('PUT', paths.buried(ids.w2!, persons['فاطمة محمود عطية']!), { body: { burialDate: '2025-03-10' } });
    await expectAll('edit date back');
    await api('PUT', paths.buried(ids.m1!, persons['حسن علي الشريف']!), { body: { burialDate: '2025-06-01' } });
    await expectAll('edit date forward');
  });

  it('a burial removed, and restored by undo', async () => {
    await api('DELETE', paths.removeBuried(ids.m2!), { body: { buriedPersonId: persons['سعيد حسن الشريف'] } });
    await expectAll('remove');
    await api('POST', paths.undoAudit((await entryOf('burial.delete', persons['سعيد حسن الشريف']!))._id));
    await expectAll('undo remove');
  });

  it('remains moved to the ossuary, and the move undone', async () => {
    await bury('m3', 'محمود حسن الشريف', '1995-01-01');
    await bury('m3', 'أحمد حسن الشريف', '1998-01-01');
    await api('POST', paths.transfer(ids.m3!), { body: { bonesGraveId: ids['b-ba'], date: '2026-03-01' } });
    expect((await graveOf(ids.m3!)).buriedPersons).toEqual([]);
    await expectAll('transfer');
    await api('POST', paths.undoAudit((await entryOf('burial.transfer', ids.m3!))._id));
    expect((await graveOf(ids.m3!)).buriedPersons).toHaveLength(2);
    await expectAll('undo transfer');
  });

  it('a register file imported, and the import undone', async () => {
    const csv =
      'القسم,رقم المقبرة,الاسم,تاريخ الدفن\r\n' +
      'رجال,77,زكريا الفريد,1/2/1970\r\n' +
      'رجال,3,يوسف حسن الشريف,1/3/2026\r\n' +
      'نساء,3,نفيسة الفريد,5/5/2005\r\n';
    const res = await fetch(`${s.api}${paths.importBurials(false, 'ledger.csv')}`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${manager}` },
      body: csv,
    });
    const report = (await res.json()) as { batchId: string; burialsAdded: number };
    expect(res.status, JSON.stringify(report)).toBe(201);
    expect(report.burialsAdded).toBe(3);
    await expectAll('import');
    await api('DELETE', paths.importBatch(report.batchId));
    await expectAll('undo import');
  });

  it('a range of graves, a correction applied, a grave marked full', async () => {
    await api('POST', paths.graveRange(), { body: { gender: 'women', from: 4, to: 9 } });
    await expectAll('range');
    const sent = await call<{ id: string }>(s.api, 'POST', paths.burialCorrections(persons['زينب محمود عطية']!), {
      body: { senderName: 'ابن المتوفى', senderPhone: '٠١٠٠ ١٢٣ ٤٥٦٧', burialDate: '2025-09-01' },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    await api('POST', paths.applyCorrection(sent.body.id), { body: {} });
    expect((await graveOf(ids.w1!)).buriedPersons[0]!.burialDate).toBe('2025-09-01');
    await expectAll('correction');
    await api('PUT', paths.markFull(ids.w3!));
    await expectAll('full');
  });

  it('the log of changed graves: each write under its section’s new counter, and rows past the kept versions cleared', async () => {
    const db = s.ctx.db;
    const counter = async (gender: Gender) =>
      Number(
        (
          await db
            .selectFrom('settings')
            .select('value')
            .where('key', '=', `data_version:${gender}`)
            .executeTakeFirstOrThrow()
        ).value,
      );
    const logged = (gender: Gender) =>
      db
        .selectFrom('grave_changes')
        .select(['version', 'grave_id'])
        .where('gender', '=', gender)
        .orderBy('version')
        .execute();

    await bury('w1', 'منى سالم الشريف', '2024-02-02');
    const women = await counter('women');
    expect((await logged('women')).filter((r) => Number(r.version) === women)).toEqual([
      { version: women, grave_id: ids.w1 },
    ]);

    // Rows of versions the log no longer keeps, and the counter one write short of a trimming version.
    const keep = TRIMMED_BELOW;
    const trimAt = Math.ceil((women + keep + 10) / 50) * 50;
    await db
      .insertInto('grave_changes')
      .values([
        { gender: 'women', version: trimAt - keep - 5, grave_id: ids.w2! },
        { gender: 'women', version: trimAt - keep, grave_id: ids.w3! },
        { gender: 'women', version: trimAt - keep + 1, grave_id: ids.w3! },
      ])
      .execute();
    await db
      .updateTable('settings')
      .set({ value: String(trimAt - 1) })
      .where('key', '=', 'data_version:women')
      .execute();
    const tallyRows = async () =>
      Number((await db.selectFrom('section_tallies').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(await tallyRows()).toBeGreaterThan(3); // the differences of the writes above, not yet folded
    await bury('w2', 'هدى كامل الشريف', '2024-03-03');
    expect(await counter('women')).toBe(trimAt);
    // The trimming write folded the sections' figures: a row per section, the sums unchanged.
    expect(await tallyRows()).toBeLessThanOrEqual(3);
    await expectTalliesKept(db, 'folded');
    // Kept: the versions after trimAt − TRIMMED_BELOW, this write's among them; the men's section untouched.
    expect((await logged('women')).map((r) => [Number(r.version), r.grave_id])).toEqual([
      [trimAt - keep + 1, ids.w3],
      [trimAt, ids.w2],
    ]);
    expect((await logged('men')).length).toBeGreaterThan(0);
  });

  it('the sections’ copies were patched from the graves each write changed, and are still whole after all', async () => {
    // Most writes above named their graves; a range of new graves did not, and its section was read whole.
    expect(s.app.sectionCopies.patches()).toBeGreaterThan(10);
    await expectSectionCopies('at the end');
  });
});
