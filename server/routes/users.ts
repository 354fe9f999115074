// The staff accounts, for managers (ra-data-simple-rest's list, one and update).
import type { FastifyInstance } from 'fastify';
import { t } from '../../src/domain/messages';
import { checkStaffEmail, checkText, LIMITS, TEXT_FIELDS } from '../../src/domain/rules/validation';
import type { AppContext } from '../http/context';
import { ACCOUNT_SORT, isEmailTaken } from '../data/accounts';
import { badRequest, notFound } from '../http/errors';
import { contentRange, filterIds, parseListQuery } from '../http/paging';
import { bodies } from '../schemas/bodies';
import { answers, idParams, listQuery, STAFF, WITH_BODY } from '../schemas/common';
import { account, accountWithMessage } from '../schemas/entities';
import { typed } from './typed';

export async function userRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = typed(app);

  r.get(
    '/users',
    {
      schema: {
        summary: 'List the staff accounts',
        querystring: listQuery,
        response: answers({ 200: { type: 'array', items: account } }, { refusals: [...STAFF, 400] }),
      },
      config: { access: { resource: 'users', action: 'list' } },
    },
    async (request, reply) => {
      const q = parseListQuery(request.query, ACCOUNT_SORT);
      const rows = await ctx.data.accounts.list(
        filterIds(q.filter),
        q.sort && { field: q.sort.field, order: q.sort.order === 'DESC' ? 'desc' : 'asc' },
      );
      if (!q.paged) return rows;
      const start = q.range?.start ?? 0;
      const end = Math.min(q.range?.end ?? rows.length - 1, rows.length - 1);
      const page = rows.slice(start, end + 1);
      reply.header('Content-Range', contentRange('users', start, start + page.length - 1, rows.length));
      return page;
    },
  );

  r.get(
    '/users/:id',
    {
      schema: {
        summary: 'Get a staff account',
        params: idParams('id'),
        response: answers({ 200: account }, { refusals: [...STAFF, 404] }),
      },
      config: { access: { resource: 'users', action: 'show' } },
    },
    async (request) => {
      const found = await ctx.data.accounts.get(request.params.id);
      if (!found) throw notFound();
      return found;
    },
  );

  r.put(
    '/users/:id',
    {
      schema: {
        summary: "Change an account's name or e-mail",
        params: idParams('id'),
        body: bodies.accountUpdate,
        response: answers({ 200: accountWithMessage }, { refusals: [...STAFF, ...WITH_BODY, 404] }),
      },
      config: {
        access: { resource: 'users', action: 'edit' },
        fieldErrors: { name: 'register.nameInvalid', email: 'auth.emailInvalid' },
      },
    },
    async (request) => {
      const change: { name?: string; email?: string } = {};
      if (request.body.name !== undefined) {
        const name = checkText(
          request.body.name,
          LIMITS.accountNameMax,
          'register.nameInvalid',
          TEXT_FIELDS.accountName,
        );
        if (!name.ok) throw badRequest(name.error);
        change.name = name.value;
      }
      if (request.body.email !== undefined) {
        // The same rule as register: a changed address the login form refuses would lock the account out.
        const email = checkStaffEmail(request.body.email);
        if (!email.ok) throw badRequest(email.error);
        const holder = await ctx.data.accounts.findByEmail(email.value);
        if (holder && holder.id !== request.params.id) throw badRequest('register.emailTaken');
        change.email = email.value;
      }
      if (change.name === undefined && change.email === undefined) throw badRequest('account.nothingToUpdate');
      let updated: boolean;
      try {
        updated = await ctx.data.accounts.update(request.params.id, change, request.account, ctx.now());
      } catch (error) {
        if (isEmailTaken(error)) throw badRequest('register.emailTaken');
        throw error;
      }
      if (!updated) throw notFound();
      const found = await ctx.data.accounts.get(request.params.id);
      if (!found) throw notFound();
      return { ...found, message: t('account.updated') };
    },
  );
}
