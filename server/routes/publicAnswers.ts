// The public answers the site's pages are drawn from (src/api/firstData.ts), each one function of the context that
// both its API route and the page drawn on the server call (server/site/pageAnswers.ts), so the two never differ; and
// the parts of the register each shows, declared once for the route's answer cache and for the kept pages.
import { recentSince } from '../../src/domain/notices/noticeRules';
import { checkGraveNumber, isGender } from '../../src/domain/rules/validation';
import type { Gender } from '../../src/domain/types';
import type { DataScope } from '../data/dataVersions';
import type { AppContext } from '../http/context';
import { badRequest, notFound } from '../http/errors';

/** What each public answer shows: a write to one of these parts changes it (the answer cache drops it). */
export const SHOWS = {
  // The grave's place on the plan comes with it: renaming the rows changes it. Only a write to a grave already on
  // record can change a grave's page (adding another grave cannot).
  grave: ['burials', 'plan'],
  article: ['articles'],
  // A burial or grave deleted unlinks the notices that named it (burials), and "today" ends a notice's days.
  notices: ['notices', 'burials'],
  nextGraves: ['men', 'women'],
  plan: ['men', 'women', 'bones', 'plan'],
  settings: ['site'],
  sectionCards: (gender: Gender): readonly DataScope[] => [gender],
} as const satisfies Record<string, readonly DataScope[] | ((gender: Gender) => readonly DataScope[])>;

/** How far back ?recent may reach, in days; and how it is written (whole days, in digits). */
export const RECENT_MAX_DAYS = 365;
export const RECENT_PATTERN = '^[0-9]{1,3}$';

/**
 * A grave's public page, with its place on the plan, and the other graves it shows (where its moved remains went
 * and where its remains came from): a write to one of them changes it as well.
 */
export async function publicGrave(ctx: AppContext, id: string) {
  const grave = await ctx.data.graves.get(ctx.statusContext(), id, { withPlace: true });
  if (!grave) throw notFound('grave.notFound');
  const alsoShows = [
    ...(grave.moved ?? []).map((p) => p.transferredTo?.graveId),
    ...grave.buriedPersons.map((p) => p.transferredFrom?.graveId),
  ].filter((other): other is string => typeof other === 'string' && other !== '');
  return { grave, alsoShows };
}

/** The grave of a section and number (a plan cell, a printed plan, a plate on the ground). */
export async function graveByNumber(ctx: AppContext, gender: string, number: string) {
  const checked = isGender(gender) ? checkGraveNumber(gender, number) : null;
  const id =
    checked?.ok && isGender(gender) ? await ctx.data.plan.graveIdByNumber(gender, String(checked.value)) : null;
  const found = id ? await ctx.data.graves.get(ctx.statusContext(), id, { withPlace: true }) : null;
  if (!found) throw notFound('grave.notFound');
  return found;
}

export async function publicArticle(ctx: AppContext, id: string) {
  const found = await ctx.data.articles.get(id);
  if (!found) throw notFound('article.notFound');
  return found;
}

/** The notices on the home page today; with `recent`, also those whose prayer fell in the last `recent` days. */
export async function publicNotices(ctx: AppContext, recent: number | null) {
  const today = ctx.today();
  if (recent !== null && (recent < 1 || recent > RECENT_MAX_DAYS)) throw badRequest('errors.badQuery');
  return ctx.data.notices.public(today, recent === null ? null : recentSince(today, recent));
}

/** A notice; a hidden one only to whom `readsHidden` says may read it (the staff), else not found. */
export async function readNotice(ctx: AppContext, id: string, readsHidden: () => Promise<boolean>) {
  const found = await ctx.data.notices.get(id);
  if (!found || (found.hidden && !(await readsHidden()))) throw notFound('notice.notFound');
  return found;
}

/** The grave the committee uses next in each section (config NEXT_GRAVE_ORDER). */
export const nextGraves = (ctx: AppContext) => ctx.data.graves.next(ctx.statusContext(), ctx.config.nextGraveOrder);

/** A page of a section's cards in the section's order (no search). */
export async function sectionCardsPage(ctx: AppContext, gender: Gender, offset: number, limit: number) {
  const page = await ctx.data.graves.sectionCards(ctx.statusContext(), gender, { offset, limit });
  return { total: page.total, offset, cards: page.cards };
}

export const cemeteryPlan = (ctx: AppContext) => ctx.data.plan.cemetery(ctx.statusContext());

/** A correction's state for whoever holds its private token. */
export async function followCorrection(ctx: AppContext, token: string) {
  const found = await ctx.data.corrections.follow(token);
  if (!found) throw notFound('correction.followNotFound');
  return found;
}

/** The register's settings: what the browser must agree on, and the village's identity. */
export async function registerSettings(ctx: AppContext) {
  return {
    timeZone: ctx.config.timeZone,
    restingPeriodDays: ctx.config.restingPeriodDays,
    ...(await ctx.data.identity.read()),
  };
}
