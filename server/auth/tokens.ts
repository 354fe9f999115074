// HS256 session tokens (sub, role, name, email, gen, iat, exp in seconds, jti); verification is pinned to HS256.
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';
import { isRole, type Role, type TokenClaims } from '../../src/domain/types';

export interface TokenAccount {
  id: string;
  role: Role;
  name: string;
  email: string;
  /** The account's session generation now: the token is good until it moves on. */
  generation: number;
}

export interface TokenSigner {
  sign(account: TokenAccount, nowSeconds: number): Promise<string>;
  /**
   * The claims of a token whose signature is good and whose lifetime has not run out; throws TokenError('expired' |
   * 'invalid'). Whether its generation is still the account's is the caller's check (it reads the account row).
   */
  verify(token: string, nowSeconds: number): Promise<TokenClaims>;
}

export class TokenError extends Error {
  constructor(readonly reason: 'expired' | 'invalid') {
    super(reason);
  }
}

/** How many verified tokens a signer remembers (a committee has a handful of staff, each with a few sessions). */
const REMEMBERED_TOKENS = 1000;
/** How far ahead of this server's clock another process's clock may be when it signs a token. */
const CLOCK_SKEW_SECONDS = 60;

/**
 * A token lives at most ttlSeconds from when it was signed, whatever exp it carries, so that a token signed with
 * a longer lifetime (an older TOKEN_TTL, or a leaked secret's forgery) cannot outlive the one configured now; a
 * token claiming to be signed in the future would stretch that bound and is refused.
 */
function checkLifetime(claims: TokenClaims, nowSeconds: number, ttlSeconds: number): void {
  if (claims.iat > nowSeconds + CLOCK_SKEW_SECONDS) throw new TokenError('invalid');
  // As jose decides it: expired once the clock reaches exp.
  if (Math.min(claims.exp, claims.iat + ttlSeconds) <= nowSeconds) throw new TokenError('expired');
}

const isWhole = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

export function createSigner(secret: string, ttlSeconds: number): TokenSigner {
  const key = new TextEncoder().encode(secret);
  // A staff member's every request carries the same token; checking its signature again each time (a key import
  // and an HMAC, each a job of the thread pool) took a tenth of the server's time under the benchmark's staff
  // writes. A token whose signature was good stays good, so its claims are remembered and only its lifetime is
  // checked again. Whether the account still exists, its role and its session generation are read from the
  // database on every request (plugins/authentication.ts), so remembering a token never keeps an ended session.
  const verified = new Map<string, TokenClaims>();
  return {
    async sign(account, nowSeconds) {
      return (
        new SignJWT({ role: account.role, name: account.name, email: account.email, gen: account.generation })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setSubject(account.id)
          // Names this session alone, so that signing out can end it without the account's other sessions.
          .setJti(randomUUID())
          .setIssuedAt(nowSeconds)
          .setExpirationTime(nowSeconds + ttlSeconds)
          .sign(key)
      );
    },
    async verify(token, nowSeconds) {
      const known = verified.get(token);
      if (known) {
        checkLifetime(known, nowSeconds, ttlSeconds);
        return known;
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: new Date(nowSeconds * 1000),
        });
        if (
          typeof payload.sub !== 'string' ||
          !isRole(payload.role) ||
          !isWhole(payload.exp) ||
          !isWhole(payload.iat) ||
          (payload.gen !== undefined && !(isWhole(payload.gen) && payload.gen >= 0)) ||
          (payload.jti !== undefined && (typeof payload.jti !== 'string' || payload.jti.length > 64))
        ) {
          throw new TokenError('invalid');
        }
        // A token signed before sessions had generations belongs to generation 0, every account's first.
        const claims = { ...payload, gen: payload.gen ?? 0 } as unknown as TokenClaims;
        checkLifetime(claims, nowSeconds, ttlSeconds);
        if (verified.size >= REMEMBERED_TOKENS) verified.delete(verified.keys().next().value!);
        verified.set(token, claims);
        return claims;
      } catch (error) {
        if (error instanceof TokenError) throw error;
        if (error instanceof errors.JWTExpired) throw new TokenError('expired');
        throw new TokenError('invalid');
      }
    },
  };
}
