// The log of changed graves (server/data/graveFacts.ts) is read by three parts of every process after each counter
// move: the answer cache, the search index and the sections' copies. A range of the log is read from the database
// once and given to all three: it cannot change once its last counter has been read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readVersions } from '../../server/data/dataVersions';
import { gravesChangedSince, gravesChangedWholly } from '../../server/data/graveFacts';
import { staffClient, type StaffClient } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';

describe.each(ENGINES)('a range of the log of changed graves, on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let admin: StaffClient;

  beforeAll(async () => {
    s = await startTestServer({ seed: 'accounts', databaseUrl });
    admin = await staffClient(s, 'admin');
  });
  afterAll(() => s?.close());

  it('is read once for every reader of it, and each range on its own', async () => {
    const first = await admin.makeGrave('men', 501);
    const second = await admin.makeGrave('men', 502);
    await admin.bury(first._id, 'سليمان عبد الباقي الجمال', '2020-02-02');
    await admin.bury(second._id, 'رجب سليمان الجمال', '2021-03-03');
    const now = Number((await readVersions(s.ctx.db)).get('men'));

    const before = s.statementsRun();
    const [cache, index, copies] = await Promise.all([
      gravesChangedSince(s.ctx.db, 'men', now - 2, now),
      gravesChangedSince(s.ctx.db, 'men', now - 2, now),
      gravesChangedWholly(s.ctx.db, 'men', now - 2, now),
    ]);
    expect(s.statementsRun() - before).toBe(1);
    const sorted = (ids: string[] | null) => [...(ids ?? [])].sort();
    expect(sorted(cache)).toEqual([first._id, second._id].sort());
    expect(sorted(index)).toEqual(sorted(cache));
    expect(sorted(copies)).toEqual(sorted(cache));

    // Another range is another read, with its own graves.
    expect(await gravesChangedSince(s.ctx.db, 'men', now - 1, now)).toEqual([second._id]);
    expect(s.statementsRun() - before).toBe(2);
  });
});
