// The console's dataProvider: ra-data-simple-rest over the API base (the server pages, sorts and filters with
// simple-rest's parameters), wrapped with hand-written mappings for the specification's irregular endpoints and
// typed custom methods for what is not CRUD.
import simpleRestProvider from 'ra-data-simple-rest';
import {
  fetchUtils,
  HttpError,
  type CreateParams,
  type DataProvider,
  type DeleteManyParams,
  type DeleteParams,
  type GetListParams,
  type GetManyParams,
  type GetOneParams,
  type Identifier,
  type RaRecord,
  type UpdateManyParams,
  type UpdateParams,
} from 'ra-core';
import { API_BASE } from '../api/client';
import { paths } from '../api/paths';
import { t, type MessageKey } from '../domain/messages';
import {
  SUGGESTION_STATUSES,
  type Account,
  type ArticleSummary,
  type BuriedPerson,
  type Grave,
  type Statistics,
  type Suggestion,
  type SuggestionStatus,
} from '../domain/types';

/** A record as react-admin holds it: the API's `_id` is also its `id`. */
export type WithId<T extends { _id: string }> = T & { id: string };
export type BuriedPersonRecord = WithId<BuriedPerson>;
export type GraveRecord = WithId<Omit<Grave, 'buriedPersons'>> & { buriedPersons: BuriedPersonRecord[] };
export type SuggestionRecord = WithId<Suggestion>;
export type ArticleRecord = WithId<ArticleSummary> & { content?: string };
export type AccountRecord = WithId<Account>;

export interface BurialInput {
  name: string;
  /** YYYY-MM-DD */
  burialDate: string;
}

export interface CemeteryDataProvider extends DataProvider {
  /** PUT /graves/full/{id} */
  markFull(graveId: Identifier): Promise<{ data: GraveRecord; message: string }>;
  /** POST /graves/{id}/bury */
  bury(graveId: Identifier, burial: BurialInput): Promise<{ data: GraveRecord; message: string }>;
  /** DELETE /graves/{id}/remove-buried with {buriedPersonId} */
  removeBuried(graveId: Identifier, buriedPersonId: Identifier): Promise<{ message: string }>;
  /** PUT /graves/{id}/buried/{personId} */
  updateBuried(
    graveId: Identifier,
    personId: Identifier,
    changes: Partial<BurialInput>,
  ): Promise<{ data: GraveRecord; message: string }>;
  /** PUT /suggestion/status/{id} */
  setSuggestionStatus(id: Identifier, status: SuggestionStatus): Promise<{ data: SuggestionRecord; message: string }>;
  /** POST /auth/update-password */
  updatePassword(input: { email: string; newPassword: string }): Promise<{ message: string }>;
  /** The register's statistics (five GET calls of spec section 7). */
  getStatistics(): Promise<{ data: Statistics }>;
  /** GET /graves/recentBurials */
  getRecentBurials(): Promise<{ data: GraveRecord[] }>;
}

type Json = Record<string, unknown>;

function withId<T extends { _id?: unknown }>(item: T): T & { id: string } {
  return { ...item, id: String(item._id) };
}

function toGrave(json: unknown): GraveRecord {
  const grave = withId(json as Grave);
  return { ...grave, buriedPersons: (grave.buriedPersons ?? []).map((p) => withId(p)) };
}

function toRecord(resource: string, json: unknown): RaRecord {
  if (resource === 'graves') return toGrave(json);
  return withId(json as { _id: string });
}

const NETWORK_ERROR: MessageKey = 'bones.connectionError';

function isSuggestionStatus(value: unknown): value is SuggestionStatus {
  return typeof value === 'string' && (SUGGESTION_STATUSES as readonly string[]).includes(value);
}

/** The fields each resource's PUT accepts (the server refuses unknown fields). */
const WRITABLE: Record<string, readonly string[]> = {
  articles: ['title', 'content'],
};

function pick(data: Json, keys: readonly string[]): Json {
  const out: Json = {};
  for (const key of keys) if (data[key] !== undefined) out[key] = data[key];
  return out;
}

/**
 * @param apiBase the API's base address (API_BASE in the browser; the test server's in tests)
 * @param getToken the bearer token of the session, or null
 */
export function createDataProvider(
  apiBase: string = API_BASE,
  getToken: () => string | null = () => null,
): CemeteryDataProvider {
  const httpClient = async (url: string, options: fetchUtils.Options = {}) => {
    const headers = new Headers(options.headers ?? { Accept: 'application/json' });
    const token = getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    try {
      return await fetchUtils.fetchJson(url, { ...options, headers });
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if ((error as Error)?.name === 'AbortError') throw error;
      // fetch itself failed (server unreachable): still an Arabic message, status 0.
      throw new HttpError(t(NETWORK_ERROR), 0, null);
    }
  };
  const rest = simpleRestProvider(apiBase, httpClient);

  const json = async <T>(path: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE' = 'GET', body?: unknown): Promise<T> => {
    const { json: answer } = await httpClient(`${apiBase}${path}`, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return answer as T;
  };

  /** Spec section 8: the suggestions list speaks its own errors. */
  const suggestionListError = (error: unknown): never => {
    if (!getToken()) throw new HttpError(t('suggestion.tokenMissing'), 401, null);
    if (error instanceof HttpError && error.status === 401) throw new HttpError(t('suggestion.unauthorized'), 401, error.body);
    if (error instanceof HttpError && error.status === 403) throw error;
    throw new HttpError(t('suggestion.fetchError'), error instanceof HttpError ? error.status : 0, null);
  };

  const getSuggestions = async (params: GetListParams) => {
    const { status, ...filter } = (params.filter ?? {}) as Json;
    const chosen: SuggestionStatus = isSuggestionStatus(status) ? status : 'pending';
    if (!getToken()) throw new HttpError(t('suggestion.tokenMissing'), 401, null);
    try {
      // simple-rest builds the URL from the resource path: the irregular endpoint is the "resource" here.
      const result = await rest.getList(paths.suggestionsByStatus(chosen).slice(1), { ...params, filter });
      return { ...result, data: result.data.map((s) => withId(s as Suggestion)) };
    } catch (error) {
      return suggestionListError(error);
    }
  };

  const setSuggestionStatus: CemeteryDataProvider['setSuggestionStatus'] = async (id, status) => {
    try {
      const answer = await json<{ message: string; suggestion: Suggestion }>(
        paths.suggestionStatus(String(id)),
        'PUT',
        { status },
      );
      return { data: withId(answer.suggestion), message: answer.message };
    } catch (error) {
      if (error instanceof HttpError && (error.status === 401 || error.status === 403)) throw error;
      throw new HttpError(t('suggestion.updateError'), error instanceof HttpError ? error.status : 0, error instanceof HttpError ? error.body : null);
    }
  };

  const getOne = async (resource: string, params: GetOneParams) => {
    if (resource === 'suggestions') {
      // The API has no single-suggestion path: look it up in the three status lists.
      for (const status of SUGGESTION_STATUSES) {
        const list = await json<Suggestion[]>(paths.suggestionsByStatus(status));
        const found = list.find((s) => s._id === String(params.id));
        if (found) return { data: withId(found) };
      }
      throw new HttpError(t('suggestion.notFound'), 404, null);
    }
    const result = await rest.getOne(resource, params);
    return { data: toRecord(resource, result.data) };
  };

  const provider: CemeteryDataProvider = {
    async getList(resource, params) {
      if (resource === 'suggestions') return (await getSuggestions(params)) as never;
      const result = await rest.getList(resource, params);
      return { ...result, data: result.data.map((r) => toRecord(resource, r)) } as never;
    },

    getOne: getOne as DataProvider['getOne'],

    async getMany(resource, params: GetManyParams) {
      if (resource === 'graves' || resource === 'users') {
        const result = await rest.getMany(resource, params);
        return { data: result.data.map((r) => toRecord(resource, r)) } as never;
      }
      // Articles and suggestions have no id filter: one getOne each.
      const data = await Promise.all(params.ids.map((id) => getOne(resource, { id }).then((r) => r.data)));
      return { data } as never;
    },

    async getManyReference(resource, params) {
      const result = await rest.getManyReference(resource, params);
      return { ...result, data: result.data.map((r) => toRecord(resource, r)) } as never;
    },

    async create(resource, params: CreateParams) {
      if (resource === 'users') {
        const { name, email, password } = params.data as { name: string; email: string; password: string };
        const answer = await json<{ message: string; _id: string }>(paths.register(), 'POST', { name, email, password });
        const account: AccountRecord = {
          _id: answer._id,
          id: answer._id,
          name,
          email,
          role: 'admin',
          createdAt: new Date().toISOString(),
        };
        return { data: account } as never;
      }
      const result = await rest.create(resource, params);
      return { data: toRecord(resource, result.data) } as never;
    },

    async update(resource, params: UpdateParams) {
      if (resource === 'suggestions') {
        const status = (params.data as Json).status;
        if (!isSuggestionStatus(status)) throw new HttpError(t('suggestion.statusInvalid'), 400, null);
        return { data: (await setSuggestionStatus(params.id, status)).data } as never;
      }
      if (resource === 'graves') {
        // A grave changes only by becoming full (spec section 4).
        if ((params.data as Json).status === 'ممتلئة') return { data: (await markFull(params.id)).data } as never;
        throw new HttpError(t('errors.badRequest'), 400, null);
      }
      const writable = WRITABLE[resource];
      const data = writable ? pick(params.data as Json, writable) : params.data;
      const result = await rest.update(resource, { ...params, data });
      const { message: _message, ...record } = result.data as Json;
      return { data: toRecord(resource, record) } as never;
    },

    async updateMany(resource, params: UpdateManyParams) {
      const ids: Identifier[] = [];
      for (const id of params.ids) {
        await provider.update(resource, { id, data: params.data, previousData: { id } as RaRecord });
        ids.push(id);
      }
      return { data: ids };
    },

    async delete(resource, params: DeleteParams) {
      await json<{ message: string }>(`/${resource}/${encodeURIComponent(String(params.id))}`, 'DELETE');
      return { data: { ...(params.previousData ?? {}), id: params.id } } as never;
    },

    async deleteMany(resource, params: DeleteManyParams) {
      for (const id of params.ids) await provider.delete(resource, { id });
      return { data: params.ids };
    },

    markFull: (graveId) => markFull(graveId),

    async bury(graveId, burial) {
      const answer = await json<{ message: string; grave: Grave }>(paths.bury(String(graveId)), 'POST', burial);
      return { data: toGrave(answer.grave), message: answer.message };
    },

    async removeBuried(graveId, buriedPersonId) {
      const answer = await json<{ message: string }>(paths.removeBuried(String(graveId)), 'DELETE', {
        buriedPersonId: String(buriedPersonId),
      });
      return { message: answer.message };
    },

    async updateBuried(graveId, personId, changes) {
      const answer = await json<{ message: string; grave: Grave }>(
        paths.buried(String(graveId), String(personId)),
        'PUT',
        pick(changes as Json, ['name', 'burialDate']),
      );
      return { data: toGrave(answer.grave), message: answer.message };
    },

    setSuggestionStatus,

    async updatePassword(input) {
      const answer = await json<{ message: string }>(paths.updatePassword(), 'POST', {
        email: input.email,
        newPassword: input.newPassword,
      });
      return { message: answer.message };
    },

    async getStatistics() {
      const [total, male, female, available, unavailable] = await Promise.all([
        json<{ totalDeaths: number }>(paths.totalDeaths()),
        json<{ maleDeaths: number }>(paths.maleDeaths()),
        json<{ femaleDeaths: number }>(paths.femaleDeaths()),
        json<{ availableGravesCount: number }>(paths.availableCount()),
        json<{ unavailableGravesCount: number }>(paths.unavailableCount()),
      ]);
      return {
        data: {
          totalDeaths: total.totalDeaths,
          maleDeaths: male.maleDeaths,
          femaleDeaths: female.femaleDeaths,
          availableGravesCount: available.availableGravesCount,
          unavailableGravesCount: unavailable.unavailableGravesCount,
        },
      };
    },

    async getRecentBurials() {
      const list = await json<Grave[]>(paths.recentBurials());
      return { data: list.map(toGrave) };
    },
  };

  async function markFull(graveId: Identifier) {
    const answer = await json<{ message: string; grave: Grave }>(paths.markFull(String(graveId)), 'PUT');
    return { data: toGrave(answer.grave), message: answer.message };
  }

  return provider;
}
