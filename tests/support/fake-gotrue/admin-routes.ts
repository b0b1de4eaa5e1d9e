// GoTrue's /admin endpoints (a Bearer token whose role is service_role or supabase_admin): users
// (create, list with paging headers, read, update incl. ban_duration, delete) and their MFA factors.
import { factorJson, hashPassword, mergeMetadata, parseGoDuration, userJson, type StoredUser } from './model.ts';
import { checkPasswordStrength, GoTrueError, type GoTrueState } from './state.ts';
import { removeFactor, type Answer, type FakeRequest } from './user-routes.ts';

const ADMIN_ROLES = ['service_role', 'supabase_admin'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const record = (value: unknown) => (value && typeof value === 'object' ? value as Record<string, unknown> : undefined);

/** Bans for a Go duration ('876000h'), or lifts the ban ('none'): user.Ban. */
function applyBan(user: StoredUser, banDuration: unknown) {
  if (banDuration === undefined || banDuration === '') return;
  if (banDuration === 'none') {
    user.bannedUntil = null;
    return;
  }
  const ms = typeof banDuration === 'string' ? parseGoDuration(banDuration) : null;
  if (ms === null) throw new GoTrueError(400, 'validation_failed', `invalid format for ban duration: time: invalid duration ${JSON.stringify(banDuration)}`);
  user.bannedUntil = ms === 0 ? null : new Date(Date.now() + ms);
}

function createUser(state: GoTrueState, body: FakeRequest['body']): Answer {
  if (body.phone) throw new GoTrueError(400, 'validation_failed', 'The fake GoTrue makes users by email only');
  if (typeof body.email !== 'string' || !body.email) throw new GoTrueError(400, 'validation_failed', 'Cannot create a user without either an email or phone');
  const user = state.createUser({
    email: body.email,
    password: typeof body.password === 'string' && body.password !== '' ? body.password : undefined,
    emailConfirmed: body.email_confirm === true,
    userMetadata: record(body.user_metadata),
    appMetadata: record(body.app_metadata),
  });
  try {
    applyBan(user, body.ban_duration);
  } catch (error) {
    state.users.delete(user.id);
    throw error;
  }
  return { status: 200, body: userJson(user) };
}

function listUsers(state: GoTrueState, request: FakeRequest): Answer {
  const page = Math.max(1, Number(request.query.get('page') || 1));
  const perPage = Math.max(1, Number(request.query.get('per_page') || 50));
  // Newest first (GoTrue's default sort: created_at desc).
  const all = [...state.users.values()].reverse();
  const headers: Record<string, string> = { 'x-total-count': String(all.length) };
  if (all.length) {
    const last = Math.ceil(all.length / perPage);
    const link = (p: number, rel: string) => `</admin/users?page=${p}&per_page=${perPage}>; rel="${rel}"`;
    headers.link = [...(page < last ? [link(page + 1, 'next')] : []), link(last, 'last')].join(', ');
  }
  return { status: 200, headers, body: { users: all.slice((page - 1) * perPage, page * perPage).map(userJson), aud: 'authenticated' } };
}

function updateUser(state: GoTrueState, user: StoredUser, body: FakeRequest['body']): Answer {
  if (typeof body.email === 'string' && body.email.toLowerCase() !== user.email) {
    const taken = state.userByEmail(body.email);
    if (taken) throw new GoTrueError(422, 'email_exists', 'A user with this email address has already been registered');
    user.email = body.email.trim().toLowerCase();
  }
  if (typeof body.password === 'string') {
    checkPasswordStrength(body.password);
    user.passwordHash = hashPassword(body.password);
    // user.UpdatePassword(tx, nil): every session of the user ends.
    state.endSessions((session) => session.userId === user.id);
  }
  if (body.email_confirm === true && !user.emailConfirmedAt) user.emailConfirmedAt = new Date().toISOString();
  const userMetadata = record(body.user_metadata);
  if (userMetadata) user.userMetadata = mergeMetadata(user.userMetadata, userMetadata);
  const appMetadata = record(body.app_metadata);
  if (appMetadata) user.appMetadata = mergeMetadata(user.appMetadata, appMetadata);
  applyBan(user, body.ban_duration);
  user.updatedAt = new Date().toISOString();
  return { status: 200, body: userJson(user) };
}

/** The answer to an admin endpoint, or undefined when the path is not one. */
export function adminRoute(state: GoTrueState, request: FakeRequest): Answer | undefined {
  const match = /^\/admin\/users(?:\/([^/]+)(?:\/factors(?:\/([^/]+))?)?)?$/.exec(request.path);
  if (!match) return undefined;
  const claims = state.bearerClaims(request.headers.authorization as string | undefined);
  if (!ADMIN_ROLES.includes(claims.role as string)) throw new GoTrueError(403, 'not_admin', 'User not allowed');
  const [, userId, factorId] = match;
  const { method } = request;
  if (userId === undefined) {
    if (method === 'POST') return createUser(state, request.body);
    if (method === 'GET') return listUsers(state, request);
    throw new GoTrueError(405, 'unknown', 'Method Not Allowed');
  }
  if (!UUID.test(userId)) throw new GoTrueError(404, 'validation_failed', 'user_id must be an UUID');
  const user = state.users.get(userId);
  if (!user) throw new GoTrueError(404, 'user_not_found', 'User not found');
  const wantsFactors = request.path.includes('/factors');
  if (!wantsFactors) {
    if (method === 'GET') return { status: 200, body: userJson(user) };
    if (method === 'PUT') return updateUser(state, user, request.body);
    if (method === 'DELETE') {
      state.deleteUser(user);
      return { status: 200, body: {} };
    }
  } else if (factorId === undefined && method === 'GET') {
    return { status: 200, body: user.factors.map(factorJson) };
  } else if (factorId !== undefined && method === 'DELETE') {
    const factor = user.factors.find((f) => f.id === factorId);
    if (!factor) throw new GoTrueError(404, 'mfa_factor_not_found', 'Factor not found');
    removeFactor(state, user.factors, factor.id);
    return { status: 200, body: factorJson(factor) };
  }
  throw new GoTrueError(405, 'unknown', 'Method Not Allowed');
}
