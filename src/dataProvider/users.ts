// Staff accounts: listed, read and renamed (PUT /users/:id: name and e-mail only) in simple-rest's dialect at
// /users; created through /auth/register (an admin unless the form chose another role), and a password changed through
// /auth/update-password; a manager's control of an account (role, disabled, sessions) through its own paths.
import type { CreateParams, DataProvider, Identifier, RaRecord, ResourceCallbacks } from 'ra-core';
import { paths } from '../api/paths';
import { isRole, type Account, type Role } from '../domain/types';
import type { ConsoleApi } from './http';
import { withoutMessage, type AccountRecord } from './records';

export interface UserMethods {
  /**
   * POST /auth/update-password. Every earlier session of the account ends; when it was the caller's own, the answer
   * carries the token (and role) of a new session to keep. One's own needs the current password.
   */
  updatePassword(input: {
    email: string;
    newPassword: string;
    currentPassword?: string;
  }): Promise<{ message: string; token?: string; role?: Role }>;
  /** PUT /users/:id/role (a manager): the account as it is now. */
  setAccountRole(id: Identifier, role: Role): Promise<{ data: AccountRecord; message: string }>;
  /** PUT /users/:id/disabled (a manager). */
  setAccountDisabled(id: Identifier, disabled: boolean): Promise<{ data: AccountRecord; message: string }>;
  /** POST /users/:id/sign-out-everywhere (a manager). */
  endAccountSessions(id: Identifier): Promise<{ data: AccountRecord; message: string }>;
  /** POST /auth/sign-out-everywhere: every session of one's own account, this one included. */
  signOutEverywhere(): Promise<{ message: string }>;
}

/** An account answer of the API ({_id, …, message}) as the console's record and the message. */
const controlled = (answer: Account & { message: string }) => {
  const { message, ...account } = answer;
  return { data: { ...account, id: account._id }, message };
};

export function usersResource(rest: DataProvider, api: ConsoleApi): DataProvider {
  return {
    ...rest,
    async create<R extends Omit<RaRecord, 'id'> = RaRecord, Result extends RaRecord = R & { id: Identifier }>(
      _resource: string,
      params: CreateParams,
    ) {
      // As the form gave them: the server, not this, says what is missing or wrong.
      const { name, email, password, role } = params.data;
      // The API answers the new account's _id (and a message) only; react-admin keeps the account as registered.
      const answer = await api.call<Result>(paths.register(), {
        method: 'POST',
        body: { name, email, password, ...(role !== undefined && { role }) },
      });
      return {
        data: {
          ...answer,
          name,
          email,
          role: isRole(role) ? role : 'admin',
          createdAt: new Date().toISOString(),
          disabled: false,
          lastLoginAt: null,
        },
      };
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
      const answer = await api.call<{ message: string; token?: string; role?: Role }>(paths.updatePassword(), {
        method: 'POST',
        body: {
          email: input.email,
          newPassword: input.newPassword,
          ...(input.currentPassword !== undefined && { currentPassword: input.currentPassword }),
        },
      });
      return answer.token
        ? { message: answer.message, token: answer.token, role: answer.role }
        : { message: answer.message };
    },
    async setAccountRole(id, role) {
      return controlled(await api.call(paths.userRole(String(id)), { method: 'PUT', body: { role } }));
    },
    async setAccountDisabled(id, disabled) {
      return controlled(await api.call(paths.userDisabled(String(id)), { method: 'PUT', body: { disabled } }));
    },
    async endAccountSessions(id) {
      return controlled(await api.call(paths.userSignOut(String(id)), { method: 'POST' }));
    },
    async signOutEverywhere() {
      const answer = await api.call<{ message: string }>(paths.signOutEverywhere(), { method: 'POST' });
      return { message: answer.message };
    },
  };
}
