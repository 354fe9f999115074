// Every 400 rule of the contract, 404s, 413, malformed JSON and wrong types; and that a refused request changes
// nothing: the whole register (graves, burials, articles, suggestions, accounts) is compared before and after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gender, Grave } from '../../src/domain/types';
import type { MessageKey } from '../../src/domain/messages';
import { type GraveAnswer, sendSuggestion, staffClient, type StaffClient } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';
import { type Answer, call, type CallOptions, expectRefusal, movableClock, type Refusal } from './helpers';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe.each(ENGINES)('refusals on $name', ({ databaseUrl }) => {
  // 2026-03-10 in Cairo all day long.
  const clock = movableClock('2026-03-10T10:00:00Z');
  let s: TestServer;
  let managerClient: StaffClient;
  let manager: string;
  let admin: string;
  const g: Record<string, string> = {};
  let suggestionId: string;
  let articleId: string;

  const api = <T = unknown>(method: string, path: string, options?: CallOptions) =>
    call<T>(s.api, method, path, options);

  /**
   * Every row a refused request could have touched, straight from the database (the API lists hide some columns):
   * graves, burials, articles, suggestions, accounts, settings and the audit trail. Only the throttle's count of
   * attempts may change, by design.
   */
  async function register() {
    const tables = ['graves', 'burials', 'articles', 'suggestions', 'accounts', 'settings', 'audit_log'] as const;
    return Promise.all(
      tables.map((table) =>
        s.ctx.db
          .selectFrom(table)
          .selectAll()
          .orderBy(table === 'settings' ? 'key' : 'id')
          .execute(),
      ),
    );
  }

  /** Sends a request that must be refused with status (and message key), and checks the register did not move. */
  async function refused(request: () => Promise<Answer>, status: number, key?: MessageKey): Promise<Answer<Refusal>> {
    const before = await register();
    const res = await request();
    expectRefusal(res, status, key);
    expect(await register()).toEqual(before);
    return res;
  }

  beforeAll(async () => {
    s = await startTestServer({ seed: 'accounts', now: clock.now, databaseUrl });
    managerClient = await staffClient(s, 'manager');
    const adminClient = await staffClient(s, 'admin');
    manager = managerClient.token;
    admin = adminClient.token;
    const make = async (key: string, gender: Gender, number: number | string) => {
      g[key] = (await managerClient.makeGrave(gender, number))._id;
    };
    await make('empty', 'men', 1);
    await make('full', 'men', 2);
    await make('resting', 'men', 3);
    await make('today', 'men', 4);
    await make('women1', 'women', 1);
    await make('bones', 'bones', 'القسم القديم');
    await make('bonesFull', 'bones', 'القسم المغلق');
    await adminClient.markFull(g.full!);
    await adminClient.markFull(g.bonesFull!);
    await adminClient.bury(g.resting!, 'سالم', '2026-03-01');
    await adminClient.bury(g.today!, 'منصور', '2026-03-10');
    await adminClient.bury(g.bones!, 'رفات', '2026-03-09');
    await sendSuggestion(s, { text: 'نص', name: 'اسم', phone: '01001234567' });
    suggestionId = (await managerClient.suggestionsOf('pending'))[0]!._id;
    articleId = (await managerClient.writeArticle('عنوان', 'محتوى'))._id;
  });
  afterAll(async () => s?.close());

  describe('graves', () => {
    const create =
      (body: unknown, token = admin) =>
      () =>
        api('POST', '/graves', { token, body });

    it.each([0, -1, 100001, 1.5, '12a', '', '  ', '1e3', null, true, {}, [], [1]])(
      'men/women number %j is 400 grave.numberInvalid',
      async (number) => {
        await refused(create({ gender: 'men', number }), 400, 'grave.numberInvalid');
        await refused(create({ gender: 'women', number }), 400, 'grave.numberInvalid');
      },
    );

    it('bone labels: empty or over 100 characters are 400; objects are 400', async () => {
      await refused(create({ gender: 'bones', number: '' }), 400, 'grave.labelInvalid');
      await refused(create({ gender: 'bones', number: '   ' }), 400, 'grave.labelInvalid');
      await refused(create({ gender: 'bones', number: 'م'.repeat(101) }), 400, 'grave.labelInvalid');
      await refused(create({ gender: 'bones', number: { label: 'x' } }), 400);
    });

    it('the bounds themselves are accepted: 1 and 100000, a label of 100 characters, Arabic-Indic digits', async () => {
      const top = await api<Grave>('POST', '/graves', { token: admin, body: { gender: 'women', number: 100000 } });
      expect(top.status).toBe(201);
      expect(top.body.number).toBe(100000);
      const indic = await api<Grave>('POST', '/graves', { token: admin, body: { gender: 'women', number: '٢٥' } });
      expect(indic.status).toBe(201);
      expect(indic.body.number).toBe(25);
      const label = 'ع'.repeat(100);
      const bones = await api<Grave>('POST', '/graves', { token: admin, body: { gender: 'bones', number: label } });
      expect(bones.status).toBe(201);
      expect(bones.body.number).toBe(label);
      for (const id of [top.body._id, indic.body._id, bones.body._id]) {
        expect((await api('DELETE', `/graves/${id}`, { token: admin })).status).toBe(200);
      }
    });

    it('gender must be men, women or bones; both fields are required', async () => {
      await refused(create({ gender: 'children', number: 5 }), 400, 'grave.genderInvalid');
      await refused(create({ gender: 'MEN', number: 5 }), 400, 'grave.genderInvalid');
      await refused(create({ number: 5 }), 400);
      await refused(create({ gender: 'men' }), 400);
    });

    it('a number already used in the section is 400 grave.duplicate, however it is written', async () => {
      for (const number of [1, '1', ' 1 ', '١', '01']) {
        await refused(create({ gender: 'men', number }), 400, 'grave.duplicate');
      }
      await refused(create({ gender: 'bones', number: ' القسم القديم ' }), 400, 'grave.duplicate');
      // The same number in another section is a different grave.
      const other = await api<Grave>('POST', '/graves', { token: admin, body: { gender: 'women', number: 2 } });
      expect(other.status).toBe(201);
      await api('DELETE', `/graves/${other.body._id}`, { token: admin });
    });

    it('marking a full grave full again is 400 grave.cannotUpdateFull', async () => {
      await refused(() => api('PUT', `/graves/full/${g.full}`, { token: admin }), 400, 'grave.cannotUpdateFull');
    });

    it('deleting a grave with burials is 400', async () => {
      await refused(() => api('DELETE', `/graves/${g.resting}`, { token: admin }), 400, 'grave.hasBurials');
    });
  });

  describe('burials', () => {
    const bury = (grave: string, body: unknown) => () => api('POST', `/graves/${grave}/bury`, { token: admin, body });

    it('name: empty, blank, over 200 characters, or not text is 400 burial.nameInvalid', async () => {
      for (const name of ['', '   ', 'ا'.repeat(201), 42, { first: 'علي' }, ['علي'], null]) {
        await refused(bury(g.empty!, { name, burialDate: '2026-03-01' }), 400, 'burial.nameInvalid');
      }
      await refused(bury(g.empty!, { burialDate: '2026-03-01' }), 400, 'burial.nameInvalid');
    });

    it.each([
      // The one burial-date reader of every door (2024-3-5 and 05/03/2024 are dates it reads).
      ['2023-02-30', 'burialDate.noSuchDay'],
      ['2023-13-01', 'burialDate.noSuchDay'],
      ['2023-02-29', 'burialDate.noSuchDay'],
      ['5/3', 'burial.dateUnreadable'],
      ['yesterday', 'burial.dateUnreadable'],
      ['', 'burial.dateMissing'],
      ['2026-03-11', 'burial.dateFuture'],
      ['2026-03-11T00:00:00Z', 'burial.dateFuture'],
      ['2027-01-01', 'burial.dateFuture'],
      ['1899-12-31', 'burial.dateTooOld'],
      ['0001-01-01', 'burial.dateTooOld'],
    ] as const)('burialDate %s is 400 %s', async (burialDate, key) => {
      await refused(bury(g.empty!, { name: 'علي', burialDate }), 400, key);
    });

    it('burialDate that is not text is 400', async () => {
      for (const burialDate of [20240305, { y: 2024 }, null]) {
        await refused(bury(g.empty!, { name: 'علي', burialDate }), 400, 'burial.dateUnreadable');
      }
    });

    it('a full grave refuses a burial (men and bone sections)', async () => {
      const res = await refused(bury(g.full!, { name: 'علي', burialDate: '2026-03-10' }), 400, 'burial.graveFull');
      expect(res.body.message).toMatch(/ممتلئة/);
      await refused(bury(g.bonesFull!, { name: 'رفات', burialDate: '2026-03-10' }), 400, 'burial.graveFull');
    });

    it('a resting grave refuses a burial with a clear reason (its last burial is not today)', async () => {
      const res = await refused(bury(g.resting!, { name: 'علي', burialDate: '2026-03-10' }), 400);
      expect(res.body.message).toMatch(/^لا يمكن الدفن في هذه المقبرة الآن/);
      // The reason gives the date of the last burial and the days left, in Arabic digits.
      expect(res.body.message).toContain('٣٥٦');
    });

    it('a resting grave whose last burial is today takes another burial; bone sections take remains', async () => {
      const second = await api<GraveAnswer>('POST', `/graves/${g.today}/bury`, {
        token: admin,
        body: { name: 'سليم', burialDate: '2026-03-10' },
      });
      expect(second.status).toBe(201);
      expect(second.body.grave.buriedPersons).toHaveLength(2);
      const remains = await api('POST', `/graves/${g.bones}/bury`, {
        token: admin,
        body: { name: 'رفات ثانية', burialDate: '1900-01-01' },
      });
      expect(remains.status).toBe(201);
      // 200 characters exactly is allowed.
      const long = await api('POST', `/graves/${g.bones}/bury`, {
        token: admin,
        body: { name: 'ن'.repeat(200), burialDate: '2000-01-01' },
      });
      expect(long.status).toBe(201);
      // A full ISO timestamp is kept as its date.
      const iso = await api<GraveAnswer>('POST', `/graves/${g.bones}/bury`, {
        token: admin,
        body: { name: 'بتاريخ كامل', burialDate: '2021-07-08T13:45:10.000Z' },
      });
      expect(iso.body.grave.buriedPersons.find((p) => p.name === 'بتاريخ كامل')?.burialDate).toBe('2021-07-08');
    });

    it('an unknown grave is 404 for bury, remove-buried and correcting a person', async () => {
      await refused(bury(UNKNOWN, { name: 'علي', burialDate: '2026-03-01' }), 404, 'grave.notFound');
      await refused(
        () => api('DELETE', `/graves/${UNKNOWN}/remove-buried`, { token: admin, body: { buriedPersonId: UNKNOWN } }),
        404,
      );
      await refused(
        () => api('PUT', `/graves/${UNKNOWN}/buried/${UNKNOWN}`, { token: admin, body: { name: 'علي' } }),
        404,
      );
    });

    it('an unknown person, or a person of another grave, is 404', async () => {
      const person = (await api<Grave>('GET', `/graves/${g.resting}`)).body.buriedPersons[0]!._id;
      await refused(
        () => api('DELETE', `/graves/${g.empty}/remove-buried`, { token: admin, body: { buriedPersonId: UNKNOWN } }),
        404,
        'burial.notFound',
      );
      await refused(
        () => api('DELETE', `/graves/${g.empty}/remove-buried`, { token: admin, body: { buriedPersonId: person } }),
        404,
        'burial.notFound',
      );
      await refused(
        () => api('PUT', `/graves/${g.empty}/buried/${person}`, { token: admin, body: { name: 'علي' } }),
        404,
        'burial.notFound',
      );
      await refused(() => api('DELETE', `/graves/${g.empty}/remove-buried`, { token: admin, body: {} }), 400);
    });

    it('correcting a person: nothing to change, a bad name or a bad date is 400', async () => {
      const person = (await api<Grave>('GET', `/graves/${g.resting}`)).body.buriedPersons[0]!._id;
      const put = (body: unknown) => () => api('PUT', `/graves/${g.resting}/buried/${person}`, { token: admin, body });
      await refused(put({}), 400, 'burial.nothingToUpdate');
      await refused(put({ name: '  ' }), 400, 'burial.nameInvalid');
      await refused(put({ burialDate: '2023-02-30' }), 400, 'burialDate.noSuchDay');
      await refused(put({ burialDate: '2099-01-01' }), 400, 'burial.dateFuture');
    });
  });

  describe('suggestions', () => {
    const send = (body: unknown) => () => api('POST', '/suggestion', { body });
    const ok = { text: 'اقتراح', name: 'زائر', phone: '01001234567' };

    it('text: empty, blank or not text is 400 suggest.textInvalid; over 2000 characters says it is too long', async () => {
      for (const text of ['', '  ', 5, { a: 1 }]) {
        await refused(send({ ...ok, text }), 400, 'suggest.textInvalid');
      }
      await refused(send({ ...ok, text: 'ن'.repeat(2001) }), 400, 'suggest.textTooLong');
    });

    it('name: empty or not text is 400 suggest.nameInvalid; over 100 characters says it is too long', async () => {
      for (const name of ['', ['زائر']]) {
        await refused(send({ ...ok, name }), 400, 'suggest.nameInvalid');
      }
      await refused(send({ ...ok, name: 'ن'.repeat(101) }), 400, 'suggest.nameTooLong');
    });

    it.each(['12345', '1'.repeat(21), 'abc123456', '0100x123456', '++201001234567', '0100+1234567', '', 1001234567])(
      'phone %j is 400 suggest.phoneInvalid',
      async (phone) => {
        await refused(send({ ...ok, phone }), 400, 'suggest.phoneInvalid');
      },
    );

    it('missing fields are 400', async () => {
      await refused(send({ text: 'x', name: 'y' }), 400);
      await refused(send({}), 400);
    });

    it('phones at the bounds and with Arabic-Indic digits are accepted and stored as 0–9', async () => {
      for (const phone of ['123456', '1'.repeat(20), '٠١٠٠-١٢٣ ٤٥٦٧', '۰۱۰۰۱۲۳۴۵۶۷']) {
        const res = await api('POST', '/suggestion', { body: { ...ok, text: `هاتف ${phone}`, phone } });
        expect(res.status, phone).toBe(201);
      }
      const phones = (await managerClient.suggestionsOf('pending'))
        .filter((x) => x.text.startsWith('هاتف'))
        .map((x) => x.phone)
        .sort();
      expect(phones).toEqual(['01001234567', '01001234567', '11111111111111111111', '123456'].sort());
    });

    it('a status other than pending, approved, rejected is 400; an unknown suggestion 404', async () => {
      await refused(
        () => api('GET', '/suggestion/status/accepted', { token: manager }),
        400,
        'suggestion.statusInvalid',
      );
      await refused(
        () => api('PUT', `/suggestion/status/${suggestionId}`, { token: manager, body: { status: 'done' } }),
        400,
        'suggestion.statusInvalid',
      );
      await refused(() => api('PUT', `/suggestion/status/${suggestionId}`, { token: manager, body: {} }), 400);
      await refused(
        () => api('PUT', `/suggestion/status/${UNKNOWN}`, { token: manager, body: { status: 'approved' } }),
        404,
        'suggestion.notFound',
      );
    });
  });

  describe('articles', () => {
    it('title and content rules', async () => {
      const post = (body: unknown) => () => api('POST', '/articles', { token: manager, body });
      await refused(post({ title: '', content: 'x' }), 400, 'article.titleInvalid');
      await refused(post({ title: 'ع'.repeat(201), content: 'x' }), 400, 'article.titleInvalid');
      await refused(post({ title: 'عنوان', content: '   ' }), 400, 'article.contentInvalid');
      await refused(post({ title: 'عنوان', content: 'م'.repeat(50001) }), 400, 'article.contentInvalid');
      await refused(post({ title: 'عنوان', content: { html: '<p>' } }), 400, 'article.contentInvalid');
      await refused(
        () => api('PUT', `/articles/${articleId}`, { token: manager, body: { title: ' ' } }),
        400,
        'article.titleInvalid',
      );
      await refused(
        () => api('PUT', `/articles/${UNKNOWN}`, { token: manager, body: { title: 'جديد' } }),
        404,
        'article.notFound',
      );
    });
  });

  describe('the request itself', () => {
    it('malformed JSON is 400 with the Arabic reason', async () => {
      await refused(
        () => api('POST', '/graves', { token: admin, body: '{"gender": "men", "number": ' }),
        400,
        'errors.malformedJson',
      );
      await refused(() => api('POST', '/suggestion', { body: "{'text': 'x'}" }), 400, 'errors.malformedJson');
    });

    it('a body carrying __proto__ is refused with 400, not 500', async () => {
      await refused(
        () =>
          api('POST', '/suggestion', {
            body: '{"text":"x","name":"y","phone":"01001234567","__proto__":{"admin":true}}',
          }),
        400,
      );
    });

    it('a body that is not JSON is refused, not 500', async () => {
      const res = await refused(
        () =>
          api('POST', '/suggestion', {
            body: 'text=x',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          }),
        415,
      );
      expect(res.body.message).toBeTruthy();
    });

    it('a body that is not an object is 400', async () => {
      for (const body of ['[]', '"text"', '42', 'null']) {
        await refused(() => api('POST', '/graves', { token: admin, body }), 400);
      }
      await refused(
        () => api('POST', '/suggestion', { body: '', headers: { 'content-type': 'application/json' } }),
        400,
      );
    });

    it('a body over 256 KB is 413', async () => {
      const content = 'a'.repeat(300 * 1024);
      await refused(
        () => api('POST', '/articles', { token: manager, body: { title: 'كبير', content } }),
        413,
        'errors.payloadTooLarge',
      );
      await refused(
        () => api('POST', '/suggestion', { body: { text: content, name: 'x', phone: '01001234567' } }),
        413,
      );
    });

    it('bad paging parameters are 400, not 500', async () => {
      for (const query of [
        'range=oops',
        'range=[5,1]',
        'sort=["password","ASC"]',
        'sort=["number","UP"]',
        'filter=[1]',
        'filter={"q":5}',
      ]) {
        await refused(
          () => api('GET', `/graves?${query.replace(/[[\]{}"]/g, encodeURIComponent)}`, { token: admin }),
          400,
          'errors.badQuery',
        );
      }
    });

    it('a search term over 100 characters is 400', async () => {
      expectRefusal(await api('GET', `/search?q=${'ا'.repeat(101)}`), 400);
    });
  });

  describe('404s', () => {
    it.each([
      ['GET', `/graves/graves/${UNKNOWN}`],
      ['GET', '/graves/graves/not-a-uuid'],
      ['GET', `/graves/graves/${'x'.repeat(150)}`],
      ['GET', "/graves/graves/'%20or%201=1--"],
      ['GET', `/graves/${UNKNOWN}`],
      ['GET', `/articles/ArticleDetail/${UNKNOWN}`],
      ['GET', '/articles/ArticleDetail/123'],
      ['GET', `/articles/${UNKNOWN}`],
      ['GET', '/nothing-here'],
      ['POST', '/nothing-here'],
      ['GET', '/graves/male/extra/parts'],
      ['DELETE', '/graves'],
      ['GET', ''],
    ])('%s /api%s is a JSON 404 (never 500)', async (method, path) => {
      const res = await api(method, path);
      expectRefusal(res, 404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
    });

    it('staff calls on unknown ids are 404', async () => {
      await refused(() => api('PUT', `/graves/full/${UNKNOWN}`, { token: admin }), 404, 'grave.notFound');
      await refused(() => api('PUT', '/graves/full/whatever', { token: admin }), 404, 'grave.notFound');
      await refused(() => api('DELETE', `/graves/${UNKNOWN}`, { token: admin }), 404, 'grave.notFound');
      await refused(() => api('DELETE', `/articles/${UNKNOWN}`, { token: manager }), 404, 'article.notFound');
      await refused(() => api('GET', `/users/${UNKNOWN}`, { token: manager }), 404);
    });
  });
});
