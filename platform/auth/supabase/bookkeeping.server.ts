// What our server keeps beside Supabase Auth (migration 20261129150000): the sessions
// our rules govern, each user's TOTP secret (encrypted with our secret) and backup
// codes (HMAC-hashed). Decision 050 says why each one is ours.
import { createHmac, randomInt } from 'node:crypto';
import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import type pg from 'pg';
import type { AuthRequest, SessionRow } from '../identity.server.ts';

const SESSION_COLUMNS = `s.id::text, s.user_agent as "userAgent", s.ip_address as "ipAddress", s.created_at as "createdAt",
  s.last_seen_at as "lastSeenAt"`;

export class Bookkeeping {
  private readonly pool: pg.Pool;
  private readonly secret: string;

  constructor(pool: pg.Pool, secret: string) {
    this.pool = pool;
    this.secret = secret;
  }

  async recordSession(sessionId: string, userId: string, request: AuthRequest): Promise<void> {
    await this.pool.query(
      `insert into private.auth_sessions (id, user_id, user_agent, ip_address) values ($1, $2, $3, $4)
       on conflict (id) do update set last_seen_at = now()`,
      [sessionId, userId, request.headers.get('user-agent'), request.clientIp]);
  }

  /** The session, with whether its user has a verified TOTP factor (every request asks both: one round trip). */
  async session(sessionId: string, userId: string): Promise<(SessionRow & { enrolled: boolean }) | null> {
    const { rows } = await this.pool.query<SessionRow & { enrolled: boolean }>(
      `select ${SESSION_COLUMNS},
              exists (select 1 from private.totp_factors f where f.user_id = s.user_id and f.verified) as enrolled
         from private.auth_sessions s where s.id = $1 and s.user_id = $2`, [sessionId, userId]);
    return rows[0] ?? null;
  }

  async sessions(userId: string): Promise<SessionRow[]> {
    const { rows } = await this.pool.query<SessionRow>(`select ${SESSION_COLUMNS} from private.auth_sessions s where s.user_id = $1`, [userId]);
    return rows;
  }

  async touchSession(sessionId: string): Promise<void> {
    await this.pool.query('update private.auth_sessions set last_seen_at = now() where id = $1', [sessionId]);
  }

  async endSessions(userId: string, which: { only?: string; except?: string } = {}): Promise<number> {
    const { rowCount } = await this.pool.query(
      `delete from private.auth_sessions where user_id = $1
          and ($2::uuid is null or id = $2) and ($3::uuid is null or id <> $3)`,
      [userId, which.only ?? null, which.except ?? null]);
    return rowCount ?? 0;
  }

  /**
   * The user's TOTP factor at Supabase and its secret (base32), or null. The secret is null for a
   * factor enrolled elsewhere: GoTrue checks its codes, but each code once and backup codes need it.
   */
  async factor(userId: string): Promise<{ factorId: string; secret: string | null; verified: boolean } | null> {
    const { rows } = await this.pool.query<{ factor_id: string; secret: string | null; verified: boolean }>(
      'select factor_id::text, secret, verified from private.totp_factors where user_id = $1', [userId]);
    if (!rows[0]) return null;
    const secret = rows[0].secret === null ? null : await symmetricDecrypt({ key: this.secret, data: rows[0].secret });
    return { factorId: rows[0].factor_id, secret, verified: rows[0].verified };
  }

  /**
   * What GoTrue said at sign-in about the user's verified TOTP factor wins: one enrolled elsewhere is
   * recorded (without its secret), one removed elsewhere is forgotten with its backup codes.
   */
  async syncVerifiedFactor(userId: string, factorId: string | null): Promise<void> {
    const known = await this.factor(userId);
    if (factorId === null) {
      if (known?.verified) await this.forgetFactor(userId);
    } else if (!known || known.factorId !== factorId) {
      await this.pool.query(
        `insert into private.totp_factors (user_id, factor_id, secret, verified) values ($1, $2, null, true)
         on conflict (user_id) do update set factor_id = excluded.factor_id, secret = null, verified = true, created_at = now()`,
        [userId, factorId]);
    } else if (!known.verified) {
      await this.factorVerified(userId);
    }
  }

  async saveFactor(userId: string, factorId: string, secret: string, verified = false): Promise<void> {
    const encrypted = await symmetricEncrypt({ key: this.secret, data: secret });
    await this.pool.query(
      `insert into private.totp_factors (user_id, factor_id, secret, verified) values ($1, $2, $3, $4)
       on conflict (user_id) do update set factor_id = excluded.factor_id, secret = excluded.secret,
         verified = excluded.verified, created_at = now()`, [userId, factorId, encrypted, verified]);
  }

  async factorVerified(userId: string): Promise<void> {
    await this.pool.query('update private.totp_factors set verified = true where user_id = $1', [userId]);
  }

  async forgetFactor(userId: string): Promise<void> {
    await this.pool.query('delete from private.totp_factors where user_id = $1', [userId]);
    await this.pool.query('delete from private.backup_codes where user_id = $1', [userId]);
  }

  private hash(code: string): string {
    return createHmac('sha256', this.secret).update(code.trim().toUpperCase()).digest('hex');
  }

  /** Ten new backup codes for the user (the old ones stop working); shown once, kept hashed. */
  async newBackupCodes(userId: string): Promise<string[]> {
    const codes = Array.from({ length: 10 }, () => `${randomCode(5)}-${randomCode(5)}`);
    await this.pool.query('delete from private.backup_codes where user_id = $1', [userId]);
    await this.pool.query(
      'insert into private.backup_codes (user_id, code_hash) select $1, unnest($2::text[])',
      [userId, codes.map((code) => this.hash(code))]);
    return codes;
  }

  /** Uses up one backup code; false when it is not one of the user's (or was used). */
  async useBackupCode(userId: string, code: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      'delete from private.backup_codes where user_id = $1 and code_hash = $2', [userId, this.hash(code)]);
    return Boolean(rowCount);
  }
}

/** Letters and digits without look-alikes (0/O, 1/I/L): easy to type from paper. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function randomCode(length: number): string {
  return Array.from({ length }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}
