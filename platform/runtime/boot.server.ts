// Brings up what every process needs: PostgreSQL (embedded unless DATABASE_URL
// is set), migrations, the two pools and the identity provider (better-auth, or
// Supabase Auth when SUPABASE_URL is set; decision 050). Used by the web server,
// the stand-alone worker, the seed script and the tests.
import type { Config } from './config.server.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded.server.ts';
import { AppSecretMismatchError, openDatabase, type Pools } from '../db/pools.server.ts';
import type { MigrationResult } from '../db/migrate.server.ts';
import { createAuth, type AuthService } from '../auth/better-auth.server.ts';
import type { IdentityProvider } from '../auth/identity.server.ts';
import { supabaseIdentityFor } from '../auth/supabase/identity.server.ts';
import { createHmac } from 'node:crypto';
import pg from 'pg';
import { log as processLog } from './log.server.ts';

export interface Platform {
  ownerUrl: string;
  pools: Pools;
  /** Who signs people in. */
  identity: IdentityProvider;
  /** better-auth itself, when it is the provider (the demo seed enrols through it); null with Supabase Auth. */
  authService: AuthService | null;
  migrations: MigrationResult;
  embedded: EmbeddedDatabase | null;
  shutdown(): Promise<void>;
}

const APP_DATABASE = 'talentloop';

/** Creates the app database on the embedded server if it is not there yet. */
async function ensureDatabase(serverUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export function derivedSecret(config: Config, purpose: string): string {
  return createHmac('sha256', config.appSecret).update(purpose).digest('base64url');
}

/**
 * For the entry points (server.ts, worker/main.ts): a start-up that must not go on
 * (another APP_SECRET in use) ends the process with the reason and what to do, not a stack.
 */
export function refuseToStart(error: unknown): never {
  if (error instanceof AppSecretMismatchError) {
    processLog.error(`Refusing to start: ${error.message}`);
    process.exit(1);
  }
  throw error;
}

export async function bootPlatform(config: Config, log: (line: string) => void = (line) => processLog.info(line)): Promise<Platform> {
  let embedded: EmbeddedDatabase | null = null;
  let ownerUrl = config.databaseUrl;
  if (!ownerUrl) {
    embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      port: config.embeddedPgPort,
      password: derivedSecret(config, 'embedded postgres superuser'),
      log,
    });
    ownerUrl = await ensureDatabase(embedded.ownerUrl, APP_DATABASE);
  }
  try {
    const { migrations, ...pools } = await openDatabase(ownerUrl, config.appSecret, undefined, undefined,
      { rotateAppSecret: config.rotateAppSecret });
    if (migrations.applied.length) log(`Applied ${migrations.applied.length} migration(s).`);
    const secureCookies = config.publicUrl.startsWith('https://');
    const authService = config.supabase ? null : await createAuth({
      ownerUrl,
      secret: derivedSecret(config, 'better-auth'),
      baseURL: config.publicUrl,
      trustedOrigins: config.trustedOrigins,
      secureCookies,
      sessionMaxAgeHours: config.session.maxAgeHours,
    });
    const { supabase } = config;
    const identity = authService?.identity ?? supabaseIdentityFor({ ...config, supabase: supabase! }, pools.owner,
      derivedSecret(config, 'supabase-auth'));
    if (supabase) log(`Sign-in: Supabase Auth at ${supabase.url}.`);
    return {
      ownerUrl,
      pools,
      identity,
      authService,
      migrations,
      embedded,
      async shutdown() {
        await identity.close().catch(() => undefined);
        await pools.close();
        await embedded?.stop();
      },
    };
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
}
