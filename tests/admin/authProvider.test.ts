// The console's authProvider: session expiry (exp in seconds vs ms), roles, canAccess from the policy table,
// login against the real server, and what react-admin is told on 401 and 403.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from 'ra-core';
import { createAuthProvider, createSession, type LocationLike } from '../../src/authProvider';
import { messages } from '../../src/domain/messages';
import { DEMO_ACCOUNTS, startTestServer, type TestServer } from '../support/server';

/** A Storage for Node (the browser gives localStorage). */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** An unsigned token with the given claims: the client only decodes (the server verifies). */
const tokenWith = (claims: Record<string, unknown>) => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.c2ln`;

const NOW = Date.parse('2026-03-15T10:00:00Z');
const claims = (role: string, expSeconds: number) => ({
  sub: 'account-1',
  role,
  name: 'مدير اللجنة',
  email: 'manager@example.com',
  iat: Math.floor(NOW / 1000) - 60,
  exp: expSeconds,
});

function setup(options: { token?: string; role?: string; path?: string; now?: number; apiBase?: string } = {}) {
  const storage = new MemoryStorage();
  if (options.token) storage.setItem('userToken', options.token);
  if (options.role) storage.setItem('userRole', options.role);
  const location: LocationLike = {
    origin: 'https://register.example',
    pathname: options.path ?? '/admin/graves',
    search: '',
  };
  const provider = createAuthProvider({
    storage: () => storage,
    location: () => location,
    now: () => options.now ?? NOW,
    apiBase: options.apiBase,
  });
  return { storage, provider, location };
}

async function rejection(promise: Promise<unknown>): Promise<Record<string, unknown>> {
  try {
    await promise;
  } catch (error) {
    return error as Record<string, unknown>;
  }
  throw new Error('expected a rejection');
}

describe('session', () => {
  it('keeps a valid session in the storage it is given and clears an expired one', () => {
    const storage = new MemoryStorage();
    const session = createSession(() => storage);
    const valid = tokenWith(claims('manager', Math.floor(NOW / 1000) + 60));
    session.save(valid, 'manager');
    expect(session.check(NOW)?.role).toBe('manager');
    expect(session.token(NOW)).toBe(valid);
    expect(session.token(NOW + 61_000)).toBeNull();
    expect(storage.getItem('userToken')).toBeNull();
    expect(storage.getItem('userRole')).toBeNull();
  });

  it('without a storage (the browser refuses it) there is no session, and nothing throws', () => {
    const session = createSession(() => null);
    session.save(tokenWith(claims('admin', Math.floor(NOW / 1000) + 60)), 'admin');
    expect(session.check(NOW)).toBeNull();
    session.clear();
  });
});

describe('checkAuth', () => {
  it('passes while exp (seconds) is in the future, compared in milliseconds', async () => {
    const { provider } = setup({ token: tokenWith(claims('manager', Math.floor(NOW / 1000) + 1)), role: 'manager' });
    await expect(provider.checkAuth({})).resolves.toBeUndefined();
  });

  it('sends a visitor with an empty storage to the public /login with ?next= and why, without a notification', async () => {
    const { provider, location } = setup({ path: '/admin/graves/abc/show' });
    location.search = '?x=1';
    const error = await rejection(provider.checkAuth({}));
    expect(error.redirectTo).toBe(
      'https://register.example/login?next=%2Fadmin%2Fgraves%2Fabc%2Fshow%3Fx%3D1&session=missing',
    );
    expect(error.message).toBe(false);
  });

  it('clears an expired token (exp equal to now is expired) and redirects once', async () => {
    const expired = tokenWith(claims('admin', Math.floor(NOW / 1000)));
    const { provider, storage } = setup({ token: expired, role: 'admin' });
    const error = await rejection(provider.checkAuth({}));
    expect(String(error.redirectTo)).toMatch(/\/login\?next=/);
    expect(storage.getItem('userToken')).toBeNull();
    expect(storage.getItem('userRole')).toBeNull();
    expect(String(error.redirectTo)).toMatch(/&session=invalid$/);
    // react-admin then calls logout: it still answers the login page with next and why (no loop: nothing left).
    expect(await provider.logout({})).toBe('https://register.example/login?next=%2Fadmin%2Fgraves&session=invalid');
    await expect(provider.getPermissions!({})).resolves.toBeNull();
  });

  it('once logout has sent the browser away, checks wait and logout does not send it again', async () => {
    const { provider } = setup({ path: '/admin/graves' });
    await rejection(provider.checkAuth({}));
    expect(await provider.logout({})).toBe('https://register.example/login?next=%2Fadmin%2Fgraves&session=missing');
    const settles = (promise: Promise<unknown>) =>
      Promise.race([
        promise.then(
          () => true,
          () => true,
        ),
        new Promise((resolve) => setTimeout(() => resolve(false), 50)),
      ]);
    expect(await settles(provider.checkAuth({}))).toBe(false);
    expect(await settles(provider.getIdentity!())).toBe(false);
    expect(await settles(provider.checkError({ status: 401 }))).toBe(false);
    expect(await provider.logout({})).toBe(false);
  });

  it('refuses a broken token and a token with an unknown role', async () => {
    await rejection(setup({ token: 'garbage' }).provider.checkAuth({}));
    await rejection(
      setup({ token: tokenWith(claims('visitor', Math.floor(NOW / 1000) + 3600)) }).provider.checkAuth({}),
    );
  });

  it('never sends ?next= outside the console', async () => {
    const { provider } = setup({ path: '/login' });
    const error = await rejection(provider.checkAuth({}));
    expect(error.redirectTo).toBe('https://register.example/login?next=%2Fadmin&session=missing');
  });
});

describe('checkError', () => {
  const valid = tokenWith(claims('admin', Math.floor(NOW / 1000) + 3600));

  it('logs out on 401 and goes to /login with next', async () => {
    const { provider, storage } = setup({ token: valid, role: 'admin', path: '/admin/graves/create' });
    const error = await rejection(provider.checkError(new HttpError('انتهت صلاحية الجلسة', 401)));
    expect(error.redirectTo).toBe('https://register.example/login?next=%2Fadmin%2Fgraves%2Fcreate&session=invalid');
    expect(error.logoutUser).toBeUndefined();
    expect(storage.getItem('userToken')).toBeNull();
  });

  it('a 401 saying the session was ended goes to /login saying so', async () => {
    const { provider, storage } = setup({ token: valid, role: 'admin', path: '/admin/graves' });
    const error = await rejection(provider.checkError(new HttpError(messages['errors.sessionEnded'], 401)));
    expect(error.redirectTo).toBe('https://register.example/login?next=%2Fadmin%2Fgraves&session=ended');
    expect(storage.getItem('userToken')).toBeNull();
  });

  it('signing out everywhere leaves for /login saying the sessions ended', async () => {
    const { provider, storage } = setup({ token: valid, role: 'admin' });
    expect(await provider.logout({ sessionsEnded: true })).toBe('https://register.example/login?session=ended');
    expect(storage.getItem('userToken')).toBeNull();
  });

  it('stays logged in on 403 with an Arabic notification', async () => {
    const { provider, storage } = setup({ token: valid, role: 'admin' });
    const error = await rejection(provider.checkError(new HttpError(messages['password.onlyOwn'], 403)));
    expect(error.logoutUser).toBe(false);
    expect(error.message).toBe(messages['password.onlyOwn']);
    expect(error.redirectTo).toBeUndefined();
    expect(storage.getItem('userToken')).toBe(valid);
    const bare = await rejection(provider.checkError({ status: 403 }));
    expect(bare.message).toBe(messages['errors.forbidden']);
  });

  it('ignores other errors', async () => {
    const { provider } = setup({ token: valid, role: 'admin' });
    await expect(provider.checkError(new HttpError('x', 400))).resolves.toBeUndefined();
    await expect(provider.checkError(new HttpError('x', 500))).resolves.toBeUndefined();
    await expect(provider.checkError(new HttpError('x', 0))).resolves.toBeUndefined();
  });
});

describe('identity, permissions, canAccess, logout', () => {
  it('gives the account name and the role', async () => {
    const { provider } = setup({ token: tokenWith(claims('manager', Math.floor(NOW / 1000) + 3600)), role: 'manager' });
    const identity = await provider.getIdentity!();
    expect(identity).toMatchObject({ id: 'account-1', fullName: 'مدير اللجنة', email: 'manager@example.com' });
    await expect(provider.getPermissions!({})).resolves.toBe('manager');
  });

  it('answers canAccess from the policy table', async () => {
    const admin = setup({ token: tokenWith(claims('admin', Math.floor(NOW / 1000) + 3600)), role: 'admin' }).provider;
    const manager = setup({
      token: tokenWith(claims('manager', Math.floor(NOW / 1000) + 3600)),
      role: 'manager',
    }).provider;
    const anonymous = setup().provider;
    const ask = (p: typeof admin, resource: string, action: string) => p.canAccess!({ resource, action });
    for (const action of ['list', 'show', 'create', 'edit', 'delete', 'export']) {
      expect(await ask(admin, 'graves', action)).toBe(true);
      expect(await ask(manager, 'graves', action)).toBe(true);
      expect(await ask(anonymous, 'graves', action)).toBe(false);
    }
    for (const resource of ['suggestions', 'articles', 'users']) {
      expect(await ask(admin, resource, 'list')).toBe(false);
      expect(await ask(admin, resource, 'create')).toBe(false);
      expect(await ask(manager, resource, 'list')).toBe(true);
      expect(await ask(manager, resource, 'delete')).toBe(true);
    }
    expect(await ask(admin, 'burials', 'create')).toBe(true);
    expect(await ask(admin, 'password', 'edit')).toBe(true);
    expect(await ask(admin, 'password', 'list')).toBe(false);
    expect(await ask(manager, 'unknown-resource', 'list')).toBe(false);
    expect(await ask(manager, 'graves', 'fly')).toBe(false);
  });

  it('logout removes the token and the role and goes to /login, which says the staff member signed out', async () => {
    const { provider, storage } = setup({
      token: tokenWith(claims('manager', Math.floor(NOW / 1000) + 3600)),
      role: 'manager',
    });
    expect(await provider.logout({})).toBe('https://register.example/login?session=signedOut');
    expect(storage.getItem('userToken')).toBeNull();
    expect(storage.getItem('userRole')).toBeNull();
  });
});

describe('login against the real server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: 'accounts' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('stores the token and the role', async () => {
    const { provider, storage } = setup({ apiBase: server.api, now: Date.now() });
    await provider.login({ email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password });
    expect(storage.getItem('userRole')).toBe('admin');
    expect(storage.getItem('userToken')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    await expect(provider.checkAuth({})).resolves.toBeUndefined();
    expect((await provider.getIdentity!()).fullName).toBe(DEMO_ACCOUNTS.admin.name);
  });

  it('shows the server message on 400 and stores nothing', async () => {
    const { provider, storage } = setup({ apiBase: server.api, now: Date.now() });
    const error = await rejection(provider.login({ email: DEMO_ACCOUNTS.admin.email, password: 'wrong-password' }));
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(400);
    expect(error.message).toBe(messages['auth.badCredentials']);
    expect(storage.getItem('userToken')).toBeNull();
  });

  it('shows the login error when the server cannot be reached', async () => {
    const { provider } = setup({ apiBase: 'http://127.0.0.1:9/api', now: Date.now() });
    const error = await rejection(provider.login({ email: 'a@example.com', password: 'whatever' }));
    expect(error.message).toBe(messages['auth.loginError']);
  });
});
