// The API writes one record per call: react-admin's bulk methods become one call per record, in turn.
import type { DataProvider, DeleteManyParams, Identifier, RaRecord, UpdateManyParams } from 'ra-core';

/** updateMany and deleteMany of a provider as its update and delete, one record after the other. */
export function oneByOne(provider: DataProvider): Pick<DataProvider, 'updateMany' | 'deleteMany'> {
  return {
    async updateMany<R extends RaRecord = RaRecord>(resource: string, params: UpdateManyParams<R>) {
      const done: Identifier[] = [];
      for (const id of params.ids) {
        // No provider here reads previousData on update; the record's id stands for it.
        await provider.update<RaRecord>(resource, { id, data: params.data, previousData: { id } });
        done.push(id);
      }
      return { data: done };
    },
    async deleteMany<R extends RaRecord = RaRecord>(resource: string, params: DeleteManyParams<R>) {
      const done: Identifier[] = [];
      for (const id of params.ids) {
        await provider.delete<RaRecord>(resource, { id, previousData: { id } });
        done.push(id);
      }
      return { data: done };
    },
  };
}

/**
 * delete for a resource whose record the API removes with `remove(id)`, answering only a message: react-admin gets
 * back the record it asked to remove (its delete hooks always pass it as previousData).
 */
export function deleteWith(remove: (id: string) => Promise<unknown>): Pick<DataProvider, 'delete'> {
  return {
    async delete(_resource, params) {
      if (!params.previousData) throw new Error('delete: previousData is required (the API answers no record)');
      await remove(String(params.id));
      return { data: params.previousData };
    },
  };
}
