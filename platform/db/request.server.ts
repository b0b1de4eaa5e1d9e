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
}

export type Tx = pg.PoolClient;

export interface TxOptions {
  /** false: the commit does not wait for the WAL flush (only a database crash can forget it). */
  synchronousCommit?: boolean;
}

export async function withClaims<T>(pool: pg.Pool, claims: Claims, work: (tx: Tx) => Promise<T>, options: TxOptions = {}): Promise<T> {
  const client = await pool.connect();
  // A connection that broke or timed out is closed, not handed to the next request.
  let broken = false;
  try {
    // One round trip: a simple query may hold several statements (parameters would need one each).
    await client.query(`begin; select set_config('role', ${client.escapeLiteral(claims.role)}, true),
      set_config('request.jwt.claims', ${client.escapeLiteral(JSON.stringify(claims))}, true)${
        options.synchronousCommit === false ? ", set_config('synchronous_commit', 'off', true)" : ''}`);
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
