// GET /api/notices/{id}/calendar.ics, a public notice's funeral prayer as an iCalendar file (RFC 5545) the
// phone's calendar app opens: text/calendar, an attachment, the prayer at its UTC instant; 404 in Arabic for a
// hidden or unknown notice, at once after the committee hides it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../src/domain/messages';
import { fill } from '../../src/domain/messages/fill';
import { noticePageText } from '../../src/domain/messages/noticesPublicPage';
import type { Notice } from '../../src/domain/notices/notice';
import { staffClient, type StaffClient } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';
import { call } from './helpers';

/** The file's content lines, unfolded (a CRLF and one space are removed). */
const lines = (file: string) => file.replace(/\r\n /g, '').split('\r\n');

describe.each(ENGINES)('a notice in the calendar on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let manager: StaffClient;
  let notice: Notice;
  const calendar = (id: string) => call<string>(s.api, 'GET', `/notices/${encodeURIComponent(id)}/calendar.ics`);

  beforeAll(async () => {
    // 20 November 2026, 10:00 in Cairo (UTC+2): the prayer at 15:30 there is 13:30 UTC.
    s = await startTestServer({
      seed: 'accounts',
      now: () => new Date('2026-11-20T08:00:00Z'),
      env: { TIMEZONE: 'Africa/Cairo' },
      databaseUrl,
    });
    manager = await staffClient(s, 'manager');
    const created = await call<Notice>(s.api, 'POST', '/notices', {
      token: manager.token,
      body: {
        name: 'محمود عبد الرحيم الدسوقي',
        relations: 'والد أحمد، وشقيق فتحي',
        prayerAt: '2026-11-20T15:30',
        mosque: 'مسجد النور',
        afterPrayer: 'عقب صلاة العصر',
      },
    });
    expect(created.status).toBe(201);
    notice = created.body;
  });
  afterAll(() => s.close());

  it('answers the prayer as one event, in UTC, as an attachment the phone opens', async () => {
    const answer = await calendar(notice.id);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="notice-[\w-]+\.ics"$/);
    expect(answer.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    const read = lines(answer.body);
    expect(read).toContain('DTSTART:20261120T133000Z');
    expect(read).toContain('DTEND:20261120T140000Z');
    expect(read).toContain(`SUMMARY:${fill(noticePageText['noticePage.calendarSummary'], { name: notice.name })}`);
    expect(read).toContain('LOCATION:مسجد النور');
    expect(read).toContain('DESCRIPTION:عقب صلاة العصر\\nوالد أحمد، وشقيق فتحي');
    expect(read.filter((line) => line.startsWith('UID:'))).toEqual([`UID:notice-${notice.id}@cemetery-register`]);
    // No public address set: no link to a page (an address from the request would be one a client chose).
    expect(read.some((line) => line.startsWith('URL:'))).toBe(false);
  });

  it('links the notice page once the site has its public address', async () => {
    const put = await call(s.api, 'PUT', '/settings', {
      token: manager.token,
      body: { siteUrl: 'https://village.example' },
    });
    expect(put.status).toBe(200);
    const read = lines((await calendar(notice.id)).body);
    expect(read).toContain(`URL:https://village.example/notices/${encodeURIComponent(notice.id)}`);
    expect(read).toContain(`UID:notice-${notice.id}@village.example`);
  });

  it('follows a change of the time at once', async () => {
    const moved = await call(s.api, 'PUT', `/notices/${notice.id}`, {
      token: manager.token,
      body: { prayerAt: '2026-11-20T17:00' },
    });
    expect(moved.status).toBe(200);
    expect(lines((await calendar(notice.id)).body)).toContain('DTSTART:20261120T150000Z');
  });

  it('is not found for an unknown notice, nor for a hidden one, at once', async () => {
    for (const id of ['no-such-notice', '00000000-0000-0000-0000-000000000000']) {
      const unknown = await calendar(id);
      expect([404, 400]).toContain(unknown.status);
    }
    const unknown = await calendar('00000000-0000-0000-0000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: t('notice.notFound') });

    const hidden = await call(s.api, 'PUT', `/notices/${notice.id}`, { token: manager.token, body: { hidden: true } });
    expect(hidden.status).toBe(200);
    const answer = await calendar(notice.id);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: t('notice.notFound') });
    // Not for the staff either: the file is the public page's.
    const staff = await call(s.api, 'GET', `/notices/${notice.id}/calendar.ics`, { token: manager.token });
    expect(staff.status).toBe(404);
  });
});
