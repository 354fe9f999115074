// Login (throttled per email and client), registering admins, changing passwords; and the accounts list.
import type { FastifyInstance } from 'fastify';
import { t } from '../../src/domain/messages';
import { checkText, isEmail, LIMITS } from '../../src/domain/validation';
import { guard } from '../auth/guard';
import { decoyHash, verifyPassword } from '../auth/passwords';
import type { AppContext } from '../context';
import { emailKey, findAccountByEmail, insertAccount, setPassword } from '../data/accounts';
import { audit } from '../data/audit';
import { createThrottle } from '../data/throttle';
import { isUniqueViolation } from '../db/errors';
import { badRequest, notFound, refuse } from '../errors';
import { contentRange, filterIds, parseListQuery } from '../paging';
import { bodies, idParams, listQuery } from '../schemas';

export const LOGIN_FAILURES_ALLOWED = 10;
export const LOGIN_WINDOW_SECONDS = 15 * 60;

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const throttle = createThrottle(db, ctx.dialect, () => Math.floor(ctx.now().getTime() / 1000));

  app.post(
    '/auth/login',
    {
      schema: { body: bodies.login },
      config: { fieldErrors: { email: 'auth.badCredentials', password: 'auth.badCredentials' } },
    },
    async (request) => {
      const { email, password } = request.body as { email: string; password: string };
      const key = `login:${emailKey(email)}:${request.ip}`;
      // Every attempt is recorded before the password is checked (a failure keeps its record, a success clears
      // them all), so guesses sent all at once cannot get past the allowance while the hashes are computed.
      if (!(await throttle.take(key, LOGIN_WINDOW_SECONDS, LOGIN_FAILURES_ALLOWED))) {
        throw refuse(429, 'auth.tooManyAttempts');
      }
      const account = await findAccountByEmail(db, email);
      // An unknown email costs the same hash check as a wrong password, so neither answer reveals which it was.
      const valid = await verifyPassword(account?.password_hash ?? (await decoyHash()), password);
      if (!account || !valid) throw badRequest('auth.badCredentials');
      await throttle.clear(key);
      const token = await ctx.signer.sign(account, Math.floor(ctx.now().getTime() / 1000));
      return { token, role: account.role, message: t('auth.loginSuccess') };
    },
  );

  app.post(
    '/auth/register',
    {
      schema: { body: bodies.register },
      config: {
        fieldErrors: { name: 'register.nameInvalid', email: 'auth.emailInvalid', password: 'register.passwordShort' },
      },
      onRequest: guard(ctx, 'users', 'create'),
    },
    async (request, reply) => {
      const body = request.body as { name: string; email: string; password: string };
      const name = checkText(body.name, LIMITS.accountNameMax, 'register.nameInvalid');
      if (!name.ok) throw badRequest(name.error);
      const email = body.email.trim();
      if (!isEmail(email)) throw badRequest('auth.emailInvalid');
      if (body.password.length < LIMITS.registerPasswordMin) throw badRequest('register.passwordShort');
      if (await findAccountByEmail(db, email)) throw badRequest('register.emailTaken');
      let id: string;
      try {
        id = await db.transaction().execute(async (trx) => {
          const newId = await insertAccount(trx, { name: name.value, email, password: body.password, role: 'admin' }, ctx.now());
          await audit(trx, {
            at: ctx.now(),
            account: request.account,
            action: 'account.create',
            entity: 'account',
            entityId: newId,
            after: { name: name.value, email, role: 'admin' },
          });
          return newId;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw badRequest('register.emailTaken');
        throw error;
      }
      reply.status(201);
      return { message: t('register.success'), _id: id };
    },
  );

  app.post(
    '/auth/update-password',
    {
      schema: { body: bodies.updatePassword },
      config: { fieldErrors: { email: 'auth.emailInvalid', newPassword: 'register.passwordShort' } },
      // Who may change which password is decided below; the token is checked before the body is read.
      onRequest: guard(ctx, 'password', 'edit'),
    },
    async (request) => {
      const claims = request.account!;
      const { email, newPassword } = request.body as { email: string; newPassword: string };
      // A manager may change any account's password; an admin only its own.
      if (claims.role !== 'manager' && emailKey(email) !== emailKey(claims.email)) throw refuse(403, 'password.onlyOwn');
      if (newPassword.length < LIMITS.registerPasswordMin) throw badRequest('register.passwordShort');
      const account = await findAccountByEmail(db, email);
      if (!account) throw notFound('account.notFound');
      await db.transaction().execute(async (trx) => {
        await setPassword(trx, account.id, newPassword, ctx.now());
        await audit(trx, {
          at: ctx.now(),
          account: claims,
          action: 'account.password',
          entity: 'account',
          entityId: account.id,
          after: { email: account.email },
        });
      });
      return { message: t('password.success') };
    },
  );

  const toUser = (r: { id: string; name: string; email: string; role: 'manager' | 'admin'; created_at: string }) => ({
    _id: r.id,
    name: r.name,
    email: r.email,
    role: r.role,
    createdAt: r.created_at,
  });

  app.get(
    '/users',
    { schema: { querystring: listQuery }, onRequest: guard(ctx, 'users', 'list') },
    async (request, reply) => {
      const q = parseListQuery(request.query as Record<string, unknown>, ['name', 'email', 'role', 'createdAt', 'id']);
      const column = { name: 'name', email: 'email_lower', role: 'role', createdAt: 'created_at', id: 'id' } as const;
      const order = q.sort?.order === 'DESC' ? 'desc' : 'asc';
      let query = db.selectFrom('accounts').select(['id', 'name', 'email', 'role', 'created_at']);
      const ids = filterIds(q.filter);
      if (ids) query = query.where('id', 'in', ids.length ? ids : ['']);
      query = query.orderBy(q.sort ? column[q.sort.field as keyof typeof column] : 'created_at', order).orderBy('id', order);
      const rows = (await query.execute()).map(toUser);
      if (!q.paged) return rows;
      const start = q.range?.start ?? 0;
      const end = Math.min(q.range?.end ?? rows.length - 1, rows.length - 1);
      const page = rows.slice(start, end + 1);
      reply.header('Content-Range', contentRange('users', start, start + page.length - 1, rows.length));
      return page;
    },
  );

  app.get(
    '/users/:id',
    { schema: { params: idParams('id') }, onRequest: guard(ctx, 'users', 'show') },
    async (request) => {
      const { id } = request.params as { id: string };
      const row = await db
        .selectFrom('accounts')
        .select(['id', 'name', 'email', 'role', 'created_at'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) throw notFound();
      return toUser(row);
    },
  );
}
