// Two connection pools: the owner (sessions, rate limits, audit; pg-boss and
// better-auth have their own) and the app login role, which owns nothing and so is
// always subject to row-level security. Every pool a request or job uses has a
// connect and a statement time-out: a database that stops answering costs
// seconds (a 503), never a hung request. Migrations get a connection of their own
// without limits.
import { createHmac } from 'node:crypto';
import pg from 'pg';
import { parseJson } from '../json.ts';
import { log } from '../runtime/log.server.ts';
import { migrate, type MigrationResult } from './migrate.server.ts';

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

/**
 * How much later than the server's statement_timeout the client gives up on a
 * server that stopped answering altogether (frozen, or a network gone silent),
 * which cannot enforce its own time-out: a request then answers 503 within
 * DB_STATEMENT_TIMEOUT_MS + 2 s.
 */
export const QUERY_GRACE_MS = 1_000;

/** What a pool (ours, better-auth's, pg-boss's) needs so that an unanswering database costs seconds. */
export function timeLimits(timeouts: DbTimeouts): Pick<pg.PoolConfig, 'connectionTimeoutMillis' | 'statement_timeout' | 'query_timeout'> {
  return {
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.statementMs + QUERY_GRACE_MS,
  };
}

/** The app role's pool: every request and job runs here, so every statement has a time limit. */
export function appPoolConfig(connectionString: string, max: number, timeouts: DbTimeouts): pg.PoolConfig {
  return { connectionString, max, ...timeLimits(timeouts) };
}

/**
 * The owner's pool: sessions, rate limits and audit lines of requests, the worker's
 * housekeeping; limited like the app's. `bulk`: no statement limit, for work that may
 * rightly run for minutes (bench data, index builds); a connection is still waited
 * for only so long.
 */
export function ownerPoolConfig(connectionString: string, timeouts: DbTimeouts, { bulk = false } = {}): pg.PoolConfig {
  return bulk
    ? { connectionString, max: 4, connectionTimeoutMillis: timeouts.connectMs }
    : { connectionString, max: 4, ...timeLimits(timeouts) };
}

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);
const UNREACHABLE_MESSAGES = /timeout exceeded when trying to connect|Connection terminated|Query read timeout|Client has encountered a connection error|the database system is (starting up|shutting down)|Client was closed and is not queryable/i;
/** SQLSTATE 28P01 / 28000: the server refused our sign-in (a password derived from another APP_SECRET). */
const SIGN_IN_REFUSED = /^28(P01|000)$/;

/** `error` and the errors it wraps (libraries such as better-auth wrap the driver's error in their own). */
function* causes(error: unknown): Generator<unknown> {
  for (let at = error, depth = 0; at !== undefined && at !== null && depth < 5; at = (at as { cause?: unknown }).cause, depth++) yield at;
}

function unreachable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || /^(08|53|57P)/.test(code) || SIGN_IN_REFUSED.test(code))) return true;
  return error instanceof Error && UNREACHABLE_MESSAGES.test(error.message);
}

/**
 * The database could not be reached, or it went away mid-request (stopped,
 * frozen, restarting, too many connections, no free connection in time, our
 * sign-in refused): worth a retry, not a bug. SQLSTATE classes 08 (connection),
 * 53 (resources), 57P (shutdown) and 28 (sign-in refused).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const at of causes(error)) if (unreachable(at)) return true;
  return false;
}

/** The error (of `error` and those it wraps) by which PostgreSQL refused our sign-in; null when it did not. */
function signInRefusal(error: unknown): Error | null {
  for (const at of causes(error)) {
    const code = (at as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && SIGN_IN_REFUSED.test(code)) return at as Error;
  }
  return null;
}

/** Why the database is unavailable, for the log line (never for the client): the sign-in case says what to fix. */
export function unavailableReason(error: unknown): string {
  const refusal = signInRefusal(error);
  if (refusal) {
    return `PostgreSQL refused the sign-in (${refusal.message}): the request role's password is derived from APP_SECRET, `
      + 'so every process on this database needs the same APP_SECRET (.env.example)';
  }
  return error instanceof Error ? error.message : String(error);
}

// bigint ids and counts come back as numbers (the spec's ids are numbers).
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
// json and jsonb keep every key as stored (platform/json.ts: V8 may misread an escaped key).
pg.types.setTypeParser(pg.types.builtins.JSON, parseJson);
pg.types.setTypeParser(pg.types.builtins.JSONB, parseJson);

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

/** A process's APP_SECRET differs from the one the processes already on this database use. */
export class AppSecretMismatchError extends Error {}

export const APP_SECRET_MISMATCH = `APP_SECRET does not match the one the processes already running on this database use: PostgreSQL `
  + `refused the password it gives the request role ${APP_LOGIN_ROLE}. Every web and worker process on one database needs the same `
  + 'APP_SECRET: set it in this process\'s environment to the value the others use (.env.example; with the embedded database it is '
  + 'kept in DATA_DIR/app-secret). To change the secret on purpose, stop every process and start one with ROTATE_APP_SECRET=on.';

/**
 * Refuses to go on when the request role exists and does not take the password our
 * APP_SECRET gives it: setting it would lock every process already running out of the
 * database (each signed-in request a failure). `rotate` (ROTATE_APP_SECRET=on) takes over.
 */
async function checkAppSecret(owner: pg.Pool, ownerUrl: string, password: string, timeouts: DbTimeouts, rotate: boolean): Promise<void> {
  if (rotate) return;
  const exists = await owner.query('select 1 from pg_roles where rolname = $1', [APP_LOGIN_ROLE]);
  if (!exists.rowCount) return;
  const client = new pg.Client({ connectionString: withUser(ownerUrl, APP_LOGIN_ROLE, password), connectionTimeoutMillis: timeouts.connectMs });
  try {
    await client.connect();
  } catch (error) {
    // Only a refused password says "another secret"; no CONNECT grant yet (a new database) comes after the password was taken.
    if ((error as { code?: string }).code === '28P01') throw new AppSecretMismatchError(APP_SECRET_MISMATCH);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface OpenOptions {
  /** The owner pool without a statement limit (bench data, index builds). */
  bulkOwner?: boolean;
  /** ROTATE_APP_SECRET=on: give the request role this secret's password even though another one is in use. */
  rotateAppSecret?: boolean;
}

/** How long a starting process waits for its database to answer before it gives up (it exits then). */
export const BOOT_WAIT_MS = 60_000;

/**
 * Resolves once `pool` gets a connection. While the database cannot be reached (not up yet, restarting, too busy to
 * answer within the connect time-out) it tries again, 0.5 s after the first failure and up to 5 s apart, for at most
 * `waitMs`; a refused sign-in and any other error end it at once. Several processes started beside their database
 * (or while it is loaded) then come up with it instead of each exiting on the first try.
 */
export async function waitForDatabase(pool: pg.Pool, { waitMs = BOOT_WAIT_MS, onWait = logWait } = {}): Promise<void> {
  const deadline = Date.now() + waitMs;
  for (let delayMs = 500; ; delayMs = Math.min(delayMs * 2, 5_000)) {
    try {
      (await pool.connect()).release();
      return;
    } catch (error) {
      if (signInRefusal(error) || !isDatabaseUnavailable(error) || Date.now() + delayMs > deadline) throw error;
      onWait(unavailableReason(error), delayMs);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}

function logWait(reason: string, retryInMs: number) {
  log.warn('waiting for the database', { reason, retryInMs });
}

/** Applies pending migrations (on a connection of their own, without time limits), then opens the owner and app pools. */
export async function openDatabase(ownerUrl: string, appSecret: string, max = 10,
  timeouts: DbTimeouts = dbTimeouts(), options: OpenOptions = {}): Promise<Pools & { migrations: MigrationResult }> {
  const setup = new pg.Pool({ ...ownerPoolConfig(ownerUrl, timeouts, { bulk: true }), max: 1 });
  let migrations: MigrationResult;
  const password = appRolePassword(appSecret);
  try {
    await waitForDatabase(setup);
    migrations = await migrate(setup);
    await checkAppSecret(setup, ownerUrl, password, timeouts, options.rotateAppSecret ?? false);
    await ensureAppRole(setup, password);
  } finally {
    await setup.end();
  }
  const owner = new pg.Pool(ownerPoolConfig(ownerUrl, timeouts, { bulk: options.bulkOwner }));
  const app = new pg.Pool(appPoolConfig(withUser(ownerUrl, APP_LOGIN_ROLE, password), max, timeouts));
  // An idle client that loses its server must not crash the process.
  owner.on('error', (error) => log.warn('database connection lost', { pool: 'owner', error: error.message }));
  app.on('error', (error) => log.warn('database connection lost', { pool: 'app', error: error.message }));
  return {
    owner,
    app,
    migrations,
    close: async () => {
      await Promise.allSettled([owner.end(), app.end()]);
    },
  };
}
