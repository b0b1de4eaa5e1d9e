// A fake Supabase Auth (GoTrue) on 127.0.0.1 behind a stand-in for Supabase's API gateway, speaking
// GoTrue's wire format at SUPABASE_URL/auth/v1 for what @supabase/supabase-js and @supabase/ssr call:
// the password and refresh_token grants (refresh tokens rotate: the parent of the current one gets the
// current one again, any other used one is refused and revokes its family), GET/PUT /user, /logout?scope=global|local|others, TOTP MFA (/factors enroll, challenge,
// verify to aal2, unenroll) and the admin API (/admin/users CRUD with ban_duration and paging headers,
// /admin/users/{id}/factors). Access tokens are HS256 JWTs with Supabase's claims, signed with the
// project's JWT secret (by default the CLI's well-known local one, so anonKey and serviceRoleKey are
// the CLI's demo keys). Errors are GoTrue's: {code, error_code, msg}, or {code, message} with the
// X-Supabase-Api-Version header for a client that sends it (auth-js does); in both, auth-js's
// AuthApiError.code is the error code. Like the gateway, every request needs the anon or service_role
// key in `apikey` (401 otherwise).
//
// Not GoTrue: state is in memory; sign-up, OTP, OAuth, phone and WebAuthn are absent; the refresh
// token reuse interval is 0 unless asked (GoTrue's default is 10 s); MFA challenges are not tied to an
// IP address; sessions never time out.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import type { User } from '@supabase/supabase-js';
import type { SupabaseConfig } from '#platform/runtime/config.server.ts';
import { signJwt } from './fake-gotrue/jwt.ts';
import { userJson, type AmrEntry } from './fake-gotrue/model.ts';
import { GoTrueError, GoTrueState, type NewUser } from './fake-gotrue/state.ts';
import { userRoute, type Answer, type FakeRequest } from './fake-gotrue/user-routes.ts';
import { adminRoute } from './fake-gotrue/admin-routes.ts';

export { decodeJwt } from './fake-gotrue/jwt.ts';
export type { NewUser } from './fake-gotrue/state.ts';

/** `supabase start`'s JWT secret: with it the keys below are the CLI's well-known demo keys. */
export const LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
/** Where the CLI's demo keys expire (2032-11-12). */
const DEMO_KEY_EXP = 1983812996;

export interface FakeGoTrueOptions {
  jwtSecret?: string;
  /** The access tokens' lifetime (GOTRUE_JWT_EXP); 3600 by default. */
  accessTokenSeconds?: number;
  /**
   * How long a used refresh token may still be swapped (GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL): 0 by
   * default, so that a test sees reuse refused without waiting; GoTrue's and the CLI's default is 10.
   */
  refreshTokenReuseSeconds?: number;
}

export interface FakeGoTrueRequest {
  method: string;
  /** With /auth/v1: "/auth/v1/token". */
  path: string;
  /** The query string with its "?", or "". */
  search: string;
  /** Which project key the `apikey` header held. */
  key: 'anon' | 'service_role' | null;
}

export interface FakeGoTrueSession {
  id: string;
  userId: string;
  aal: 'aal1' | 'aal2';
  amr: AmrEntry[];
  createdAt: string;
}

export interface FakeGoTrue {
  /** SUPABASE_URL: http://127.0.0.1:PORT (GoTrue is under /auth/v1). */
  url: string;
  /** What the app's configuration holds for this project (config.supabase). */
  config: SupabaseConfig;
  /** The same as the environment a `node server.ts` reads (SUPABASE_URL, SUPABASE_ANON_KEY, …). */
  env: Record<string, string>;
  jwtSecret: string;
  /** JWTs { iss: 'supabase-demo', role: 'anon' | 'service_role', exp } signed with jwtSecret, as the CLI's keys. */
  anonKey: string;
  serviceRoleKey: string;
  /** A user as the admin API makes one (email confirmed unless said otherwise), answered as GoTrue shows it. */
  createUser(user: NewUser): User;
  /** Every user, oldest first, as GoTrue shows them. */
  users(): User[];
  /** The user's live sessions (a session ends at sign-out, a password change, an MFA step-up elsewhere, or deletion). */
  sessions(userId: string): FakeGoTrueSession[];
  /** Every request that reached the fake, in order (refused ones included). */
  requests: FakeGoTrueRequest[];
  close(): Promise<void>;
}

/** The error in the shape the client asked for (HandleResponseError). */
function errorAnswer(error: GoTrueError, apiVersion: string | undefined): Answer {
  if (apiVersion && /^\d{4}-\d{2}-\d{2}$/.test(apiVersion) && apiVersion >= '2024-01-01') {
    return { status: error.status, headers: { 'x-supabase-api-version': '2024-01-01' },
      body: { code: error.code, message: error.message, ...error.extra } };
  }
  return { status: error.status, body: { code: error.status, error_code: error.code, msg: error.message, ...error.extra } };
}

export async function startFakeGoTrue(options: FakeGoTrueOptions = {}): Promise<FakeGoTrue> {
  const jwtSecret = options.jwtSecret ?? LOCAL_JWT_SECRET;
  const anonKey = signJwt({ iss: 'supabase-demo', role: 'anon', exp: DEMO_KEY_EXP }, jwtSecret);
  const serviceRoleKey = signJwt({ iss: 'supabase-demo', role: 'service_role', exp: DEMO_KEY_EXP }, jwtSecret);
  const requests: FakeGoTrueRequest[] = [];
  // The issuer names the port, known once the server listens.
  const state = new GoTrueState('', jwtSecret, options.accessTokenSeconds ?? 3600, options.refreshTokenReuseSeconds ?? 0);

  const route = async (req: http.IncomingMessage): Promise<Answer> => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const given = req.headers.apikey ?? url.searchParams.get('apikey') ?? undefined;
    const key = given === anonKey ? 'anon' : given === serviceRoleKey ? 'service_role' : null;
    requests.push({ method: req.method ?? 'GET', path: url.pathname, search: url.search, key });
    if (!url.pathname.startsWith('/auth/v1/')) return { status: 404, body: { message: 'no Route matched with those values' } };
    // The gateway's key check (Kong's key-auth), before GoTrue sees the request.
    if (given === undefined) return { status: 401, body: { message: 'No API key found in request' } };
    if (!key) return { status: 401, body: { message: 'Invalid authentication credentials' } };
    const raw = await text(req);
    let body: Record<string, unknown> = {};
    try {
      if (raw) body = JSON.parse(raw) as Record<string, unknown>;
    } catch (error) {
      throw new GoTrueError(400, 'bad_json', `Could not parse request body as JSON: ${(error as Error).message}`);
    }
    const request: FakeRequest = { method: req.method ?? 'GET', path: url.pathname.slice('/auth/v1'.length), query: url.searchParams, headers: req.headers, body };
    if (request.path === '/health') return { status: 200, body: { version: 'fake', name: 'GoTrue', description: 'A fake GoTrue for tests' } };
    if (request.path === '/.well-known/jwks.json') return { status: 200, body: { keys: [] } };
    const answer = (await userRoute(state, request)) ?? adminRoute(state, request);
    return answer ?? { status: 404, body: { code: 404, error_code: 'not_found', msg: 'Not Found' } };
  };

  const server = http.createServer((req, res) => {
    route(req)
      .catch((error: unknown) => {
        if (error instanceof GoTrueError) return errorAnswer(error, req.headers['x-supabase-api-version'] as string | undefined);
        return errorAnswer(new GoTrueError(500, 'unexpected_failure', String(error)), undefined);
      })
      .then((answer) => {
        res.writeHead(answer.status, { ...(answer.body === undefined ? {} : { 'content-type': 'application/json' }), ...answer.headers });
        res.end(answer.body === undefined ? undefined : JSON.stringify(answer.body));
      })
      .catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.issuer = `${url}/auth/v1`;

  return {
    url, jwtSecret, anonKey, serviceRoleKey, requests,
    config: { url, anonKey, serviceRoleKey, jwtSecret },
    env: { SUPABASE_URL: url, SUPABASE_ANON_KEY: anonKey, SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey, SUPABASE_JWT_SECRET: jwtSecret },
    createUser: (user) => userJson(state.createUser(user)),
    users: () => [...state.users.values()].map(userJson),
    sessions: (userId) => [...state.sessions.values()].filter((s) => s.userId === userId)
      .map(({ id, userId: owner, aal, amr, createdAt }) => ({ id, userId: owner, aal, amr: [...amr], createdAt })),
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** A fresh address for a test's user: unique within the run. */
export function fakeEmail(tag = 'user'): string {
  return `${tag}-${randomUUID().slice(0, 8)}@example.org`;
}
