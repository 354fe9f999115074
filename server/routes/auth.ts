// Login (throttled per account, and per account and client: server/data/loginThrottle.ts), registering admins and
// changing passwords.
import type { FastifyInstance } from 'fastify';
import { formatWaitMinutes } from '../../src/domain/text/nouns';
import { t, type MessageKey } from '../../src/domain/messages';
import { checkNewPassword, checkStaffEmail, checkText, LIMITS, TEXT_FIELDS } from '../../src/domain/rules/validation';
import { decoyHash, verifyPassword } from '../auth/passwords';
import type { AppContext } from '../http/context';
import { clientKey } from '../http/clientAddress';
import { emailKey, isEmailTaken, tokenAccount } from '../data/accounts';
import { type LoginRefusal } from '../data/loginThrottle';
import { badRequest, notFound, refuse, tooMany } from '../http/errors';
import { bodies } from '../schemas/bodies';
import { answers, STAFF, WITH_BODY } from '../schemas/common';
import { loginAnswer, passwordAnswer } from '../schemas/entities';
import { typed } from './typed';

/** What a refused sign-in is told, by the allowance that refused it. */
const THROTTLE_MESSAGE = {
  client: 'auth.clientThrottled',
  address: 'auth.addressThrottled',
  account: 'auth.accountThrottled',
} as const satisfies Record<LoginRefusal['scope'], MessageKey>;

async function throwIfThrottled(refused: LoginRefusal | null): Promise<void> {
  if (!refused) return;
  const wait = formatWaitMinutes(refused.retryAfterSeconds);
  throw tooMany(THROTTLE_MESSAGE[refused.scope], refused.retryAfterSeconds, { wait });
}

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = typed(app);
  const logins = ctx.data.accounts.loginThrottle(ctx.now);

  r.post(
    '/auth/login',
    {
      schema: {
        summary: 'Sign in',
        body: bodies.login,
        response: answers({ 200: loginAnswer }, { refusals: [...WITH_BODY, 403] }),
      },
      config: { fieldErrors: { email: 'auth.badCredentials', password: 'auth.badCredentials' } },
    },
    async (request) => {
      const { email, password } = request.body;
      // Every attempt is recorded before the password is checked (a failure keeps its record, a success forgets
      // the account's), so guesses sent all at once cannot get past the allowance while the hashes are computed.
      await throwIfThrottled(await logins.attempt(email, clientKey(request)));
      const account = await ctx.data.accounts.findByEmail(email);
      // An unknown email costs the same hash check as a wrong password, so neither answer reveals which it was.
      const valid = await verifyPassword(account?.password_hash ?? (await decoyHash()), password);
      if (!account || !valid) throw badRequest('auth.badCredentials');
      // Said only to whoever gave the right password, so it tells a guesser nothing about the account.
      if (account.disabled_at !== null) throw refuse(403, 'accounts.loginDisabled');
      await logins.succeeded(account, clientKey(request));
      await ctx.data.accounts.recordLogin(account.id, ctx.now());
      const token = await ctx.signer.sign(tokenAccount(account), Math.floor(ctx.now().getTime() / 1000));
      return { token, role: account.role, message: t('auth.loginSuccess') };
    },
  );

  r.post(
    '/auth/register',
    {
      schema: {
        summary: 'Create a staff account (an admin unless another role is given)',
        body: bodies.register,
        response: answers(
          {
            201: {
              type: 'object',
              properties: { message: { type: 'string' }, _id: { type: 'string' } },
              required: ['message', '_id'],
            },
          },
          { refusals: [...STAFF, ...WITH_BODY] },
        ),
      },
      config: {
        access: { resource: 'users', action: 'create' },
        // A password that fails the schema (missing, not text, too long) is named by the generic field reasons.
        fieldErrors: { name: 'register.nameInvalid', email: 'auth.emailInvalid', role: 'accounts.roleInvalid' },
      },
    },
    async (request, reply) => {
      const name = checkText(request.body.name, LIMITS.accountNameMax, 'register.nameInvalid', TEXT_FIELDS.accountName);
      if (!name.ok) throw badRequest(name.error);
      // The login form's rule: an address it refuses would make an account that can never sign in.
      const checkedEmail = checkStaffEmail(request.body.email);
      if (!checkedEmail.ok) throw badRequest(checkedEmail.error);
      const email = checkedEmail.value;
      const checkedPassword = checkNewPassword(request.body.password);
      if (!checkedPassword.ok) throw badRequest(checkedPassword.error);
      const password = checkedPassword.value;
      if (await ctx.data.accounts.findByEmail(email)) throw badRequest('register.emailTaken');
      let id: string;
      try {
        id = await ctx.data.accounts.register(
          { name: name.value, email, password, role: request.body.role ?? 'admin' },
          request.account,
          ctx.now(),
        );
      } catch (error) {
        if (isEmailTaken(error)) throw badRequest('register.emailTaken');
        throw error;
      }
      reply.status(201);
      return { message: t('register.success'), _id: id };
    },
  );

  r.post(
    '/auth/update-password',
    {
      schema: {
        summary: 'Change a password',
        description:
          "Changes a password. One's own needs currentPassword (a wrong or missing one: 400, counted as a failed " +
          "sign-in); a manager may reset another account's without it. Every earlier session of the account ends.",
        body: bodies.updatePassword,
        response: answers({ 200: passwordAnswer }, { refusals: [...STAFF, ...WITH_BODY, 404] }),
      },
      config: {
        // Who may change which password is decided below; the token is checked before the body is read.
        access: { resource: 'password', action: 'edit' },
        fieldErrors: { email: 'auth.emailInvalid' },
      },
    },
    async (request) => {
      const claims = request.account!;
      const { email, newPassword, currentPassword } = request.body;
      // A manager may change any account's password; an admin only its own.
      if (claims.role !== 'manager' && emailKey(email) !== emailKey(claims.email))
        throw refuse(403, 'password.onlyOwn');
      const checkedPassword = checkNewPassword(newPassword);
      if (!checkedPassword.ok) throw badRequest(checkedPassword.error);
      const account = await ctx.data.accounts.findByEmail(email);
      if (!account) throw notFound('account.notFound');
      // One's own password is changed only by whoever knows it now: a session left open on a shared phone must not
      // be enough to take the account over. Checked like a sign-in (the same allowances), so this form is no way
      // around them. A manager resetting another account's password (the spec's /resetpassword) needs none.
      if (account.id === claims.sub) {
        await throwIfThrottled(await logins.attempt(account.email, clientKey(request)));
        if (!currentPassword) throw badRequest('password.currentRequired');
        if (!(await verifyPassword(account.password_hash, currentPassword))) throw badRequest('password.currentWrong');
        await logins.succeeded(account, clientKey(request), false);
      }
      const generation = await ctx.data.accounts.changePassword(account, newPassword, claims, ctx.now());
      // Every session of the account has ended, the caller's too when it is their own: the answer carries a fresh
      // token (as login does) so that the console the owner changed it from stays signed in.
      if (account.id !== claims.sub) return { message: t('password.success') };
      const own = tokenAccount({ ...account, session_generation: generation });
      const token = await ctx.signer.sign(own, Math.floor(ctx.now().getTime() / 1000));
      return { message: t('password.success'), token, role: own.role };
    },
  );
}
