// The API answers a public screen's first paint waits for (a grave's number, an article's title, a section's first
// cards). The server draws the screen with them and puts them in the page it sends (server/site/shell.ts), or names
// them so the browser fetches them at once; src/ssr/entry-client.tsx starts the same requests before rendering when
// the page came without them (npm run dev).
import type { PublicPageName } from '../domain/paths/publicPages';
import { NOTICE_RECENT_DAYS } from '../domain/notices/notice';
import { paths } from './paths';

export const FIRST_DATA: Partial<Record<PublicPageName, (params: Record<string, string>) => readonly string[]>> = {
  GraveDetailsPage: ({ graveId }) => [paths.grave(graveId ?? '')],
  ArticlePage: ({ id }) => [paths.articleDetail(id ?? '')],
  // The current notices are the top of the home page (drawn with it, so the strip does not push the page
  // down when it arrives); /notices reaches back a month; a notice's page is its notice.
  HomePage: () => [paths.notices()],
  NoticesPage: () => [paths.notices({ recent: NOTICE_RECENT_DAYS })],
  NoticePage: ({ id }) => [paths.notice(id ?? '')],
  // The line naming the next grave to use is the widest text of the first screen, so it is drawn with the page (a
  // late one became the page's largest paint: 5 s on a phone); and the section's first cards: a few KB,
  // where the whole section of a town is 2 MB of JSON.
  MenPage: () => [paths.nextGraves(), paths.sectionCards('men')],
  WomenPage: () => [paths.nextGraves(), paths.sectionCards('women')],
  // The plan is drawn with the page: its data is a few kilobytes even for thousands of graves (one letter a grave).
  PlanPage: () => [paths.plan()],
  // The follow-up page is drawn with its answer (a few fields; an unknown token is then a 404 page).
  CorrectionFollowPage: ({ token }) => [paths.followCorrection(token ?? '')],
};

/** The API paths (relative to the API base) of this page's first data; none for most pages. */
export const firstDataOf = (page: PublicPageName, params: Record<string, string>): readonly string[] =>
  FIRST_DATA[page]?.(params) ?? [];

/**
 * Whether the API's answer to a first-data path says the grave or article the address names is not in the register
 * (404, or 400 for an id that cannot be one): the page then says so (the browser), and is sent as a 404 (the server).
 */
export const namesNothing = (status: number): boolean => status === 404 || status === 400;
