// The console's dataProvider, composed per resource: ra-data-simple-rest speaks the API's dialect for paging, sorting
// and filtering (the server answers it); each resource overrides only where the specification's endpoints differ
// (./graves, ./suggestions, ./articles, ./users), lifecycle callbacks adjust what goes in and out, and typed custom
// methods cover what is not CRUD. Every call goes through the one client of src/api (./http).
import simpleRestProvider from 'ra-data-simple-rest';
import { combineDataProviders, withLifecycleCallbacks, type DataProvider } from 'ra-core';
import { API_BASE } from '../api/client';
import { fetchRegisterSettings, type RegisterSettings } from '../api/settings';
import { articlesCallbacks, articlesResource } from './articles';
import { oneByOne } from './bulk';
import { graveMethods, gravesResource, type GraveMethods } from './graves';
import { consoleApi } from './http';
import { correctionMethods, type CorrectionMethods } from './corrections';
import { photoMethods, type PhotoMethods } from './photos';
import { registerMethods, type RegisterMethods } from './register';
import { noticeMethods, noticesResource, type NoticeMethods } from './notices';
import { planMethods, type PlanMethods } from './plan';
import { siteSettingsMethods, type SiteSettingsMethods } from './siteSettings';
import { suggestionMethods, suggestionsResource, type SuggestionMethods } from './suggestions';
import { userMethods, usersCallbacks, usersResource, type UserMethods } from './users';

export interface CemeteryDataProvider
  extends
    DataProvider,
    GraveMethods,
    SuggestionMethods,
    UserMethods,
    RegisterMethods,
    PlanMethods,
    SiteSettingsMethods,
    NoticeMethods,
    CorrectionMethods,
    PhotoMethods {
  /** GET /settings: the server's time zone and resting period (ApiError when it cannot say). */
  getSettings(): Promise<RegisterSettings>;
}

/**
 * @param apiBase the API's base address (API_BASE in the browser; the test server's in tests)
 * @param getToken the bearer token of the session, or null
 */
export function createDataProvider(
  apiBase: string = API_BASE,
  getToken: () => string | null = () => null,
): CemeteryDataProvider {
  const api = consoleApi(apiBase, getToken);
  // Built on '' so that every URL it makes is a path under the API base, which the client adds.
  const rest = simpleRestProvider('', api.httpClient);
  const resources: Record<string, DataProvider> = {
    graves: gravesResource(rest, api),
    suggestions: suggestionsResource(rest, api),
    articles: articlesResource(rest, api),
    users: usersResource(rest, api),
    notices: noticesResource(rest, api),
  };
  // The audit trail (read-only) and the corrections' queue are plain simple-rest.
  const perResource = combineDataProviders((resource) => resources[resource] ?? rest);
  const crud = withLifecycleCallbacks(perResource, [articlesCallbacks, usersCallbacks]);
  return {
    ...crud,
    ...oneByOne(crud),
    ...graveMethods(api),
    ...suggestionMethods(api),
    ...userMethods(api),
    ...registerMethods(api),
    ...planMethods(api),
    ...siteSettingsMethods(api),
    ...noticeMethods(api),
    ...correctionMethods(api),
    ...photoMethods(api, apiBase, getToken),
    getSettings: () => fetchRegisterSettings({ base: apiBase }),
    // react-admin's reads get an abort signal, which the client passes to fetch: a list's request that a newer one
    // supersedes (the search typed on) is cancelled rather than left to finish unseen.
    supportAbortSignal: true,
  };
}
