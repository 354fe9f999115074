// In Chromium: signing out leaves no trace of staff work on the phone. Two staff members share one phone:
// the first one's unsent ledger rows are theirs alone (the second, signing in after the first one's session ran
// out, never sees them); the second signs out, and every storage of the page (localStorage, sessionStorage,
// IndexedDB, the service worker's caches) is enumerated: neither's rows are anywhere, only the public site's own
// keys are left, and the token the console held is refused by the API.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { messages as m, t } from '../../src/domain/messages';
import { PUBLIC_DATABASES, PUBLIC_LOCAL_KEYS, PUBLIC_SESSION_KEYS } from '../../src/domain/paths/browserKeys';
import { raArabic } from '../../src/admin/i18n/raArabic';
import { collectErrors, describeBrowser, launchBrowser } from '../support/browser';
import { DEMO_ACCOUNTS, startTestServer, type TestServer } from '../support/server';

const FIRST_ROW = 'زينب عبد الرحمن الشرقاوي';
const SECOND_ROW = 'منصور فتحي البحيري';

/** Everything the page's origin keeps: both web storages, every IndexedDB database's records, the caches' bodies. */
function everyStorage(page: Page) {
  return page.evaluate(async () => {
    const dump = (store: Storage) =>
      Object.fromEntries(
        Array.from({ length: store.length }, (_, i) => store.key(i)!).map((key) => [key, store.getItem(key)]),
      );
    const databases: Record<string, unknown[]> = {};
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const opening = indexedDB.open(name);
        opening.onsuccess = () => resolve(opening.result);
        opening.onerror = () => reject(opening.error);
      });
      const records: unknown[] = [];
      for (const store of Array.from(db.objectStoreNames)) {
        const all = db.transaction(store).objectStore(store).getAll();
        records.push(await new Promise((resolve) => (all.onsuccess = () => resolve(all.result))));
      }
      db.close();
      databases[name] = records;
    }
    const cached: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys())
        cached.push(`${request.url} ${await (await cache.match(request))!.text()}`);
    }
    return { local: dump(localStorage), session: dump(sessionStorage), databases, cached };
  });
}

describeBrowser('signing out leaves nothing of staff work in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({ seed: 'accounts', staticDir: inject('siteDir') }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function signIn(page: Page, role: 'admin' | 'manager') {
    await page.goto(`${server.url}/login`);
    await page.locator('input[name="email"]').fill(DEMO_ACCOUNTS[role].email);
    await page.locator('input[name="password"]').fill(DEMO_ACCOUNTS[role].password);
    await page.getByRole('button', { name: m['auth.loginButton'] }).click();
    await page.waitForURL(/\/admin\//);
  }

  async function typeLedgerRow(page: Page, name: string) {
    await page.goto(`${server.url}/admin/ledger`);
    await page.getByRole('heading', { name: m['entry.title'], level: 1 }).waitFor();
    await page.keyboard.type('2');
    await page.keyboard.press('Enter');
    await page.keyboard.type(name);
    // The draft follows the typing into this device's storage.
    await expect.poll(async () => JSON.stringify(await everyStorage(page))).toContain(name);
  }

  it('keeps a draft per account, and signing out clears every trace and ends the token on the server', async () => {
    const context = await browser.newContext({ locale: 'ar-EG', timezoneId: 'Africa/Cairo' });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors = collectErrors(page);

    // The first staff member types a row and leaves it unsent; their session runs out on the phone.
    await signIn(page, 'admin');
    await typeLedgerRow(page, FIRST_ROW);
    await page.evaluate(() => ['userToken', 'userRole'].forEach((key) => localStorage.removeItem(key)));

    // The second signs in on the same phone: the ledger page is empty for them.
    await signIn(page, 'manager');
    await page.goto(`${server.url}/admin/ledger`);
    await page.getByRole('heading', { name: m['entry.title'], level: 1 }).waitFor();
    const firstName = page.locator('li.ledger-row').first().getByLabel(m['burial.name']);
    await expect(firstName.inputValue()).resolves.toBe('');
    expect(await page.getByText(m['entry.draftRestored']).count()).toBe(0);
    expect(await page.locator('body').textContent()).not.toContain(FIRST_ROW);
    await typeLedgerRow(page, SECOND_ROW);

    // Other staff data a page might keep, and a visitor's own search on the public site.
    await page.evaluate(async (row) => {
      sessionStorage.setItem('staff.lastFilter', row);
      sessionStorage.setItem('searchTerm', 'محمد');
      await new Promise<void>((resolve) => {
        const opening = indexedDB.open('staff-work', 1);
        opening.onupgradeneeded = () => opening.result.createObjectStore('rows', { autoIncrement: true });
        opening.onsuccess = () => {
          const writing = opening.result.transaction('rows', 'readwrite');
          writing.objectStore('rows').add({ name: row });
          writing.oncomplete = () => {
            opening.result.close();
            resolve();
          };
        };
      });
    }, SECOND_ROW);
    const before = await everyStorage(page);
    const token = before.local.userToken!;
    expect(token).toBeTruthy();
    expect(Object.keys(before.databases)).toContain('staff-work');

    // Signing out from the console's user menu.
    await page.getByRole('button', { name: raArabic.ra.auth.user_menu }).click();
    await page.getByRole('menuitem', { name: m['nav.logout'] }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    // The login page says the staff member is signed out, plainly (a status, not an error).
    await expect.poll(() => page.getByRole('status').filter({ hasText: m['auth.signedOut'] }).count()).toBe(1);

    const after = await everyStorage(page);
    const everything = JSON.stringify(after);
    expect(everything).not.toContain(FIRST_ROW);
    expect(everything).not.toContain(SECOND_ROW);
    expect(everything).not.toContain(token);
    // Only the public site's own keys are left: the visitor's search is kept.
    for (const key of Object.keys(after.local)) expect(Object.values(PUBLIC_LOCAL_KEYS)).toContain(key);
    for (const key of Object.keys(after.session)) expect(Object.values(PUBLIC_SESSION_KEYS)).toContain(key);
    expect(after.session.searchTerm).toBe('محمد');
    // The service worker's record of its public answers is all that is left in IndexedDB.
    for (const name of Object.keys(after.databases)) expect(PUBLIC_DATABASES).toContain(name);

    // The token the console held is refused by the API: the session ended on the server, not only in the browser.
    const refused = await fetch(`${server.api}/graves`, { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { message: string }).message).toBe(t('errors.sessionEnded'));
    expect(errors).toEqual([]);
    await context.close();
  });
});
