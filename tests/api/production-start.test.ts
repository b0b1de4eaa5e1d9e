// `NODE_ENV=production node server.ts` refuses to start on what would be unsafe
// to serve: a database with demo users whose passwords the README publishes, or
// a PUBLIC_URL that is not https. The server runs as a child process, as in
// production, against a fresh copy of the test template (which has the demo users).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '#platform/auth/better-auth.server.ts';
import { findDemoUsers } from '#demo/demo.server.ts';
import { SERVER_NODE_FLAGS } from '../../scripts/server-node-flags.ts';
import { AUTH_SECRET, ORIGIN, TEST_SECRET } from '../support/constants.ts';
import { createTestDatabase, type TestDatabase } from '../support/harness.ts';
import { budget } from '../support/time-scale.ts';

const SERVER = path.resolve(import.meta.dirname, '../../server.ts');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'talentloop-production-start-'));
let db: TestDatabase;

beforeAll(async () => { db = await createTestDatabase(); });
afterAll(async () => {
  await db?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs `node server.ts` as `npm start` does (its heap limits) with `env` on top of a clean environment; resolves with its exit code and output. */
function startServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER], {
    env: {
      PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir, PORT: '0', WORKER: 'off',
      // The test run's app secret: the server sets the shared app role's password from it.
      // Read as an operator at a terminal reads it (the JSON lines carry the same words).
      APP_SECRET: TEST_SECRET, LOG_FORMAT: 'pretty', ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  return new Promise((resolve, reject) => {
    // A server that did start would not exit by itself: stop it and let the assertions fail.
    const timer = setTimeout(() => child.kill('SIGTERM'), 45_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('a production start', () => {
  it('refuses a database whose users still sign in with the demo credentials, and says how to fix it', { timeout: budget(60_000) }, async () => {
    const { code, output } = await startServer({ NODE_ENV: 'production', PUBLIC_URL: 'https://talentloop.example.com', DATABASE_URL: db.ownerUrl });
    expect(code).toBe(1);
    expect(output).toContain('Refusing to start: NODE_ENV=production, and this database has users who sign in with demo credentials');
    expect(output).toMatch(/^ {2}admin: demo password$/m);
    expect(output).toMatch(/^ {2}recruiter: demo password$/m);
    expect(output).toContain('npm run create-admin');
    expect(output).not.toContain('Talentloop is running');
  });

  it('refuses a PUBLIC_URL that is not https, before touching the database', { timeout: budget(60_000) }, async () => {
    const { code, output } = await startServer({
      NODE_ENV: 'production', PUBLIC_URL: 'http://talentloop.example.com', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    });
    expect(code).toBe(1);
    expect(output).toContain('Refusing to start: NODE_ENV=production needs an https PUBLIC_URL, and it is "http://talentloop.example.com".');
    expect(output).toContain('Set PUBLIC_URL to the https address');
  });

  it('refuses SEED_DEMO_DATA=on', { timeout: budget(60_000) }, async () => {
    const { code, output } = await startServer({
      NODE_ENV: 'production', PUBLIC_URL: 'https://talentloop.example.com', SEED_DEMO_DATA: 'on', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    });
    expect(code).toBe(1);
    expect(output).toContain('Refusing to start: SEED_DEMO_DATA=on cannot be used with NODE_ENV=production.');
  });
});

describe('findDemoUsers', () => {
  it('finds users by a demo password or the demo two-factor secret, and not once they are banned or changed', async () => {
    const own = await createTestDatabase();
    const authService = await createAuth({ ownerUrl: own.ownerUrl, secret: AUTH_SECRET, baseURL: ORIGIN, trustedOrigins: [], secureCookies: false });
    try {
      const { auth } = authService;
      const owner = own.pools.owner;
      expect(await findDemoUsers(auth, owner)).toEqual([
        { username: 'admin', reasons: ['demo password', 'demo two-factor secret'] },
        { username: 'recruiter', reasons: ['demo password'] },
      ]);
      const id = async (username: string) => (await owner.query<{ id: string }>('select id from public.profiles where username = $1', [username])).rows[0].id;
      const ctx = await auth.$context;
      // A new password: the recruiter is no longer a demo user; the admin keeps the published second factor.
      await ctx.internalAdapter.updatePassword(await id('recruiter'), await ctx.password.hash('a-real-password-nobody-knows'));
      await ctx.internalAdapter.updatePassword(await id('admin'), await ctx.password.hash('another-real-password'));
      expect(await findDemoUsers(auth, owner)).toEqual([{ username: 'admin', reasons: ['demo two-factor secret'] }]);
      await owner.query(`update public.profiles set banned = true where username = 'admin'`);
      expect(await findDemoUsers(auth, owner)).toEqual([]);
    } finally {
      await authService.close();
      await own.drop();
    }
  });
});
