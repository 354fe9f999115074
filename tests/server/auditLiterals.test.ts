// A write's audit entry is kept exactly as written, whatever text it holds. On PostgreSQL a write's audit entry, its
// graves' facts and its counters travel to the database as one message with their values written into it
// (data/graveFacts.ts markChangedAndCommit), so quotes, backslashes and what looks like SQL must come back as they
// went, and change nothing else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article, AuditEntry } from '../../src/domain/types';
import { staffClient, type StaffClient } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';
import { call } from './helpers';

/** Texts that would end or escape a literal written carelessly. */
const HOSTILE = [
  "قبر الحاج ' أحمد",
  'مسار \\ مائل \\\\ مزدوج',
  "نهاية \\' ثم ''",
  "E'x'; delete from graves; --",
  '$1 $$ :name ?',
  'سطر أول\nسطر ثانٍ\tمسافة',
  'رمز 🌿 خارج المستوى',
];

/** A title holds no line breaks nor tabs (refused as invisible control characters): the content does. */
const titleOf = (text: string) => `عنوان ${text.replace(/\s+/g, ' ')}`;

describe.each(ENGINES)('audit entries keep their text exactly, on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let admin: StaffClient;
  const created = async () =>
    (
      await call<AuditEntry[]>(
        s.api,
        'GET',
        `/audit?${new URLSearchParams({ filter: JSON.stringify({ action: 'article.create' }), range: '[0,49]' })}`,
        { token: admin.token },
      )
    ).body;

  beforeAll(async () => {
    s = await startTestServer({ seed: 'accounts', databaseUrl });
    admin = await staffClient(s, 'manager');
  });
  afterAll(() => s?.close());

  it('writes quotes, backslashes and SQL-like text into the trail as they are, and nothing else', async () => {
    const grave = await admin.makeGrave('men', 77);
    for (const text of HOSTILE) {
      const article: Article = await admin.writeArticle(titleOf(text), `نص ${text}`);
      expect(article.title).toBe(titleOf(text));
    }
    const entries = await created();
    expect(entries).toHaveLength(HOSTILE.length);
    const kept = entries.map((e) => e.after as { title: string; content: string });
    expect(kept.map((a) => a.title).sort()).toEqual(HOSTILE.map(titleOf).sort());
    expect(kept.map((a) => a.content).sort()).toEqual(HOSTILE.map((text) => `نص ${text}`).sort());
    // The graves are still there.
    expect((await call(s.api, 'GET', `/graves/graves/${grave._id}`)).status).toBe(200);
  });
});
