// A browser context signed in as a staff member, the way the public /login form leaves it (the token and the role
// in localStorage); the login form itself is tested in tests/e2e/admin.test.ts and public-forms.test.ts.
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { DEMO_ACCOUNTS, type TestServer } from './server';

export async function signedInContext(
  browser: Browser,
  server: TestServer,
  role: 'manager' | 'admin',
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const token = await server.login(DEMO_ACCOUNTS[role].email, DEMO_ACCOUNTS[role].password);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  await context.addInitScript(
    ([t, r]) => {
      localStorage.setItem('userToken', t!);
      localStorage.setItem('userRole', r!);
    },
    [token, role],
  );
  return context;
}
