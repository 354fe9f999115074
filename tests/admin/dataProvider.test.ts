// The console's dataProvider against the real server on a temporary database (demo village): every method and
// every custom method, and the errors it gives react-admin (HttpError with the server's Arabic message).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from 'ra-core';
import { createDataProvider, fieldRefusal, type CemeteryDataProvider, type GraveRecord } from '../../src/dataProvider';
import { messages } from '../../src/domain/messages';
import { DEMO_ACCOUNTS, startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let manager: CemeteryDataProvider;
let admin: CemeteryDataProvider;
let anonymous: CemeteryDataProvider;
let adminToken: string;

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo' });
  const managerToken = await server.login(DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
  adminToken = await server.login(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  manager = createDataProvider(server.api, () => managerToken);
  admin = createDataProvider(server.api, () => adminToken);
  anonymous = createDataProvider(server.api, () => null);
});

afterAll(async () => {
  await server?.close();
});

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return error as HttpError;
  }
  throw new Error('expected a refusal');
}

const page = (perPage = 10, page = 1) => ({ page, perPage });

describe('graves', () => {
  it('getList pages, sorts and gives every record an id', async () => {
    const result = await admin.getList<GraveRecord>('graves', {
      pagination: page(10),
      sort: { field: 'number', order: 'ASC' },
      filter: {},
    });
    expect(result.data).toHaveLength(10);
    expect(result.total).toBeGreaterThan(250);
    for (const grave of result.data) {
      expect(grave.id).toBe(grave._id);
      for (const person of grave.buriedPersons) expect(person.id).toBe(person._id);
    }
    const second = await admin.getList<GraveRecord>('graves', {
      pagination: page(10, 2),
      sort: { field: 'number', order: 'ASC' },
      filter: {},
    });
    expect(second.data[0]!.id).not.toBe(result.data[0]!.id);
  });

  it('getList filters by gender, status and the search term', async () => {
    const men = await admin.getList<GraveRecord>('graves', {
      pagination: page(50),
      sort: { field: 'number', order: 'ASC' },
      filter: { gender: 'women', status: 'متاحة' },
    });
    expect(men.data.length).toBeGreaterThan(0);
    expect(men.data.every((g) => g.gender === 'women' && g.status === 'متاحة')).toBe(true);
    const some = men.data.find((g) => g.buriedPersons.length > 0) ?? (await firstGraveWithBurials());
    const name = some.buriedPersons[0]!.name;
    const found = await admin.getList<GraveRecord>('graves', {
      pagination: page(50),
      sort: { field: 'number', order: 'ASC' },
      filter: { q: name },
    });
    expect(found.data.some((g) => g.id === some.id)).toBe(true);
  });

  it('getOne and getMany', async () => {
    const first = await firstGraveWithBurials();
    const one = await anonymous.getOne<GraveRecord>('graves', { id: first.id });
    expect(one.data.id).toBe(first.id);
    expect(one.data.number).toBe(first.number);
    const list = await admin.getList<GraveRecord>('graves', {
      pagination: page(3),
      sort: { field: 'number', order: 'DESC' },
      filter: {},
    });
    const ids = list.data.map((g) => g.id);
    const many = await admin.getMany<GraveRecord>('graves', { ids });
    expect(many.data.map((g) => g.id).sort()).toEqual([...ids].sort());
  });

  it('create, markFull (twice: the second refused in Arabic), delete', async () => {
    const created = await admin.create<GraveRecord>('graves', { data: { gender: 'men', number: 90_001 } });
    expect(created.data.id).toBe(created.data._id);
    expect(created.data.status).toBe('متاحة');
    const duplicate = await refusal(admin.create('graves', { data: { gender: 'men', number: 90_001 } }));
    expect(duplicate.status).toBe(400);
    expect(duplicate.message).toBe(messages['grave.duplicate']);
    // About the number: carried as a field error, so the form shows it under the number and nowhere else.
    expect(duplicate.body).toMatchObject({ errors: { number: messages['grave.duplicate'] } });
    expect(fieldRefusal(duplicate)).toBe(true);
    const full = await admin.markFull(created.data.id);
    expect(full.message).toBe(messages['grave.fullSuccess']);
    expect(full.data.status).toBe('ممتلئة');
    const again = await refusal(admin.markFull(created.data.id));
    expect(again.status).toBe(400);
    expect(again.message).toBe(messages['grave.cannotUpdateFull']);
    expect(fieldRefusal(again)).toBe(false);
    const updated = await refusal(
      admin.update('graves', { id: created.data.id, data: { number: 3 }, previousData: created.data }),
    );
    expect(updated.status).toBe(400);
    const deleted = await admin.delete('graves', { id: created.data.id, previousData: created.data });
    expect(deleted.data.id).toBe(created.data.id);
    const gone = await refusal(anonymous.getOne('graves', { id: created.data.id }));
    expect(gone.status).toBe(404);
  });

  it('update as full goes through markFull; deleteMany', async () => {
    const a = await admin.create<GraveRecord>('graves', { data: { gender: 'women', number: 90_002 } });
    const b = await admin.create<GraveRecord>('graves', { data: { gender: 'women', number: 90_003 } });
    const full = await admin.update<GraveRecord>('graves', {
      id: a.data.id,
      data: { status: 'ممتلئة' },
      previousData: a.data,
    });
    expect(full.data.status).toBe('ممتلئة');
    const removed = await admin.deleteMany('graves', { ids: [a.data.id, b.data.id] });
    expect(removed.data).toEqual([a.data.id, b.data.id]);
  });

  it('bury, updateBuried, removeBuried; the server refuses a resting grave with its reason', async () => {
    const grave = await admin.create<GraveRecord>('graves', { data: { gender: 'men', number: 90_004 } });
    const today = server.ctx.today();
    const threeDaysAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 3 * 86_400_000).toISOString().slice(0, 10);
    const buried = await admin.bury(grave.data.id, { name: 'محمد عبد الله التجريبي', burialDate: threeDaysAgo });
    expect(buried.message).toBe(messages['burial.success']);
    expect(buried.data.buriedPersons).toHaveLength(1);
    const person = buried.data.buriedPersons[0]!;
    expect(person.id).toBe(person._id);
    expect(buried.data.status).not.toBe('متاحة');
    // Today's burial follows the bury rule (a past one would be history): the grave rests since three days.
    const refused = await refusal(admin.bury(grave.data.id, { name: 'آخر', burialDate: today }));
    expect(refused.status).toBe(400);
    expect(refused.message).toMatch(/لا يمكن الدفن/);
    const renamed = await admin.updateBuried(grave.data.id, person.id, { name: 'محمد عبدالله التجريبي' });
    expect(renamed.message).toBe(messages['burial.updated']);
    expect(renamed.data.buriedPersons[0]!.name).toBe('محمد عبدالله التجريبي');
    const removed = await admin.removeBuried(grave.data.id, person.id);
    expect(removed.message).toBe(messages['burial.deleted']);
    const after = await admin.getOne<GraveRecord>('graves', { id: grave.data.id });
    expect(after.data.buriedPersons).toHaveLength(0);
    const missing = await refusal(admin.removeBuried(grave.data.id, person.id));
    expect(missing.status).toBe(404);
  });

  it('an anonymous caller gets 401 and an Arabic message', async () => {
    const error = await refusal(
      anonymous.getList('graves', { pagination: page(), sort: { field: 'number', order: 'ASC' }, filter: {} }),
    );
    expect(error.status).toBe(401);
    expect(error.message).toMatch(/[\u0600-\u06FF]/);
  });
});

describe('suggestions', () => {
  it('getList reads the status filter (default pending) from /suggestion/status/{status}', async () => {
    const pending = await manager.getList('suggestions', {
      pagination: page(50),
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
    });
    expect(pending.total).toBeGreaterThan(0);
    expect(pending.data.every((s) => s.status === 'pending' && s.id === s._id)).toBe(true);
    const approved = await manager.getList('suggestions', {
      pagination: page(50),
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { status: 'approved' },
    });
    expect(approved.data.every((s) => s.status === 'approved')).toBe(true);
  });

  it('setSuggestionStatus and update approve a suggestion; getOne and getMany find it', async () => {
    const pending = await manager.getList('suggestions', {
      pagination: page(2),
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { status: 'pending' },
    });
    const [first, second] = pending.data;
    const answer = await manager.setSuggestionStatus(first!.id, 'approved');
    expect(answer.message).toBe(messages['suggestion.statusUpdated']);
    expect(answer.data.status).toBe('approved');
    const approved = (await (await fetch(`${server.api}/suggestion/approved`)).json()) as Array<{ _id: string }>;
    expect(approved.some((s) => s._id === first!.id)).toBe(true);
    const rejected = await manager.update('suggestions', {
      id: second!.id,
      data: { status: 'rejected' },
      previousData: second!,
    });
    expect(rejected.data.status).toBe('rejected');
    const one = await manager.getOne('suggestions', { id: second!.id });
    expect(one.data.status).toBe('rejected');
    const many = await manager.getMany('suggestions', { ids: [first!.id, second!.id] });
    expect(many.data.map((s) => s.status)).toEqual(['approved', 'rejected']);
    const both = await manager.updateMany('suggestions', { ids: [first!.id, second!.id], data: { status: 'pending' } });
    expect(both.data).toEqual([first!.id, second!.id]);
  });

  it('speaks the errors of spec section 8', async () => {
    const args = { pagination: page(), sort: { field: 'createdAt', order: 'DESC' as const }, filter: {} };
    const missing = await refusal(anonymous.getList('suggestions', args));
    expect(missing.message).toBe(messages['suggestion.tokenMissing']);
    const forged = createDataProvider(server.api, () => 'not.a.token');
    const invalid = await refusal(forged.getList('suggestions', args));
    expect(invalid.status).toBe(401);
    expect(invalid.message).toBe(messages['suggestion.unauthorized']);
    const forbidden = await refusal(admin.getList('suggestions', args));
    expect(forbidden.status).toBe(403);
    const update = await refusal(manager.setSuggestionStatus('00000000-0000-0000-0000-000000000000', 'approved'));
    expect(update.message).toBe(messages['suggestion.updateError']);
  });
});

describe('articles', () => {
  it('getList, create, getOne, update, getMany, delete', async () => {
    const before = await manager.getList('articles', {
      pagination: page(),
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
    });
    expect(before.total).toBeGreaterThan(0);
    const created = await manager.create('articles', {
      data: { title: 'مقال للاختبار', content: 'نص المقال\nسطر ثانٍ' },
    });
    expect(created.data.id).toBe(created.data._id);
    const one = await anonymous.getOne('articles', { id: created.data.id });
    expect(one.data.content).toBe('نص المقال\nسطر ثانٍ');
    const updated = await manager.update('articles', {
      id: created.data.id,
      data: { ...one.data, title: 'مقال معدل' },
      previousData: one.data,
    });
    expect(updated.data.title).toBe('مقال معدل');
    expect(updated.data.id).toBe(created.data.id);
    expect('message' in updated.data).toBe(false);
    const many = await manager.getMany('articles', { ids: [created.data.id] });
    expect(many.data[0]!.title).toBe('مقال معدل');
    await manager.delete('articles', { id: created.data.id, previousData: updated.data });
    const gone = await refusal(anonymous.getOne('articles', { id: created.data.id }));
    expect(gone.status).toBe(404);
    expect(gone.message).toBe(messages['article.notFound']);
    const forbidden = await refusal(admin.create('articles', { data: { title: 'x', content: 'y' } }));
    expect(forbidden.status).toBe(403);
  });
});

describe('users', () => {
  it('getList, create through /auth/register, getOne, getMany; the new admin logs in', async () => {
    const list = await manager.getList('users', {
      pagination: page(),
      sort: { field: 'createdAt', order: 'ASC' },
      filter: {},
    });
    expect(list.total).toBeGreaterThanOrEqual(2);
    const created = await manager.create('users', {
      data: { name: 'مشرف جديد', email: 'new-admin@example.com', password: 'new-admin-2026' },
    });
    expect(created.data.id).toBeTruthy();
    expect(created.data.role).toBe('admin');
    expect('message' in created.data).toBe(false);
    const one = await manager.getOne('users', { id: created.data.id });
    expect(one.data.email).toBe('new-admin@example.com');
    const many = await manager.getMany('users', { ids: [created.data.id] });
    expect(many.data).toHaveLength(1);
    expect(await server.login('new-admin@example.com', 'new-admin-2026')).toBeTruthy();
    const duplicate = await refusal(
      manager.create('users', { data: { name: 'x', email: 'new-admin@example.com', password: 'another-2026' } }),
    );
    expect(duplicate.status).toBe(400);
    expect(duplicate.message).toBe(messages['register.emailTaken']);
    expect(duplicate.body).toMatchObject({ errors: { email: messages['register.emailTaken'] } });
    const org = await refusal(
      manager.create('users', { data: { name: 'x', email: 'someone@village.org', password: 'another-2026' } }),
    );
    expect(org.status).toBe(400);
    expect(org.message).toBe(messages['auth.emailTld']);
    expect(org.body).toMatchObject({ errors: { email: messages['auth.emailTld'] } });

    // The edit form sends the whole record; only the name and the e-mail reach the server.
    const refused = await refusal(
      manager.update('users', {
        id: created.data.id,
        data: { ...one.data, email: 'new-admin@village.org' },
        previousData: one.data,
      }),
    );
    expect(refused.message).toBe(messages['auth.emailTld']);
    expect(refused.body).toMatchObject({ errors: { email: messages['auth.emailTld'] } });
    const renamed = await manager.update('users', {
      id: created.data.id,
      data: { ...one.data, name: 'مشرف السجل', email: 'new-admin@village.net' },
      previousData: one.data,
    });
    expect(renamed.data).toMatchObject({ id: created.data.id, name: 'مشرف السجل', email: 'new-admin@village.net' });
    expect('message' in renamed.data).toBe(false);
    expect(await server.login('new-admin@village.net', 'new-admin-2026')).toBeTruthy();
  });

  it('updatePassword: an admin changes its own, not another account', async () => {
    const other = await refusal(
      admin.updatePassword({ email: DEMO_ACCOUNTS.manager.email, newPassword: 'whatever-2026' }),
    );
    expect(other.status).toBe(403);
    expect(other.message).toBe(messages['password.onlyOwn']);
    // Last: one's own change ends this provider's session too; the answer carries the new one (the page keeps it).
    const own = await admin.updatePassword({
      email: DEMO_ACCOUNTS.admin.email,
      currentPassword: DEMO_ACCOUNTS.admin.password,
      newPassword: DEMO_ACCOUNTS.admin.password,
    });
    expect(own.message).toBe(messages['password.success']);
    expect(own.role).toBe('admin');
    expect(own.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const unknown = await refusal(
      manager.updatePassword({ email: 'nobody@example.com', newPassword: 'whatever-2026' }),
    );
    expect(unknown.status).toBe(404);
  });
});

describe('dashboard and network', () => {
  it('getStatistics and getRecentBurials', async () => {
    const stats = await anonymous.getStatistics();
    expect(stats.data.totalDeaths).toBe(stats.data.maleDeaths + stats.data.femaleDeaths);
    expect(stats.data.availableGravesCount).toBeGreaterThan(0);
    const recent = await anonymous.getRecentBurials();
    expect(recent.data.length).toBeGreaterThan(0);
    expect(recent.data[0]!.buriedPersons[0]!.id).toBeTruthy();
  });

  it("getSettings: the server's time zone and resting period", async () => {
    expect(await anonymous.getSettings()).toEqual({
      timeZone: server.config.timeZone,
      restingPeriodDays: server.config.restingPeriodDays,
    });
  });

  it('an unreachable server gives an HttpError with status 0 and an Arabic message', async () => {
    const offline = createDataProvider('http://127.0.0.1:9/api', () => adminToken);
    const error = await refusal(offline.getOne('graves', { id: 'x' }));
    expect(error.status).toBe(0);
    expect(error.message).toBe(messages['errors.connection']);
  });
});

async function firstGraveWithBurials(): Promise<GraveRecord> {
  const list = await admin.getList<GraveRecord>('graves', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'number', order: 'ASC' },
    filter: { gender: 'men' },
  });
  const grave = list.data.find((g) => g.buriedPersons.length > 0);
  if (!grave) throw new Error('no grave with burials in the demo village');
  return grave;
}
