// The public site's forms in Chromium against the real server: the suggestion round trip (sent, approved through the
// API, shown on /approved), nothing typed lost on errors, the login rules and redirects by role, the staff menu,
// logout and the session expiry rule.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Suggestion } from '../../src/domain/types';
import { t } from '../../src/domain/messages';
import { collectErrors, describeBrowser, launchBrowser, screenshot } from '../support/browser';
import { DEMO_ACCOUNTS, startTestServer, type TestServer } from '../support/server';
import { closePage, expectAccessible, newPageIn } from '../public/support';

/** A token as the server makes them (HS256 JWT); the browser only decodes it, so any signature will do here. */
function unsignedToken(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.${Buffer.from('signature').toString('base64url')}`;
}

describeBrowser('public forms and session', () => {
  let server: TestServer;
  let browser: Browser;
  let managerToken: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({ seed: 'demo', staticDir: inject('siteDir') }),
      launchBrowser(),
    ]);
    managerToken = await server.login(DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function newPage(width = 360): Promise<Page> {
    return newPageIn(browser, { viewport: { width, height: 800 } });
  }

  async function open(page: Page, path: string): Promise<void> {
    await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
  }

  const manager = (path: string, init: { method?: string; body?: unknown } = {}) =>
    fetch(`${server.api}${path}`, {
      method: init.method ?? 'GET',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${managerToken}` },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });

  const fields = (page: Page) => ({
    text: page.getByLabel('اكتب اقتراحك هنا'),
    name: page.getByLabel('الاسم'),
    phone: page.getByLabel('رقم الهاتف'),
    submit: page.getByRole('button', { name: 'إرسال' }),
  });

  it('sends a suggestion, which the manager approves through the API and /approved then shows', async () => {
    const page = await newPage();
    const errors = collectErrors(page);
    try {
      await open(page, '/contact');
      const f = fields(page);
      const text = 'نقترح زراعة أشجار ظل على طريق المقابر — اختبار آلي';
      await f.text.fill(text);
      await f.name.fill('سعيد عبد الحميد');
      await f.phone.fill('٠١٠٠١٢٣٤٥٦٧');
      await f.submit.click();
      await page.getByText('تم إرسال الاقتراح بنجاح!').waitFor();
      expect([await f.text.inputValue(), await f.name.inputValue(), await f.phone.inputValue()]).toEqual(['', '', '']);
      await screenshot(page, 'public-contact-sent-360');

      const pending = (await (await manager('/suggestion/status/pending')).json()) as Suggestion[];
      const mine = pending.find((s) => s.text === text);
      expect(mine).toMatchObject({ name: 'سعيد عبد الحميد', phone: '01001234567', status: 'pending' });
      expect(
        (await manager(`/suggestion/status/${mine!._id}`, { method: 'PUT', body: { status: 'approved' } })).status,
      ).toBe(200);

      await open(page, '/approved');
      const item = page.locator('.suggestion', { hasText: text });
      await item.waitFor();
      expect(await item.textContent()).toContain('سعيد عبد الحميد');
      expect(errors).toEqual([]);
    } finally {
      await closePage(page);
    }
  });

  it('asks for every field before sending, and sends nothing then', async () => {
    const page = await newPage();
    const posts: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST') posts.push(req.url());
    });
    try {
      await open(page, '/suggest');
      await fields(page).submit.click();
      expect(await page.getByText('هذا الحقل مطلوب').count()).toBe(3);
      await fields(page).name.fill('منى');
      await fields(page).submit.click();
      expect(await page.getByText('هذا الحقل مطلوب').count()).toBe(2);
      expect(posts).toEqual([]);
      await expectAccessible(page, 'suggest with errors');
    } finally {
      await closePage(page);
    }
  });

  it('names a control or broken character under its field, sends nothing and keeps what was typed', async () => {
    const page = await newPage();
    const posts: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST') posts.push(req.url());
    });
    /** Puts text into a field as a paste would, built in the page (a lone surrogate cannot cross the protocol). */
    const paste = (field: Locator, codes: number[]) =>
      field.evaluate((element, units) => {
        const input = element as HTMLInputElement | HTMLTextAreaElement;
        const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')?.set;
        setter?.call(input, String.fromCharCode(...units));
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }, codes);
    const codesOf = (text: string) =>
      [...text].flatMap((c) => (c.length === 2 ? [...c].map((u) => u.charCodeAt(0)) : [c.charCodeAt(0)]));
    const valueCodes = (field: Locator) =>
      field.evaluate((element) => {
        const value = (element as HTMLInputElement).value;
        return Array.from({ length: value.length }, (_, i) => value.charCodeAt(i));
      });
    try {
      await open(page, '/suggest');
      const f = fields(page);
      const text = [...codesOf('اقتراح'), 0x07, ...codesOf('بجرس')];
      const name = [...codesOf('سعيد'), 0xd800];
      await paste(f.text, text);
      await paste(f.name, name);
      await f.phone.fill('01001234567');
      await f.submit.click();
      await page.getByText(t('input.suggestionText.control')).waitFor();
      await page.getByText(t('input.suggestionName.unpaired')).waitFor();
      expect(await f.text.getAttribute('aria-invalid')).toBe('true');
      expect(await f.name.getAttribute('aria-describedby')).toBeTruthy();
      expect([await valueCodes(f.text), await valueCodes(f.name), await f.phone.inputValue()]).toEqual([
        text,
        name,
        '01001234567',
      ]);
      expect(posts).toEqual([]);
      await screenshot(page, 'public-suggest-input-rules-360');

      // Mended, the text's reason goes; the name's stays until it is mended too, and then the suggestion is sent.
      await f.text.fill('اقتراح سليم');
      await page.getByText(t('input.suggestionText.control')).waitFor({ state: 'detached' });
      expect(await page.getByText(t('input.suggestionName.unpaired')).count()).toBe(1);
      await f.name.fill('سعيد');
      await f.submit.click();
      await page.getByText('تم إرسال الاقتراح بنجاح!').waitFor();
      expect(posts).toHaveLength(1);
    } finally {
      await closePage(page);
    }
  });

  it('keeps everything typed on a server error and on a network error', async () => {
    const page = await newPage();
    try {
      await open(page, '/suggest');
      const f = fields(page);
      await f.text.fill('اقتراح برقم هاتف خاطئ');
      await f.name.fill('كريم');
      await f.phone.fill('abc');
      await f.submit.click();
      const serverError = page.locator('.message-error');
      await serverError.waitFor();
      expect(await serverError.textContent()).toMatch(/^خطأ: رقم الهاتف غير صالح/);
      expect([await f.text.inputValue(), await f.name.inputValue(), await f.phone.inputValue()]).toEqual([
        'اقتراح برقم هاتف خاطئ',
        'كريم',
        'abc',
      ]);

      // The network fails: the form says so in Arabic and keeps the text.
      await f.phone.fill('01001234567');
      await page.route('**/api/suggestion', (route) => route.abort('internetdisconnected'));
      await f.submit.click();
      await page.getByText('حدث خطأ أثناء إرسال الاقتراح. يرجى المحاولة مرة أخرى.').waitFor();
      expect([await f.text.inputValue(), await f.name.inputValue(), await f.phone.inputValue()]).toEqual([
        'اقتراح برقم هاتف خاطئ',
        'كريم',
        '01001234567',
      ]);
      await screenshot(page, 'public-suggest-network-error-360');
    } finally {
      await closePage(page);
    }
  });

  it("collects every login error and shows the server's answer to wrong credentials", async () => {
    const page = await newPage();
    try {
      await open(page, '/login');
      const email = page.getByLabel('البريد الإلكتروني');
      const password = page.getByLabel('كلمة المرور');
      const button = page.getByRole('button', { name: 'تسجيل الدخول' });
      await button.click();
      await page.getByText('البريد الإلكتروني مطلوب').waitFor();
      await page.getByText('كلمة المرور غير صحيحة').waitFor();
      await email.fill('not-an-address');
      await password.fill('12345');
      await button.click();
      await page.getByText('البريد الإلكتروني غير صالح').waitFor();
      await page.getByText('كلمة المرور غير صحيحة').waitFor();
      await email.fill('someone@example.org');
      await button.click();
      await page.getByText(t('auth.emailTld')).waitFor();
      await expectAccessible(page, 'login with errors');
      await screenshot(page, 'public-login-errors-360');

      // Well-formed but wrong: the server's 400 message.
      await email.fill('nobody@example.com');
      await password.fill('wrong-password');
      await button.click();
      await page.getByRole('alert').filter({ hasText: 'البريد الإلكتروني أو كلمة المرور غير صحيحة' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('userToken'))).toBeNull();
      expect(new URL(page.url()).pathname).toBe('/login');
    } finally {
      await closePage(page);
    }
  });

  it("logs a manager in to the console's suggestions (spinner while waiting) and shows the staff menu, then logs out", async () => {
    const page = await newPage();
    try {
      await open(page, '/login');
      // The answer is held until the spinner has been seen.
      let release!: () => void;
      const spinnerSeen = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/auth/login', async (route) => {
        await spinnerSeen;
        await route.continue();
      });
      await page.getByLabel('البريد الإلكتروني').fill(DEMO_ACCOUNTS.manager.email);
      await page.getByLabel('كلمة المرور').fill(DEMO_ACCOUNTS.manager.password);
      await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
      await page.locator('form button[aria-busy="true"] .spinner').waitFor();
      release();
      await page.waitForURL((url) => url.pathname === '/admin/suggestions');
      // The console took the page: the public header is gone.
      await page.waitForFunction(() => !document.querySelector('.site-header'));
      expect(
        await page.evaluate(() => [localStorage.getItem('userRole'), !!localStorage.getItem('userToken')]),
      ).toEqual(['manager', true]);

      await open(page, '/');
      await page.getByRole('button', { name: 'القائمة' }).click();
      const nav = page.locator('#main-nav');
      expect(await nav.getByRole('link').allTextContents()).toEqual([
        'الرئيسية',
        'مقابر الرجال',
        'مقابر النساء',
        'مقابر العظام',
        'مخطط المقابر',
        'المقالات',
        'اقتراحات الأهالي',
        'إدارة الاقتراحات',
        'إضافة مقبرة',
        'عرض المقابر',
        'إضافة مشرف',
        'تغيير كلمة المرور',
      ]);
      expect(await nav.getByRole('link', { name: 'إدارة الاقتراحات' }).getAttribute('href')).toBe('/admin/suggestions');
      expect(await nav.getByRole('link', { name: 'عرض المقابر' }).getAttribute('href')).toBe('/admin/graves');
      await screenshot(page, 'public-menu-manager-360');
      await nav.getByRole('button', { name: 'تسجيل الخروج' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      expect(await page.evaluate(() => [localStorage.getItem('userToken'), localStorage.getItem('userRole')])).toEqual([
        null,
        null,
      ]);
      await page.getByRole('button', { name: 'القائمة' }).click();
      await nav.getByRole('link', { name: 'تسجيل الدخول' }).waitFor();
      expect(await nav.getByRole('button', { name: 'تسجيل الخروج' }).count()).toBe(0);
    } finally {
      await closePage(page);
    }
  });

  it("logs an admin in to the console's create-grave page with the admin menu, and honours ?next=/admin/…", async () => {
    const page = await newPage(1280);
    try {
      await open(page, '/login');
      await page.getByLabel('البريد الإلكتروني').fill(DEMO_ACCOUNTS.admin.email);
      await page.getByLabel('كلمة المرور').fill(DEMO_ACCOUNTS.admin.password);
      await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/graves/create');
      expect(await page.evaluate(() => localStorage.getItem('userRole'))).toBe('admin');

      await open(page, '/');
      expect(await page.locator('#main-nav').getByRole('link').allTextContents()).toEqual([
        'الرئيسية',
        'إضافة مقبرة',
        'عرض المقابر',
        'مقابر الرجال',
        'مقابر النساء',
        'مقابر العظام',
        'مخطط المقابر',
        'تواصل معنا',
        'اقتراحات الأهالي',
      ]);
      await page.getByRole('button', { name: 'تسجيل الخروج' }).waitFor();

      // A console page asked for without a session comes back after login.
      await page.evaluate(() => localStorage.clear());
      await open(page, '/login?next=%2Fadmin%2Fgraves');
      await page.getByLabel('البريد الإلكتروني').fill(DEMO_ACCOUNTS.admin.email);
      await page.getByLabel('كلمة المرور').fill(DEMO_ACCOUNTS.admin.password);
      await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/graves');
      // …but never to another site. A fresh page: the console left open above may itself be navigating (its session
      // was just cleared), which would abort this page's own navigation.
      const fresh = await newPage(1280);
      try {
        await open(fresh, '/login?next=https%3A%2F%2Fevil.example.com%2F');
        await fresh.getByLabel('البريد الإلكتروني').fill(DEMO_ACCOUNTS.admin.email);
        await fresh.getByLabel('كلمة المرور').fill(DEMO_ACCOUNTS.admin.password);
        await fresh.getByRole('button', { name: 'تسجيل الدخول' }).click();
        await fresh.waitForURL((url) => url.pathname === '/admin/graves/create');
      } finally {
        await closePage(fresh);
      }
    } finally {
      await closePage(page);
    }
  });

  it('removes an expired token at start and shows no staff menu; keeps a valid one', async () => {
    const page = await newPage(1280);
    try {
      await open(page, '/');
      const now = Math.floor(Date.now() / 1000);
      const expired = unsignedToken({
        sub: 'x',
        role: 'manager',
        name: 'مدير',
        email: 'm@example.com',
        iat: now - 7200,
        exp: now - 60,
      });
      await page.evaluate((token) => {
        localStorage.setItem('userToken', token);
        localStorage.setItem('userRole', 'manager');
      }, expired);
      await page.reload({ waitUntil: 'networkidle' });
      expect(await page.evaluate(() => [localStorage.getItem('userToken'), localStorage.getItem('userRole')])).toEqual([
        null,
        null,
      ]);
      const nav = page.locator('#main-nav');
      await nav.getByRole('link', { name: 'تسجيل الدخول' }).waitFor();
      expect(await nav.getByRole('link', { name: 'إدارة الاقتراحات' }).count()).toBe(0);
      expect(await nav.getByRole('button', { name: 'تسجيل الخروج' }).count()).toBe(0);

      // A token still valid for a minute is kept and opens the staff menu.
      const valid = unsignedToken({
        sub: 'x',
        role: 'manager',
        name: 'مدير',
        email: 'm@example.com',
        iat: now,
        exp: now + 60,
      });
      await page.evaluate((token) => {
        localStorage.setItem('userToken', token);
        localStorage.setItem('userRole', 'manager');
      }, valid);
      await page.reload({ waitUntil: 'networkidle' });
      await nav.getByRole('link', { name: 'إدارة الاقتراحات' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('userToken'))).toBe(valid);

      // A broken token is removed too.
      await page.evaluate(() => localStorage.setItem('userToken', 'not-a-token'));
      await page.reload({ waitUntil: 'networkidle' });
      expect(await page.evaluate(() => localStorage.getItem('userToken'))).toBeNull();
    } finally {
      await closePage(page);
    }
  });
});
