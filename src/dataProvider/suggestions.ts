// Suggestions: the API lists them per status (/suggestion/status/{status}) and changes only their status; it has no
// path for one suggestion. The list speaks its own errors (spec section 8).
import {
  HttpError,
  type DataProvider,
  type GetListParams,
  type GetOneParams,
  type Identifier,
  type RaRecord,
  type UpdateParams,
} from 'ra-core';
import { paths } from '../api/paths';
import { t } from '../domain/messages';
import { SUGGESTION_STATUSES, type SuggestionStatus } from '../domain/types';
import type { ConsoleApi } from './http';
import type { SuggestionRecord } from './records';

export interface SuggestionMethods {
  /** PUT /suggestion/status/{id} */
  setSuggestionStatus(id: Identifier, status: SuggestionStatus): Promise<{ data: SuggestionRecord; message: string }>;
}

function isSuggestionStatus(value: unknown): value is SuggestionStatus {
  return typeof value === 'string' && (SUGGESTION_STATUSES as readonly string[]).includes(value);
}

/** simple-rest puts its resource after a '/': an irregular path of src/api/paths is handed to it as the resource. */
const asResource = (path: string) => path.replace(/^\//, '');

export function suggestionsResource(rest: DataProvider, api: ConsoleApi): DataProvider {
  const tokenMissing = () => new HttpError(t('suggestion.tokenMissing'), 401, null);

  /** Spec section 8: what the list says when it cannot be read. */
  const listError = (error: unknown): HttpError => {
    if (!api.hasToken()) return tokenMissing();
    if (error instanceof HttpError && error.status === 401)
      return new HttpError(t('suggestion.unauthorized'), 401, error.body);
    if (error instanceof HttpError && error.status === 403) return error;
    return new HttpError(t('suggestion.fetchError'), error instanceof HttpError ? error.status : 0, null);
  };

  async function getOne<R extends RaRecord = RaRecord>(_resource: string, params: GetOneParams<R>) {
    // No path for one suggestion: look it up in the three status lists.
    for (const status of SUGGESTION_STATUSES) {
      const list = await api.call<R[]>(paths.suggestionsByStatus(status));
      const found = list.find((s) => String(s.id) === String(params.id));
      if (found) return { data: found };
    }
    throw new HttpError(t('suggestion.notFound'), 404, null);
  }

  return {
    ...rest,

    async getList<R extends RaRecord = RaRecord>(_resource: string, params: GetListParams) {
      const { status, ...filter } = params.filter ?? {};
      const chosen: SuggestionStatus = isSuggestionStatus(status) ? status : 'pending';
      if (!api.hasToken()) throw tokenMissing();
      try {
        return await rest.getList<R>(asResource(paths.suggestionsByStatus(chosen)), { ...params, filter });
      } catch (error) {
        throw listError(error);
      }
    },

    getOne,

    async getMany<R extends RaRecord = RaRecord>(resource: string, params: { ids: Identifier[] }) {
      return { data: await Promise.all(params.ids.map(async (id) => (await getOne<R>(resource, { id })).data)) };
    },

    async update<R extends RaRecord = RaRecord>(_resource: string, params: UpdateParams<R>) {
      const status: unknown = params.data.status;
      if (!isSuggestionStatus(status)) throw new HttpError(t('suggestion.statusInvalid'), 400, null);
      return { data: (await setStatus<R>(api, params.id, status)).suggestion };
    },
  };
}

async function setStatus<R>(api: ConsoleApi, id: Identifier, status: SuggestionStatus) {
  try {
    return await api.call<{ message: string; suggestion: R }>(paths.suggestionStatus(String(id)), {
      method: 'PUT',
      body: { status },
    });
  } catch (error) {
    if (error instanceof HttpError && (error.status === 401 || error.status === 403)) throw error;
    const status = error instanceof HttpError ? error.status : 0;
    throw new HttpError(t('suggestion.updateError'), status, error instanceof HttpError ? error.body : null);
  }
}

export function suggestionMethods(api: ConsoleApi): SuggestionMethods {
  return {
    async setSuggestionStatus(id, status) {
      const answer = await setStatus<SuggestionRecord>(api, id, status);
      return { data: answer.suggestion, message: answer.message };
    },
  };
}
