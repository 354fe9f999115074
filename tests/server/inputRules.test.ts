// The text input rules at the HTTP boundary, on both engines: a lone surrogate or a control
// character is refused with the field's Arabic reason and nothing is stored; bidi controls are stripped from what is
// stored; a date's UTC offset must be within ±14:00; and no such input ever makes the server fail (PostgreSQL
// refuses NUL in a text, which used to be a 500).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport } from '../../src/domain/rules/registerImport';
import { t } from '../../src/domain/messages';
import { signIn } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';
import { call, expectRefusal, type CallOptions } from './helpers';

const TABLES = [
  'graves',
  'burials',
  'articles',
  'suggestions',
  'accounts',
  'plan_rows',
  'import_batches',
  'audit_log',
] as const;

describe.each(ENGINES)('text input rules on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let manager: string;
  let graveId: string;

  beforeAll(async () => {
    s = await startTestServer({ seed: 'accounts', now: () => new Date('2026-03-10T10:00:00Z'), databaseUrl });
    manager = await signIn(s, 'manager');
    const created = await api<{ _id: string }>('POST', '/graves', {
      token: manager,
      body: { gender: 'men', number: 7 },
    });
    expect(created.status).toBe(201);
    graveId = created.body._id;
  });
  afterAll(async () => s?.close());

  const api = <T = unknown>(method: string, path: string, options?: CallOptions) =>
    call<T>(s.api, method, path, options);

  /** Rows of every table a refused request must leave alone. */
  async function counts(): Promise<Record<string, number>> {
    const entries = await Promise.all(
      TABLES.map(async (table) => {
        const row = await s.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        return [table, Number(row.n)] as const;
      }),
    );
    return Object.fromEntries(entries);
  }

  /** The request is refused with that reason, and every table holds what it held before. */
  async function refusedWithNothingStored(
    send: () => ReturnType<typeof api>,
    status: number,
    message: string,
  ): Promise<void> {
    const before = await counts();
    const answer = await send();
    expectRefusal(answer, status);
    expect(answer.body.message).toBe(message);
    expect(await counts()).toEqual(before);
  }

  const bury = (name: string, burialDate = '2020-01-01') =>
    api('POST', `/graves/${graveId}/bury`, { token: manager, body: { name, burialDate } });

  describe('a name (a burial)', () => {
    it('a lone surrogate or a control character is refused with the name’s reason, nothing stored', async () => {
      await refusedWithNothingStored(() => bury('محمد\ud800'), 400, t('input.burialName.unpaired'));
      await refusedWithNothingStored(() => bury('\udc00محمد'), 400, t('input.burialName.unpaired'));
      await refusedWithNothingStored(() => bury('محمد\u0000علي'), 400, t('input.burialName.control'));
      await refusedWithNothingStored(() => bury('محمد\u009b'), 400, t('input.burialName.control'));
      await refusedWithNothingStored(() => bury('محمد\nعلي'), 400, t('input.burialName.control'));
    });

    it('bidi overrides, isolates and zero-width marks are stripped from the stored name (read back)', async () => {
      const answer = await bury('\u202Eمحمد\u202C \u2067علي\u2069\u200f');
      expect(answer.status).toBe(201);
      const stored = await s.ctx.db
        .selectFrom('burials')
        .select('name')
        .where('grave_id', '=', graveId)
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow();
      // A name is stored as written minus the noise, and a direction mark is noise in a name.
      expect(stored.name).toBe('محمد علي');
      const grave = await api<{ buriedPersons: Array<{ name: string }> }>('GET', `/graves/${graveId}`);
      expect(grave.body.buriedPersons.map((p) => p.name)).toContain('محمد علي');
    });

    it('a correction follows the same rules', async () => {
      const person = await s.ctx.db
        .selectFrom('burials')
        .select('id')
        .where('grave_id', '=', graveId)
        .executeTakeFirstOrThrow();
      await refusedWithNothingStored(
        () => api('PUT', `/graves/${graveId}/buried/${person.id}`, { token: manager, body: { name: 'اسم\u0007' } }),
        400,
        t('input.burialName.control'),
      );
    });
  });

  describe('a date with a UTC offset', () => {
    it('+14:00 and −14:00 are accepted; +14:30, −14:01, +23:59 and −99:00 are refused with the date’s reason', async () => {
      await refusedWithNothingStored(() => bury('أحمد', '2020-01-02T10:00:00+14:30'), 400, t('burial.dateUnreadable'));
      await refusedWithNothingStored(() => bury('أحمد', '2020-01-02T10:00:00-14:01'), 400, t('burial.dateUnreadable'));
      await refusedWithNothingStored(() => bury('أحمد', '2020-01-02T10:00+23:59'), 400, t('burial.dateUnreadable'));
      await refusedWithNothingStored(() => bury('أحمد', '2020-01-02T10:00-99:00'), 400, t('burial.dateUnreadable'));
      const plus = await bury('أحمد', '2020-01-02T10:00:00+14:00');
      expect(plus.status).toBe(201);
      const minus = await bury('حسن', '2020-01-03T10:00:00-14:00');
      expect(minus.status).toBe(201);
      const dates = await s.ctx.db
        .selectFrom('burials')
        .select(['name', 'burial_date'])
        .where('name', 'in', ['أحمد', 'حسن'])
        .orderBy('name')
        .execute();
      expect(dates).toEqual([
        { name: 'أحمد', burial_date: '2020-01-02' },
        { name: 'حسن', burial_date: '2020-01-03' },
      ]);
    });

    it('the audit trail’s filter refuses such a day with its reason, and takes a real one', async () => {
      const filter = (from: string) =>
        api('GET', `/audit?filter=${encodeURIComponent(JSON.stringify({ from }))}`, { token: manager });
      for (const from of ['2020-01-01T00:00+14:30', '2020-01-01T00:00-14:01', '2020-13-01', 'أمس']) {
        expectRefusal(await filter(from), 400, 'input.auditDate');
      }
      expect((await filter('2020-01-01T00:00+14:00')).status).toBe(200);
      expect((await filter('2020-01-01')).status).toBe(200);
    });
  });

  describe('a multi-line text (a suggestion, an article)', () => {
    const suggest = (text: string, name = 'سعيد') =>
      api('POST', '/suggestion', { body: { text, name, phone: '01012345678' } });

    it('newline and tab are kept, CRLF becomes a newline, bidi controls are stripped', async () => {
      expect((await suggest('سطر أول\r\n\tسطر \u202Eثان')).status).toBe(201);
      const stored = await s.ctx.db
        .selectFrom('suggestions')
        .select('text')
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow();
      expect(stored.text).toBe('سطر أول\n\tسطر ثان');
    });

    it('NUL, other controls and a lone surrogate are refused with the field’s reason, nothing stored', async () => {
      await refusedWithNothingStored(() => suggest('نص\u0000'), 400, t('input.suggestionText.control'));
      await refusedWithNothingStored(() => suggest('نص\u001b[31m'), 400, t('input.suggestionText.control'));
      await refusedWithNothingStored(() => suggest('نص\ud83d'), 400, t('input.suggestionText.unpaired'));
      await refusedWithNothingStored(() => suggest('نص', 'سعيد\u0000'), 400, t('input.suggestionName.control'));
      await refusedWithNothingStored(() => suggest('نص', 'سعيد\tعلي'), 400, t('input.suggestionName.control'));
      await refusedWithNothingStored(
        () => api('POST', '/articles', { token: manager, body: { title: 'عنوان', content: 'نص\u0000' } }),
        400,
        t('input.articleContent.control'),
      );
      await refusedWithNothingStored(
        () => api('POST', '/articles', { token: manager, body: { title: 'عنوان\ud800', content: 'نص' } }),
        400,
        t('input.articleTitle.unpaired'),
      );
    });

    it('an article keeps its lines and direction marks, without overrides', async () => {
      const content = 'فقرة \u200fأولى\r\nفقرة\u2066 ثانية\u2069';
      const created = await api<{ _id: string; title: string; content: string }>('POST', '/articles', {
        token: manager,
        body: { title: '\u202Bإعلان\u202C', content },
      });
      expect(created.status).toBe(201);
      const stored = await s.ctx.db
        .selectFrom('articles')
        .select(['title', 'content'])
        .where('id', '=', created.body._id)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ title: 'إعلان', content: 'فقرة \u200fأولى\nفقرة ثانية' });
    });
  });

  describe('other stored texts', () => {
    it('an account’s name and address, a new password, a bone section’s label, a plan row, a reopen reason', async () => {
      const register = (body: Record<string, string>) =>
        api('POST', '/auth/register', {
          token: manager,
          body: { name: 'موظف', email: 'new.clerk@example.com', password: 'longenough', ...body },
        });
      await refusedWithNothingStored(() => register({ name: 'موظف\u0000' }), 400, t('input.accountName.control'));
      await refusedWithNothingStored(
        () => register({ email: 'new\ud800@example.com' }),
        400,
        t('input.email.unpaired'),
      );
      await refusedWithNothingStored(
        () => register({ password: 'longenough\u0000' }),
        400,
        t('input.password.control'),
      );
      await refusedWithNothingStored(
        () => api('POST', '/graves', { token: manager, body: { gender: 'bones', number: 'المرحلة\u0000' } }),
        400,
        t('input.graveLabel.control'),
      );
      await refusedWithNothingStored(
        () =>
          api('PUT', '/plan/rows/men', {
            token: manager,
            body: { rows: [{ label: 'أ\ud800', from: 1, to: 10 }] },
          }),
        400,
        t('input.planRowLabel.unpaired', { n: '١' }),
      );
      await refusedWithNothingStored(
        () => api('PUT', `/graves/${graveId}/reopen`, { token: manager, body: { reason: 'سبب\u0000' } }),
        400,
        t('input.reopenReason.control'),
      );

      expect((await register({ name: '\u202Eموظف جديد' })).status).toBe(201);
      const account = await s.ctx.db
        .selectFrom('accounts')
        .select('name')
        .where('email', '=', 'new.clerk@example.com')
        .executeTakeFirstOrThrow();
      expect(account.name).toBe('موظف جديد');

      const bones = await api<{ _id: string; number: string }>('POST', '/graves', {
        token: manager,
        body: { gender: 'bones', number: '\u2067المرحلة الثالثة\u2069' },
      });
      expect(bones.status).toBe(201);
      expect(bones.body.number).toBe('المرحلة الثالثة');

      const rows = await api('PUT', '/plan/rows/men', {
        token: manager,
        body: { rows: [{ label: '\u202Eأ', from: 1, to: 10 }] },
      });
      expect(rows.status).toBe(200);
      const labels = await s.ctx.db.selectFrom('plan_rows').select('label').execute();
      expect(labels.map((r) => r.label)).toEqual(['أ']);
    });
  });

  describe('an import row', () => {
    async function upload(csv: string, query: string) {
      const res = await fetch(`${s.api}/import/burials?${query}`, {
        method: 'POST',
        headers: { 'content-type': 'text/csv', authorization: `Bearer ${manager}` },
        body: csv,
      });
      return { status: res.status, body: (await res.json()) as ImportReport & { message?: string } };
    }

    it('a file’s bad row gets its Arabic reason in the report; its good rows are stored clean', async () => {
      const csv = [
        'القسم,رقم المقبرة,اسم المتوفى,تاريخ الدفن,ملاحظات',
        'رجال,20,"سالم\u0001",2001-05-01,',
        'رجال,22,"منير",2001-05-03,"ملاحظة\u0000"',
        'رجال,21,"\u202Eكريم",2001-05-02,"سطر\r\nسطر"',
      ].join('\n');
      const before = await counts();
      const dry = await upload(csv, 'dryRun=true');
      expect(dry.status).toBe(200);
      expect(await counts()).toEqual(before);
      const real = await upload(csv, 'dryRun=false&fileName=register.csv');
      expect(real.status).toBe(201);
      expect(real.body.refused).toEqual([
        { line: 2, message: t('input.burialName.control') },
        { line: 3, message: t('input.importNotes.control') },
      ]);
      expect(real.body.burialsAdded).toBe(1);
      const stored = await s.ctx.db
        .selectFrom('burials')
        .select(['name', 'notes'])
        .where('name', 'like', '%كريم%')
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ name: 'كريم', notes: 'سطر\nسطر' });
    });

    it('a typed row with a lone surrogate is refused in the report; a file name with a control is refused', async () => {
      const before = await counts();
      const typed = await api<ImportReport>('POST', '/burials/batch?dryRun=false', {
        token: manager,
        body: { rows: [{ gender: 'men', graveNumber: 30, name: 'ياسر\ud800', burialDate: '2001-01-01' }] },
      });
      expect(typed.status).toBe(201);
      expect(typed.body.refused).toEqual([{ line: 1, message: t('input.burialName.unpaired') }]);
      expect(typed.body.burialsAdded).toBe(0);
      const named = await upload(
        'القسم,رقم المقبرة,اسم المتوفى,تاريخ الدفن\nرجال,1,علي,2001-01-01',
        `dryRun=false&fileName=${encodeURIComponent('a\u0007.csv')}`,
      );
      expect([named.status, named.body.message]).toEqual([400, t('input.fileName.control')]);
      const after = await counts();
      expect([after.burials, after.graves]).toEqual([before.burials, before.graves]);
    });
  });

  describe('never a failure on PostgreSQL’s refusals', () => {
    it('NUL and lone surrogates in ids, filters, a search and a login answer a refusal, not a 500', async () => {
      const before = await counts();
      const filter = (value: Record<string, unknown>) => encodeURIComponent(JSON.stringify(value));
      const answers = await Promise.all([
        api('GET', '/articles/a%00b'),
        api('GET', `/graves/${graveId}%00`),
        api('GET', `/articles?filter=${filter({ q: 'a\u0000b' })}`, { token: manager }),
        api('GET', `/graves?filter=${filter({ q: 'x\u0000', id: ['a\u0000'] })}`, { token: manager }),
        api('GET', `/suggestion/status/pending?filter=${filter({ q: '\ud800' })}`, { token: manager }),
        api('GET', `/audit?filter=${filter({ account: 'a\u0000', entityId: '\ud800' })}`, { token: manager }),
        api('GET', `/search?q=${encodeURIComponent('مح\u0000مد')}`),
        api('POST', '/auth/login', { body: { email: 'a\u0000@example.com', password: 'longenough' } }),
        api('DELETE', `/graves/${graveId}/remove-buried`, { token: manager, body: { buriedPersonId: 'x\u0000' } }),
      ]);
      for (const answer of answers) {
        expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
        if (answer.status >= 400) expectRefusal(answer, answer.status);
      }
      expect(answers[0]!.status).toBe(404);
      expect(answers[1]!.status).toBe(404);
      expect(await counts()).toEqual(before);
    });

    it('a body that is not valid UTF-8 is refused, never stored with U+FFFD in place of its bytes', async () => {
      const before = await counts();
      const body = Buffer.concat([
        Buffer.from('{"text":"نص'),
        Buffer.from([0xed, 0xa0, 0x80]),
        Buffer.from('","name":"سعيد","phone":"01012345678"}'),
      ]);
      const res = await fetch(`${s.api}/suggestion`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: new Uint8Array(body),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: t('input.notUtf8') });
      expect(await counts()).toEqual(before);
    });
  });
});
