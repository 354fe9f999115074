// The authorization matrix: every operation of the published contract × {no token, expired token, token signed
// with another secret, alg none, admin, manager} answers as the contract table says.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSigner } from '../../server/auth/tokens';
import type { ArticleSummary, AuditEntry, Grave } from '../../src/domain/types';
import { makeGrave, readToken, signIn } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import { DEMO_ACCOUNTS, startTestServer, type TestServer } from '../support/server';
import { CONTRACT, type Guard } from './contract';

type Identity = 'none' | 'expired' | 'otherSecret' | 'algNone' | 'admin' | 'manager';
const IDENTITIES: Identity[] = ['none', 'expired', 'otherSecret', 'algNone', 'admin', 'manager'];

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function allowed(guard: Guard, who: Identity): boolean {
  if (guard === 'anyone') return true;
  if (who === 'admin') return guard === 'staff' || guard === 'password';
  return who === 'manager';
}

describe.each(ENGINES)('authorization matrix on $name', ({ databaseUrl }) => {
  let server: TestServer;
  const tokens: Partial<Record<Identity, string>> = {};
  let ids: { id: string; personId: string; status: string; article: string };

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo', databaseUrl });
    const admin = await signIn(server, 'admin');
    const manager = await signIn(server, 'manager');
    const { claims } = readToken(manager);
    const account = {
      id: claims.sub,
      role: 'manager' as const,
      name: claims.name,
      email: claims.email,
      generation: claims.gen,
    };
    const nowSeconds = Math.floor(Date.now() / 1000);
    tokens.admin = admin;
    tokens.manager = manager;
    tokens.expired = await server.ctx.signer.sign(account, nowSeconds - 13 * 3600);
    tokens.otherSecret = await createSigner('another-secret-that-is-long-enough-000000', 3600).sign(
      account,
      nowSeconds,
    );
    tokens.algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, exp: nowSeconds + 3600 })}.`;
    const male = (await (await fetch(`${server.api}/graves/male`)).json()) as Grave[];
    const withBurial = male.find((g) => g.buriedPersons.length > 0)!;
    const articles = (await (await fetch(`${server.api}/articles`)).json()) as ArticleSummary[];
    ids = {
      id: withBurial._id,
      personId: withBurial.buriedPersons[0]!._id,
      status: 'pending',
      article: articles[0]!._id,
    };
  });
  afterAll(() => server?.close());

  it('covers every operation the server publishes', async () => {
    const doc = (await (await fetch(`${server.api}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const published = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => ['get', 'post', 'put', 'delete'].includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    const benchOnly = (op: string) => op.includes('__bench');
    expect(published.filter((op) => !benchOnly(op)).sort()).toEqual(Object.keys(CONTRACT).sort());
  });

  it('offers no way to edit or delete the audit trail, even to a manager', async () => {
    const count = async () =>
      Number(
        (
          await server.ctx.db
            .selectFrom('audit_log')
            .select(server.ctx.db.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const headers = { authorization: `Bearer ${tokens.manager}` };
    await makeGrave(server, tokens.manager!, 'bones', 'قسم لاختبار السجل'); // an audited write: a line to attack
    const [entry] = (await (await fetch(`${server.api}/audit?range=[0,0]`, { headers })).json()) as AuditEntry[];
    const before = await count();
    expect(before).toBeGreaterThan(0);
    for (const method of ['PUT', 'DELETE', 'POST', 'PATCH'] as const) {
      for (const url of [`/api/audit/${entry!._id}`, '/api/audit']) {
        const res = await server.app.inject({ method, url, headers, payload: { action: 'forged' } });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    expect(await count()).toBe(before);
  });

  for (const [operation, guard] of Object.entries(CONTRACT)) {
    it(`${operation} (${guard})`, async () => {
      const [method, template] = operation.split(' ') as [string, string];
      for (const who of IDENTITIES) {
        // Requests that would change data use ids that do not exist, so the matrix itself changes nothing.
        const changes = method !== 'GET';
        const path = template
          .replace(
            '{id}',
            changes ? '00000000-0000-0000-0000-000000000000' : template.includes('articles') ? ids.article : ids.id,
          )
          .replace('{personId}', ids.personId)
          .replace('{status}', ids.status);
        const body =
          method === 'GET'
            ? undefined
            : operation === 'POST /api/auth/update-password'
              ? // one's own address (an admin may change only its own) and a too-short password: refused after the guard
                {
                  email: who === 'admin' ? DEMO_ACCOUNTS.admin.email : DEMO_ACCOUNTS.manager.email,
                  newPassword: 'short',
                }
              : operation === 'POST /api/auth/login'
                ? { email: 'nobody-here@example.com', password: 'wrong-password' }
                : { buriedPersonId: '00000000-0000-0000-0000-000000000000', status: 'approved' };
        const res = await server.app.inject({
          method: method as 'GET',
          url: path + (template === '/api/search' ? '?q=1' : ''),
          headers: { ...(tokens[who] ? { authorization: `Bearer ${tokens[who]}` } : {}) },
          ...(body ? { payload: body } : {}),
        });
        const label = `${operation} as ${who}: ${res.statusCode} ${res.body.slice(0, 120)}`;
        expect(res.statusCode, label).toBeLessThan(500);
        if (allowed(guard, who)) {
          expect([401, 403], label).not.toContain(res.statusCode);
        } else if (who === 'admin') {
          expect(res.statusCode, label).toBe(403);
        } else if (guard !== 'anyone') {
          expect(res.statusCode, label).toBe(401);
        }
        if (res.statusCode >= 400) expect(typeof res.json<{ message?: unknown }>().message, label).toBe('string');
        // Signing out (everywhere) ended the caller's session: the rest of the matrix needs live ones.
        const signedOut = ['POST /api/auth/sign-out-everywhere', 'POST /api/auth/sign-out'].includes(operation);
        if (signedOut && res.statusCode === 200) {
          tokens[who as 'admin' | 'manager'] = await signIn(server, who as 'admin' | 'manager');
        }
      }
    });
  }
});
