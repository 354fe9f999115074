// Route guards: a valid bearer token (401 otherwise) whose role the policy allows (403 otherwise).
import type { FastifyRequest } from 'fastify';
import { can, type Action, type Resource } from '../../src/domain/policy';
import type { TokenClaims } from '../../src/domain/types';
import { refuse } from '../errors';
import type { AppContext } from '../context';
import { TokenError } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    account: TokenClaims | null;
  }
}

export async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<TokenClaims> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match) throw refuse(401, 'errors.unauthenticated');
  try {
    const claims = await ctx.signer.verify(match[1]!, Math.floor(ctx.now().getTime() / 1000));
    // A deleted account's token stops working at once, and a role change takes effect on the next call.
    const account = await ctx.db
      .selectFrom('accounts')
      .select(['id', 'role', 'name', 'email'])
      .where('id', '=', claims.sub)
      .executeTakeFirst();
    if (!account) throw new TokenError('invalid');
    return { ...claims, role: account.role, name: account.name, email: account.email };
  } catch (error) {
    if (error instanceof TokenError) {
      throw refuse(401, error.reason === 'expired' ? 'errors.sessionExpired' : 'suggestion.unauthorized');
    }
    throw error;
  }
}

/**
 * An onRequest hook that lets through only a role the policy allows for resource/action. It runs before the body
 * is read and validated, so an anonymous or unauthorised caller gets 401/403, never a hint about what a valid
 * request would look like (and never makes the server parse a large body).
 */
export function guard(ctx: AppContext, resource: Resource, action: Action) {
  return async (request: FastifyRequest) => {
    const claims = await authenticate(ctx, request);
    if (!can(claims.role, resource, action)) throw refuse(403, 'errors.forbidden');
    request.account = claims;
  };
}
