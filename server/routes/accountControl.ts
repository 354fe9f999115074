// What the committee controls about accounts: a manager disables or enables an account, changes its
// role, or ends its sessions; any staff member ends every session of their own account ("sign out everywhere"), or
// the session they sign out of.
// The rules (never the last active manager, sessions ending with the change, the audit) are server/data/accounts.ts's.
import type { FastifyInstance } from 'fastify';
import { t, type MessageKey } from '../../src/domain/messages';
import type { AppContext } from '../http/context';
import { type ControlRefusal } from '../data/accounts';
import { notFound, refuse } from '../http/errors';
import { bodies } from '../schemas/bodies';
import { answers, idParams, messageAnswer, STAFF, WITH_BODY } from '../schemas/common';
import { accountWithMessage } from '../schemas/entities';
import { typed } from './typed';

/** The account as it is after a change, with the change's message; 404/409 when the change was refused. */
async function answerControl(ctx: AppContext, id: string, refused: ControlRefusal | null, message: MessageKey) {
  if (refused === 'notFound') throw notFound();
  // 409: the request is well formed, but the register's state (the only active manager) does not allow it.
  if (refused === 'lastManager') throw refuse(409, 'accounts.lastManager');
  const found = await ctx.data.accounts.get(id);
  if (!found) throw notFound();
  return { ...found, message: t(message) };
}

export async function accountControlRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = typed(app);

  r.post(
    '/auth/sign-out-everywhere',
    {
      schema: {
        summary: 'Sign out of every device',
        description: "Ends every session of the caller's own account, this one included.",
        response: answers({ 200: messageAnswer }, { refusals: STAFF }),
      },
      // Any staff member, for their own account only (the account is the token's, never named in the request).
      config: { access: { resource: 'password', action: 'edit' } },
    },
    async (request) => {
      const claims = request.account!;
      if (!(await ctx.data.accounts.endSessions(claims.sub, claims, ctx.now()))) throw notFound();
      return { message: t('accounts.signedOutEverywhere') };
    },
  );

  r.post(
    '/auth/sign-out',
    {
      schema: {
        summary: 'Sign out this session',
        description:
          "Ends the session of the token sent, on every server sharing the database; the account's other sessions go on. " +
          'A token signed before tokens had an id (jti) cannot be ended alone: it ends at its expiry or with sign-out-everywhere.',
        response: answers({ 200: messageAnswer }, { refusals: STAFF }),
      },
      config: { access: { resource: 'password', action: 'edit' } },
    },
    async (request) => {
      const { jti, exp } = request.account!;
      if (jti !== undefined) await ctx.data.accounts.revokeToken(jti, exp, Math.floor(ctx.now().getTime() / 1000));
      return { message: t('accounts.signedOut') };
    },
  );

  r.get(
    '/auth/session',
    {
      schema: {
        summary: 'Check that this session still holds',
        description:
          'A console tab left open asks before it draws a page: a session ended elsewhere (sign-out-everywhere, a ' +
          'password, role or disable change) answers 401 here, so the tab goes to the login page at once.',
        response: answers(
          {
            200: {
              type: 'object',
              properties: {
                role: { type: 'string', enum: ['manager', 'admin', 'clerk'] },
                expiresAt: { type: 'string' },
              },
              required: ['role', 'expiresAt'],
            },
          },
          { refusals: STAFF },
        ),
      },
      config: { access: { resource: 'password', action: 'edit' } },
    },
    async (request) => {
      const { role, exp } = request.account!;
      return { role, expiresAt: new Date(exp * 1000).toISOString() };
    },
  );

  r.post(
    '/users/:id/sign-out-everywhere',
    {
      schema: {
        summary: 'Sign an account out of every device',
        description: 'Ends every session of an account (a manager).',
        params: idParams('id'),
        response: answers({ 200: accountWithMessage }, { refusals: [...STAFF, 404] }),
      },
      config: { access: { resource: 'users', action: 'edit' } },
    },
    async (request) => {
      const ended = await ctx.data.accounts.endSessions(request.params.id, request.account, ctx.now());
      return answerControl(ctx, request.params.id, ended ? null : 'notFound', 'accounts.sessionsEnded');
    },
  );

  r.put(
    '/users/:id/role',
    {
      schema: {
        summary: "Change an account's role",
        description: "Changes an account's role; its sessions end. Never leaves no active manager (409).",
        params: idParams('id'),
        body: bodies.accountRole,
        response: answers({ 200: accountWithMessage }, { refusals: [...STAFF, ...WITH_BODY, 404, 409] }),
      },
      config: { access: { resource: 'users', action: 'edit' }, fieldErrors: { role: 'accounts.roleInvalid' } },
    },
    async (request) => {
      const { id } = request.params;
      const refused = await ctx.data.accounts.setRole(id, request.body.role, request.account, ctx.now());
      return answerControl(ctx, id, refused, 'accounts.roleChanged');
    },
  );

  r.put(
    '/users/:id/disabled',
    {
      schema: {
        summary: 'Disable or enable an account',
        description:
          'Disables an account (it cannot sign in; its sessions end) or enables it. Never the last active manager (409).',
        params: idParams('id'),
        body: bodies.accountDisabled,
        response: answers({ 200: accountWithMessage }, { refusals: [...STAFF, ...WITH_BODY, 404, 409] }),
      },
      config: {
        access: { resource: 'users', action: 'edit' },
        fieldErrors: { disabled: 'accounts.disabledInvalid' },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { disabled } = request.body;
      const refused = await ctx.data.accounts.setDisabled(id, disabled, request.account, ctx.now());
      return answerControl(ctx, id, refused, disabled ? 'accounts.disabledDone' : 'accounts.enabledDone');
    },
  );
}
