// The API answer a public screen's largest text waits for (a grave's number, an article's title). The server
// names it in the page it sends so the browser fetches it at once (server/site/shell.ts); src/ssr/entry-client.tsx starts the
// same request before rendering when the page came without that hint (npm run dev).
import type { PublicPageName } from '../domain/publicPages';
import { paths } from './paths';

export const FIRST_DATA: Partial<Record<PublicPageName, (params: Record<string, string>) => string>> = {
  GraveDetailsPage: ({ graveId }) => paths.grave(graveId ?? ''),
  ArticlePage: ({ id }) => paths.articleDetail(id ?? ''),
  // The sections' cards come in steps after the page; the line naming the next grave to use is the widest text
  // of the first screen, so it is drawn with the page (a late one became the page's largest paint: 5 s on a phone).
  MenPage: () => paths.nextGraves(),
  WomenPage: () => paths.nextGraves(),
  // The plan is drawn with the page: its data is a few kilobytes even for thousands of graves (one letter a grave).
  PlanPage: () => paths.plan(),
};
