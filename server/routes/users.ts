// The staff accounts, for managers (ra-data-simple-rest's list and one).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { ACCOUNT_SORT, getAccount, listAccounts } from '../data/accounts';
import { notFound } from '../errors';
import { contentRange, filterIds, parseListQuery } from '../paging';
import { answers, idParams, listQuery, STAFF } from '../schemas/common';
import { account } from '../schemas/entities';
import { typed } from './typed';

export async function userRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = typed(app);

  r.get(
    '/users',
    {
      schema: {
        querystring: listQuery,
        response: answers({ 200: { type: 'array', items: account } }, { refusals: [...STAFF, 400] }),
      },
      config: { access: { resource: 'users', action: 'list' } },
    },
    async (request, reply) => {
      const q = parseListQuery(request.query, Object.keys(ACCOUNT_SORT));
      const rows = await listAccounts(
        ctx.db,
        filterIds(q.filter),
        q.sort && { field: q.sort.field as keyof typeof ACCOUNT_SORT, order: q.sort.order === 'DESC' ? 'desc' : 'asc' },
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
      schema: { params: idParams('id'), response: answers({ 200: account }, { refusals: [...STAFF, 404] }) },
      config: { access: { resource: 'users', action: 'show' } },
    },
    async (request) => {
      const found = await getAccount(ctx.db, request.params.id);
      if (!found) throw notFound();
      return found;
    },
  );
}
