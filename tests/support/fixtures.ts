// Shared fixtures of the server suites, built on the site's own API client (src/api): a signed-in staff member per
// role, and graves and burials made through the API the way the console makes them. A fixture the server refuses
// throws the server's Arabic reason (ApiError), so a broken setup names its cause. Tests of refusals call the API
// themselves (tests/server/helpers.ts), since they assert on the refusal.
import { call } from '../../src/api/client';
import { paths } from '../../src/api/paths';
import type { Gender, Grave, LoginAnswer } from '../../src/domain/types';
import { DEMO_ACCOUNTS, type TestServer } from './server';

export type StaffRole = keyof typeof DEMO_ACCOUNTS;

/** The session token of the demo account of that role (the server must hold the demo accounts). */
export async function signIn(server: TestServer, role: StaffRole): Promise<string> {
  const { email, password } = DEMO_ACCOUNTS[role];
  const answer = await call<LoginAnswer>(paths.login(), {
    base: server.api,
    method: 'POST',
    body: { email, password },
  });
  return answer.token;
}

/** A new grave of that section (a number, or a label for a bone section). */
export async function makeGrave(
  server: TestServer,
  token: string,
  gender: Gender,
  number: number | string,
): Promise<Grave> {
  return call<Grave>(paths.graves(), { base: server.api, token, method: 'POST', body: { gender, number } });
}

/** A burial recorded into the grave; the grave as it is afterwards. */
export async function bury(
  server: TestServer,
  token: string,
  graveId: string,
  name: string,
  burialDate: string,
): Promise<Grave> {
  const answer = await call<{ grave: Grave }>(paths.bury(graveId), {
    base: server.api,
    token,
    method: 'POST',
    body: { name, burialDate },
  });
  return answer.grave;
}

/** Marks the grave full; the grave as it is afterwards. */
export async function markFull(server: TestServer, token: string, graveId: string): Promise<Grave> {
  return (await call<{ grave: Grave }>(paths.markFull(graveId), { base: server.api, token, method: 'PUT' })).grave;
}
