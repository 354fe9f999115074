// Articles: simple-rest's dialect at /articles, except that the API has no id filter (getMany reads them one by one),
// a PUT accepts only the title and the content, and a write answers with a message beside the article.
import type { DataProvider, Identifier, RaRecord, ResourceCallbacks } from 'ra-core';
import { paths } from '../api/paths';
import { deleteWith } from './bulk';
import type { ConsoleApi } from './http';
import { withoutMessage } from './records';

const WRITABLE = ['title', 'content'] as const;

export function articlesResource(rest: DataProvider, api: ConsoleApi): DataProvider {
  return {
    ...rest,
    async getMany<R extends RaRecord = RaRecord>(resource: string, params: { ids: Identifier[] }) {
      return { data: await Promise.all(params.ids.map(async (id) => (await rest.getOne<R>(resource, { id })).data)) };
    },
    ...deleteWith((id) => api.call(paths.article(id), { method: 'DELETE' })),
  };
}

export const articlesCallbacks: ResourceCallbacks = {
  resource: 'articles',
  // The server refuses unknown fields; the edit form holds the whole record.
  beforeUpdate: async (params) => {
    const data: Record<string, unknown> = {};
    for (const key of WRITABLE) if (params.data[key] !== undefined) data[key] = params.data[key];
    return { ...params, data };
  },
  afterUpdate: async (result) => ({ ...result, data: withoutMessage(result.data) }),
};
