// Families' corrections of a burial through the real server, on both engines (docs/corrections-and-photos.md).
// A visitor sends one and follows it by its private token (the state alone); managers and admins read the queue,
// apply it (through the burial correction's own rule and write, in one transaction with the decision, both audited)
// or reject it with a reason; a burial changed or removed since is caught; data entry and visitors are refused; the
// sends are throttled per client address. Every refusal is Arabic and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../src/domain/messages';
import { formatWaitMinutes } from '../../src/domain/text/nouns';
import type { AuditEntry, Correction, CorrectionFollow, Grave } from '../../src/domain/types';
import { signIn } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import { DEMO_ACCOUNTS, startTestServer, type TestServer } from '../support/server';
import { call, expectRefusal, movableClock, UUID, type CallOptions } from './helpers';

const CLERK = { name: 'مدخل البيانات', email: 'clerk-corrections@example.com', password: 'clerk-password-1' };
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const SENDER = { senderName: 'ابن المتوفى', senderPhone: '٠١٠٠ ١٢٣ ٤٥٦٧' };

interface Sent {
  message: string;
  id: string;
  followUrl: string;
  followToken: string;
}
interface Applied {
  message: string;
  correction: Correction;
  warnings: string[];
}

describe.each(ENGINES)('corrections from families on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let manager: string;
  let admin: string;
  let clerk: string;
  const clock = movableClock('2026-03-10T10:00:00Z');
  let nextGrave = 100;
  let nextAddress = 1;

  const staff = <T = unknown>(method: string, path: string, options: CallOptions = {}) =>
    call<T>(s.api, method, path, { token: manager, ...options });
  /**
   * A visitor's send. The server trusts one proxy (TRUST_PROXY=1), so each send comes from the address the test
   * names, as nginx would forward it: a fresh one unless a test gives its own, so only the throttling test meets the
   * hourly limit.
   */
  const send = (burialId: string, body: unknown, address = `198.51.100.${nextAddress++}`) =>
    call<Sent>(s.api, 'POST', `/burials/${burialId}/corrections`, {
      body,
      headers: { 'x-forwarded-for': address },
    });
  const sent = async (burialId: string, body: Record<string, unknown>) => {
    const res = await send(burialId, { ...SENDER, ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    clock.advance(1000); // newest first is then a clear order
    return res.body;
  };
  const follow = (token: string) => call<CorrectionFollow>(s.api, 'GET', `/corrections/follow/${token}`);
  const get = (id: string) => staff<Correction>('GET', `/corrections/${id}`);
  const apply = (id: string, body: unknown = {}, token = manager) =>
    call<Applied>(s.api, 'POST', `/corrections/${id}/apply`, { token, body });
  const reject = (id: string, body: unknown = {}, token = manager) =>
    call<{ message: string; correction: Correction }>(s.api, 'POST', `/corrections/${id}/reject`, { token, body });
  /** How many corrections there are (the list's Content-Range). */
  const count = async () => {
    const res = await staff('GET', `/corrections?range=${encodeURIComponent('[0,0]')}`);
    return Number(res.headers.get('content-range')?.split('/')[1]);
  };
  const graveOf = async (id: string) => (await call<Grave>(s.api, 'GET', `/graves/graves/${id}`)).body;
  /** A burial of its own grave: the grave and the burial's ids. */
  async function burial(name: string, burialDate: string, gender: 'men' | 'women' = 'men') {
    const grave = await staff<{ _id: string }>('POST', '/graves', { body: { gender, number: nextGrave++ } });
    expect(grave.status, JSON.stringify(grave.body)).toBe(201);
    const buried = await staff<{ grave: Grave }>('POST', `/graves/${grave.body._id}/bury`, {
      body: { name, burialDate },
    });
    expect(buried.status, JSON.stringify(buried.body)).toBe(201);
    return { graveId: grave.body._id, personId: buried.body.grave.buriedPersons[0]!._id };
  }
  const auditOf = async (entityId: string) =>
    (
      await staff<AuditEntry[]>(
        'GET',
        `/audit?filter=${encodeURIComponent(JSON.stringify({ entityId }))}&range=${encodeURIComponent('[0,49]')}`,
      )
    ).body;

  beforeAll(async () => {
    s = await startTestServer({ seed: 'accounts', now: clock.now, databaseUrl, env: { TRUST_PROXY: '1' } });
    manager = await signIn(s, 'manager');
    admin = await signIn(s, 'admin');
    const made = await staff('POST', '/auth/register', { body: { ...CLERK, role: 'clerk' } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    clerk = await s.login(CLERK.email, CLERK.password);
  });
  afterAll(async () => s?.close());

  it('a family sends a correction: 201 with a private follow-up address whose token is not the id', async () => {
    const { graveId, personId } = await burial('محمد أحمد', '2004-03-15');
    const res = await send(personId, { ...SENDER, name: 'محمد أحمد علي', burialDate: '١٥ رمضان ١٤٢٥ هـ' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { id, followToken, followUrl, message } = res.body;
    expect(message).toBe(t('correction.sent'));
    expect(id).toMatch(UUID);
    // 24 random bytes, base64url: 32 characters, never the id.
    expect(followToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(followToken).not.toBe(id);
    expect(followUrl).toBe(`/correction/${followToken}`);

    const followed = await follow(followToken);
    expect(followed.status).toBe(200);
    expect(followed.headers.get('cache-control')).toContain('no-store');
    expect(followed.body).toEqual({
      status: 'pending',
      reason: null,
      createdAt: clock.now().toISOString(),
      decidedAt: null,
    });
    expectRefusal(await follow('not-a-token-of-any-correction'), 404, 'correction.followNotFound');
    // The id is not a follow-up token.
    expectRefusal(await follow(id), 404, 'correction.followNotFound');

    const one = await get(id);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      _id: id,
      status: 'pending',
      burialId: personId,
      graveId,
      gender: 'men',
      graveNumber: String(nextGrave - 1),
      proposed: { name: 'محمد أحمد علي', burialDate: '2004-10-29', datePrecision: 'day' },
      sentAgainst: { name: 'محمد أحمد', burialDate: '2004-03-15', datePrecision: 'day' },
      current: { name: 'محمد أحمد', burialDate: '2004-03-15', datePrecision: 'day' },
      burialChanged: false,
      senderName: 'ابن المتوفى',
      senderPhone: '01001234567',
      applied: null,
      reason: null,
      decidedBy: null,
      decidedAt: null,
    });
  });

  it('a value equal to the current one is not proposed; a blank field is none; nothing proposed is refused', async () => {
    const { personId } = await burial('سعاد محمود', '2010', 'women');
    const dateOnly = await sent(personId, { name: 'سعاد محمود', burialDate: '3/2010' });
    expect((await get(dateOnly.id)).body.proposed).toEqual({ burialDate: '2010-03-31', datePrecision: 'month' });
    const noteOnly = await sent(personId, { name: ' سعاد  محمود ', burialDate: '', note: 'رقم القبر على الشاهد خطأ' });
    expect((await get(noteOnly.id)).body.proposed).toEqual({ note: 'رقم القبر على الشاهد خطأ' });

    const before = await count();
    // The same year, written otherwise, is the same date and precision.
    for (const body of [{}, { name: 'سعاد محمود', burialDate: '٢٠١٠' }, { name: '', burialDate: ' ', note: '  ' }]) {
      const res = await send(personId, { ...SENDER, ...body });
      expectRefusal(res, 400, 'correction.nothingProposed');
    }
    expect(await count()).toBe(before);
  });

  it('the staff list the queue newest first, filtered by status and section, with Content-Range', async () => {
    const men = await burial('حسن إبراهيم', '1999-01-01');
    const women = await burial('زينب حسن', '1999-01-01', 'women');
    const a = await sent(men.personId, { name: 'حسن إبراهيم موسى' });
    const b = await sent(women.personId, { name: 'زينب حسن موسى' });
    const c = await sent(women.personId, { note: 'ملاحظة للجنة' });

    const list = await staff<Correction[]>('GET', `/corrections?range=${encodeURIComponent('[0,1]')}`);
    expect(list.status).toBe(200);
    expect(list.body.map((x) => x._id)).toEqual([c.id, b.id]);
    const total = await count();
    expect(list.headers.get('content-range')).toBe(`corrections 0-1/${total}`);

    const filter = (f: Record<string, unknown>, range = '[0,24]') =>
      staff<Correction[]>(
        'GET',
        `/corrections?filter=${encodeURIComponent(JSON.stringify(f))}&range=${encodeURIComponent(range)}&sort=${encodeURIComponent('["createdAt","DESC"]')}`,
      );
    const womenPending = await filter({ status: 'pending', gender: 'women' });
    expect(womenPending.body.every((x) => x.gender === 'women' && x.status === 'pending')).toBe(true);
    expect(womenPending.body.map((x) => x._id).slice(0, 2)).toEqual([c.id, b.id]);
    expect(womenPending.body.map((x) => x._id)).not.toContain(a.id);
    expect(womenPending.headers.get('content-range')).toBe(
      `corrections 0-${womenPending.body.length - 1}/${womenPending.body.length}`,
    );
    const ofOne = await filter({ burialId: men.personId });
    expect(ofOne.body.map((x) => x._id)).toEqual([a.id]);
    const everything = (await staff<Correction[]>('GET', '/corrections')).body;
    const oldest = await staff<Correction[]>(
      'GET',
      `/corrections?sort=${encodeURIComponent('["createdAt","ASC"]')}&range=${encodeURIComponent('[0,0]')}`,
    );
    expect(oldest.body.map((x) => x._id)).toEqual([everything.at(-1)!._id]);
    expect((await filter({ status: 'rejected', gender: 'bones' })).headers.get('content-range')).toBe(
      'corrections */0',
    );

    expectRefusal(await filter({ status: 'forgotten' }), 400, 'correction.statusInvalid');
    expectRefusal(await filter({ gender: 'children' }), 400, 'errors.badQuery');
    expectRefusal(await staff('GET', '/corrections?range=[5,1]'), 400, 'errors.badQuery');
  });

  it('applying writes the burial through the correction rule, audited with the correction named', async () => {
    const { graveId, personId } = await burial('عبد الله', '2004-03-15');
    const { id, followToken } = await sent(personId, { name: 'عبد الله محمود', burialDate: 'رمضان ١٤٢٥ هـ' });
    const res = await apply(id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(t('correction.applied'));
    expect(res.body.warnings).toEqual([]);
    expect(res.body.correction).toMatchObject({
      _id: id,
      status: 'applied',
      applied: { name: 'عبد الله محمود', burialDate: '2004-11-13' },
      decidedBy: DEMO_ACCOUNTS.manager.name,
      decidedAt: clock.now().toISOString(),
      current: { name: 'عبد الله محمود', burialDate: '2004-11-13', datePrecision: 'hijriMonth' },
    });

    const person = (await graveOf(graveId)).buriedPersons.find((p) => p._id === personId);
    expect(person).toMatchObject({ name: 'عبد الله محمود', burialDate: '2004-11-13', datePrecision: 'hijriMonth' });

    const burialEntries = await auditOf(personId);
    const update = burialEntries.find((e) => e.action === 'burial.update');
    expect(update?.after).toMatchObject({ name: 'عبد الله محمود', burialDate: '2004-11-13', correctionId: id });
    const own = await auditOf(id);
    expect(own.map((e) => e.action)).toEqual(['correction.apply']);
    expect(own[0]!.after).toMatchObject({ status: 'applied', burialId: personId });
    expect(own[0]!.accountEmail).toBe(DEMO_ACCOUNTS.manager.email);

    expect((await follow(followToken)).body).toMatchObject({ status: 'applied', decidedAt: clock.now().toISOString() });
    // Decided once: a second apply, or a rejection, is refused and changes nothing.
    expectRefusal(await apply(id), 409, 'correction.alreadyDecided');
    expectRefusal(await reject(id, { reason: 'متأخر' }), 409, 'correction.alreadyDecided');
    expect((await get(id)).body.status).toBe('applied');
    expect(await auditOf(id)).toHaveLength(1);
  });

  it('applies with the staff edits over the proposal; null leaves that part of it out', async () => {
    const { graveId, personId } = await burial('خالد سعيد', '2001-05-05');
    const { id } = await sent(personId, { name: 'خالد سعيد حسن', burialDate: '2001-05-06' });
    const res = await apply(id, { name: 'خالد سعيد حسين', burialDate: null });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.correction.applied).toEqual({ name: 'خالد سعيد حسين', burialDate: '2001-05-05' });
    const person = (await graveOf(graveId)).buriedPersons.find((p) => p._id === personId);
    expect(person).toMatchObject({ name: 'خالد سعيد حسين', burialDate: '2001-05-05' });

    // An edit is read by the same rules: refused in Arabic, and the correction stays pending with the burial as it was.
    const second = await burial('منى خالد', '2001-05-05', 'women');
    const next = await sent(second.personId, { name: 'منى خالد سعيد' });
    expectRefusal(await apply(next.id, { burialDate: '11/3/2026' }), 400, 'burial.dateFuture');
    expectRefusal(await apply(next.id, { name: 'ـــ' }), 400, 'burial.nameInvalid');
    expectRefusal(await apply(next.id, { name: 'م'.repeat(201) }), 400, 'burial.nameInvalid');
    expectRefusal(await apply(next.id, { confirmChanged: 'yes' }), 400);
    expectRefusal(await apply(next.id, '{"name": '), 400);
    expect((await get(next.id)).body).toMatchObject({ status: 'pending', current: { name: 'منى خالد' } });
  });

  it('a note alone is applied with no change to the burial', async () => {
    const { graveId, personId } = await burial('فاطمة علي', '1990-02-02', 'women');
    const before = (await graveOf(graveId)).buriedPersons;
    const { id } = await sent(personId, { note: 'الاسم الكامل: فاطمة علي حسن' });
    const res = await apply(id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.correction).toMatchObject({
      status: 'applied',
      applied: null,
      proposed: { note: 'الاسم الكامل: فاطمة علي حسن' },
    });
    expect((await graveOf(graveId)).buriedPersons).toEqual(before);
    expect((await auditOf(personId)).map((e) => e.action)).toEqual(['burial.create']);
    expect((await auditOf(id)).map((e) => e.action)).toEqual(['correction.apply']);
  });

  it('rejects with a reason the follow-up page shows; the burial is untouched', async () => {
    const { graveId, personId } = await burial('يوسف كمال', '1995-07-07');
    const { id, followToken } = await sent(personId, { name: 'يوسف كمال الدين' });
    expectRefusal(await reject(id, { reason: 'س'.repeat(501) }), 400, 'correction.reasonTooLong');
    expectRefusal(await reject(id, { reason: 'سبب\u0000' }), 400, 'input.correctionReason.control');
    expect((await get(id)).body.status).toBe('pending');

    const res = await reject(id, { reason: 'الاسم مطابق لشهادة الوفاة' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(t('correction.rejected'));
    expect(res.body.correction).toMatchObject({ status: 'rejected', reason: 'الاسم مطابق لشهادة الوفاة' });
    expect((await follow(followToken)).body).toEqual({
      status: 'rejected',
      reason: 'الاسم مطابق لشهادة الوفاة',
      createdAt: expect.any(String),
      decidedAt: clock.now().toISOString(),
    });
    expect((await graveOf(graveId)).buriedPersons[0]!.name).toBe('يوسف كمال');
    expect((await auditOf(id)).map((e) => e.action)).toEqual(['correction.reject']);
    expectRefusal(await apply(id), 409, 'correction.alreadyDecided');

    // Without a reason too.
    const other = await sent(personId, { note: 'ملاحظة' });
    const bare = await reject(other.id);
    expect(bare.body.correction).toMatchObject({ status: 'rejected', reason: null });
  });

  it('a burial changed since it was sent: 409 until the staff confirm, then applied', async () => {
    const { graveId, personId } = await burial('سامي نور', '1980-01-01');
    const { id } = await sent(personId, { name: 'سامي نور الدين' });
    const changed = await staff('PUT', `/graves/${graveId}/buried/${personId}`, { body: { burialDate: '1981' } });
    expect(changed.status).toBe(200);
    expect((await get(id)).body).toMatchObject({
      burialChanged: true,
      sentAgainst: { burialDate: '1980-01-01' },
      current: { burialDate: '1981-12-31', datePrecision: 'year' },
    });
    expectRefusal(await apply(id), 409, 'correction.burialChanged');
    expectRefusal(await apply(id, { confirmChanged: false }), 409, 'correction.burialChanged');
    expect((await get(id)).body.status).toBe('pending');
    expect((await graveOf(graveId)).buriedPersons[0]!.name).toBe('سامي نور');

    const res = await apply(id, { confirmChanged: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await graveOf(graveId)).buriedPersons[0]).toMatchObject({
      name: 'سامي نور الدين',
      burialDate: '1981-12-31',
    });
  });

  it('a burial removed since: 409 burialGone whatever is confirmed, and it can still be rejected', async () => {
    const { graveId, personId } = await burial('رجب عوض', '1985-01-01');
    const { id } = await sent(personId, { name: 'رجب عوض الله' });
    const removed = await staff('DELETE', `/graves/${graveId}/remove-buried`, { body: { buriedPersonId: personId } });
    expect(removed.status).toBe(200);
    expect((await get(id)).body).toMatchObject({ current: null, burialChanged: true, burialId: personId });
    expectRefusal(await apply(id), 409, 'correction.burialGone');
    expectRefusal(await apply(id, { confirmChanged: true }), 409, 'correction.burialGone');
    expect((await get(id)).body.status).toBe('pending');
    const res = await reject(id, { reason: 'حُذف القيد من السجل' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.correction.status).toBe('rejected');
    // A removed burial takes no new correction.
    expectRefusal(await send(personId, { ...SENDER, name: 'رجب' }), 404, 'burial.notFound');
  });

  it('only managers and admins read and decide; visitors 401, data entry 403, and nothing changes', async () => {
    const { personId } = await burial('عمر فاروق', '1970-01-01');
    const { id } = await sent(personId, { name: 'عمر الفاروق' });
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/corrections'],
      ['GET', `/corrections/${id}`],
      ['POST', `/corrections/${id}/apply`, {}],
      ['POST', `/corrections/${id}/reject`, {}],
    ];
    for (const [method, path, body] of calls) {
      expectRefusal(await call(s.api, method, path, { body }), 401, 'errors.unauthenticated');
      expectRefusal(await call(s.api, method, path, { token: clerk, body }), 403, 'errors.forbidden');
    }
    expect((await get(id)).body.status).toBe('pending');
    // An admin reads and applies.
    expect((await call(s.api, 'GET', '/corrections', { token: admin })).status).toBe(200);
    expect((await call(s.api, 'GET', `/corrections/${id}`, { token: admin })).status).toBe(200);
    const applied = await apply(id, {}, admin);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.correction.decidedBy).toBe(DEMO_ACCOUNTS.admin.name);
  });

  it('throttles sends per client address: the 11th within an hour is 429 in Arabic and nothing is written', async () => {
    const { personId } = await burial('نادر سليم', '1975-01-01');
    const address = '203.0.113.77';
    for (let i = 0; i < 10; i++) {
      const res = await send(personId, { ...SENDER, note: `ملاحظة ${i}` }, address);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const before = await count();
    const refused = await send(personId, { ...SENDER, note: 'ملاحظة زائدة' }, address);
    expectRefusal(refused, 429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(refused.body.message).toBe(t('correction.tooManyWait', { wait: formatWaitMinutes(wait) }));
    expect(await count()).toBe(before);
    // Another family is not held by this one; and after the hour, this one may send again.
    expect((await send(personId, { ...SENDER, note: 'من عنوان آخر' }, '203.0.113.78')).status).toBe(201);
    clock.advance(3601 * 1000);
    expect((await send(personId, { ...SENDER, note: 'بعد ساعة' }, address)).status).toBe(201);
  });

  it('refuses bad input in Arabic, writing nothing; unknown ids are 404, never 500', async () => {
    const { personId } = await burial('جمال رشدي', '1960-06-06');
    const before = await count();
    const cases: Array<[unknown, Parameters<typeof t>[0]]> = [
      [{ senderPhone: SENDER.senderPhone, name: 'جمال' }, 'correction.senderNameInvalid'],
      [{ ...SENDER, senderName: '   ', name: 'جمال' }, 'correction.senderNameInvalid'],
      [{ ...SENDER, senderName: 'ن'.repeat(101), name: 'جمال' }, 'correction.senderNameInvalid'],
      [{ senderName: SENDER.senderName, name: 'جمال' }, 'suggest.phoneInvalid'],
      [{ ...SENDER, senderPhone: 'هاتفي', name: 'جمال' }, 'suggest.phoneInvalid'],
      [{ ...SENDER, senderPhone: '123', name: 'جمال' }, 'suggest.phoneInvalid'],
      [{ ...SENDER, burialDate: '11/3/2026' }, 'burial.dateFuture'],
      [{ ...SENDER, burialDate: 'أمس' }, 'burial.dateUnreadable'],
      [{ ...SENDER, burialDate: '٣٠ شعبان ١٤٤٥ هـ' }, 'burialDate.noSuchDay'],
      [{ ...SENDER, name: 'ج'.repeat(201) }, 'burial.nameInvalid'],
      [{ ...SENDER, name: 'ـــ\u200b' }, 'burial.nameInvalid'],
      [{ ...SENDER, name: 12 }, 'burial.nameInvalid'],
      [{ ...SENDER, note: 'م'.repeat(1001) }, 'correction.noteTooLong'],
      [{ ...SENDER, note: 'م'.repeat(4001) }, 'correction.noteTooLong'],
      // A number is no note: said as such, never as a note too long.
      [{ ...SENDER, note: 12345 }, 'correction.noteInvalid'],
      [{ ...SENDER, note: ['ملاحظة'] }, 'correction.noteInvalid'],
      [{ ...SENDER, note: 'سطر\u0007' }, 'input.correctionNote.control'],
      [{ ...SENDER }, 'correction.nothingProposed'],
    ];
    for (const [body, key] of cases) {
      const res = await send(personId, body);
      expectRefusal(res, 400, key);
    }
    expectRefusal(await send(personId, '{"senderName": "x"'), 400);
    expectRefusal(await send(personId, 'not json at all'), 400);
    expectRefusal(await send(UNKNOWN, { ...SENDER, name: 'جمال' }), 404, 'burial.notFound');
    expectRefusal(await send('%E2%80%AE', { ...SENDER, name: 'جمال' }), 404);
    expect(await count()).toBe(before);

    expectRefusal(await get(UNKNOWN), 404, 'correction.notFound');
    expectRefusal(await get('x'), 404, 'correction.notFound');
    expectRefusal(await apply(UNKNOWN), 404, 'correction.notFound');
    expectRefusal(await apply(UNKNOWN, { confirmChanged: true }), 404, 'correction.notFound');
    expectRefusal(await reject(UNKNOWN, { reason: 'سبب' }), 404, 'correction.notFound');
    expectRefusal(await reject(UNKNOWN, '{oops'), 400);
    // A rejection's reason likewise: too long is said as such, a number as no reason at all.
    expectRefusal(await reject(UNKNOWN, { reason: 5 }), 400, 'correction.reasonInvalid');
    expect(await count()).toBe(before);
  });
});
