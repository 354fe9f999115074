// What strangers leave waiting for the committee is bounded, and a photo left undecided expires: through the real
// server on both engines. Caps per grave and per client (two IPv6 addresses of one /64 are one client, for the caps as
// for the hourly allowances), for photos and corrections; the register's total of pending photo bytes (507); past a
// cap an Arabic refusal and nothing written (no row, no file, no audit entry, no attempt counted). A photo still
// pending PENDING_PHOTO_DAYS after it was sent is removed with its files by the server's sweep (at start, by the
// server's own clock), and the staff's list says when each pending photo will go.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PENDING_LIMITS } from '../../src/domain/rules/pending';
import type { GravePhoto } from '../../src/domain/types';
import { bury, makeGrave, signIn } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import { startSecondServer, startTestServer, type TestServer } from '../support/server';
import { call, expectRefusal, movableClock, type Answer } from './helpers';

/** Two addresses of one /64 (one client), and one of the next /64 (another client). */
const SAME_64 = ['2001:db8:5:1::a', '2001:db8:5:1:ffff:ffff:ffff:b'] as const;
const OTHER_64 = '2001:db8:5:2::c';
const DAY_MS = 86_400_000;

const smallPhoto = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#40684f' } })
    .jpeg()
    .toBuffer();

/** A photo of noise, 800 × 600: what the server keeps of it is some 600 KB (checked where it matters). */
function noisyPhoto(): Promise<Buffer> {
  const raw = Buffer.alloc(800 * 600 * 3);
  let x = 12345;
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = x >> 16;
  }
  return sharp(raw, { raw: { width: 800, height: 600, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

interface Added {
  id: string;
  photo: GravePhoto;
}

/** A photo sent from `from` (the address nginx would forward: the server trusts one proxy), or by staff. */
async function sendPhoto(
  s: TestServer,
  graveId: string,
  from: string,
  bytes: Buffer,
  token?: string,
  fields: Record<string, string> = {},
): Promise<Answer<Added>> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'grave.jpg');
  const res = await fetch(`${s.api}/graves/${graveId}/photos`, {
    method: 'POST',
    body: form,
    headers: { 'x-forwarded-for': from, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Added };
}

/** What a refused send must leave as it was: the rows, the photo folders, the audit trail, the attempts counted. */
async function written(s: TestServer) {
  const n = async (table: 'grave_photos' | 'corrections' | 'audit_log' | 'throttle') =>
    Number(
      (
        await s.ctx.db
          .selectFrom(table)
          .select(s.ctx.db.fn.countAll<string | number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const folders = existsSync(s.config.photosDir) ? readdirSync(s.config.photosDir).sort() : [];
  return {
    photos: await n('grave_photos'),
    corrections: await n('corrections'),
    audit: await n('audit_log'),
    attempts: await n('throttle'),
    folders,
  };
}

describe.each(ENGINES)('what visitors leave waiting on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let admin: string;
  const clock = movableClock('2026-05-01T08:00:00Z');
  let photo: Buffer;
  let graveNumber = 100;
  const newGrave = async () => (await makeGrave(s, admin, 'men', graveNumber++))._id;

  beforeAll(async () => {
    s = await startTestServer({ seed: 'accounts', databaseUrl, now: clock.now, env: { TRUST_PROXY: '1' } });
    admin = await signIn(s, 'admin');
    photo = await smallPhoto();
  });
  afterAll(async () => s?.close());

  it('photos: at most 10 wait per grave; the 11th is 429 in Arabic and nothing is written; staff are not capped', async () => {
    const grave = await newGrave();
    for (let n = 1; n <= PENDING_LIMITS.photosPerGrave; n++) {
      expect((await sendPhoto(s, grave, `198.51.100.${n}`, photo)).status, `photo ${n}`).toBe(201);
    }
    const before = await written(s);
    const refused = await sendPhoto(s, grave, '198.51.100.200', photo);
    expectRefusal(refused, 429, 'pending.photosGrave');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await written(s)).toEqual(before);
    // A staff member's photo is shown at once, never waits: not capped.
    expect((await sendPhoto(s, grave, '198.51.100.201', photo, admin)).status).toBe(201);
    // Once the committee decides one, there is room again.
    const list = await call<GravePhoto[]>(s.api, 'GET', `/graves/${grave}/photos`, { token: admin });
    const waiting = list.body.find((p) => p.status === 'pending')!;
    expect((await call(s.api, 'POST', `/photos/${waiting._id}/approve`, { token: admin })).status).toBe(200);
    expect((await sendPhoto(s, grave, '198.51.100.200', photo)).status).toBe(201);
  });

  it('photos: one client (an IPv6 /64) has at most 20 waiting, and one hourly allowance over the /64', async () => {
    clock.advance(2 * 3600_000);
    const graves: string[] = [];
    for (let n = 0; n < PENDING_LIMITS.photosPerClient + 2; n++) graves.push(await newGrave());
    const [a, b] = SAME_64;
    let next = 0;
    // The hour's 10, shared by the two addresses of one /64.
    for (let n = 0; n < 5; n++) expect((await sendPhoto(s, graves[next++]!, a, photo)).status).toBe(201);
    for (let n = 0; n < 5; n++) expect((await sendPhoto(s, graves[next++]!, b, photo)).status).toBe(201);
    expectRefusal(await sendPhoto(s, graves[next]!, b, photo), 429);
    clock.advance(3601_000);
    for (let n = 0; n < 10; n++) expect((await sendPhoto(s, graves[next++]!, a, photo)).status).toBe(201);
    clock.advance(3601_000);
    // 20 waiting from the /64: the next is refused from either address, before the hourly allowance is touched.
    const before = await written(s);
    const refused = await sendPhoto(s, graves[next]!, b, photo);
    expectRefusal(refused, 429, 'pending.photosClient');
    expect(await written(s)).toEqual(before);
    // Another /64 is another client.
    expect((await sendPhoto(s, graves[next]!, OTHER_64, photo)).status).toBe(201);
  });

  it('a clerk sees who sent a photo by name, never the phone; managers and admins see both', async () => {
    const grave = await newGrave();
    const fields = { senderName: 'ابن المتوفى', senderPhone: '٠١٠٠ ١٢٣ ٤٥٦٧' };
    expect((await sendPhoto(s, grave, '203.0.113.40', photo, undefined, fields)).status).toBe(201);
    const manager = await signIn(s, 'manager');
    const made = await call(s.api, 'POST', '/auth/register', {
      token: manager,
      body: { name: 'مدخل بيانات', email: 'caps-clerk@example.com', password: 'clerk-password-1', role: 'clerk' },
    });
    expect(made.status).toBe(201);
    const clerk = await s.login('caps-clerk@example.com', 'clerk-password-1');
    const asClerk = await call<GravePhoto[]>(s.api, 'GET', `/graves/${grave}/photos`, { token: clerk });
    expect(asClerk.status).toBe(200);
    expect(asClerk.body[0]!.senderName).toBe('ابن المتوفى');
    expect(asClerk.body[0]).not.toHaveProperty('senderPhone');
    expect(JSON.stringify(asClerk.body)).not.toContain('1001234567');
    for (const token of [admin, manager]) {
      const seen = await call<GravePhoto[]>(s.api, 'GET', `/graves/${grave}/photos`, { token });
      expect(seen.body[0]!.senderPhone).toBe('01001234567');
    }
  });

  it('a pending photo is removed with its files once it has waited 30 days; the staff list says when', async () => {
    const grave = await newGrave();
    const pending = (await sendPhoto(s, grave, '203.0.113.50', photo)).body.id;
    const approved = (await sendPhoto(s, grave, '203.0.113.51', photo, admin)).body.id;
    const list = await call<GravePhoto[]>(s.api, 'GET', `/graves/${grave}/photos`, { token: admin });
    const waiting = list.body.find((p) => p._id === pending)!;
    const sentAt = new Date(waiting.createdAt).getTime();
    expect(waiting.expiresAt).toBe(new Date(sentAt + 30 * DAY_MS).toISOString());
    expect(list.body.find((p) => p._id === approved)).not.toHaveProperty('expiresAt');
    // The public never sees a pending photo nor its date.
    const publicList = await call<GravePhoto[]>(s.api, 'GET', `/graves/${grave}/photos`);
    expect(publicList.body.map((p) => p._id)).toEqual([approved]);

    // A process started on day 29 sweeps at its start and leaves it; one started past day 30 removes it.
    const early = await startSecondServer(s, () => new Date(sentAt + 29 * DAY_MS));
    await early.close();
    expect(existsSync(join(s.config.photosDir, pending, 'display.webp'))).toBe(true);
    const late = await startSecondServer(s, () => new Date(sentAt + 30 * DAY_MS + 60_000));
    try {
      const after = await call<GravePhoto[]>(late.api, 'GET', `/graves/${grave}/photos`, { token: admin });
      expect(after.body.map((p) => p._id)).toEqual([approved]);
      expect(existsSync(join(s.config.photosDir, pending))).toBe(false);
      expect(existsSync(join(s.config.photosDir, approved, 'display.webp'))).toBe(true);
      const served = await fetch(`${late.api.replace(/\/api$/, '')}/photos/${pending}/thumb.webp`, {
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(served.status).toBe(404);
      // Recorded, by no account.
      const entry = await s.ctx.db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity_id', '=', pending)
        .where('action', '=', 'photo.expire')
        .executeTakeFirst();
      expect(entry?.account_id).toBeNull();
    } finally {
      await late.close();
    }
  });

  it('corrections: at most 20 wait per grave, 30 per client (an IPv6 /64); 429 in Arabic, nothing written', async () => {
    const grave = await newGrave();
    const people: string[] = [];
    for (const name of ['سعيد عبد الله', 'فاطمة حسن', 'محمود علي']) {
      const after = await bury(s, admin, grave, name, '2001-03-04');
      people.push(after.buriedPersons.find((p) => p.name === name)!._id);
    }
    const correct = (person: string, from: string, n: number) =>
      call(s.api, 'POST', `/burials/${person}/corrections`, {
        body: { senderName: 'أحد الأقارب', senderPhone: '01001234567', note: `ملاحظة رقم ${n}` },
        headers: { 'x-forwarded-for': from },
      });
    for (let n = 1; n <= PENDING_LIMITS.correctionsPerGrave; n++) {
      expect((await correct(people[n % 3]!, `192.0.2.${n}`, n)).status, `correction ${n}`).toBe(201);
    }
    let before = await written(s);
    expectRefusal(await correct(people[0]!, '192.0.2.100', 99), 429, 'pending.correctionsGrave');
    expect(await written(s)).toEqual(before);

    // One /64: the hourly ten shared by its addresses, and 30 waiting at most, over several graves.
    const others: string[] = [];
    for (let g = 0; g < 2; g++) {
      const other = await newGrave();
      const after = await bury(s, admin, other, `رجل ${g + 1}`, '2001-03-04');
      others.push(after.buriedPersons[0]!._id);
    }
    const [a, b] = SAME_64;
    let n = 0;
    for (let hour = 0; hour < 3; hour++) {
      clock.advance(3601_000);
      for (let i = 0; i < 10; i++) {
        const from = i % 2 === 0 ? a : b;
        expect((await correct(others[n % 2]!, from, n)).status, `correction ${n}`).toBe(201);
        n++;
      }
      if (hour === 0) {
        const refused = await correct(others[0]!, b, n);
        expectRefusal(refused, 429);
        expect(refused.body.message).toContain('أرسلت تصحيحات كثيرة');
      }
    }
    clock.advance(3601_000);
    before = await written(s);
    expectRefusal(await correct(others[0]!, a, n), 429, 'pending.correctionsClient');
    expect(await written(s)).toEqual(before);
    expect((await correct(others[0]!, OTHER_64, n)).status).toBe(201);
  });

  it('corrections: past 5,000 waiting in the whole register a new one is 507, nothing written', async () => {
    // The queue filled as if by many clients on many graves (rows as the server keeps them), then one more.
    const waiting = Number(
      (
        await s.ctx.db
          .selectFrom('corrections')
          .select(s.ctx.db.fn.countAll<string | number>().as('n'))
          .where('status', '=', 'pending')
          .executeTakeFirstOrThrow()
      ).n,
    );
    const fill = PENDING_LIMITS.correctionsInRegister - waiting;
    const rows = Array.from({ length: fill }, (_, i) => ({
      id: `queue-${i}`,
      follow_token: `queue-token-${i}`,
      status: 'pending' as const,
      burial_id: `queue-burial-${i}`,
      grave_id: `queue-grave-${i % 1000}`,
      gender: 'men',
      grave_number: String(i),
      was_name: 'اسم',
      was_date: '2001-01-01',
      was_precision: 'day',
      name: null,
      burial_date: null,
      date_precision: null,
      note: 'ملاحظة',
      sender_name: 'مرسل',
      sender_phone: '01001234567',
      reason: null,
      applied_json: null,
      decided_by: null,
      decided_at: null,
      created_at: clock.now().toISOString(),
      sender_client: `192.0.2.${i % 250}`,
    }));
    for (let at = 0; at < rows.length; at += 200) {
      await s.ctx.db
        .insertInto('corrections')
        .values(rows.slice(at, at + 200))
        .execute();
    }
    const grave = await newGrave();
    const after = await bury(s, admin, grave, 'علي حسين', '2001-03-04');
    const person = after.buriedPersons[0]!._id;
    const before = await written(s);
    const refused = await call(s.api, 'POST', `/burials/${person}/corrections`, {
      body: { senderName: 'أحد الأقارب', senderPhone: '01001234567', note: 'ملاحظة' },
      headers: { 'x-forwarded-for': '203.0.113.99' },
    });
    expectRefusal(refused, 507, 'pending.correctionsRegister');
    expect(await written(s)).toEqual(before);
  });
});

describe.each(ENGINES)('the pending photos of the whole register on $name', ({ databaseUrl }) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({
      seed: 'accounts',
      databaseUrl,
      env: { TRUST_PROXY: '1', PENDING_PHOTOS_MAX_MB: '1' },
    });
  });
  afterAll(async () => s?.close());

  it('past PENDING_PHOTOS_MAX_MB of pending files a new photo is 507 in Arabic, nothing written', async () => {
    const admin = await signIn(s, 'admin');
    const graves = [(await makeGrave(s, admin, 'men', 1))._id, (await makeGrave(s, admin, 'men', 2))._id];
    const noisy = await noisyPhoto();
    const first = await sendPhoto(s, graves[0]!, '198.51.100.1', noisy);
    expect(first.status).toBe(201);
    // What it keeps is over half the megabyte: a second one cannot fit beside it.
    const kept = await s.ctx.db
      .selectFrom('grave_photos')
      .select('bytes')
      .where('id', '=', first.body.id)
      .executeTakeFirstOrThrow();
    expect(Number(kept.bytes)).toBeGreaterThan(512 * 1024);
    expect(Number(kept.bytes)).toBeLessThan(1024 * 1024);
    const before = await written(s);
    const refused = await sendPhoto(s, graves[1]!, '198.51.100.2', noisy);
    expectRefusal(refused, 507, 'pending.photosRegister');
    // Its size is known once it is made: the attempt is counted against the hourly allowance (the work was done),
    // and nothing else is left, no row, no file, no audit entry.
    expect(await written(s)).toEqual({ ...before, attempts: before.attempts + 1 });
    // With no room left at all (the waiting files at the ceiling to the byte, as after the setting was lowered), the
    // next is refused before it is read or made, and counts nothing.
    await s.ctx.db
      .updateTable('grave_photos')
      .set({ bytes: 1024 * 1024 })
      .where('id', '=', first.body.id)
      .execute();
    const full = await written(s);
    expectRefusal(await sendPhoto(s, graves[1]!, '198.51.100.4', noisy), 507, 'pending.photosRegister');
    expect(await written(s)).toEqual(full);
    // A staff member's photo waits for no one: it is not counted and not refused.
    expect((await sendPhoto(s, graves[1]!, '198.51.100.3', noisy, admin)).status).toBe(201);
    // Once the waiting one is decided (deleted here), the register has room again.
    expect((await call(s.api, 'DELETE', `/photos/${first.body.id}`, { token: admin })).status).toBe(200);
    expect((await sendPhoto(s, graves[1]!, '198.51.100.2', noisy)).status).toBe(201);
  });
});
