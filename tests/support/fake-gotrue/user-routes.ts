// The endpoints a signed-in user (or one signing in) calls: /token (password and refresh_token grants),
// /user, /logout and /factors (TOTP enroll, challenge, verify, unenroll), as GoTrue answers them.
import { randomUUID } from 'node:crypto';
import QRCode from 'qrcode';
import { banned, hashPassword, mergeMetadata, newFactor, passwordMatches, totpUri, totpValid, userJson } from './model.ts';
import { checkPasswordStrength, GoTrueError, type GoTrueState } from './state.ts';

export interface FakeRequest {
  method: string;
  /** Without /auth/v1. */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

export interface Answer { status: number; body?: unknown; headers?: Record<string, string> }

/** GoTrue's MFA challenge lifetime (GOTRUE_MFA_CHALLENGE_EXPIRY_DURATION, 300 s). */
const CHALLENGE_SECONDS = 300;
/** GOTRUE_MFA_MAX_ENROLLED_FACTORS. */
const MAX_ENROLLED_FACTORS = 10;
/** The TOTP issuer when enroll names none: the host of the site URL (the CLI's site_url). */
const DEFAULT_ISSUER = '127.0.0.1:3000';

const ok = (body: unknown): Answer => ({ status: 200, body });
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const INVALID_LOGIN = new GoTrueError(400, 'invalid_credentials', 'Invalid login credentials');

function passwordGrant(state: GoTrueState, body: FakeRequest['body']): Answer {
  if (body.phone) throw new GoTrueError(400, 'validation_failed', 'The fake GoTrue signs in by email only');
  const user = state.userByEmail(text(body.email));
  if (!user?.passwordHash) throw INVALID_LOGIN;
  // GoTrue looks at the ban before the password.
  if (banned(user)) throw new GoTrueError(400, 'user_banned', 'User is banned');
  if (!passwordMatches(text(body.password), user.passwordHash)) throw INVALID_LOGIN;
  if (!user.emailConfirmedAt) throw new GoTrueError(400, 'email_not_confirmed', 'Email not confirmed');
  return ok(state.signIn(user));
}

function refreshGrant(state: GoTrueState, body: FakeRequest['body']): Answer {
  const token = text(body.refresh_token);
  if (!token) throw new GoTrueError(400, 'validation_failed', 'refresh_token required');
  const entry = state.refreshTokens.get(token);
  const session = entry && state.sessions.get(entry.sessionId);
  if (!entry || !session) throw new GoTrueError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  const user = state.users.get(session.userId)!;
  if (banned(user)) throw new GoTrueError(400, 'user_banned', 'Invalid Refresh Token: User Banned');
  if (entry.revoked) {
    // The parent of the session's current token: the client lost the last answer, so it gets the same one again.
    const active = state.refreshTokens.get(session.refreshToken);
    if (active && !active.revoked && active.parent === token) return ok(state.answer(session));
    // Any other used token: swapped again within the reuse interval; after it, refused, and its whole family revoked.
    if (Date.now() > entry.revokedAt! + state.refreshTokenReuseSeconds * 1000) {
      for (const other of state.refreshTokens.values()) if (other.sessionId === session.id) other.revoked = true;
      throw new GoTrueError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    }
  }
  return ok(state.rotate(session, token));
}

async function enroll(state: GoTrueState, request: FakeRequest): Promise<Answer> {
  const { user, session } = state.authenticate(request.headers.authorization as string | undefined);
  const type = text(request.body.factor_type);
  if (type === 'phone') throw new GoTrueError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
  if (type === 'webauthn') throw new GoTrueError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
  if (type !== 'totp') throw new GoTrueError(400, 'validation_failed', 'factor_type needs to be totp, phone, or webauthn');
  const friendlyName = text(request.body.friendly_name);
  if (user.factors.some((factor) => factor.friendlyName === friendlyName)) {
    throw new GoTrueError(422, 'mfa_factor_name_conflict', `A factor with the friendly name "${friendlyName}" for this user already exists`);
  }
  if (user.factors.length >= MAX_ENROLLED_FACTORS) {
    throw new GoTrueError(422, 'too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue');
  }
  if (user.factors.some((factor) => factor.status === 'verified') && session?.aal !== 'aal2') {
    throw new GoTrueError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor');
  }
  const factor = newFactor(friendlyName);
  user.factors.push(factor);
  const uri = totpUri(text(request.body.issuer) || DEFAULT_ISSUER, user.email, factor.secret);
  // GoTrue answers the SVG itself; auth-js makes it a data: URI.
  const qrCode = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'H' });
  return ok({ id: factor.id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: qrCode, secret: factor.secret, uri } });
}

/** /factors/{id}/challenge, /factors/{id}/verify and DELETE /factors/{id}. */
function factorAction(state: GoTrueState, request: FakeRequest, factorId: string, action: string): Answer {
  const { user, session } = state.authenticate(request.headers.authorization as string | undefined);
  const factor = user.factors.find((f) => f.id === factorId);
  if (!factor) throw new GoTrueError(404, 'mfa_factor_not_found', 'Factor not found');
  if (request.method === 'DELETE' && action === '') {
    if (factor.status === 'verified' && session?.aal !== 'aal2') throw new GoTrueError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
    removeFactor(state, user.factors, factor.id);
    return ok({ id: factor.id });
  }
  if (request.method === 'POST' && action === '/challenge') {
    const challenge = { id: randomUUID(), factorId: factor.id, createdAt: Date.now(), verifiedAt: null };
    state.challenges.set(challenge.id, challenge);
    factor.lastChallengedAt = new Date(challenge.createdAt).toISOString();
    return ok({ id: challenge.id, type: 'totp', expires_at: Math.floor(challenge.createdAt / 1000) + CHALLENGE_SECONDS });
  }
  if (request.method === 'POST' && action === '/verify') {
    const code = text(request.body.code);
    if (!code) throw new GoTrueError(400, 'validation_failed', 'Code needs to be non-empty');
    const challenge = state.challenges.get(text(request.body.challenge_id));
    if (!challenge || challenge.factorId !== factor.id) {
      throw new GoTrueError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
    }
    // GoTrue refuses a used challenge with the same words as one from another IP address.
    if (challenge.verifiedAt !== null) throw new GoTrueError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
    if (Date.now() > challenge.createdAt + CHALLENGE_SECONDS * 1000) {
      state.challenges.delete(challenge.id);
      throw new GoTrueError(422, 'mfa_challenge_expired',
        `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`);
    }
    if (!totpValid(factor.secret, code)) throw new GoTrueError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
    if (!session) throw new GoTrueError(500, 'unexpected_failure', 'A valid session is required to verify a factor');
    challenge.verifiedAt = Date.now();
    if (factor.status !== 'verified') {
      factor.status = 'verified';
      factor.updatedAt = new Date().toISOString();
    }
    const answer = state.raiseToAal2(session, factor.id, 'totp');
    // InvalidateSessionsWithAALLessThan(aal2) and DeleteUnverifiedFactors(totp).
    state.endSessions((other) => other.userId === user.id && other.aal === 'aal1');
    user.factors = user.factors.filter((f) => f.status === 'verified');
    return ok({ ...answer, user: userJson(user) });
  }
  throw new GoTrueError(405, 'unknown', 'Method Not Allowed');
}

/** Deletes the factor, its challenges, and lowers the sessions it raised to aal1 (DowngradeSessionsToAAL1). */
export function removeFactor(state: GoTrueState, factors: Array<{ id: string }>, factorId: string) {
  factors.splice(factors.findIndex((f) => f.id === factorId), 1);
  for (const [id, challenge] of state.challenges) if (challenge.factorId === factorId) state.challenges.delete(id);
  for (const session of state.sessions.values()) {
    if (session.factorId === factorId) Object.assign(session, { aal: 'aal1', factorId: null });
  }
}

function updateUser(state: GoTrueState, request: FakeRequest): Answer {
  const { user, session } = state.authenticate(request.headers.authorization as string | undefined);
  const { password, data, email, app_metadata: appMetadata } = request.body;
  if (appMetadata !== undefined) throw new GoTrueError(403, 'not_admin', 'Updating app_metadata requires admin privileges');
  if (email !== undefined && text(email).toLowerCase() !== user.email) {
    throw new GoTrueError(400, 'validation_failed', 'The fake GoTrue does not change email addresses');
  }
  if (password !== undefined && password !== '') {
    if (user.factors.some((f) => f.status === 'verified') && session?.aal !== 'aal2') {
      throw new GoTrueError(401, 'insufficient_aal', 'AAL2 session is required to update email or password when MFA is enabled.');
    }
    checkPasswordStrength(text(password));
    if (user.passwordHash && passwordMatches(text(password), user.passwordHash)) {
      throw new GoTrueError(422, 'same_password', 'New password should be different from the old password.');
    }
    user.passwordHash = hashPassword(text(password));
    // user.UpdatePassword(tx, &session.ID): every other session of the user ends.
    state.endSessions((other) => other.userId === user.id && other.id !== session?.id);
  }
  if (data && typeof data === 'object') user.userMetadata = mergeMetadata(user.userMetadata, data as Record<string, unknown>);
  user.updatedAt = new Date().toISOString();
  return ok(userJson(user));
}

function logout(state: GoTrueState, request: FakeRequest): Answer {
  const { user, session } = state.authenticate(request.headers.authorization as string | undefined);
  const scope = request.query.get('scope') || 'global';
  if (scope === 'global') state.endSessions((s) => s.userId === user.id);
  else if (scope === 'local') state.endSessions((s) => s.id === session?.id);
  else if (scope === 'others') state.endSessions((s) => s.userId === user.id && s.id !== session?.id);
  else throw new GoTrueError(400, 'validation_failed', `Unsupported logout scope "${scope}"`);
  return { status: 204 };
}

/** The answer to a user endpoint, or undefined when the path is not one. */
export async function userRoute(state: GoTrueState, request: FakeRequest): Promise<Answer | undefined> {
  const { method, path } = request;
  if (method === 'POST' && path === '/token') {
    const grant = request.query.get('grant_type');
    if (grant === 'password') return passwordGrant(state, request.body);
    if (grant === 'refresh_token') return refreshGrant(state, request.body);
    throw new GoTrueError(400, 'validation_failed', 'unsupported_grant_type');
  }
  if (path === '/user' && method === 'GET') return ok(userJson(state.authenticate(request.headers.authorization as string | undefined).user));
  if (path === '/user' && method === 'PUT') return updateUser(state, request);
  if (path === '/logout' && method === 'POST') return logout(state, request);
  if (path === '/factors' && method === 'POST') return enroll(state, request);
  const factor = /^\/factors\/([^/]+)(\/challenge|\/verify)?$/.exec(path);
  if (factor) return factorAction(state, request, factor[1], factor[2] ?? '');
  return undefined;
}
