// HS256 JWTs as GoTrue signs and checks them with its shared JWT secret (no `kid`: the legacy
// symmetric secret, what `supabase start` and self-hosting use). node:crypto only.
import { createHmac, timingSafeEqual } from 'node:crypto';

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

export function signJwt(claims: Record<string, unknown>, secret: string): string {
  const body = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/** The claims without checking anything (what a test reads out of a token). */
export function decodeJwt<T = Record<string, unknown>>(token: string): T {
  const payload = token.split('.')[1];
  if (!payload) throw new Error('not a JWT');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as T;
}

/**
 * The claims of a token signed with `secret` that has not expired, or the reason it is refused in the
 * words of golang-jwt (GoTrue puts them after "invalid JWT: unable to parse or verify signature, ").
 */
export function verifyJwt(token: string, secret: string): { claims: Record<string, unknown> } | { reason: string } {
  const parts = token.split('.');
  if (parts.length !== 3) return { reason: 'token is malformed: token contains an invalid number of segments' };
  let header: { alg?: string };
  let claims: Record<string, unknown>;
  try {
    header = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8')) as { alg?: string };
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return { reason: 'token is malformed: could not JSON decode header' };
  }
  if (header.alg !== 'HS256') return { reason: 'token is unverifiable: error while executing keyfunc: signing method is invalid' };
  const expected = createHmac('sha256', secret).update(`${parts[0]}.${parts[1]}`).digest();
  const given = Buffer.from(parts[2], 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { reason: 'token signature is invalid: signature is invalid' };
  }
  if (typeof claims.exp === 'number' && Date.now() / 1000 >= claims.exp) return { reason: 'token has invalid claims: token is expired' };
  return { claims };
}
