// GET /api/search?q=: one search across all sections, by the shared Arabic normalisation on names and numbers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../support/postgres';
import { staffClient } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/server';
import { GRAVE_STATUS, type Gender, type SearchMatch } from '../../src/domain/types';
import { call } from './helpers';
import { markChanged } from '../../server/data/dataVersions';
import { CHANGE_LOG_VERSIONS, recordGraveChanges } from '../../server/data/graveFacts';
import { sql } from 'kysely';

describe.each(ENGINES)('search on $name', ({ databaseUrl }) => {
  let s: TestServer;
  const g: Record<string, string> = {};
  const search = async (q: string) => {
    const res = await call<SearchMatch[]>(s.api, 'GET', `/search?q=${encodeURIComponent(q)}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const names = async (q: string) => (await search(q)).map((m) => m.person.name).sort();

  beforeAll(async () => {
    s = await startTestServer({ seed: 'accounts', now: () => new Date('2026-03-10T10:00:00Z'), databaseUrl });
    const admin = await staffClient(s, 'admin');
    const grave = async (key: string, gender: Gender, number: number | string) => {
      g[key] = (await admin.makeGrave(gender, number))._id;
    };
    const bury = (key: string, name: string, burialDate: string) => admin.bury(g[key]!, name, burialDate);
    await grave('m12', 'men', 12);
    await grave('m7', 'men', 7);
    await grave('w3', 'women', 3);
    await grave('w4', 'women', 4);
    await grave('corridor', 'bones', 'ممر 12');
    await grave('many', 'bones', 'قسم كبير');
    await bury('m12', 'علي صاحب المقبرة الثانية عشرة', '2000-01-01');
    await bury('m7', 'أحمد عبد الله مصطفى', '2010-05-05');
    await bury('m7', 'احمد عبدالله مصطفي', '2012-05-05');
    await bury('w3', 'فاطمة علي', '2015-01-01');
    await bury('w4', 'فاطمه عليّ', '2016-01-01');
    await bury('corridor', 'سلمى علي', '2026-01-01');
    // Many remains with newer dates in a section whose label also holds "12", and a crowd of one name.
    for (let i = 0; i < 60; i++) {
      await bury('corridor', `رفات ${i}`, `2026-02-${String((i % 28) + 1).padStart(2, '0')}`);
      await bury('many', `سالم ${i}`, '2020-01-01');
    }
  }, 120_000);
  afterAll(async () => s?.close());

  it('answers [{grave: {_id, number, gender, status}, person: {_id, name, burialDate}, match, words}]', async () => {
    const [match] = await search('صاحب المقبرة');
    expect(match).toEqual({
      grave: { _id: g.m12, number: 12, gender: 'men', status: 'متاحة' },
      person: { _id: expect.any(String), name: 'علي صاحب المقبرة الثانية عشرة', burialDate: '2000-01-01' },
      // Additive: how it matched, and where in the name (صاحب, المقبرة) to highlight.
      match: 'exact',
      words: [
        [4, 8],
        [9, 16],
      ],
    });
    const [bone] = await search('سلمى');
    expect(bone!.grave).toEqual({ _id: g.corridor, number: 'ممر 12', gender: 'bones', status: 'غير متاحة' });
  });

  it('finds every spelling: احمد/أحمد, عبدالله/عبد الله, ى/ي, ة/ه, harakat and tatweel', async () => {
    const both = ['أحمد عبد الله مصطفى', 'احمد عبدالله مصطفي'].sort();
    for (const q of [
      'احمد',
      'أحمد',
      'إحمد',
      'عبدالله',
      'عبد الله',
      'مصطفى',
      'مصطفي',
      'أَحْمَد',
      'احـــمد',
      'احمد عبدالله',
    ]) {
      expect(await names(q), q).toEqual(both);
    }
    for (const q of ['فاطمة', 'فاطمه', 'فاطمة على', 'فاطمه علي']) {
      expect(await names(q), q).toEqual(['فاطمة علي', 'فاطمه عليّ'].sort());
    }
  });

  it('searches across sections', async () => {
    const res = await search('علي'); // in names of men, women and bone sections
    expect(res).toHaveLength(4);
    expect(new Set(res.map((m) => m.grave.gender))).toEqual(new Set(['men', 'women', 'bones']));
  });

  it('grave numbers match in Western and Arabic-Indic digits, the grave itself first', async () => {
    for (const q of ['12', '١٢', '۱۲']) {
      const res = await search(q);
      expect(res.length, q).toBeGreaterThan(1);
      expect(res[0]!.grave, q).toMatchObject({ _id: g.m12, number: 12 });
      expect(res[0]!.person.name).toBe('علي صاحب المقبرة الثانية عشرة');
    }
    const seven = await search('٧');
    expect(seven.map((m) => m.grave._id)).toContain(g.m7);
  });

  it('answers at most 50 matches', async () => {
    expect(await search('سالم')).toHaveLength(50);
    expect(await search('رفات')).toHaveLength(50);
  });

  it('an empty or blank q, or none, is []; LIKE wildcards are plain characters', async () => {
    expect(await search('')).toEqual([]);
    expect(await search('   ')).toEqual([]);
    expect((await call(s.api, 'GET', '/search')).body).toEqual([]);
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    expect(await search('لا أحد بهذا الاسم')).toEqual([]);
  });
});

// The index behind the search follows the register: this process's writes change it in place (no rebuild of every
// name), and a write it was not told of (another process sharing the database) is seen once the counters are read
// again, at most a second later.
describe.each(ENGINES)('the search index on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let token: string;
  const found = async (q: string) =>
    (await call<SearchMatch[]>(s.api, 'GET', `/search?q=${encodeURIComponent(q)}`)).body.map((m) => ({
      name: m.person.name,
      status: m.grave.status,
    }));

  beforeAll(async () => {
    s = await startTestServer({ seed: 'accounts', now: () => new Date('2026-03-10T10:00:00Z'), databaseUrl });
    const admin = await staffClient(s, 'admin');
    token = admin.token;
    const grave = await admin.makeGrave('men', 31);
    await admin.bury(grave._id, 'حامد سليم القرنفلي', '2001-04-01');
  });
  afterAll(() => s.close());

  it('shows a burial recorded, corrected, removed, and a grave marked full, without building every name again', async () => {
    expect(await found('حامد القرنفلي')).toEqual([{ name: 'حامد سليم القرنفلي', status: GRAVE_STATUS.available }]);
    const builds = s.ctx.searchIndex.builds();
    const admin = await staffClient(s, 'admin');
    const grave = await admin.makeGrave('men', 32);
    await admin.bury(grave._id, 'سالم عبده القرنفلي', '2026-03-01');
    // The new burial is found at once, and its grave's status follows it (within the resting period).
    expect(await found('سالم القرنفلي')).toEqual([{ name: 'سالم عبده القرنفلي', status: GRAVE_STATUS.unavailable }]);

    const person = (await call<{ buriedPersons: Array<{ _id: string }> }>(s.api, 'GET', `/graves/graves/${grave._id}`))
      .body.buriedPersons[0]!;
    const corrected = await call(s.api, 'PUT', `/graves/${grave._id}/buried/${person._id}`, {
      token,
      body: { name: 'سالم عبده الزعفراني', burialDate: '2026-03-01' },
    });
    expect(corrected.status).toBe(200);
    expect(await found('سالم القرنفلي')).toEqual([]);
    expect(await found('سالم الزعفراني')).toEqual([{ name: 'سالم عبده الزعفراني', status: GRAVE_STATUS.unavailable }]);

    const first = (await found('حامد القرنفلي'))[0]!;
    const older = await call<Array<{ _id: string; number: number }>>(s.api, 'GET', '/graves/male');
    const grave31 = older.body.find((g) => g.number === 31)!;
    await admin.markFull(grave31._id);
    expect(await found('حامد القرنفلي')).toEqual([{ ...first, status: GRAVE_STATUS.full }]);

    const removed = await call(s.api, 'DELETE', `/graves/${grave._id}/remove-buried`, {
      token,
      body: { buriedPersonId: person._id },
    });
    expect(removed.status).toBe(200);
    expect(await found('سالم الزعفراني')).toEqual([]);
    expect(s.ctx.searchIndex.builds()).toBe(builds);
  });

  it('sees a write made past this process once it reads the counters again, reading only the graves it changed', async () => {
    expect(await found('حامد القرنفلي')).toHaveLength(1);
    const builds = s.ctx.searchIndex.builds();
    // As another server process does: the row changes, the counters of its section and of the burials move and the
    // grave is logged under the section's new counter (every write to a grave on record, server/data/auditedWrite.ts),
    // and this process is not told.
    await s.ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('burials')
        .select('grave_id')
        .where('name', '=', 'حامد سليم القرنفلي')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('burials')
        .set({ name: 'حامد سليم الزعفراني' })
        .where('name', '=', 'حامد سليم القرنفلي')
        .execute();
      const versions = await markChanged(trx, ['men', 'burials']);
      await recordGraveChanges(trx, [{ gender: 'men', version: versions.get('men')!, graveIds: [row.grave_id] }]);
    });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await found('حامد القرنفلي')).toEqual([]);
    expect((await found('حامد الزعفراني')).map((m) => m.name)).toEqual(['حامد سليم الزعفراني']);
    expect(s.ctx.searchIndex.builds()).toBe(builds);
  });

  it('builds everything again when the log of changed graves no longer reaches back to its counter', async () => {
    const builds = s.ctx.searchIndex.builds();
    await s.ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('burials')
        .set({ name: 'حامد سليم العطار' })
        .where('name', '=', 'حامد سليم الزعفراني')
        .execute();
      // A process that was away for longer than the log keeps: the section's counter jumped past it.
      await trx
        .updateTable('settings')
        .set({ value: sql<string>`cast(cast(value as integer) + ${CHANGE_LOG_VERSIONS + 5} as text)` })
        .where('key', '=', 'data_version:men')
        .execute();
    });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await found('حامد العطار')).map((m) => m.name)).toEqual(['حامد سليم العطار']);
    expect(s.ctx.searchIndex.builds()).toBe(builds + 1);
  });
});
