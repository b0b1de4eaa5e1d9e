// Supabase Auth's clients as our server uses them: @supabase/ssr's server client on
// the request's cookies (what it sets comes back as Set-Cookie values for our
// answer), a cookie-less client to check a password, the service-role admin
// client, and the verification of an access token (HS256, the project's JWT secret).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServerClient } from '@supabase/ssr';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { parse, serialize } from 'hono/utils/cookie';
import type { SupabaseConfig } from '../../runtime/config.server.ts';
import { COOKIE_PREFIX, HOST_COOKIE_PREFIX } from '../names.ts';
import type { AuthRequest, Cookies } from '../identity.server.ts';

export interface SupabaseCookies {
  /** __Host- and Secure behind https. */
  secure: boolean;
  /** The cookie lives no longer than the session may (SESSION_MAX_AGE_HOURS). */
  maxAgeSeconds: number;
}

/** The session cookie's name (ssr splits a long value into `name.0`, `name.1`, …). */
export function sessionCookieName(cookies: SupabaseCookies): string {
  return `${cookies.secure ? HOST_COOKIE_PREFIX : ''}${COOKIE_PREFIX}.sb`;
}

export interface RequestClient {
  client: SupabaseClient;
  /** What the client set or cleared during this request, as Set-Cookie values. */
  cookies: Cookies;
  /** Whether the request carried a session cookie at all. */
  hasSession: boolean;
}

/** @supabase/ssr's server client on this request's cookies. */
export function requestClient(config: SupabaseConfig, cookies: SupabaseCookies, request: AuthRequest): RequestClient {
  const name = sessionCookieName(cookies);
  const jar = parse(request.headers.get('cookie') ?? '');
  const mine = Object.entries(jar).filter(([key]) => key === name || key.startsWith(`${name}.`))
    .map(([key, value]) => ({ name: key, value }));
  const set: Cookies = [];
  const client = createServerClient(config.url, config.anonKey, {
    cookieOptions: { name, path: '/', sameSite: 'lax', secure: cookies.secure, httpOnly: true, maxAge: cookies.maxAgeSeconds },
    cookies: {
      getAll: () => mine,
      setAll: (list) => {
        for (const cookie of list) {
          // Our attributes, whatever the library suggests: httpOnly (no script reads it), Lax, Path=/.
          set.push(serialize(cookie.name, cookie.value, {
            path: '/', httpOnly: true, sameSite: 'Lax', secure: cookies.secure,
            maxAge: Math.min(cookie.options.maxAge ?? cookies.maxAgeSeconds, cookies.maxAgeSeconds),
          }));
        }
      },
    },
    global: { headers: { 'x-forwarded-for': request.clientIp } },
  });
  // @supabase/ssr's types name supabase-js's CommonJS declarations, ours its ESM ones: the same class twice.
  return { client: client as unknown as SupabaseClient, cookies: set, hasSession: mine.length > 0 };
}

/** A client that keeps nothing: for checking a password without touching the browser's session. */
export function statelessClient(config: SupabaseConfig, key = config.anonKey) {
  return createClient(config.url, key, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });
}

export function adminClient(config: SupabaseConfig) {
  return statelessClient(config, config.serviceRoleKey);
}

export interface AccessClaims {
  sub: string;
  session_id: string;
  aal: 'aal1' | 'aal2';
  email?: string;
  role: string;
  exp: number;
  [claim: string]: unknown;
}

const fromBase64Url = (part: string) => Buffer.from(part, 'base64url');

/**
 * The claims of a Supabase access token, or null unless it is signed with the project's
 * JWT secret (HS256), unexpired, for a signed-in user and names its session.
 */
export function verifyAccessToken(token: string, jwtSecret: string, now = Date.now()): AccessClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts;
  try {
    if ((JSON.parse(fromBase64Url(header).toString('utf8')) as { alg?: string }).alg !== 'HS256') return null;
    const expected = createHmac('sha256', jwtSecret).update(`${header}.${payload}`).digest();
    const given = fromBase64Url(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const claims = JSON.parse(fromBase64Url(payload).toString('utf8')) as Partial<AccessClaims>;
    if (typeof claims.sub !== 'string' || typeof claims.session_id !== 'string') return null;
    if (claims.role !== 'authenticated' || typeof claims.exp !== 'number' || claims.exp * 1000 <= now) return null;
    return { ...claims, aal: claims.aal === 'aal2' ? 'aal2' : 'aal1' } as AccessClaims;
  } catch {
    return null;
  }
}
