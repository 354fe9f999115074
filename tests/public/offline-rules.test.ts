// What the service worker may keep (src/public/offline/rules.ts): public pages and public GET answers asked without
// credentials; never the console, the login page, a staff answer, a request with a token, or a POST.
import { describe, expect, it } from 'vitest';
import { publicPaths } from '../../src/domain/paths/publicPaths';
import { isOfflinePage, isPrecached, offlineRule, type RequestFacts } from '../../src/public/offline/rules';

const ORIGIN = 'https://village.example';
const facts = (path: string, more: Partial<RequestFacts> = {}): RequestFacts => ({
  method: 'GET',
  url: new URL(path, ORIGIN),
  origin: ORIGIN,
  mode: 'cors',
  authorized: false,
  ...more,
});

describe('offline rules', () => {
  it('keeps the public pages, never the console or the login page', () => {
    for (const page of [
      publicPaths.home.href(),
      publicPaths.men.href(),
      publicPaths.women.href(),
      publicPaths.bones.href(),
      publicPaths.plan.href(),
      publicPaths.grave.href('abc'),
      publicPaths.approved.href(),
      publicPaths.notices.href(),
      publicPaths.notice.href('abc'),
    ]) {
      expect(isOfflinePage(page), page).toBe(true);
      expect(offlineRule(facts(page, { mode: 'navigate' })), page).toBe('page');
    }
    for (const page of ['/admin', '/admin/graves', '/admin/users/create']) {
      expect(isOfflinePage(page), page).toBe(false);
      expect(offlineRule(facts(page, { mode: 'navigate' })), page).toBeNull();
    }
    // The login page is never kept; offline, the shell draws it to say signing in needs the network.
    expect(isOfflinePage('/login')).toBe(false);
    expect(offlineRule(facts('/login', { mode: 'navigate' }))).toBe('login');
    expect(offlineRule(facts('/login', { mode: 'navigate', authorized: true }))).toBeNull();
  });

  it('keeps public answers, and names the sections, the search and the index', () => {
    for (const path of ['/api/graves/recentBurials', '/api/articles', '/api/plan']) {
      expect(offlineRule(facts(path)), path).toBe('answer');
    }
    // A grave's answer is kept too, and drawn from its section's row when it never was.
    expect(offlineRule(facts('/api/graves/graves/abc'))).toBe('grave');
    expect(offlineRule(facts('/api/graves/graves/abc?x=1'))).toBeNull();
    expect(offlineRule(facts('/api/graves/male'))).toBe('section');
    expect(offlineRule(facts('/api/graves/bone'))).toBe('section');
    expect(offlineRule(facts('/api/search?q=حسن'))).toBe('search');
    expect(offlineRule(facts('/api/search/index'))).toBe('index');
    expect(offlineRule(facts('/api/graves/cards/male'))).toBe('cards');
    expect(offlineRule(facts('/api/graves/cards/female?offset=60&limit=60'))).toBe('cards');
    expect(offlineRule(facts('/api/graves/cards/bone?q=%D8%AD%D8%B3%D9%86'))).toBe('cards');
    expect(offlineRule(facts('/api/graves/cards/male?x=1'))).toBeNull();
    // The notices (current, and the last month's as /notices asks) and one notice; never the staff's
    // list of every notice (?all=true), nor the calendar file.
    expect(offlineRule(facts('/api/notices'))).toBe('answer');
    expect(offlineRule(facts('/api/notices?recent=30'))).toBe('answer');
    expect(offlineRule(facts('/api/notices/abc'))).toBe('answer');
    expect(offlineRule(facts('/api/notices?all=true'))).toBeNull();
    expect(offlineRule(facts('/api/notices?recent=30&all=true'))).toBeNull();
    expect(offlineRule(facts('/api/notices/abc/calendar.ics'))).toBeNull();
    expect(offlineRule(facts('/api/notices', { authorized: true }))).toBeNull();
  });

  it('never keeps staff answers, a request with a token, a POST or another origin', () => {
    for (const path of ['/api/graves', '/api/graves?_start=0', '/api/graves/abc', '/api/users', '/api/audit']) {
      expect(offlineRule(facts(path)), path).toBeNull();
    }
    for (const path of ['/api/export/register.csv', '/api/articles/abc', '/api/suggestion/status/pending']) {
      expect(offlineRule(facts(path)), path).toBeNull();
    }
    expect(offlineRule(facts('/api/graves/male', { authorized: true }))).toBeNull();
    expect(offlineRule(facts('/', { mode: 'navigate', authorized: true }))).toBeNull();
    expect(offlineRule(facts('/api/suggestion', { method: 'POST' }))).toBeNull();
    expect(offlineRule(facts('/api/graves/male', { origin: 'https://other.example' }))).toBeNull();
    // Unknown query parameters are another answer each: not kept.
    expect(offlineRule(facts('/api/graves/male?x=1'))).toBeNull();
  });

  it('keeps the photos lists and thumbnails of graves, never the forms, the follow-up page or a display size', () => {
    expect(offlineRule(facts('/api/graves/abc/photos'))).toBe('photos');
    expect(offlineRule(facts('/api/graves/abc/photos?all=1'))).toBeNull();
    expect(offlineRule(facts('/api/graves/abc/photos', { authorized: true }))).toBeNull();
    expect(offlineRule(facts('/api/graves/abc/photos', { method: 'POST' }))).toBeNull();
    expect(offlineRule(facts('/photos/p1/thumb.webp'))).toBe('thumb');
    expect(offlineRule(facts('/photos/p1/thumb.jpg'))).toBe('thumb');
    // A pending photo is the staff's (asked with their token): never kept.
    expect(offlineRule(facts('/photos/p1/thumb.webp', { authorized: true }))).toBeNull();
    expect(offlineRule(facts('/photos/p1/display.webp'))).toBeNull();
    expect(offlineRule(facts('/photos/p1/display.jpg'))).toBeNull();
    expect(offlineRule(facts('/photos/p1/thumb.webp', { origin: 'https://other.example' }))).toBeNull();
    for (const page of [
      publicPaths.correctBurial.href('g1', 'p1'),
      publicPaths.gravePhoto.href('g1'),
      publicPaths.correctionFollow.href('secret-token'),
    ]) {
      expect(isOfflinePage(page), page).toBe(false);
      expect(offlineRule(facts(page, { mode: 'navigate' })), page).toBe('login');
    }
  });

  it('precaches the public build files only', () => {
    const publicFiles = new Set(['assets/index-1.js', 'assets/MenPage-2.js']);
    expect(isPrecached('index.html', publicFiles)).toBe(true);
    expect(isPrecached('logo.svg', publicFiles)).toBe(true);
    expect(isPrecached('assets/MenPage-2.js', publicFiles)).toBe(true);
    expect(isPrecached('assets/AdminApp-3.js', publicFiles)).toBe(false);
    expect(isPrecached('page-chunks.json', publicFiles)).toBe(false);
  });
});
