// Two connection pools: the owner (migrations, pg-boss, better-auth) and the app
// login role, which owns nothing and so is always subject to row-level security.
import { createHmac } from 'node:crypto';
import pg from 'pg';
import { migrate, type MigrationResult } from './migrate.ts';

export const APP_LOGIN_ROLE = 'talentloop_app';

export interface Pools {
  owner: pg.Pool;
  app: pg.Pool;
  close(): Promise<void>;
}

/** Time limits that keep a slow or unreachable database from holding requests (DB_* in .env.example). */
export interface DbTimeouts {
  /** Longest statement on the app pool (requests and jobs), enforced by the server. */
  statementMs: number;
  /** Longest wait for a connection: a new one, or a free one from a busy pool. */
  connectMs: number;
}

function positiveNumber(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value && Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

export function dbTimeouts(env: Record<string, string | undefined> = process.env): DbTimeouts {
  return {
    statementMs: positiveNumber(env.DB_STATEMENT_TIMEOUT_MS, 15_000),
    connectMs: positiveNumber(env.DB_CONNECT_TIMEOUT_MS, 5_000),
  };
}

/** The app role's pool: every request and job runs here, so every statement has a time limit. */
export function appPoolConfig(connectionString: string, max: number, timeouts: DbTimeouts): pg.PoolConfig {
  return {
    connectionString,
    max,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    // A server that stops answering altogether cannot enforce statement_timeout: the client gives up a little later.
    query_timeout: timeouts.statementMs + 5_000,
  };
}

/**
 * The owner's pool: migrations, seeding, demo and bench data, index builds. Those
 * may rightly run for minutes, so no statement limit; a connection is still
 * waited for only so long.
 */
export function ownerPoolConfig(connectionString: string, timeouts: DbTimeouts): pg.PoolConfig {
  return { connectionString, max: 4, connectionTimeoutMillis: timeouts.connectMs };
}

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);
const UNREACHABLE_MESSAGES = /timeout exceeded when trying to connect|Connection terminated|Query read timeout|Client has encountered a connection error|the database system is (starting up|shutting down)/i;

/**
 * The database could not be reached, or it went away mid-request (stopped,
 * restarting, too many connections, no free connection in time): worth a retry,
 * not a bug. SQLSTATE classes 08 (connection), 53 (resources) and 57P (shutdown).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || /^(08|53|57P)/.test(code))) return true;
  return error instanceof Error && UNREACHABLE_MESSAGES.test(error.message);
}

// bigint ids and counts come back as numbers (the spec's ids are numbers).
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** The app role's password is derived from the app secret, so every process agrees on it. */
export function appRolePassword(appSecret: string): string {
  return createHmac('sha256', appSecret).update('talentloop_app login').digest('base64url');
}

/**
 * Creates (or refreshes) the NOINHERIT login role the API uses. It may only
 * switch, per transaction, to anon, authenticated or service_role. Works for an
 * owner that is not a superuser (Supabase's postgres): that needs CREATEROLE and
 * anon, authenticated, service_role held WITH ADMIN OPTION; a role it created
 * itself it may alter later. `role` is the name (another one only in tests).
 */
export async function ensureAppRole(owner: pg.Pool, password: string, role = APP_LOGIN_ROLE): Promise<void> {
  // Roles belong to the whole server, advisory locks to one database: two databases on one server (the
  // tests' files, side by side) can still create or alter the role at the same moment, and PostgreSQL then
  // refuses one ("tuple concurrently updated", or the role "already exists"). Doing it again is all it takes.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await refreshAppRole(owner, password, role);
    } catch (error) {
      const code = (error as { code?: string }).code;
      const raced = code === '42710' || code === '23505' || /tuple concurrently (updated|deleted)/.test((error as Error).message);
      if (attempt >= 8 || !raced) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

async function refreshAppRole(owner: pg.Pool, password: string, role: string): Promise<void> {
  const client = await owner.connect();
  try {
    await client.query('select pg_advisory_lock(727002)');
    const exists = await client.query('select 1 from pg_roles where rolname = $1', [role]);
    const name = client.escapeIdentifier(role);
    const quoted = client.escapeLiteral(password);
    if (exists.rowCount === 0) {
      await client.query(`create role ${name} login noinherit password ${quoted}`);
    } else {
      await client.query(`alter role ${name} login noinherit password ${quoted}`);
    }
    await client.query(`grant anon, authenticated, service_role to ${name}`);
    const db = await client.query<{ db: string }>('select current_database() as db');
    await client.query(`grant connect on database ${client.escapeIdentifier(db.rows[0].db)} to ${name}`);
  } finally {
    await client.query('select pg_advisory_unlock(727002)').catch(() => undefined);
    client.release();
  }
}

export function withUser(url: string, user: string, password: string): string {
  const parsed = new URL(url);
  parsed.username = encodeURIComponent(user);
  parsed.password = encodeURIComponent(password);
  return parsed.toString();
}

/** Opens the owner pool, applies pending migrations, then opens the app pool. */
export async function openDatabase(ownerUrl: string, appSecret: string, max = 10,
  timeouts: DbTimeouts = dbTimeouts()): Promise<Pools & { migrations: MigrationResult }> {
  const owner = new pg.Pool(ownerPoolConfig(ownerUrl, timeouts));
  const migrations = await migrate(owner);
  const password = appRolePassword(appSecret);
  await ensureAppRole(owner, password);
  const app = new pg.Pool(appPoolConfig(withUser(ownerUrl, APP_LOGIN_ROLE, password), max, timeouts));
  // An idle client that loses its server must not crash the process.
  owner.on('error', (error) => console.error('database (owner pool):', error.message));
  app.on('error', (error) => console.error('database (app pool):', error.message));
  return {
    owner,
    app,
    migrations,
    close: async () => {
      await Promise.allSettled([owner.end(), app.end()]);
    },
  };
}
