// `npm run dev:supabase`: Talentloop on the local Supabase stack of `npx supabase start` (decision 050).
// Reads the stack's addresses and keys from `supabase status -o env` and starts server.ts as `npm start`
// does, with DATABASE_URL on the stack's PostgreSQL and sign-in through its Supabase Auth. It loads no
// demo data: `npx supabase db reset` applied the migrations and supabase/seed.sql (the README's demo users).
// For a hosted project, set the same variables yourself (.env.example) and run `npm start`.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

/** What Talentloop needs of a running local stack, by the names `supabase status -o env` prints. */
export interface LocalSupabase {
  apiUrl: string;
  dbUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
}

const STATUS_KEYS = {
  apiUrl: 'API_URL',
  dbUrl: 'DB_URL',
  anonKey: 'ANON_KEY',
  serviceRoleKey: 'SERVICE_ROLE_KEY',
  jwtSecret: 'JWT_SECRET',
} as const satisfies Record<keyof LocalSupabase, string>;

/** One `KEY=value` line's value: bare, or double-quoted with backslash escapes (as the CLI writes it). */
function envValue(raw: string): string {
  const value = raw.trim();
  if (!(value.length >= 2 && value.startsWith('"') && value.endsWith('"'))) return value;
  return value.slice(1, -1).replace(/\\(.)/g, (_, char: string) => ({ n: '\n', r: '\r', t: '\t' })[char] ?? char);
}

/**
 * Parses the output of `supabase status -o env` (lines `API_URL="http://127.0.0.1:54321"`, among
 * others the CLI adds: STUDIO_URL, PUBLISHABLE_KEY, ...). Throws naming what is missing, e.g. when
 * the stack runs with `[auth] enabled = false` and prints no keys.
 */
export function parseSupabaseStatus(output: string): LocalSupabase {
  const values = new Map<string, string>();
  for (const line of output.split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Z][A-Z0-9_]*)\s*=(.*)$/.exec(line);
    if (match) values.set(match[1], envValue(match[2]));
  }
  const missing = Object.values(STATUS_KEYS).filter((key) => !values.get(key));
  if (missing.length) {
    throw new Error(`\`supabase status -o env\` did not give ${missing.join(', ')}: is the stack running with [auth] enabled?`);
  }
  const value = (key: string) => values.get(key) ?? '';
  return {
    apiUrl: value(STATUS_KEYS.apiUrl),
    dbUrl: value(STATUS_KEYS.dbUrl),
    anonKey: value(STATUS_KEYS.anonKey),
    serviceRoleKey: value(STATUS_KEYS.serviceRoleKey),
    jwtSecret: value(STATUS_KEYS.jwtSecret),
  };
}

/** The environment server.ts gets: the stack's database as DATABASE_URL, and Supabase Auth's settings. */
export function talentloopEnvironment(local: LocalSupabase): Record<string, string> {
  return {
    DATABASE_URL: local.dbUrl,
    SUPABASE_URL: local.apiUrl,
    SUPABASE_ANON_KEY: local.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: local.serviceRoleKey,
    SUPABASE_JWT_SECRET: local.jwtSecret,
    // `supabase db reset` loaded the demo data (supabase/seed.sql); the app adds none of its own.
    SEED_DEMO_DATA: 'off',
  };
}

const ROOT = path.resolve(import.meta.dirname, '..');
const HOW_TO_START = 'Start the stack first (it needs Docker): `npx supabase start`, then `npx supabase db reset`.';

/** `supabase status -o env` through npx (the CLI that `npx supabase start` used), or the binary SUPABASE_CLI names. */
function readStatus(): string {
  const cli = process.env.SUPABASE_CLI;
  const [command, args] = cli ? [cli, ['status', '-o', 'env']] : ['npx', ['--yes', 'supabase', 'status', '-o', 'env']];
  // From the repository's root, where supabase/config.toml names the project whose stack it asks about.
  const result = spawnSync(command, args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 });
  if (result.error) {
    const reason = (result.error as NodeJS.ErrnoException).code === 'ENOENT' ? `${command} was not found` : result.error.message;
    throw new Error(`Could not run the Supabase CLI (${reason}). Install it (\`npm i -D supabase\`, or see ` +
      'https://supabase.com/docs/guides/local-development/cli/getting-started), or set SUPABASE_CLI to its path.');
  }
  if (result.status !== 0) {
    const said = `${result.stderr}${result.stdout}`.trim().split('\n').slice(-3).join('\n');
    throw new Error(`\`supabase status\` failed${said ? `:\n${said}` : '.'}\n${HOW_TO_START}`);
  }
  return result.stdout;
}

if (import.meta.main) {
  let environment: Record<string, string>;
  try {
    environment = talentloopEnvironment(parseSupabaseStatus(readStatus()));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  console.log(`Talentloop on the local Supabase stack: database ${new URL(environment.DATABASE_URL).host}, ` +
    `Supabase Auth at ${environment.SUPABASE_URL}.`);
  // As `npm start` (its prestart builds the site when the checkout changed), with the stack's environment.
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    env: { ...process.env, ...environment },
    stdio: 'inherit',
  });
  // Ctrl-C reaches the server through the terminal's process group; SIGTERM is passed on.
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
