// Every database call of a request runs in one transaction as a Supabase role
// with the caller's claims, both set with is_local = true (what PostgREST does):
// nothing leaks to the next user of the pooled connection.
import type pg from 'pg';
import { isDatabaseUnavailable } from './pools.server.ts';

export type DbRole = 'anon' | 'authenticated' | 'service_role';

export interface Claims {
  sub?: string;
  role: DbRole;
  username?: string;
  app_role?: 'admin' | 'recruiter';
  /** The rest of a Supabase Auth JWT's claims (aal, amr, session_id, email, …), which auth.jwt() then reads. */
  [claim: string]: unknown;
}

export type Tx = pg.PoolClient;

export interface TxOptions {
  /** false: the commit does not wait for the WAL flush (only a database crash can forget it). */
  synchronousCommit?: boolean;
}

/** The statement that sets the role, the claims and the options, each for the current transaction only. */
function claimSettings(client: pg.PoolClient, claims: Claims, options: TxOptions): string {
  return `select set_config('role', ${client.escapeLiteral(claims.role)}, true),
      set_config('request.jwt.claims', ${client.escapeLiteral(JSON.stringify(claims))}, true)${
        options.synchronousCommit === false ? ", set_config('synchronous_commit', 'off', true)" : ''}`;
}

export async function withClaims<T>(pool: pg.Pool, claims: Claims, work: (tx: Tx) => Promise<T>, options: TxOptions = {}): Promise<T> {
  const client = await pool.connect();
  // A connection that broke or timed out is closed, not handed to the next request.
  let broken = false;
  try {
    // One round trip: a simple query may hold several statements (parameters would need one each).
    await client.query(`begin; ${claimSettings(client, claims, options)}`);
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    broken = isDatabaseUnavailable(error);
    if (!broken) await client.query('rollback').catch(() => { broken = true; });
    throw error;
  } finally {
    client.release(broken);
  }
}

/** The database as a trusted server path (worker, webhooks): RLS is bypassed, triggers still apply. */
export function asService<T>(pool: pg.Pool, work: (tx: Tx) => Promise<T>, options?: TxOptions): Promise<T> {
  return withClaims(pool, { role: 'service_role' }, work, options);
}

/** Writes a value into SQL text as a quoted literal (pg's escapeLiteral): the simple protocol takes no parameters. */
export type Literal = (value: string) => string;

/**
 * Statements as the service role in one round trip, where a hot path cannot afford three (begin and the
 * settings, the statement, commit): the settings and the statements go as one simple query, which PostgreSQL runs
 * as one transaction, committed at its end or rolled back whole. Values go into the text through `literal`.
 * Answers each statement's result, in order.
 */
export async function serviceStatements(pool: pg.Pool, statements: (literal: Literal) => string[], options: TxOptions = {}):
  Promise<pg.QueryResult[]> {
  const client = await pool.connect();
  let broken = false;
  try {
    const text = [claimSettings(client, { role: 'service_role' }, options), ...statements((value) => client.escapeLiteral(value))].join(';\n');
    const results = (await client.query(text)) as unknown as pg.QueryResult[];
    return results.slice(1);
  } catch (error) {
    broken = isDatabaseUnavailable(error);
    throw error;
  } finally {
    client.release(broken);
  }
}
