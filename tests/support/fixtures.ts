// Shared fixtures of the server suites, built on the site's own API client (src/api): a signed-in staff member per
// role, and graves, burials, articles and suggestions made through the API the way the console and the public site
// make them. A fixture the server refuses throws the server's Arabic reason (ApiError), so a broken setup names its
// cause. Tests of refusals call the API themselves (tests/server/helpers.ts), since they assert on the refusal.
import { call } from '../../src/api/client';
import { paths } from '../../src/api/paths';
import type { Article, Gender, Grave, LoginAnswer, Suggestion, TokenClaims } from '../../src/domain/types';
import { DEMO_ACCOUNTS } from '../../server/seed/generator';

/** Where the API answers: a TestServer, or anything else that knows its /api base (e.g. a server process). */
export interface ApiAt {
  /** e.g. http://127.0.0.1:43121/api */
  api: string;
}

export type StaffRole = keyof typeof DEMO_ACCOUNTS;

// The answers of the contract that src/domain/types does not name (they wrap an entity with a message).

/** {message}: what a deletion, a password change or a sent suggestion answers, and what every refusal carries. */
export interface MessageAnswer {
  message: string;
}
/** What bury, mark-full and correcting a burial answer. */
export interface GraveAnswer extends MessageAnswer {
  grave: Grave;
}
/** What a change of a suggestion's status answers. */
export interface SuggestionAnswer extends MessageAnswer {
  suggestion: Suggestion;
}
/** What registering an account answers. */
export interface RegisterAnswer extends MessageAnswer {
  _id: string;
}
/** GET /api/health */
export interface Health {
  status: 'ok';
  database: 'sqlite' | 'postgres';
}
/** A suggestion as a visitor sends it. */
export interface SuggestionForm {
  text: string;
  name: string;
  phone: string;
}

/** The session token of that account. */
export async function logIn(server: ApiAt, email: string, password: string): Promise<string> {
  const answer = await call<LoginAnswer>(paths.login(), {
    base: server.api,
    method: 'POST',
    body: { email, password },
  });
  return answer.token;
}

/** The session token of the demo account of that role (the server must hold the demo accounts). */
export async function signIn(server: ApiAt, role: StaffRole): Promise<string> {
  const { email, password } = DEMO_ACCOUNTS[role];
  return logIn(server, email, password);
}

/** A new grave of that section (a number, or a label for a bone section). */
export async function makeGrave(server: ApiAt, token: string, gender: Gender, number: number | string): Promise<Grave> {
  return call<Grave>(paths.graves(), { base: server.api, token, method: 'POST', body: { gender, number } });
}

/** A burial recorded into the grave; the grave as it is afterwards. */
export async function bury(
  server: ApiAt,
  token: string,
  graveId: string,
  name: string,
  burialDate: string,
): Promise<Grave> {
  const answer = await call<GraveAnswer>(paths.bury(graveId), {
    base: server.api,
    token,
    method: 'POST',
    body: { name, burialDate },
  });
  return answer.grave;
}

/** Marks the grave full; the grave as it is afterwards. */
export async function markFull(server: ApiAt, token: string, graveId: string): Promise<Grave> {
  return (await call<GraveAnswer>(paths.markFull(graveId), { base: server.api, token, method: 'PUT' })).grave;
}

/** A new article (a manager's token). */
export async function writeArticle(server: ApiAt, token: string, title: string, content: string): Promise<Article> {
  return call<Article>(paths.articles(), { base: server.api, token, method: 'POST', body: { title, content } });
}

/** A visitor's suggestion; `headers` e.g. an x-forwarded-for, for a server that trusts its proxy. */
export async function sendSuggestion(
  server: ApiAt,
  suggestion: SuggestionForm,
  headers?: Record<string, string>,
): Promise<void> {
  await call<MessageAnswer>(paths.suggestion(), { base: server.api, method: 'POST', body: suggestion, headers });
}

/** The suggestions of that status, newest first (a manager's token). */
export async function suggestionsOf(server: ApiAt, token: string, status: Suggestion['status']): Promise<Suggestion[]> {
  return call<Suggestion[]>(paths.suggestionsByStatus(status), { base: server.api, token });
}

/** A staff member of one role, signed in: the fixtures above with the server and the token bound. */
export interface StaffClient {
  role: StaffRole;
  token: string;
  makeGrave(gender: Gender, number: number | string): Promise<Grave>;
  bury(graveId: string, name: string, burialDate: string): Promise<Grave>;
  markFull(graveId: string): Promise<Grave>;
  writeArticle(title: string, content: string): Promise<Article>;
  suggestionsOf(status: Suggestion['status']): Promise<Suggestion[]>;
}

/** Signs in the demo account of that role and answers a client bound to it. */
export async function staffClient(server: ApiAt, role: StaffRole): Promise<StaffClient> {
  const token = await signIn(server, role);
  return {
    role,
    token,
    makeGrave: (gender, number) => makeGrave(server, token, gender, number),
    bury: (graveId, name, burialDate) => bury(server, token, graveId, name, burialDate),
    markFull: (graveId) => markFull(server, token, graveId),
    writeArticle: (title, content) => writeArticle(server, token, title, content),
    suggestionsOf: (status) => suggestionsOf(server, token, status),
  };
}

/** The header and claims of a session token, read without checking its signature (the tests check the server). */
export function readToken(token: string): { header: { alg: string; typ?: string }; claims: TokenClaims } {
  const [header, claims] = token.split('.').map((part) => Buffer.from(part, 'base64url').toString());
  return {
    header: JSON.parse(header ?? 'null') as { alg: string; typ?: string },
    claims: JSON.parse(claims ?? 'null') as TokenClaims,
  };
}
