// Every call of the contract table and the "beyond the specification" list, with its success
// shape, against the real app on a temporary database. The tests of one engine share one server and, by design,
// build on each other's data in order, like the staff would (vitest runs the tests of a file one after the other):
// each call is asserted on the answer it gives to the register the calls before it made. Three stories share the
// server without touching each other's tables: graves and burials (from 'POST /graves' to 'calls without a body'),
// suggestions (POST, then the manager's lists, then the public list) and accounts (register, list, passwords).
// The login, articles, health and OpenAPI tests stand alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../src/domain/messages';
import { sharedText } from '../../src/domain/messages/shared';
import type {
  Account,
  ApprovedSuggestion,
  Article,
  ArticleSummary,
  Grave,
  LoginAnswer,
  SearchMatch,
  Statistics,
  Suggestion,
} from '../../src/domain/types';
import {
  type GraveAnswer,
  type Health,
  type MessageAnswer,
  readToken,
  type RegisterAnswer,
  signIn,
  type SuggestionAnswer,
} from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import { DEMO_ACCOUNTS, startTestServer, type TestServer } from '../support/server';
import { call, type CallOptions, expectRefusal, movableClock, UUID, YMD } from './helpers';

/** The parts of /api/openapi.json these tests read. */
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, unknown>>;
}

const FIRST_STAGE = sharedText['bones.firstStage'];

describe.each(ENGINES)('the contract on $name', ({ databaseUrl }) => {
  const clock = movableClock('2026-03-10T10:00:00Z'); // today in Cairo: 2026-03-10
  let s: TestServer;
  let manager: string;
  let admin: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    s = await startTestServer({ seed: 'accounts', now: clock.now, databaseUrl });
    manager = await signIn(s, 'manager');
    admin = await signIn(s, 'admin');
  });
  afterAll(async () => s?.close());

  const api = <T = unknown>(method: string, path: string, options?: CallOptions) =>
    call<T>(s.api, method, path, options);

  it('POST /auth/login answers {token, role, message} with an HS256 token carrying the claims', async () => {
    const res = await api<LoginAnswer>('POST', '/auth/login', {
      body: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ token: expect.any(String), role: 'admin', message: t('auth.loginSuccess') });
    const { header, claims: payload } = readToken(res.body.token);
    expect(header.alg).toBe('HS256');
    expect(payload).toMatchObject({ role: 'admin', email: DEMO_ACCOUNTS.admin.email, name: DEMO_ACCOUNTS.admin.name });
    expect(payload.sub).toMatch(UUID);
    expect(payload.iat).toBe(Math.floor(clock.now().getTime() / 1000));
    expect(payload.exp - payload.iat).toBe(12 * 3600);
    // The email is matched whatever its case.
    const upper = await api<LoginAnswer>('POST', '/auth/login', {
      body: { email: DEMO_ACCOUNTS.manager.email.toUpperCase(), password: DEMO_ACCOUNTS.manager.password },
    });
    expect(upper.status).toBe(200);
    expect(upper.body.role).toBe('manager');
  });

  it('POST /graves creates graves: 201 and the grave, number a JSON number for men/women, a label for bones', async () => {
    const created = [
      ['M1', 'men', 1],
      ['M2', 'men', 2],
      ['M3', 'men', '3'],
      ['W1', 'women', 1],
      ['W2', 'women', 2],
      ['B1', 'bones', FIRST_STAGE],
      ['B2', 'bones', 7],
    ] as const;
    for (const [key, gender, number] of created) {
      const res = await api<Grave>('POST', '/graves', {
        token: key === 'W2' ? admin : manager,
        body: { gender, number },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toEqual({
        _id: expect.stringMatching(UUID),
        number: gender === 'bones' ? String(number) : Number(number),
        gender,
        status: gender === 'bones' ? 'غير متاحة' : 'متاحة',
        daysUntilAvailable: gender === 'bones' ? null : 0,
        buriedPersons: [],
      });
      ids[key] = res.body._id;
    }
    expect(typeof (await api<Grave>('GET', `/graves/graves/${ids.M3}`)).body.number).toBe('number');
  });

  it('POST /graves/{id}/bury: 201 {message, grave} with buriedPersons newest first (by date, not by entry)', async () => {
    const bury = (grave: string, name: string, burialDate: string, token = admin) =>
      api<GraveAnswer>('POST', `/graves/${grave}/bury`, { token, body: { name, burialDate } });
    const first = await bury(ids.M1!, 'أحمد محمد', '2010-01-01');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.message).toBe(sharedText['burial.success']);
    expect(first.body.grave._id).toBe(ids.M1);
    expect(first.body.grave.buriedPersons).toEqual([
      { _id: expect.stringMatching(UUID), name: 'أحمد محمد', burialDate: '2010-01-01' },
    ]);
    // Available again (2010 is long past the resting period): an older record may still be entered.
    const second = await bury(ids.M1!, '  عبد الله حسن  ', '2005-05-05T09:30:00.000Z', manager);
    expect(second.status).toBe(201);
    expect(second.body.grave.buriedPersons.map((p) => [p.name, p.burialDate])).toEqual([
      ['أحمد محمد', '2010-01-01'],
      ['عبد الله حسن', '2005-05-05'],
    ]);
    expect((await bury(ids.M2!, 'محمود علي', '2026-03-01')).status).toBe(201);
    expect((await bury(ids.W1!, 'فاطمة أحمد', '2026-02-20')).status).toBe(201);
    const bones = await bury(ids.B1!, 'رفات من المقابر القديمة', '2026-03-05');
    expect(bones.status).toBe(201);
    expect(bones.body.grave).toMatchObject({ status: 'غير متاحة', daysUntilAvailable: null, number: FIRST_STAGE });
  });

  it('PUT /graves/full/{id}: 200 {message, grave} with the grave now full', async () => {
    const res = await api<GraveAnswer>('PUT', `/graves/full/${ids.M3}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(sharedText['grave.fullSuccess']);
    expect(res.body.grave).toMatchObject({ _id: ids.M3, status: 'ممتلئة', daysUntilAvailable: null });
  });

  it('GET /graves/male, /female, /bone: the graves of that section, by number, full shape', async () => {
    const male = await api<Grave[]>('GET', '/graves/male');
    expect(male.status).toBe(200);
    expect(male.body.map((g) => g.number)).toEqual([1, 2, 3]);
    for (const g of male.body) {
      expect(Object.keys(g).sort()).toEqual([
        '_id',
        'buriedPersons',
        'daysUntilAvailable',
        'gender',
        'number',
        'status',
      ]);
      expect(g.gender).toBe('men');
      for (const p of g.buriedPersons) {
        expect(Object.keys(p).sort()).toEqual(['_id', 'burialDate', 'name']);
        expect(p.burialDate).toMatch(YMD);
      }
    }
    expect(male.body[0]).toMatchObject({ status: 'متاحة', daysUntilAvailable: 0 });
    expect(male.body[1]).toMatchObject({ status: 'غير متاحة', daysUntilAvailable: 365 - 9 });
    expect(male.body[2]).toMatchObject({ status: 'ممتلئة', daysUntilAvailable: null });
    const female = await api<Grave[]>('GET', '/graves/female');
    expect(female.body.map((g) => [g.number, g.gender])).toEqual([
      [1, 'women'],
      [2, 'women'],
    ]);
    const bone = await api<Grave[]>('GET', '/graves/bone');
    expect(bone.body.map((g) => g.number)).toEqual(['7', FIRST_STAGE]);
    expect(bone.body.every((g) => g.gender === 'bones' && g.daysUntilAvailable === null)).toBe(true);
  });

  it('GET /graves (staff): every grave; with simple-rest paging a page and Content-Range', async () => {
    const all = await api<Grave[]>('GET', '/graves', { token: admin });
    expect(all.status).toBe(200);
    expect(all.body).toHaveLength(7);
    expect(all.headers.get('content-range')).toBeNull();
    const page = await api<Grave[]>(
      'GET',
      `/graves?sort=${encodeURIComponent('["number","DESC"]')}&range=${encodeURIComponent('[0,1]')}&filter=${encodeURIComponent('{"gender":"men"}')}`,
      { token: manager },
    );
    expect(page.status).toBe(200);
    expect(page.body.map((g) => g.number)).toEqual([3, 2]);
    expect(page.headers.get('content-range')).toBe('graves 0-1/3');
    const byName = await api<Grave[]>('GET', `/graves?filter=${encodeURIComponent('{"q":"احمد"}')}`, { token: admin });
    expect(byName.body.map((g) => g._id).sort()).toEqual([ids.M1, ids.W1].sort());
    expect(byName.headers.get('content-range')).toBe('graves 0-1/2');
  });

  it('GET /graves/graves/{id} and GET /graves/{id} answer the same grave', async () => {
    const a = await api<Grave>('GET', `/graves/graves/${ids.M1}`);
    const b = await api<Grave>('GET', `/graves/${ids.M1}`);
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(a.body.buriedPersons).toHaveLength(2);
  });

  it('GET /graves/recentBurials: graves of the recent burials, newest first, bone sections included', async () => {
    const res = await api<Grave[]>('GET', '/graves/recentBurials');
    expect(res.status).toBe(200);
    expect(res.body.map((g) => g._id)).toEqual([ids.B1, ids.M2, ids.W1, ids.M1]);
    expect(res.body[3]!.buriedPersons.map((p) => p.burialDate)).toEqual(['2010-01-01', '2005-05-05']);
    expect(res.body[1]).toMatchObject({ status: 'غير متاحة', daysUntilAvailable: 356, number: 2 });
  });

  it('statistics: deaths count men and women burials only; availability counts men and women graves', async () => {
    const expected: Record<string, Partial<Statistics>> = {
      totalDeaths: { totalDeaths: 4 },
      maleDeaths: { maleDeaths: 3 },
      femaleDeaths: { femaleDeaths: 1 },
      'available-count': { availableGravesCount: 2 },
      'unavailable-count': { unavailableGravesCount: 3 },
    };
    for (const [path, body] of Object.entries(expected)) {
      const res = await api('GET', `/graves/${path}`);
      expect(res.status).toBe(200);
      expect(res.body).toStrictEqual(body);
    }
  });

  it('PUT /graves/{id}/buried/{personId} corrects a name or date without deleting the record', async () => {
    const grave = (await api<Grave>('GET', `/graves/${ids.M1}`)).body;
    const person = grave.buriedPersons[1]!;
    const res = await api<GraveAnswer>('PUT', `/graves/${ids.M1}/buried/${person._id}`, {
      token: admin,
      body: { name: 'عبد الله حسن علي', burialDate: '2006-06-06' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(t('burial.updated'));
    expect(res.body.grave.buriedPersons[1]).toEqual({
      _id: person._id,
      name: 'عبد الله حسن علي',
      burialDate: '2006-06-06',
    });
    // The corrected name is found by search at once (the normalised copy is kept in step).
    const found = await api<SearchMatch[]>('GET', `/search?q=${encodeURIComponent('عبدالله حسن علي')}`);
    expect(found.body.map((m) => m.person._id)).toEqual([person._id]);
  });

  it('DELETE /graves/{id}/remove-buried: 200 {message} and the person is gone', async () => {
    const bury = await api<GraveAnswer>('POST', `/graves/${ids.W2}/bury`, {
      token: admin,
      body: { name: 'خطأ في الإدخال', burialDate: '2026-03-10' },
    });
    const personId = bury.body.grave.buriedPersons[0]!._id;
    const res = await api<MessageAnswer>('DELETE', `/graves/${ids.W2}/remove-buried`, {
      token: admin,
      body: { buriedPersonId: personId },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: t('burial.deleted') });
    expect((await api('GET', `/graves/${ids.W2}`)).body).toMatchObject({ buriedPersons: [], status: 'متاحة' });
  });

  it('DELETE /graves/{id}: only for a grave without burials', async () => {
    expectRefusal(await api('DELETE', `/graves/${ids.M1}`, { token: admin }), 400, 'grave.hasBurials');
    const res = await api<MessageAnswer>('DELETE', `/graves/${ids.W2}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(t('grave.deleted'));
    expectRefusal(await api('GET', `/graves/${ids.W2}`), 404);
  });

  it('calls without a body work when the client still says Content-Type: application/json (react-admin does)', async () => {
    const headers = { 'content-type': 'application/json' };
    const grave = await api<Grave>('POST', '/graves', { token: admin, body: { gender: 'women', number: 9 } });
    const full = await fetch(`${s.api}/graves/full/${grave.body._id}`, {
      method: 'PUT',
      headers: { ...headers, authorization: `Bearer ${admin}` },
    });
    expect(full.status).toBe(200);
    expect(((await full.json()) as { grave: Grave }).grave.status).toBe('ممتلئة');
    const del = await fetch(`${s.api}/graves/${grave.body._id}`, {
      method: 'DELETE',
      headers: { ...headers, authorization: `Bearer ${admin}` },
    });
    expect(del.status).toBe(200);
    // A call that needs a body still refuses an empty one.
    const empty = await fetch(`${s.api}/graves`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${admin}` },
    });
    expect(empty.status).toBe(400);
  });

  it('POST /suggestion: 201 {message}; Arabic-Indic digits of the phone stored as 0–9', async () => {
    for (const [i, name] of ['سعيد', 'منى', 'خالد'].entries()) {
      clock.advance(60_000);
      const res = await api('POST', '/suggestion', {
        body: { text: `اقتراح رقم ${i + 1}`, name, phone: i === 0 ? '+٢٠ ١٠٠-١٢٣-٤٥٦٧' : '01001234567' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toEqual({ message: sharedText['suggest.success'] });
    }
  });

  it('GET /suggestion/status/{status} (manager): full records, newest first; PUT /suggestion/status/{id} changes it', async () => {
    const pending = await api<Suggestion[]>('GET', '/suggestion/status/pending', { token: manager });
    expect(pending.status).toBe(200);
    expect(pending.body.map((x) => x.name)).toEqual(['خالد', 'منى', 'سعيد']);
    const first = pending.body[2]!;
    expect(first).toEqual({
      _id: expect.stringMatching(UUID),
      text: 'اقتراح رقم 1',
      name: 'سعيد',
      phone: '+201001234567',
      submittedBy: 'سعيد',
      status: 'pending',
      createdAt: expect.any(String),
    });
    expect(Number.isNaN(Date.parse(first.createdAt))).toBe(false);
    for (const x of [pending.body[2]!, pending.body[1]!]) {
      const res = await api<SuggestionAnswer>('PUT', `/suggestion/status/${x._id}`, {
        token: manager,
        body: { status: 'approved' },
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(t('suggestion.statusUpdated'));
      expect(res.body.suggestion).toMatchObject({ _id: x._id, status: 'approved', phone: x.phone });
    }
    const rejected = await api<SuggestionAnswer>('PUT', `/suggestion/status/${pending.body[0]!._id}`, {
      token: manager,
      body: { status: 'rejected' },
    });
    expect(rejected.body.suggestion.status).toBe('rejected');
    expect((await api('GET', '/suggestion/status/approved', { token: manager })).body).toHaveLength(2);
    expect(
      (await api<Suggestion[]>('GET', '/suggestion/status/rejected', { token: manager })).body.map((x) => x.name),
    ).toEqual(['خالد']);
    const paged = await api('GET', `/suggestion/status/approved?range=${encodeURIComponent('[0,0]')}`, {
      token: manager,
    });
    expect(paged.body).toHaveLength(1);
    expect(paged.headers.get('content-range')).toBe('suggestions 0-0/2');
  });

  it('GET /suggestion/approved: [{_id, name, text}] newest first, never the phone', async () => {
    const res = await api<ApprovedSuggestion[]>('GET', '/suggestion/approved');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { _id: expect.any(String), name: 'منى', text: 'اقتراح رقم 2' },
      { _id: expect.any(String), name: 'سعيد', text: 'اقتراح رقم 1' },
    ]);
    // Never the phone: no such field, and not its digits anywhere (a random id may hold "100", so the whole number).
    expect(res.body.every((s) => !('phone' in s))).toBe(true);
    expect(JSON.stringify(res.body)).not.toContain('1001234567');
  });

  it('articles: POST 201, GET list newest first, GET detail by both paths, PUT, DELETE then 404', async () => {
    const content = '  <p>نص المقال</p>\n\nسطر ثانٍ  ';
    const made: Article[] = [];
    for (const title of ['المقال الأول', 'المقال الثاني']) {
      clock.advance(60_000);
      const res = await api<Article>('POST', '/articles', { token: manager, body: { title, content } });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        _id: expect.stringMatching(UUID),
        title,
        content,
        createdAt: clock.now().toISOString(),
      });
      made.push(res.body);
    }
    const list = await api<ArticleSummary[]>('GET', '/articles');
    expect(list.status).toBe(200);
    expect(list.body).toEqual(made.reverse().map(({ _id, title, createdAt }) => ({ _id, title, createdAt })));
    const detail = await api<Article>('GET', `/articles/ArticleDetail/${made[1]!._id}`);
    expect(detail.body).toEqual(made[1]);
    expect(detail.body.content).toBe(content); // stored exactly as sent
    expect((await api('GET', `/articles/${made[1]!._id}`)).body).toEqual(made[1]);
    const paged = await api('GET', `/articles?range=${encodeURIComponent('[0,0]')}`);
    expect(paged.headers.get('content-range')).toBe('articles 0-0/2');
    expect(paged.body).toHaveLength(1);
    const put = await api('PUT', `/articles/${made[1]!._id}`, { token: manager, body: { title: 'عنوان مصحح' } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ _id: made[1]!._id, title: 'عنوان مصحح', content });
    const del = await api<MessageAnswer>('DELETE', `/articles/${made[0]!._id}`, { token: manager });
    expect(del.status).toBe(200);
    expect(del.body.message).toBe(t('article.deleted'));
    expectRefusal(await api('GET', `/articles/ArticleDetail/${made[0]!._id}`), 404, 'article.notFound');
    expectRefusal(await api('DELETE', `/articles/${made[0]!._id}`, { token: manager }), 404, 'article.notFound');
  });

  it('POST /auth/register (manager): 201 {message}; the new admin can log in', async () => {
    const res = await api<RegisterAnswer>('POST', '/auth/register', {
      token: manager,
      body: { name: 'مشرف جديد', email: 'New.Admin@example.com', password: 'long-enough-1' },
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(sharedText['register.success']);
    const login = await api<LoginAnswer>('POST', '/auth/login', {
      body: { email: 'new.admin@example.com', password: 'long-enough-1' },
    });
    expect(login.status).toBe(200);
    expect(login.body.role).toBe('admin');
  });

  it('GET /users (manager): [{_id, name, email, role, createdAt, disabled, lastLoginAt}], pageable', async () => {
    const res = await api<Account[]>('GET', '/users', { token: manager });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(3);
    for (const u of res.body) {
      // The spec's fields, and the additions (whether the account may sign in, and when it last did).
      expect(Object.keys(u).sort()).toEqual(['_id', 'createdAt', 'disabled', 'email', 'lastLoginAt', 'name', 'role']);
    }
    expect(res.body.map((u) => u.role).sort()).toEqual(['admin', 'admin', 'manager']);
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|password/);
    const paged = await api<Account[]>(
      'GET',
      `/users?sort=${encodeURIComponent('["email","ASC"]')}&range=${encodeURIComponent('[1,2]')}`,
      {
        token: manager,
      },
    );
    expect(paged.headers.get('content-range')).toBe('users 1-2/3');
    expect(paged.body.map((u) => u.email)).toEqual(['manager@example.com', 'New.Admin@example.com']);
  });

  it('POST /auth/update-password: manager changes any account; an admin its own; the new password works', async () => {
    const byManager = await api('POST', '/auth/update-password', {
      token: manager,
      body: { email: 'new.admin@example.com', newPassword: 'changed-by-manager' },
    });
    expect(byManager.status).toBe(200);
    expect(byManager.body).toEqual({ message: t('password.success') });
    const token = await s.login('new.admin@example.com', 'changed-by-manager');
    const own = await api('POST', '/auth/update-password', {
      token,
      body: { email: 'NEW.ADMIN@example.com', currentPassword: 'changed-by-manager', newPassword: 'changed-by-myself' },
    });
    expect(own.status).toBe(200);
    expect(
      (await api('POST', '/auth/login', { body: { email: 'new.admin@example.com', password: 'changed-by-manager' } }))
        .status,
    ).toBe(400);
    await s.login('new.admin@example.com', 'changed-by-myself');
  });

  it('GET /health and GET /openapi.json (OpenAPI 3 listing the paths)', async () => {
    const health = await api<Health>('GET', '/health');
    expect(health.status).toBe(200);
    expect(health.body.status).toBe('ok');
    const doc = await api<OpenApiDocument>('GET', '/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    const paths = Object.keys(doc.body.paths);
    for (const p of [
      '/api/graves/male',
      '/api/graves/female',
      '/api/graves/bone',
      '/api/graves',
      '/api/graves/graves/{id}',
      '/api/graves/recentBurials',
      '/api/graves/totalDeaths',
      '/api/graves/maleDeaths',
      '/api/graves/femaleDeaths',
      '/api/graves/available-count',
      '/api/graves/unavailable-count',
      '/api/graves/full/{id}',
      '/api/graves/{id}/bury',
      '/api/graves/{id}/remove-buried',
      '/api/graves/{id}/buried/{personId}',
      '/api/graves/{id}',
      '/api/suggestion',
      '/api/suggestion/approved',
      '/api/suggestion/status/{status}',
      '/api/suggestion/status/{id}',
      '/api/articles',
      '/api/articles/ArticleDetail/{id}',
      '/api/articles/{id}',
      '/api/auth/login',
      '/api/auth/register',
      '/api/auth/update-password',
      '/api/users',
      '/api/search',
      '/api/health',
      // Additive: families' corrections.
      '/api/burials/{id}/corrections',
      '/api/corrections',
      '/api/corrections/{id}',
      '/api/corrections/{id}/apply',
      '/api/corrections/{id}/reject',
      '/api/corrections/follow/{token}',
    ]) {
      expect(paths, p).toContain(p);
    }
    // Generated from the schemas that validate requests.
    expect(JSON.stringify(doc.body.paths['/api/graves/{id}/bury']?.post)).toContain('burialDate');
  });
});
