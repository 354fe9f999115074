// A page the role may not open shows the access-denied page, and nothing on top of it: react-admin still asks for
// the page's records once canAccess has answered no (while it moves to /admin/access-denied), and the server's 403
// came back as a notification over the page that already says so. The console does not ask: a read of a resource
// the policy (src/domain/rules/policy.ts, the table the server's guards read) refuses to the role is refused here,
// marked so that the authProvider's checkError lets it pass without a notification.
import type { DataProvider } from 'ra-core';
import { ApiError } from '../../api/client';
import { t } from '../../domain/messages';
import { can, RESOURCES, type Action, type Resource } from '../../domain/rules/policy';
import type { Role } from '../../domain/types';

/** A read refused by the policy before any request: the page that asked is not the role's. */
export class NotTheRolesPage extends ApiError {
  readonly notTheRolesPage = true;
  constructor() {
    const message = t('errors.forbidden');
    super(403, message, message);
  }
}

export const isNotTheRolesPage = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'notTheRolesPage' in error && error.notTheRolesPage === true;

const READS = { getList: 'list', getOne: 'show', getMany: 'list', getManyReference: 'list' } as const satisfies Record<
  string,
  Action
>;

const isResource = (name: string): name is Resource => (RESOURCES as readonly string[]).includes(name);

/** The dataProvider with the role's reads checked against the policy first. */
export function withAccessGuard<D extends DataProvider>(dataProvider: D, roleOf: () => Role | null): D {
  const guarded: D = { ...dataProvider };
  for (const [method, action] of Object.entries(READS) as Array<[keyof typeof READS, Action]>) {
    const read = dataProvider[method].bind(dataProvider) as (resource: string, params: unknown) => Promise<unknown>;
    Object.assign(guarded, {
      [method]: (resource: string, params: unknown) =>
        isResource(resource) && !can(roleOf(), resource, action)
          ? Promise.reject(new NotTheRolesPage())
          : read(resource, params),
    });
  }
  return guarded;
}
