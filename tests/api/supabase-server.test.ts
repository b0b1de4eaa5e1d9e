// `node server.ts` with SUPABASE_URL and its keys set signs people in with Supabase Auth (here a fake
// GoTrue on 127.0.0.1): the start-up wiring, the API over HTTP and the /app page's own session lookup.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '#domain/auth/users.server.ts';
import { supabaseIdentity } from '#platform/auth/supabase/identity.server.ts';
import { createTestDatabase, overHttp, TestClient, type TestDatabase } from '../support/harness.ts';
import { startFakeGoTrue, type FakeGoTrue } from '../support/fake-gotrue.ts';
import { assertBuilt, startServerProcess, type RunningServer } from '../support/server-process.ts';
import { budget } from '../support/time-scale.ts';

let db: TestDatabase;
let gotrue: FakeGoTrue;
let server: RunningServer;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'talentloop-supabase-'));
const PASSWORD = 'supabase-server-test-password';

beforeAll(async () => {
  assertBuilt();
  db = await createTestDatabase();
  gotrue = await startFakeGoTrue();
  // The admin portal's way in, through the same provider the server will use.
  const identity = supabaseIdentity({ config: gotrue.config, pool: db.pools.owner, secret: 'unused-here', secure: false, maxAgeSeconds: 3600 });
  await createUser(identity, db.pools.owner, {
    username: 'supa', displayName: 'Supa Recruiter', email: 'supa@example.com', password: PASSWORD, role: 'recruiter',
  });
  server = await startServerProcess({
    databaseUrl: db.ownerUrl, dataDir,
    env: (url) => ({ ...gotrue.env, TRUSTED_ORIGINS: url }),
  });
}, budget(120_000));

afterAll(async () => {
  await server?.stop();
  await gotrue?.close();
  await db?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the server with Supabase Auth', () => {
  it('says which provider signs people in, and signs a user in over HTTP', async () => {
    expect(server.output()).toContain(`Sign-in: Supabase Auth at ${gotrue.url}`);
    const browser = new TestClient(overHttp(server.url), '127.0.0.1');
    const login = await browser.post('/api/auth/login', { username: 'supa', password: PASSWORD }, { origin: server.url });
    expect(login.status).toBe(200);
    expect(login.json).toEqual({ requiresTwoFactor: false });
    expect(gotrue.requests.some((request) => request.search === '?grant_type=password')).toBe(true);
    const me = await browser.get('/api/auth/me');
    expect(me.json.user).toMatchObject({ username: 'supa', displayName: 'Supa Recruiter' });

    // The /app page finds the session itself (no redirect to sign-in) and hands the user to the shell.
    const page = await browser.get('/app/dashboard');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Supa Recruiter');
  });

  it('sends a signed-out visitor of /app to sign in', async () => {
    const page = await new TestClient(overHttp(server.url), '127.0.0.1').get('/app/dashboard');
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toMatch(/^\/login\?next=/);
  });
});
