// Text that visitors and staff write is shown as text everywhere: script and event-handler payloads stored in a
// suggestion, an article and a deceased name never run on the public pages or in the console.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { describeBrowser, launchBrowser } from '../support/browser';
import { DEMO_ACCOUNTS, startTestServer, type TestServer } from '../support/server';

const PAYLOADS = [
  '<img src=x onerror="window.__xss=(window.__xss||0)+1">',
  '<script>window.__xss=(window.__xss||0)+1</script>',
  '<svg onload="window.__xss=(window.__xss||0)+1"></svg>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
];
const NAME = `اسم تجربة ${PAYLOADS[0]}`;

describeBrowser('stored text never runs', () => {
  let server: TestServer;
  let browser: Browser;
  let graveId: string;
  let articleId: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({ seed: 'demo', staticDir: inject('siteDir') }),
      launchBrowser(),
    ]);
    const manager = await server.login(DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${manager}` };
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${server.api}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      expect(res.status, path).toBeLessThan(300);
      return res.json() as Promise<{ _id: string; grave?: { _id: string } }>;
    };
    const grave = await post('/graves', { gender: 'men', number: 9999 });
    graveId = grave._id;
    await post(`/graves/${graveId}/bury`, { name: NAME, burialDate: server.ctx.today() });
    articleId = (await post('/articles', { title: `مقال ${PAYLOADS[1]}`, content: PAYLOADS.join('\n\n') }))._id;
    await fetch(`${server.api}/suggestion`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: PAYLOADS.join(' '), name: `زائر ${PAYLOADS[2]}`, phone: '01001234567' }),
    });
    const pending = (await (await fetch(`${server.api}/suggestion/status/pending`, { headers })).json()) as Array<{
      _id: string;
      text: string;
    }>;
    const ours = pending.find((s) => s.text.includes('<script>'))!;
    await fetch(`${server.api}/suggestion/status/${ours._id}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ status: 'approved' }),
    });
    // A second one stays pending, for the console's moderation list.
    await fetch(`${server.api}/suggestion`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        text: `بانتظار المراجعة ${PAYLOADS[0]}`,
        name: `زائر ${PAYLOADS[1]}`,
        phone: '01001234568',
      }),
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function visit(page: Page, path: string, mustShow: string): Promise<void> {
    await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.locator('body').innerText(), { timeout: 15_000 }).toContain(mustShow);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? 0), path).toBe(0);
    expect(await page.locator('img[src="x"], svg[onload]').count(), path).toBe(0);
  }

  async function pageWithGuards(token?: { token: string; role: string }): Promise<{ page: Page; dialogs: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    if (token) {
      await context.addInitScript(
        ([t, r]) => {
          localStorage.setItem('userToken', t!);
          localStorage.setItem('userRole', r!);
        },
        [token.token, token.role],
      );
    }
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    return { page, dialogs };
  }

  it('public pages show the payloads as text', async () => {
    const { page, dialogs } = await pageWithGuards();
    await visit(page, `/grave-details-user/${graveId}`, 'اسم تجربة <img');
    await visit(page, `/ArticleDetail/${articleId}`, '<script>');
    await visit(page, '/approved', '<svg onload');
    await visit(page, '/', 'اسم تجربة <img');
    expect(dialogs).toEqual([]);
    await page.context().close();
  });

  it('console pages show the payloads as text', async () => {
    const token = await server.login(DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
    const { page, dialogs } = await pageWithGuards({ token, role: 'manager' });
    await visit(page, `/admin/graves/${graveId}/show`, 'اسم تجربة <img');
    await visit(page, '/admin/suggestions', 'بانتظار المراجعة <img');
    await visit(page, '/admin/articles', 'مقال <script>');
    expect(dialogs).toEqual([]);
    await page.context().close();
  });
});
