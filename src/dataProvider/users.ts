// Staff accounts: listed, read and renamed (PUT /users/:id: name and e-mail only) in simple-rest's dialect at
// /users; created through /auth/register (which makes an admin), and a password changed through
// /auth/update-password.
import type { CreateParams, DataProvider, Identifier, RaRecord, ResourceCallbacks } from 'ra-core';
import { paths } from '../api/paths';
import type { ConsoleApi } from './http';
import { withoutMessage } from './records';

export interface UserMethods {
  /** POST /auth/update-password */
  updatePassword(input: { email: string; newPassword: string }): Promise<{ message: string }>;
}

export function usersResource(rest: DataProvider, api: ConsoleApi): DataProvider {
  return {
    ...rest,
    async create<R extends Omit<RaRecord, 'id'> = RaRecord, Result extends RaRecord = R & { id: Identifier }>(
      _resource: string,
      params: CreateParams,
    ) {
      // As the form gave them: the server, not this, says what is missing or wrong.
      const { name, email, password } = params.data;
      // The API answers the new account's _id (and a message) only; react-admin keeps the account as registered.
      const answer = await api.call<Result>(paths.register(), { method: 'POST', body: { name, email, password } });
      return { data: { ...answer, name, email, role: 'admin', createdAt: new Date().toISOString() } };
    },
  };
}

const WRITABLE = ['name', 'email'] as const;

export const usersCallbacks: ResourceCallbacks = {
  resource: 'users',
  afterCreate: async (result) => ({ ...result, data: withoutMessage(result.data) }),
  // The server refuses unknown fields; the edit form holds the whole record.
  beforeUpdate: async (params) => {
    const data: Record<string, unknown> = {};
    for (const key of WRITABLE) if (params.data[key] !== undefined) data[key] = params.data[key];
    return { ...params, data };
  },
  afterUpdate: async (result) => ({ ...result, data: withoutMessage(result.data) }),
};

export function userMethods(api: ConsoleApi): UserMethods {
  return {
    async updatePassword(input) {
      const answer = await api.call<{ message: string }>(paths.updatePassword(), {
        method: 'POST',
        body: { email: input.email, newPassword: input.newPassword },
      });
      return { message: answer.message };
    },
  };
}
