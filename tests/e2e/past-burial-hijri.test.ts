// In Chromium at 360 px against the real server and the built console: a past burial typed in Hijri on
// the grave page's form is saved into a resting grave (history is history at every door, as the ledger already
// did), and the save message carries the resting-period warning the register stores with it.
import { mkdirSync } from 'node:fs';
import { expect, it } from 'vitest';
import { describeBrowser } from '../support/browser';
import { consoleSuite, signedInContext } from '../support/console';
import { DEMO_ACCOUNTS } from '../support/server';
import { messages as m } from '../../src/domain/messages';
import { formatHijri } from '../../src/domain/dates/hijri';
import { addDays } from '../../src/admin/components/calendarDates';

const SHOTS = '/work/tmp/shots/A';

describeBrowser('the grave page takes a past burial typed in Hijri, with its warning', () => {
  const suite = consoleSuite();

  async function api<T>(method: string, path: string, body?: unknown): Promise<{ status: number; data: T }> {
    const account = DEMO_ACCOUNTS.manager;
    const token = await suite.server.login(account.email, account.password);
    const res = await fetch(`${suite.server.api}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, data: (await res.json()) as T };
  }

  it('saves «… هـ» into a resting grave and shows the warning in the save message', async () => {
    const today = suite.server.ctx.today();
    const grave = await api<{ _id: string }>('POST', '/graves', { gender: 'men', number: 8123 });
    expect(grave.status).toBe(201);
    const id = grave.data._id;
    // Buried 200 days ago: the grave rests (365 days) and refuses a burial dated today.
    const recent = await api('POST', `/graves/${id}/bury`, { name: 'سالم المرحوم', burialDate: addDays(today, -200) });
    expect(recent.status).toBe(201);

    const context = await signedInContext(suite.browser, suite.server, 'manager', {
      locale: 'ar-EG',
      timezoneId: 'Africa/Cairo',
      viewport: { width: 360, height: 780 },
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${suite.server.url}/admin/graves/${id}/bury`);
    await page.getByRole('heading', { level: 1 }).waitFor();

    // A hundred days before that burial, typed from the ledger in Hijri: inside its resting period.
    const past = addDays(today, -300);
    const hijri = formatHijri(past);
    await page.getByLabel(m['burial.name']).fill('حسن   عبد الرحيـــم');
    const dateField = page.getByLabel(m['burial.date']);
    await dateField.fill(hijri);
    await dateField.blur();
    await page.getByRole('button', { name: m['burial.save'] }).click();

    const saved = page.getByRole('status').filter({ hasText: m['burial.success'] });
    await saved.waitFor();
    await expect.poll(() => saved.textContent()).toContain('سالم المرحوم');
    expect(await saved.textContent()).toContain('تنبيه');
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/past-burial-hijri-360.png`, fullPage: true });
    // Nothing overflows sideways at 360 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const stored = await api<{ buriedPersons: Array<{ name: string; burialDate: string; warning?: string }> }>(
      'GET',
      `/graves/${id}`,
    );
    const person = stored.data.buriedPersons.find((p) => p.burialDate === past);
    expect(person?.name).toBe('حسن عبد الرحيم');
    await context.close();
  });
});
