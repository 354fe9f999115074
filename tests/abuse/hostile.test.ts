// Random and hostile payloads at every write endpoint, for every role: never a 5xx, always a JSON {message} when
// refused, and a refused request leaves the register exactly as it was.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';

const HOSTILE_TEXT = [
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  "'; DROP TABLE graves; --",
  '" OR 1=1 --',
  '\u202Eevil\u202C',
  '\u0000\u0001\u0007',
  '../../etc/passwd',
  '%00',
  '٢٠٢٤-٠٣-١٥',
  '2023-02-30',
  '0000-00-00',
  '9999-12-31',
  '１２',
  'NaN',
  '-1',
  '1e400',
  '   ',
  'عبد الله'.repeat(40),
  '{"$gt": ""}',
];

const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE_TEXT),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ minLength: 2001, maxLength: 2100 }),
);
const hostileValue = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), hostileString, { maxKeys: 3 }),
);
const FIELDS = [
  'gender',
  'number',
  'name',
  'burialDate',
  'buriedPersonId',
  'text',
  'phone',
  'status',
  'title',
  'content',
  'email',
  'password',
  'newPassword',
  // A family's correction and the staff's decisions.
  'note',
  'senderName',
  'senderPhone',
  'confirmChanged',
  'reason',
];
const hostileBody = fc.oneof(
  fc.record(Object.fromEntries(FIELDS.map((f) => [f, hostileValue])), { requiredKeys: [] }),
  fc.anything(),
  fc.constant('{not json'),
);

type Role = 'anonymous' | 'admin' | 'manager';

describe.each(ENGINES)('hostile input on $name', ({ databaseUrl }) => {
  let server: TestServer;
  const tokens: Record<Role, string | null> = { anonymous: null, admin: null, manager: null };
  let ids: { grave: string; person: string; article: string; suggestion: string; correction: string };

  /** Everything a refused request must not touch (the throttle and audit tables aside). */
  async function snapshot(): Promise<string> {
    const db = server.ctx.db;
    const tables = await Promise.all([
      db.selectFrom('graves').selectAll().orderBy('id').execute(),
      db.selectFrom('burials').selectAll().orderBy('id').execute(),
      db.selectFrom('articles').selectAll().orderBy('id').execute(),
      db.selectFrom('suggestions').selectAll().orderBy('id').execute(),
      db.selectFrom('corrections').selectAll().orderBy('id').execute(),
      db.selectFrom('accounts').select(['id', 'email', 'password_hash', 'role']).orderBy('id').execute(),
      db.selectFrom('grave_photos').selectAll().orderBy('id').execute(),
    ]);
    return JSON.stringify(tables);
  }

  beforeAll(async () => {
    server = await startTestServer({
      seed: 'demo',
      databaseUrl,
      seedOptions: { graves: 6, burials: 8, articles: 2, suggestions: 3 },
    });
    tokens.admin = await signIn(server, 'admin');
    tokens.manager = await signIn(server, 'manager');
    const db = server.ctx.db;
    const burial = await db.selectFrom('burials').select(['id', 'grave_id']).executeTakeFirstOrThrow();
    ids = {
      grave: burial.grave_id,
      person: burial.id,
      article: (await db.selectFrom('articles').select('id').executeTakeFirstOrThrow()).id,
      suggestion: (await db.selectFrom('suggestions').select('id').executeTakeFirstOrThrow()).id,
      correction: '',
    };
    // A family's correction to decide (sent through the API: the demo village has none).
    const sent = await server.app.inject({
      method: 'POST',
      url: `/api/burials/${ids.person}/corrections`,
      payload: { note: 'ملاحظة للجنة', senderName: 'ابن المتوفى', senderPhone: '01001234567' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    ids.correction = sent.json<{ id: string }>().id;
  });
  afterAll(() => server?.close());

  const ENDPOINTS: Array<[string, (i: typeof ids, id: string) => string]> = [
    ['POST', () => '/api/graves'],
    ['PUT', (_i, id) => `/api/graves/full/${id}`],
    ['POST', (i) => `/api/graves/${i.grave}/bury`],
    ['DELETE', (i) => `/api/graves/${i.grave}/remove-buried`],
    ['PUT', (i) => `/api/graves/${i.grave}/buried/${i.person}`],
    ['DELETE', (_i, id) => `/api/graves/${id}`],
    ['POST', () => '/api/suggestion'],
    ['PUT', (i) => `/api/suggestion/status/${i.suggestion}`],
    ['POST', (i) => `/api/burials/${i.person}/corrections`],
    ['POST', (i) => `/api/corrections/${i.correction}/apply`],
    ['POST', (i) => `/api/corrections/${i.correction}/reject`],
    ['POST', () => '/api/articles'],
    ['PUT', (i) => `/api/articles/${i.article}`],
    ['DELETE', (_i, id) => `/api/articles/${id}`],
    ['POST', () => '/api/auth/login'],
    ['POST', () => '/api/auth/register'],
    ['POST', () => '/api/auth/update-password'],
    ['PUT', (_i, id) => `/api/users/${id}/role`],
    ['PUT', (_i, id) => `/api/users/${id}/disabled`],
    ['POST', (_i, id) => `/api/users/${id}/sign-out-everywhere`],
    // A JSON body where the photo's form is expected, and the staff's decisions on unknown photos.
    ['POST', (i) => `/api/graves/${i.grave}/photos`],
    ['POST', (_i, id) => `/api/photos/${id}/approve`],
    ['POST', (_i, id) => `/api/photos/${id}/cover`],
    ['DELETE', (_i, id) => `/api/photos/${id}`],
  ];

  for (const [method, pathOf] of ENDPOINTS) {
    const name = `${method} ${pathOf(
      { grave: '{id}', person: '{personId}', article: '{id}', suggestion: '{id}', correction: '{id}' },
      '{id}',
    )}`;
    it(`${name}: never 5xx, refusals change nothing`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom<Role>('anonymous', 'admin', 'manager'),
          hostileBody,
          fc.oneof(
            fc.constantFrom('00000000-0000-0000-0000-000000000000', 'x', '%E2%80%AE', '..%2F..'),
            fc.string({ minLength: 1, maxLength: 30 }).map(encodeURIComponent),
          ),
          async (role, body, randomId) => {
            const before = await snapshot();
            const token = tokens[role];
            const res = await server.app.inject({
              method: method as 'POST',
              url: pathOf(ids, randomId),
              headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
              payload: typeof body === 'string' ? body : JSON.stringify(body ?? null),
            });
            const label = `${role} ${method} ${pathOf(ids, randomId)} ${JSON.stringify(body)?.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
            expect(res.statusCode, label).toBeLessThan(500);
            if (res.statusCode >= 400) {
              const parsed = JSON.parse(res.body) as { message?: unknown };
              expect(typeof parsed.message, label).toBe('string');
              expect(parsed.message as string, label).toMatch(/[\u0600-\u06FF]/);
              expect(await snapshot(), label).toBe(before);
            }
          },
        ),
        { numRuns: 40 },
      );
    }, 120_000);
  }

  // Hostile forms where a photo is expected: random bytes (some behind a JPEG, PNG, WebP or HEIC
  // signature), under the right field name or another, with random extra fields. Never a 5xx, always Arabic, and a
  // refusal writes no photo.
  const SIGNATURES = [
    [],
    [0xff, 0xd8, 0xff, 0xe0],
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50],
    [0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x68, 0x65, 0x69, 0x63],
  ];
  it('POST /api/graves/{id}/photos with hostile forms: never 5xx, refusals change nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Role>('anonymous', 'admin'),
        fc.constantFrom(...SIGNATURES),
        fc.uint8Array({ maxLength: 3000 }),
        fc.constantFrom('photo', 'image', 'senderName', ''),
        fc.dictionary(fc.constantFrom('senderName', 'senderPhone', 'x', 'photo'), hostileString, { maxKeys: 3 }),
        async (role, signature, rest, field, fields) => {
          const before = await snapshot();
          const form = new FormData();
          for (const [key, value] of Object.entries(fields)) form.append(key, value);
          form.append(field, new Blob([new Uint8Array([...signature, ...rest])], { type: 'image/jpeg' }), 'p.jpg');
          const token = tokens[role];
          const res = await fetch(`${server.api}/graves/${ids.grave}/photos`, {
            method: 'POST',
            body: form,
            headers: token ? { authorization: `Bearer ${token}` } : {},
          });
          const text = await res.text();
          const label = `${role} ${field} ${JSON.stringify(fields).slice(0, 200)} → ${res.status} ${text.slice(0, 200)}`;
          expect(res.status, label).toBeLessThan(500);
          expect(res.status, label).not.toBe(201);
          const parsed = JSON.parse(text) as { message?: unknown };
          expect(parsed.message as string, label).toMatch(/[\u0600-\u06FF]/);
          expect(await snapshot(), label).toBe(before);
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);
});
