// What waits for the staff, through the real server on both engines: the counts of pending corrections, photos and
// suggestions (each only for a role that decides it), and the queue of every grave's photos, filtered and paged like
// the other lists, with each photo's grave and no phone for data entry.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GravePhoto } from '../../src/domain/types';
import { ENGINES } from '../support/postgres';
import { DEMO_ACCOUNTS, startTestServer, type TestServer } from '../support/server';
import { call } from './helpers';

const CLERK = { name: 'مدخل البيانات', email: 'clerk-waiting@example.com', password: 'clerk-password-1' };

describe.each(ENGINES)('what waits for the staff on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let manager: string;
  let clerk: string;
  let nextAddress = 1;
  const staff = <T = unknown>(path: string, token = manager) => call<T>(s.api, 'GET', path, { token });
  const sendPhoto = async (graveId: string) => {
    const photo = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#556677' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
    form.append('senderName', 'ابن المتوفى');
    form.append('senderPhone', '٠١٠٠ ١٢٣ ٤٥٦٧');
    const res = await fetch(`${s.api}/graves/${graveId}/photos`, {
      method: 'POST',
      body: form,
      headers: { 'x-forwarded-for': `198.51.100.${nextAddress++}` },
    });
    expect(res.status, await res.clone().text()).toBe(201);
  };

  beforeAll(async () => {
    s = await startTestServer({ seed: 'accounts', databaseUrl, env: { TRUST_PROXY: '1' } });
    manager = await s.login(DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
    const made = await call(s.api, 'POST', '/auth/register', { token: manager, body: { ...CLERK, role: 'clerk' } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    clerk = await s.login(CLERK.email, CLERK.password);
  });
  afterAll(async () => s?.close());

  it('counts nothing waiting on an empty register', async () => {
    expect((await staff('/waiting')).body).toEqual({ corrections: 0, photos: 0, suggestions: 0 });
  });

  it('counts each pending item, and only what the role decides', async () => {
    const men = await call<{ _id: string }>(s.api, 'POST', '/graves', {
      token: manager,
      body: { gender: 'men', number: 7 },
    });
    const women = await call<{ _id: string }>(s.api, 'POST', '/graves', {
      token: manager,
      body: { gender: 'women', number: 8 },
    });
    const buried = await call<{ grave: { buriedPersons: Array<{ _id: string }> } }>(
      s.api,
      'POST',
      `/graves/${men.body._id}/bury`,
      {
        token: manager,
        body: { name: 'سالم عبد العزيز', burialDate: '2025-02-02' },
      },
    );
    await sendPhoto(men.body._id);
    await sendPhoto(women.body._id);
    await sendPhoto(women.body._id);
    const correction = await call(s.api, 'POST', `/burials/${buried.body.grave.buriedPersons[0]!._id}/corrections`, {
      body: { name: 'سالم عبد العزيز حسن', senderName: 'ابن المتوفى', senderPhone: '٠١٠٠ ١٢٣ ٤٥٦٧' },
      headers: { 'x-forwarded-for': '198.51.100.200' },
    });
    expect(correction.status, JSON.stringify(correction.body)).toBe(201);
    const suggestion = await call(s.api, 'POST', '/suggestion', {
      body: { text: 'نرجو زراعة أشجار عند المدخل', name: 'أحد الأهالي', phone: '01001234567' },
      headers: { 'x-forwarded-for': '198.51.100.201' },
    });
    expect(suggestion.status, JSON.stringify(suggestion.body)).toBe(201);

    expect((await staff('/waiting')).body).toEqual({ corrections: 1, photos: 3, suggestions: 1 });
    // Data entry decides none of them.
    expect((await staff('/waiting', clerk)).body).toEqual({});
  });

  it('lists the photos of every grave, the pending ones by filter, with their grave, paged', async () => {
    const pending = await staff<GravePhoto[]>(
      `/photos?${new URLSearchParams({ filter: JSON.stringify({ status: 'pending' }), range: '[0,1]' })}`,
    );
    expect(pending.status).toBe(200);
    expect(pending.headers.get('content-range')).toBe('photos 0-1/3');
    expect(pending.body).toHaveLength(2);
    for (const photo of pending.body) {
      expect(photo.status).toBe('pending');
      expect(['men', 'women']).toContain(photo.grave?.gender);
      expect(photo.senderPhone).toBe('01001234567');
    }
    const women = await staff<GravePhoto[]>(
      `/photos?${new URLSearchParams({ filter: JSON.stringify({ gender: 'women' }) })}`,
    );
    expect(women.body.map((p) => p.grave)).toEqual([
      { gender: 'women', number: '8' },
      { gender: 'women', number: '8' },
    ]);
    // Approving one takes it out of the pending queue and the count.
    await call(s.api, 'POST', `/photos/${women.body[0]!._id}/approve`, { token: manager });
    expect((await staff<{ photos: number }>('/waiting')).body.photos).toBe(2);
    // Data entry reads the queue with the senders' names, never their phones; a bad filter is refused in Arabic.
    const asClerk = await staff<GravePhoto[]>('/photos', clerk);
    expect(asClerk.body).toHaveLength(3);
    expect(asClerk.body.every((p) => p.senderName === 'ابن المتوفى' && p.senderPhone === undefined)).toBe(true);
    const bad = await staff<{ message: string }>(
      `/photos?${new URLSearchParams({ filter: JSON.stringify({ status: 'lost' }) })}`,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/[\u0600-\u06ff]/);
  });
});
