// Who may call a route is declared on the route (`config: { access: { resource, action } }`, server/http/routeConfig.ts).
// For those routes this plugin checks, before the body is read and validated, a valid bearer token (401 otherwise)
// whose account still exists, is enabled and still on the token's session generation, that was not signed out, and
// whose role the policy
// allows (403 otherwise): an anonymous or unauthorised caller never learns what a valid request would look like,
// and never makes the server parse a large body.
// The OpenAPI document marks the same routes as needing the bearer token.
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { can } from '../../src/domain/rules/policy';
import type { TokenClaims } from '../../src/domain/types';
import type { AppContext } from '../http/context';
import { sessionAccount } from '../data/accounts';
import { refuse } from '../http/errors';
import { TokenError } from '../auth/tokens';
import type { RouteAccess } from '../http/routeConfig';

declare module 'fastify' {
  interface FastifyRequest {
    account: TokenClaims | null;
  }
}

async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<TokenClaims> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match) throw refuse(401, 'errors.unauthenticated');
  try {
    const claims = await ctx.signer.verify(match[1]!, Math.floor(ctx.now().getTime() / 1000));
    // A deleted account's token stops working at once. The row is read on every call (never remembered), so a
    // password, role or disable change, or "sign out everywhere", made through any process sharing the database
    // ends the sessions signed before it on the next call they make. Whether this session was signed out is read
    // in the same statement: every staff request waits for it.
    const account = await sessionAccount(ctx.db, claims.sub, claims.jti);
    if (!account) throw new TokenError('invalid');
    if (account.disabled_at !== null || account.session_generation !== claims.gen) {
      throw refuse(401, 'errors.sessionEnded');
    }
    // Signed out on purpose (this session alone): refused like the account's ended sessions.
    if (account.signedOut) throw refuse(401, 'errors.sessionEnded');
    return { ...claims, role: account.role, name: account.name, email: account.email };
  } catch (error) {
    if (error instanceof TokenError) {
      throw refuse(401, error.reason === 'expired' ? 'errors.sessionExpired' : 'errors.sessionInvalid');
    }
    throw error;
  }
}

/**
 * The session of a public route that shows staff more (every notice, a hidden one): null without an
 * Authorization header; with one, the account as a guarded route would check it (401 when the session is not valid).
 */
export async function optionalSession(ctx: AppContext, request: FastifyRequest): Promise<TokenClaims | null> {
  if (request.headers.authorization === undefined) return null;
  return authenticate(ctx, request);
}

function checkAccess(ctx: AppContext, access: RouteAccess): onRequestAsyncHookHandler {
  return async (request) => {
    const claims = await authenticate(ctx, request);
    if (!can(claims.role, access.resource, access.action)) throw refuse(403, 'errors.forbidden');
    request.account = claims;
  };
}

async function authentication(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    // A public operation says so in the OpenAPI document (no security), so a client generator sends no token.
    if (!access) {
      if (route.schema && !route.schema.security) route.schema = { ...route.schema, security: [] };
      return;
    }
    const hooks =
      route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [...hooks, checkAccess(ctx, access)];
    route.schema = { ...route.schema, security: [{ bearer: [] }] };
  });
}

export default fp(authentication, { name: 'authentication' });
