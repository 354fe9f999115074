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

export function createSigner(secret: string, ttlSeconds: number): TokenSigner {
  const key = new TextEncoder().encode(secret);
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
        return payload as unknown as TokenClaims;
      } catch (error) {
        if (error instanceof TokenError) throw error;
        if (error instanceof errors.JWTExpired) throw new TokenError('expired');
        throw new TokenError('invalid');
      }
    },
  };
}
