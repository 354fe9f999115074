// HS256 session tokens (sub, role, name, email, iat, exp in seconds); verification is pinned to HS256.
import { SignJWT, jwtVerify, errors } from 'jose';
import type { Role, TokenClaims } from '../../src/domain/types';

export interface TokenSigner {
  sign(account: { id: string; role: Role; name: string; email: string }, nowSeconds: number): Promise<string>;
  /** The claims of a valid token; throws TokenError('expired' | 'invalid'). */
  verify(token: string, nowSeconds: number): Promise<TokenClaims>;
}

export class TokenError extends Error {
  constructor(readonly reason: 'expired' | 'invalid') {
    super(reason);
  }
}

/** How many verified tokens a signer remembers (a committee has a handful of staff, each with a few sessions). */
const REMEMBERED_TOKENS = 1000;

export function createSigner(secret: string, ttlSeconds: number): TokenSigner {
  const key = new TextEncoder().encode(secret);
  // A staff member's every request carries the same token; checking its signature again each time (a key import
  // and an HMAC, each a job of the thread pool) took a tenth of the server's time under the benchmark's staff
  // writes. A token whose signature was good stays good, so its claims are remembered and only its expiry is
  // checked again. Whether the account still exists and its role are read from the database on every request.
  const verified = new Map<string, TokenClaims>();
  return {
    async sign(account, nowSeconds) {
      return new SignJWT({ role: account.role, name: account.name, email: account.email })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(account.id)
        .setIssuedAt(nowSeconds)
        .setExpirationTime(nowSeconds + ttlSeconds)
        .sign(key);
    },
    async verify(token, nowSeconds) {
      const known = verified.get(token);
      if (known) {
        // As jose decides it: expired once the clock reaches exp.
        if (known.exp <= nowSeconds) throw new TokenError('expired');
        return known;
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: new Date(nowSeconds * 1000),
        });
        if (
          typeof payload.sub !== 'string' ||
          (payload.role !== 'manager' && payload.role !== 'admin') ||
          typeof payload.exp !== 'number'
        ) {
          throw new TokenError('invalid');
        }
        const claims = payload as unknown as TokenClaims;
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
