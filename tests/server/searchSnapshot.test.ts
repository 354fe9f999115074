// The name index kept between starts (server/data/searchSnapshot.ts): a process started on a register whose
// index was written finds every name as one that built it from the names, its own later writes included, without
// building it; and it does not trust a file that is damaged or another register's, building from the names instead.
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareQuery } from '../../src/domain/search/names';
import type { Grave, SearchMatch } from '../../src/domain/types';
import { LiveSearchIndex } from '../../server/data/searchIndex';
import { staffClient, type StaffClient } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import { startSecondServer, startTestServer, type TestServer } from '../support/server';

const search = async (api: string, q: string) =>
  (await (await fetch(`${api}/search?q=${encodeURIComponent(q)}`)).json()) as SearchMatch[];
const shape = (m: SearchMatch) => [m.grave._id, m.person.name, m.person.burialDate, m.match, m.words];

describe.each(ENGINES)('the name index kept between starts, on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let admin: StaffClient;
  let queries: string[];
  beforeAll(async () => {
    s = await startTestServer({ seed: 'demo', databaseUrl });
    admin = await staffClient(s, 'admin');
    const men = (await (await fetch(`${s.api}/graves/male`)).json()) as Grave[];
    const women = (await (await fetch(`${s.api}/graves/female`)).json()) as Grave[];
    const names = [...men, ...women].flatMap((g) => g.buriedPersons.map((p) => p.name));
    // Names of the register as families type them: two words, one word, a slip, a number, and Latin letters.
    queries = [
      ...names.filter((_, i) => i % 17 === 0).map((n) => n.split(' ').slice(0, 2).join(' ')),
      ...names.filter((_, i) => i % 23 === 0).map((n) => n.split(' ')[0]!),
      String(men[3]!.number),
      'Mohamed Ali',
      'محمد 2020',
    ];
  });
  afterAll(async () => s?.close());

  /** 3,000 burials from a paper register, one in each new men's grave numbered from `first`, in one import. */
  const importNewGraves = async (first: number, name: string, monthYear: string) => {
    const manager = await staffClient(s, 'manager');
    const rows = Array.from({ length: 3000 }, (_, i) => `رجال,${first + i},${name},${(i % 28) + 1}/${monthYear},`);
    const imported = await fetch(`${s.api}/import/burials?dryRun=false&fileName=register.csv`, {
      method: 'POST',
      headers: { authorization: `Bearer ${manager.token}`, 'content-type': 'text/csv' },
      body: ['القسم,رقم المقبرة,اسم المتوفى,تاريخ الدفن,ملاحظات', ...rows].join('\n'),
    });
    expect(imported.status).toBe(201);
  };

  it('is written once built, and read back by the next process with the writes made since', async () => {
    await search(s.api, queries[0]!); // builds it
    expect(s.ctx.searchIndex.builds()).toBe(1);
    await s.ctx.searchIndex.saveSnapshot();
    const file = s.config.searchIndexFile!;
    expect(existsSync(file)).toBe(true);

    // Written after the file: the next process reads them through the log of changed graves.
    const grave = await admin.makeGrave('men', 9901);
    await admin.bury(grave._id, 'ضرغام قسورة الزمخشري', '2024-03-01');
    const corrected = (await (await fetch(`${s.api}/graves/male`)).json()) as Grave[];
    const someone = corrected.find((g) => g.buriedPersons.length === 1 && g._id !== grave._id)!;
    await fetch(`${s.api}/graves/${someone._id}/buried/${someone.buriedPersons[0]!._id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'هيثم نوفل الشنفرى', burialDate: someone.buriedPersons[0]!.burialDate }),
    }).then((r) => expect(r.status).toBe(200));

    const next = await startSecondServer(s);
    try {
      for (const q of [...queries, 'ضرغام الزمخشري', 'هيثم الشنفرى', someone.buriedPersons[0]!.name]) {
        expect((await search(next.api, q)).map(shape), q).toEqual((await search(s.api, q)).map(shape));
      }
      expect((await search(next.api, 'ضرغام الزمخشري'))[0]?.grave._id).toBe(grave._id);
      expect(await search(next.api, someone.buriedPersons[0]!.name)).not.toContainEqual(
        expect.objectContaining({ person: expect.objectContaining({ name: someone.buriedPersons[0]!.name }) }),
      );
      expect(next.ctx.searchIndex.builds()).toBe(0);
      expect(next.ctx.searchIndex.fromSnapshot()).toBe(true);
    } finally {
      await next.close();
    }
  });

  it('is built again at once after a write too large to follow, and a stop writes it for the next start', async () => {
    await search(s.api, queries[0]!);
    await s.ctx.searchIndex.saveSnapshot();
    const builds = s.ctx.searchIndex.builds();
    // 3,000 burials brought in from a paper register, each in a new grave: more graves changed in one write than
    // the index reads again one by one (2,000, or a tenth of it), so it is built again from the names.
    await importNewGraves(70_001, 'ناصر منصور المطيري', '3/1999');
    // No search asks for it: the process builds it by itself.
    await vi.waitFor(() => expect(s.ctx.searchIndex.builds()).toBe(builds + 1), { timeout: 20_000, interval: 50 });

    // A process stopped now leaves the file of the index built again, which the next start reads as it is.
    await s.ctx.searchIndex.saveAtStop();
    const next = await startSecondServer(s);
    try {
      for (const q of ['ناصر المطيري', ...queries.slice(0, 8)]) {
        expect((await search(next.api, q)).map(shape), q).toEqual((await search(s.api, q)).map(shape));
      }
      expect(await search(next.api, 'ناصر المطيري')).toHaveLength(50);
      expect(next.ctx.searchIndex.fromSnapshot()).toBe(true);
      expect(next.ctx.searchIndex.builds()).toBe(0);
    } finally {
      await next.close();
    }
  }, 60_000);

  it('is read after listening only in quiet moments, yet a search waiting for it is not held back by them', async () => {
    await search(s.api, queries[0]!);
    await s.ctx.searchIndex.saveSnapshot();
    // A server always busy: the quiet moment the warm-up waits for never comes.
    const never = () => new Promise<void>(() => {});
    const reading = new LiveSearchIndex(s.ctx.db, s.config.searchIndexFile);
    let warmed = false;
    void reading.warm(never).then(() => (warmed = true));
    await new Promise((r) => setTimeout(r, 300));
    expect(warmed).toBe(false);
    // A search now waits for the index: the reading goes on at once, between turns of the event loop only.
    const index = await reading.current(new Map(s.ctx.searchIndex['index']!.versions));
    expect(index.size).toBe(s.ctx.searchIndex['index']!.size);
    expect(reading.fromSnapshot()).toBe(true);
  });

  it('is read from its file once the server listens, with no build; without a usable file it is built', async () => {
    await search(s.api, queries[0]!);
    await s.ctx.searchIndex.saveSnapshot();
    const held = s.ctx.searchIndex['index']!;
    // What serve() does once it listens (server/main.ts): the index is read back, not built from the names.
    const read = new LiveSearchIndex(s.ctx.db, s.config.searchIndexFile);
    expect(read['index']).toBeNull();
    await read.warm();
    expect(read.fromSnapshot()).toBe(true);
    expect(read['index']!.size).toBe(held.size);
    expect(read['building']).toBeNull();
    const found = (await read.current(new Map(held.versions))).search(prepareQuery(queries[0]!)!, 5);
    expect(found.length).toBeGreaterThan(0);
    expect(read.builds()).toBe(0);

    // No file: the index is built from the names.
    const none = new LiveSearchIndex(s.ctx.db, `${s.config.searchIndexFile}.absent`);
    await none.warm();
    expect(none.fromSnapshot()).toBe(false);
    expect(none.builds()).toBe(1);
    expect(none['index']!.size).toBe(held.size);

    // A file further behind than the log follows (3,000 graves written since): not used, the index is built.
    // A copy of the file as it is now: the server rewrites its own once it has built its index again.
    const stale = `${s.config.searchIndexFile}.before-import`;
    copyFileSync(s.config.searchIndexFile!, stale);
    const builds = s.ctx.searchIndex.builds();
    await importNewGraves(80_001, 'صابر منصور القناوي', '4/1998');
    const behind = new LiveSearchIndex(s.ctx.db, stale);
    await behind.warm();
    expect(behind.fromSnapshot()).toBe(false);
    expect(behind.builds()).toBe(1);
    // The server builds its own again and then writes its file: both over before the next test touches the file.
    await vi.waitFor(() => expect(s.ctx.searchIndex.builds()).toBe(builds + 1), { timeout: 20_000, interval: 50 });
    expect(behind['index']!.size).toBe(s.ctx.searchIndex['index']!.size);
    await Promise.all([s.ctx.searchIndex.saveAtStop(), behind.saveAtStop()]);
  }, 30_000);

  it('is not trusted when damaged: the next process builds it from the names', async () => {
    await s.ctx.searchIndex.saveSnapshot();
    const file = s.config.searchIndexFile!;
    const whole = readFileSync(file);
    writeFileSync(file, whole.subarray(0, Math.floor(whole.length / 2)));
    const next = await startSecondServer(s);
    try {
      for (const q of queries.slice(0, 8)) {
        expect((await search(next.api, q)).map(shape), q).toEqual((await search(s.api, q)).map(shape));
      }
      expect(next.ctx.searchIndex.builds()).toBe(1);
      expect(next.ctx.searchIndex.fromSnapshot()).toBe(false);
      // The build began writing the file in the background; a stop waits for that write (server/main.ts).
      await next.ctx.searchIndex.saveAtStop();
    } finally {
      await next.close();
    }
    // The build wrote it again, whole.
    expect(readFileSync(file).length).toBeGreaterThan(whole.length / 2);
  });

  it("is not trusted when it is another register's (the same village made again under the same file)", async () => {
    const other = await startTestServer({ seed: 'demo', databaseUrl });
    try {
      await search(other.api, queries[0]!);
      await other.ctx.searchIndex.saveSnapshot();
      // This register's file now holds the other register's index: same village, same counts, other people.
      writeFileSync(s.config.searchIndexFile!, readFileSync(other.config.searchIndexFile!));
      const next = await startSecondServer(s);
      try {
        for (const q of queries.slice(0, 8)) {
          expect((await search(next.api, q)).map(shape), q).toEqual((await search(s.api, q)).map(shape));
        }
        expect(next.ctx.searchIndex.fromSnapshot()).toBe(false);
        expect(next.ctx.searchIndex.builds()).toBe(1);
      } finally {
        await next.close();
      }
    } finally {
      await other.close();
    }
  });
});
