// The first start in the browser: whether the register still waits for its first account, and the
// setup that makes it (the code printed in the server's log, the village's name, the first manager, the graves).
import type { FastifyInstance } from 'fastify';
import { checkSiteUrl, checkVillageName } from '../../src/domain/identity/identityRules';
import { t } from '../../src/domain/messages';
import { IMPORT_LIMITS } from '../../src/domain/rules/registerImport';
import { checkNewPassword, checkStaffEmail, checkText, LIMITS, TEXT_FIELDS } from '../../src/domain/rules/validation';
import { formatNumber } from '../../src/domain/text/format';
import { formatWaitMinutes } from '../../src/domain/text/nouns';
import type { AppContext } from '../http/context';
import { clientKey } from '../http/clientAddress';
import { guessAllowance } from '../data/guessLimit';
import { tokenAccount } from '../data/accounts';
import { writeBy } from '../data/graveWrites';
import { runSetup } from '../data/setup';
import { badRequest, refuse, tooMany } from '../http/errors';
import { answers, WITH_BODY } from '../schemas/common';
import { setupAnswer, setupBody, setupState } from '../schemas/setup';
import { typed } from './typed';

function graveCount(value: number | undefined): number {
  if (value === undefined) return 0;
  if (!Number.isInteger(value) || value < 0 || value > IMPORT_LIMITS.rangeGraves) {
    throw badRequest('setup.gravesInvalid', { max: formatNumber(IMPORT_LIMITS.rangeGraves) });
  }
  return value;
}

export async function setupRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = typed(app);
  const throttle = ctx.data.setup.throttle(() => Math.floor(ctx.now().getTime() / 1000));

  r.get(
    '/setup',
    {
      schema: {
        summary: 'Whether the register waits for its first start (no account yet)',
        response: answers({ 200: setupState }),
      },
    },
    // Not kept by the answer cache: an account made by the command line moves no counter.
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { needed: await ctx.data.setup.needed() };
    },
  );

  r.post(
    '/setup',
    {
      schema: {
        summary: 'Set up a new register: the first manager, the village name and optionally its graves',
        description:
          'Open only while no account exists (409 after, whatever the code); needs the one-time code the server ' +
          'printed in its log (403 without it, changing nothing). Answers the new manager signed in (201).',
        body: setupBody,
        response: answers({ 201: setupAnswer }, { refusals: [...WITH_BODY, 403, 409, 429] }),
      },
    },
    async (request, reply) => {
      if (!(await ctx.data.setup.needed())) throw refuse(409, 'setup.alreadyDone');
      const { code, manager, graves } = request.body;
      // Only wrong codes are counted, each once it is found wrong: the right code always goes through, however many
      // wrong ones came from the same address before it (a neighbour guessing on the village's shared line must not
      // lock the committee out of its own first start). Past the allowance of wrong secrets per address
      // (guessLimit.ts) a wrong code is answered 429 with the wait; what no guesser gets through is the code itself,
      // 43 random characters (256 bits).
      if (!(await ctx.data.setup.codeMatches(code))) {
        const taken = await throttle.takeAll([guessAllowance('setupCode', clientKey(request))]);
        if (!taken.ok) {
          const wait = taken.retryAfterSeconds;
          throw tooMany('setup.tooMany', wait, { wait: formatWaitMinutes(wait) });
        }
        throw refuse(403, 'setup.codeWrong');
      }
      const villageName = checkVillageName(request.body.villageName);
      if (!villageName.ok) throw badRequest(villageName.error);
      const siteUrl = checkSiteUrl(request.body.siteUrl ?? '');
      if (!siteUrl.ok) throw badRequest(siteUrl.error);
      const name = checkText(
        manager?.name ?? '',
        LIMITS.accountNameMax,
        'register.nameInvalid',
        TEXT_FIELDS.accountName,
      );
      if (!name.ok) throw badRequest(name.error);
      const email = checkStaffEmail(manager?.email ?? '');
      if (!email.ok) throw badRequest(email.error);
      const password = checkNewPassword(manager?.password);
      if (!password.ok) throw badRequest(password.error);
      const counts = { men: graveCount(graves?.men), women: graveCount(graves?.women) };
      const done = await runSetup(writeBy(ctx, { account: null }), {
        code: code ?? '',
        villageName: villageName.value,
        siteUrl: siteUrl.value,
        manager: { name: name.value, email: email.value, password: password.value },
        graves: counts,
      });
      if (!done.ok) throw done.refusal === 'closed' ? refuse(409, 'setup.alreadyDone') : refuse(403, 'setup.codeWrong');
      const account = tokenAccount(done.account);
      const token = await ctx.signer.sign(account, Math.floor(ctx.now().getTime() / 1000));
      reply.status(201);
      return {
        token,
        role: account.role,
        message: t('setup.success'),
        user: { id: account.id, name: account.name, email: account.email, role: account.role },
      };
    },
  );
}
