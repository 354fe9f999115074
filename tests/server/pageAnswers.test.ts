// The public pages drawn on the server read their first data from the register by the functions the API's routes
// call (server/site/pageAnswers.ts), not through the HTTP stack: the data a page carries is the API's own answer to
// the public, for every page that carries some (src/api/firstData.ts); a page naming a grave, an article, a notice or
// a token the register does not hold is a 404, as is one naming what cannot be an id; a plan cell leads to its grave.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { firstDataOf } from '../../src/api/firstData';
import { paths } from '../../src/api/paths';
import { publicPageOf } from '../../src/domain/paths/publicPages';
import { publicPaths } from '../../src/domain/paths/publicPaths';
import type { Grave } from '../../src/domain/types';
import { FIRST_DATA_ELEMENT_ID } from '../../src/ssr/buildFiles';
import { ENGINES } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';

const FIRST_DATA = new RegExp(`<script type="application/json" id="${FIRST_DATA_ELEMENT_ID}">(.*?)</script>`, 's');

describe.each(ENGINES)('the answers pages are drawn from, on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let grave: Grave;
  let articleId: string;
  let noticeId: string;
  let followToken: string;
  const api = async (path: string) => (await fetch(`${s.api}${path}`)).json();

  beforeAll(async () => {
    s = await startTestServer({ seed: 'demo', databaseUrl, staticDir: inject('siteDir') });
    const recent = (await api(paths.recentBurials())) as Grave[];
    grave = (await api(paths.grave(recent[0]!._id))) as Grave;
    articleId = ((await api(paths.articles())) as Array<{ _id: string }>)[0]!._id;
    noticeId = ((await api(paths.notices())) as Array<{ id: string }>)[0]!.id;
    const sent = await fetch(`${s.api}${paths.burialCorrections(grave.buriedPersons[0]!._id)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ senderName: 'ابن المتوفى', senderPhone: '٠١٠٠ ١٢٣ ٤٥٦٧', note: 'تاريخ الدفن على الشاهد' }),
    });
    expect(sent.status).toBe(201);
    followToken = ((await sent.json()) as { followToken: string }).followToken;
  });
  afterAll(async () => {
    await s?.close();
  });

  it('carries, for every page drawn with data, the API answer of each path its first screen needs', async () => {
    const pages = [
      publicPaths.grave.href(grave._id),
      publicPaths.article.href(articleId),
      publicPaths.home.href(),
      publicPaths.notices.href(),
      publicPaths.notice.href(noticeId),
      publicPaths.men.href(),
      publicPaths.women.href(),
      publicPaths.plan.href(),
      publicPaths.correctionFollow.href(followToken),
    ];
    for (const href of pages) {
      const found = publicPageOf(href)!;
      const wanted = firstDataOf(found.page, found.params);
      expect(wanted.length, href).toBeGreaterThan(0);
      const res = await fetch(`${s.url}${href}`);
      expect(res.status, href).toBe(200);
      const carried = JSON.parse(FIRST_DATA.exec(await res.text())?.[1] ?? '{}') as Record<string, unknown>;
      for (const path of wanted) expect(carried[path], `${href}: ${path}`).toEqual(await api(path));
    }
  });

  it('is a 404 page for a grave, article, notice or token the register does not hold, or that cannot be an id', async () => {
    for (const href of [
      publicPaths.grave.href('no-such-grave'),
      publicPaths.grave.href('\u0001'),
      publicPaths.grave.href('x'.repeat(101)),
      publicPaths.article.href('no-such-article'),
      publicPaths.notice.href('no-such-notice'),
      publicPaths.correctionFollow.href('no-such-token'),
    ]) {
      const res = await fetch(`${s.url}${href}`);
      expect(res.status, href).toBe(404);
      expect(res.headers.get('content-type'), href).toMatch(/^text\/html/);
    }
  });

  it('sends a plan cell on to the page of its grave, and an unknown one to the 404 page', async () => {
    const cell = await fetch(`${s.url}${publicPaths.planGrave.href(grave.gender, grave.number)}`, {
      redirect: 'manual',
    });
    expect(cell.status).toBe(302);
    expect(cell.headers.get('location')).toBe(publicPaths.grave.href(grave._id));
    const none = await fetch(`${s.url}${publicPaths.planGrave.href(grave.gender, '99999')}`, { redirect: 'manual' });
    expect(none.status).toBe(404);
  });
});
