// The data-entry role (clerk, إدخال بيانات): every staff operation of the API tried by each role, the
// clerk's account made by a manager through the API and the account command, and what a clerk may and may not do
// to the register (adds and corrects; never deletes, moves remains, imports or sees accounts and the audit).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t, type MessageKey } from '../../src/domain/messages';
import { ROLES, type Account, type Grave, type LoginAnswer } from '../../src/domain/types';
import { openStore } from '../../server/db/connect';
import { migrate } from '../../server/db/migrations';
import { readToken, signIn } from '../support/fixtures';
import { ENGINES, freshPostgresDatabase } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';
import { call, expectRefusal, movableClock } from './helpers';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const CLERK = { name: 'مدخل البيانات', email: 'clerk@example.com', password: 'clerk-password-1' };

type Who = 'clerk' | 'admin' | 'manager';
const STAFF: Who[] = ['clerk', 'admin', 'manager'];
const WRITERS: Who[] = ['clerk', 'admin', 'manager'];
const OWNERS: Who[] = ['admin', 'manager'];
const MANAGER: Who[] = ['manager'];

/**
 * Every staff operation of the OpenAPI document, as `METHOD /path`, with a body that passes the guard and who may
 * call it. An operation added later and not listed here is still tried by the clerk, who must be refused (403): the
 * policy gives data entry only what it names.
 */
const OPERATIONS: Record<string, { allowed: Who[]; body?: unknown; endsSession?: boolean; refusal?: MessageKey }> = {
  'GET /graves': { allowed: STAFF },
  'POST /graves': { allowed: WRITERS, body: { gender: 'men', number: 99999 } },
  'PUT /graves/full/{id}': { allowed: WRITERS },
  'PUT /graves/{id}/reopen': { allowed: MANAGER, body: { reason: 'سبب' } },
  'PUT /graves/{id}/position': { allowed: WRITERS, body: { latitude: 30, longitude: 31 } },
  'POST /graves/{id}/bury': { allowed: WRITERS, body: { name: 'اسم', burialDate: '2026-01-01' } },
  'POST /graves/{id}/transfer': { allowed: OWNERS, body: { bonesGraveId: UNKNOWN, date: '2026-01-01' } },
  'DELETE /graves/{id}/remove-buried': { allowed: OWNERS, body: { buriedPersonId: UNKNOWN } },
  'PUT /graves/{id}/buried/{personId}': { allowed: WRITERS, body: { name: 'اسم' } },
  'DELETE /graves/{id}': { allowed: OWNERS },
  'GET /suggestion/status/{status}': { allowed: MANAGER },
  'PUT /suggestion/status/{id}': { allowed: MANAGER, body: { status: 'approved' } },
  'POST /articles': { allowed: MANAGER, body: { title: 'عنوان', content: 'محتوى' } },
  'PUT /articles/{id}': { allowed: MANAGER, body: { title: 'عنوان' } },
  'DELETE /articles/{id}': { allowed: MANAGER },
  'POST /auth/register': {
    allowed: MANAGER,
    body: { name: 'مشرف', email: 'matrix@example.com', password: 'long-enough', role: 'clerk' },
  },
  // Another account's password: the manager's only (one's own is tried below).
  'POST /auth/update-password': {
    allowed: MANAGER,
    body: { email: 'nobody@example.com', newPassword: 'long-enough' },
    refusal: 'password.onlyOwn',
  },
  'GET /users': { allowed: MANAGER },
  'GET /users/{id}': { allowed: MANAGER },
  'PUT /users/{id}': { allowed: MANAGER, body: { name: 'مشرف' } },
  'POST /auth/sign-out-everywhere': { allowed: STAFF, endsSession: true },
  'POST /auth/sign-out': { allowed: STAFF, endsSession: true },
  'GET /auth/session': { allowed: STAFF },
  'POST /users/{id}/sign-out-everywhere': { allowed: MANAGER },
  'PUT /users/{id}/role': { allowed: MANAGER, body: { role: 'clerk' } },
  'PUT /users/{id}/disabled': { allowed: MANAGER, body: { disabled: true } },
  'GET /audit': { allowed: MANAGER },
  'GET /audit/{id}': { allowed: MANAGER },
  'GET /export/register.csv': { allowed: STAFF },
  'GET /export/audit.csv': { allowed: MANAGER },
  // The open formats follow the register's CSV (graves/export).
  'GET /export/graves.geojson': { allowed: STAFF },
  'GET /export/burials.ged': { allowed: STAFF },
  'POST /graves/range': { allowed: WRITERS, body: { gender: 'men', from: 90001, to: 90002, dryRun: true } },
  'POST /burials/batch': { allowed: WRITERS, body: { rows: [] } },
  'POST /import/burials': { allowed: MANAGER, body: 'الاسم\n' },
  'GET /import/batches': { allowed: MANAGER },
  'DELETE /import/batches/{id}': { allowed: MANAGER },
  'PUT /plan/rows/{gender}': { allowed: MANAGER, body: { rows: [] } },
  // The warnings stored with a grave's burials are read where the staff work, data entry included.
  'GET /graves/{id}/warnings': { allowed: STAFF },
  'POST /audit/{id}/undo': { allowed: MANAGER },
  // The village's identity and its logo: the manager's. A JSON body to the logo's call is past the guard: 415.
  'PUT /settings': { allowed: MANAGER, body: { themeColor: '#2f5d50' } },
  'POST /settings/logo': { allowed: MANAGER, body: { logo: 'x' } },
  'DELETE /settings/logo': { allowed: MANAGER },
  // Death notices are published, changed, deleted and buried by managers and admins; data entry reads them.
  // The public's list with an optional token: every notice (all=true) for the staff, data entry included.
  'GET /notices': { allowed: STAFF },
  'POST /notices': { allowed: OWNERS, body: { name: 'اسم', prayerAt: '2026-03-11T15:30', mosque: 'المسجد الكبير' } },
  'PUT /notices/{id}': { allowed: OWNERS, body: { mosque: 'المسجد الكبير' } },
  'DELETE /notices/{id}': { allowed: OWNERS },
  'POST /notices/{id}/burial': { allowed: OWNERS, body: {} },
  // Families' corrections are read and decided by managers and admins; data entry is refused.
  'GET /corrections': { allowed: OWNERS },
  'GET /corrections/{id}': { allowed: OWNERS },
  'POST /corrections/{id}/apply': { allowed: OWNERS, body: {} },
  'POST /corrections/{id}/reject': { allowed: OWNERS, body: { reason: 'سبب' } },
  // Photos of a grave. Sending one and listing them are public calls (a staff token only shows more:
  // tests/server/photos.test.ts holds what each role gets there); approving, choosing the cover and deleting are the
  // managers' and admins'.
  // The queue of every grave's photos: the staff (data entry sees senders by name only, as on a grave's list).
  'GET /photos': { allowed: STAFF },
  // What waits for a decision: every staff role asks; each count is only for a role that decides those items.
  'GET /waiting': { allowed: STAFF },
  'POST /photos/{id}/approve': { allowed: OWNERS },
  'POST /photos/{id}/cover': { allowed: OWNERS },
  'DELETE /photos/{id}': { allowed: OWNERS },
  // The committee's planning (the forecast and the years in pictures): managers and admins.
  'GET /statistics/forecast': { allowed: OWNERS },
  'GET /statistics/years': { allowed: OWNERS },
  // The yearly register book: every staff role (without a year or section the handler refuses, 400).
  'GET /register-book.pdf': { allowed: STAFF },
  'GET /register-book': { allowed: STAFF },
};

/** A concrete address of an OpenAPI path: unknown ids (404 past the guard), a section, a suggestion status. */
const concrete = (path: string) =>
  path
    .replace('{gender}', 'men')
    .replace('{status}', 'pending')
    .replace('{number}', '1')
    .replace(/\{[A-Za-z]+\}/g, UNKNOWN);

interface OpenApi {
  paths: Record<string, Record<string, { security?: unknown[] }>>;
}

/** The staff operations the server publishes (those that need the bearer token), as `METHOD /path`. */
async function staffOperations(s: TestServer): Promise<string[]> {
  const doc = (await call<OpenApi>(s.api, 'GET', '/openapi.json')).body;
  const found: string[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (operation.security && operation.security.length > 0) found.push(`${method.toUpperCase()} ${path}`);
    }
  }
  return found;
}

async function makeClerk(s: TestServer, managerToken: string, account = CLERK) {
  const made = await call<{ _id: string; message: string }>(s.api, 'POST', '/auth/register', {
    token: managerToken,
    body: { ...account, role: 'clerk' },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body._id;
}

describe.each(ENGINES)('every staff operation by role on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let operations: string[] = [];
  const tokens: Record<Who, string> = { clerk: '', admin: '', manager: '' };
  const signInAs = async (who: Who) =>
    who === 'clerk' ? s.login(CLERK.email, CLERK.password) : signIn(s, who === 'admin' ? 'admin' : 'manager');

  beforeAll(async () => {
    s = await startTestServer({ seed: 'accounts', now: movableClock('2026-03-10T10:00:00Z').now, databaseUrl });
    tokens.manager = await signIn(s, 'manager');
    tokens.admin = await signIn(s, 'admin');
    await makeClerk(s, tokens.manager);
    tokens.clerk = await signInAs('clerk');
    operations = await staffOperations(s);
  });
  afterAll(async () => s?.close());

  it('the table names every staff operation the server publishes today', () => {
    const published = operations.map((op) => op.replace(' /api/', ' /'));
    expect(published.length).toBeGreaterThan(30);
    for (const op of Object.keys(OPERATIONS)) expect(published).toContain(op);
  });

  for (const [operation, expected] of Object.entries(OPERATIONS)) {
    const [method, path] = operation.split(' ') as [string, string];
    for (const who of STAFF) {
      const allowed = expected.allowed.includes(who);
      it(`${operation} as ${who} → ${allowed ? 'through' : 403}`, async () => {
        const token = expected.endsSession && allowed ? await signInAs(who) : tokens[who];
        const body = expected.body;
        const headers = typeof body === 'string' ? { 'content-type': 'text/csv' } : undefined;
        const res = await call(s.api, method, concrete(path), { token, body, headers });
        if (allowed) {
          // Past the guard: the handler answers (an unknown id is 404, a second create of one number 400).
          expect([401, 403], JSON.stringify(res.body)).not.toContain(res.status);
          expect(res.status).toBeLessThan(500);
          // Signing out of every device ends the shared session too: sign in again for the next operations.
          if (expected.endsSession) tokens[who] = await signInAs(who);
        } else {
          expectRefusal(res, 403, expected.refusal ?? 'errors.forbidden');
        }
      });
    }
  }

  it('a staff operation the table does not name (added later) is refused to the clerk', async () => {
    const unnamed = operations.filter((op) => !(op.replace(' /api/', ' /') in OPERATIONS));
    for (const op of unnamed) {
      const [method, path] = op.split(' ') as [string, string];
      const body = method === 'GET' || method === 'HEAD' ? undefined : {};
      const res = await call(s.api, method, concrete(path.replace(/^\/api/, '')), { token: tokens.clerk, body });
      expect(res.status, `${op}: ${JSON.stringify(res.body)}`).toBe(403);
    }
  });
});

describe.each(ENGINES)('the data-entry role on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let manager: string;
  let clerk: string;
  let clerkId: string;

  beforeAll(async () => {
    s = await startTestServer({ seed: 'accounts', now: movableClock('2026-03-10T10:00:00Z').now, databaseUrl });
    manager = await signIn(s, 'manager');
    clerkId = await makeClerk(s, manager);
    clerk = await s.login(CLERK.email, CLERK.password);
  });
  afterAll(async () => s?.close());

  it('a manager makes it: the login answers the role clerk, the token carries it, the accounts list names it', async () => {
    const login = await call<LoginAnswer>(s.api, 'POST', '/auth/login', {
      body: { email: CLERK.email, password: CLERK.password },
    });
    expect(login.status).toBe(200);
    expect(login.body.role).toBe('clerk');
    expect(readToken(login.body.token).claims.role).toBe('clerk');
    const account = await call<Account>(s.api, 'GET', `/users/${clerkId}`, { token: manager });
    expect(account.body).toMatchObject({ name: CLERK.name, email: CLERK.email, role: 'clerk', disabled: false });
  });

  it('register without a role still makes an admin; an unknown role is refused in Arabic and nothing is made', async () => {
    const admin = await call<{ _id: string }>(s.api, 'POST', '/auth/register', {
      token: manager,
      body: { name: 'مشرف ثان', email: 'second-admin@example.com', password: 'long-enough' },
    });
    expect(admin.status).toBe(201);
    expect((await call<Account>(s.api, 'GET', `/users/${admin.body._id}`, { token: manager })).body.role).toBe('admin');
    const refused = await call(s.api, 'POST', '/auth/register', {
      token: manager,
      body: { name: 'مجهول', email: 'boss@example.com', password: 'long-enough', role: 'boss' },
    });
    expectRefusal(refused, 400, 'accounts.roleInvalid');
    const all = await call<Account[]>(s.api, 'GET', '/users', { token: manager });
    expect(all.body.map((a) => a.email)).not.toContain('boss@example.com');
  });

  it('a manager changes an account to data entry and back; its sessions end; the audit names the roles', async () => {
    const otherId = await makeClerk(s, manager, {
      name: 'مدخل ثان',
      email: 'clerk2@example.com',
      password: 'long-pass-2',
    });
    const before = await s.login('clerk2@example.com', 'long-pass-2');
    const toAdmin = await call<Account & { message: string }>(s.api, 'PUT', `/users/${otherId}/role`, {
      token: manager,
      body: { role: 'admin' },
    });
    expect(toAdmin.status).toBe(200);
    expect(toAdmin.body).toMatchObject({ role: 'admin', message: t('accounts.roleChanged') });
    expectRefusal(await call(s.api, 'GET', '/graves', { token: before }), 401, 'errors.sessionEnded');
    const back = await call<Account>(s.api, 'PUT', `/users/${otherId}/role`, {
      token: manager,
      body: { role: 'clerk' },
    });
    expect(back.body.role).toBe('clerk');
    const audit = await call<Array<{ action: string; entityId: string; after: { role?: string } }>>(
      s.api,
      'GET',
      '/audit',
      { token: manager },
    );
    const roleChanges = audit.body.filter((e) => e.action === 'account.role' && e.entityId === otherId);
    expect(roleChanges.map((e) => e.after.role).sort()).toEqual(['admin', 'clerk']);
  });

  it('adds a grave, buries, corrects the name and types a ledger batch', async () => {
    const grave = await call<Grave>(s.api, 'POST', '/graves', { token: clerk, body: { gender: 'men', number: 12 } });
    expect(grave.status).toBe(201);
    const buried = await call<{ grave: Grave; message: string }>(s.api, 'POST', `/graves/${grave.body._id}/bury`, {
      token: clerk,
      body: { name: 'محمود سعيد', burialDate: '2026-03-01' },
    });
    expect(buried.status, JSON.stringify(buried.body)).toBe(201);
    const person = buried.body.grave.buriedPersons[0]!;
    const corrected = await call<{ grave: Grave }>(s.api, 'PUT', `/graves/${grave.body._id}/buried/${person._id}`, {
      token: clerk,
      body: { name: 'محمود سعيد الفقي' },
    });
    expect(corrected.status).toBe(200);
    expect(corrected.body.grave.buriedPersons[0]!.name).toBe('محمود سعيد الفقي');
    const batch = await call<{ burialsAdded: number }>(s.api, 'POST', '/burials/batch?dryRun=false', {
      token: clerk,
      body: { rows: [{ gender: 'women', graveNumber: 7, name: 'فاطمة علي', burialDate: '2001', createGrave: true }] },
    });
    expect(batch.status, JSON.stringify(batch.body)).toBeLessThan(300);
    expect(batch.body.burialsAdded, JSON.stringify(batch.body)).toBe(1);
    const women = await call<Grave>(s.api, 'GET', '/graves/by-number/women/7');
    expect(women.body.buriedPersons.map((p) => p.name)).toEqual(['فاطمة علي']);
  });

  it('may not delete a burial or a grave, move remains or import: 403 and nothing changes', async () => {
    const managerGrave = await call<Grave>(s.api, 'POST', '/graves', {
      token: manager,
      body: { gender: 'men', number: 40 },
    });
    const bones = await call<Grave>(s.api, 'POST', '/graves', {
      token: manager,
      body: { gender: 'bones', number: 'أ' },
    });
    const buried = await call<{ grave: Grave }>(s.api, 'POST', `/graves/${managerGrave.body._id}/bury`, {
      token: manager,
      body: { name: 'حسن عبد الله', burialDate: '2026-03-01' },
    });
    expect(buried.status, JSON.stringify(buried.body)).toBe(201);
    const person = buried.body.grave.buriedPersons[0]!;
    const refusals = [
      await call(s.api, 'DELETE', `/graves/${managerGrave.body._id}/remove-buried`, {
        token: clerk,
        body: { buriedPersonId: person._id },
      }),
      await call(s.api, 'DELETE', `/graves/${managerGrave.body._id}`, { token: clerk }),
      await call(s.api, 'POST', `/graves/${managerGrave.body._id}/transfer`, {
        token: clerk,
        body: { bonesGraveId: bones.body._id, date: '2026-03-01' },
      }),
      await call(s.api, 'POST', '/import/burials?dryRun=false', {
        token: clerk,
        body: 'القسم,رقم المقبرة,الاسم,تاريخ الدفن\nرجال,41,سالم,2001\n',
        headers: { 'content-type': 'text/csv' },
      }),
    ];
    for (const refused of refusals) expectRefusal(refused, 403, 'errors.forbidden');
    const after = await call<Grave>(s.api, 'GET', `/graves/${managerGrave.body._id}`);
    expect(after.body.buriedPersons.map((p) => p.name)).toEqual(['حسن عبد الله']);
    expect((await call<Grave>(s.api, 'GET', `/graves/${bones.body._id}`)).body.buriedPersons).toEqual([]);
    expect((await call(s.api, 'GET', '/graves/by-number/men/41')).status).toBe(404);
  });

  it("changes its own password (with the current one), not another account's", async () => {
    const other = await call(s.api, 'POST', '/auth/update-password', {
      token: clerk,
      body: { email: 'admin@example.com', newPassword: 'taken-over-1' },
    });
    expectRefusal(other, 403, 'password.onlyOwn');
    const own = await call<{ token: string; role: string }>(s.api, 'POST', '/auth/update-password', {
      token: clerk,
      body: { email: CLERK.email, newPassword: 'clerk-password-2', currentPassword: CLERK.password },
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.role).toBe('clerk');
    clerk = own.body.token;
    expect((await call(s.api, 'GET', '/graves', { token: clerk })).status).toBe(200);
  });
});

/** `npm run account -- …` as the deployer runs it. */
async function accountCommand(args: string[], databaseUrl: string) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'server/cli/account.ts', ...args],
      { env: { ...process.env, DATABASE_URL: databaseUrl, MANAGER_EMAIL: '', MANAGER_PASSWORD: '' } },
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe.each(ENGINES)('the account command makes a data-entry account on $name', ({ databaseUrl }) => {
  const dir = mkdtempSync(join(tmpdir(), 'cemetery-roles-'));
  let url: string;
  let drop: () => Promise<void> = async () => {};

  beforeAll(async () => {
    if (databaseUrl) {
      const fresh = await freshPostgresDatabase(databaseUrl);
      url = fresh.url;
      drop = fresh.drop;
    } else {
      url = `file:${join(dir, 'register.sqlite')}`;
    }
  });
  afterAll(async () => {
    await drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('--role clerk makes one; an unknown role names the three and makes nothing', async () => {
    const refused = await accountCommand(
      ['create', '--role', 'boss', '--email', 'boss@example.com', '--name', 'مجهول', '--password', 'long-enough'],
      url,
    );
    expect(refused.code).toBe(2);
    for (const role of ROLES) expect(refused.output).toContain(role);
    const made = await accountCommand(
      ['create', '--role', 'clerk', '--email', 'entry@example.com', '--name', 'مدخل', '--password', 'long-enough'],
      url,
    );
    expect(made.code, made.output).toBe(0);
    const store = await openStore(url);
    try {
      await migrate(store.db);
      const rows = await store.db.selectFrom('accounts').select(['email', 'role']).execute();
      expect(rows).toEqual([{ email: 'entry@example.com', role: 'clerk' }]);
    } finally {
      await store.close();
    }
  });
});
