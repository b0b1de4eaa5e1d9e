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

// bigint ids and counts come back as numbers (the spec's ids are numbers).
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** The app role's password is derived from the app secret, so every process agrees on it. */
export function appRolePassword(appSecret: string): string {
  return createHmac('sha256', appSecret).update('talentloop_app login').digest('base64url');
}

/**
 * Creates (or refreshes) the NOINHERIT login role the API uses. It may only
 * switch, per transaction, to anon, authenticated or service_role.
 */
export async function ensureAppRole(owner: pg.Pool, password: string): Promise<void> {
  const client = await owner.connect();
  try {
    await client.query('select pg_advisory_lock(727002)');
    const exists = await client.query('select 1 from pg_roles where rolname = $1', [APP_LOGIN_ROLE]);
    const quoted = client.escapeLiteral(password);
    if (exists.rowCount === 0) {
      await client.query(`create role ${APP_LOGIN_ROLE} login noinherit password ${quoted}`);
    } else {
      await client.query(`alter role ${APP_LOGIN_ROLE} login noinherit password ${quoted}`);
    }
    await client.query(`grant anon, authenticated, service_role to ${APP_LOGIN_ROLE}`);
    const db = await client.query<{ db: string }>('select current_database() as db');
    await client.query(`grant connect on database ${client.escapeIdentifier(db.rows[0].db)} to ${APP_LOGIN_ROLE}`);
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
export async function openDatabase(ownerUrl: string, appSecret: string, max = 10): Promise<Pools & { migrations: MigrationResult }> {
  const owner = new pg.Pool({ connectionString: ownerUrl, max: 4 });
  const migrations = await migrate(owner);
  const password = appRolePassword(appSecret);
  await ensureAppRole(owner, password);
  const app = new pg.Pool({ connectionString: withUser(ownerUrl, APP_LOGIN_ROLE, password), max });
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
