// Settings → Profile: a user changes their own email and interface language on the real
// database. The email stays unique and the same in the profile and in better-auth (they
// sign in with the username, but both copies are kept); bad input is named; the
// database's language rule is the schema's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERFACE_LANGUAGES, type ProfileSettings } from '#domain/settings/schemas.ts';
import { auditEntries, login, makeUser, type TestUser } from '../support/auth-users.ts';
import { startTestApp, type TestApp, type TestClient } from '../support/harness.ts';

let app: TestApp;

beforeAll(async () => { app = await startTestApp(); });
afterAll(async () => { await app?.close(); });

/** A user of their own, signed in, so that changing them touches no other test. */
async function ownUser(): Promise<{ user: TestUser; client: TestClient }> {
  const user = await makeUser(app);
  const client = app.client({ ip: `10.122.0.${Math.floor(Math.random() * 250) + 1}` });
  expect((await login(client, user)).status).toBe(200);
  return { user, client };
}

async function emails(id: string) {
  const { rows } = await app.pools.owner.query<{ profile: string; auth: string }>(
    'select p.email::text as profile, u.email as auth from public.profiles p join app_auth."user" u on u.id::text = p.id::text where p.id = $1', [id]);
  return rows[0];
}

describe('PUT /api/settings/profile: email and language', () => {
  it('starts with no language (the browser decides) and the email the account was made with', async () => {
    const { user, client } = await ownUser();
    const profile = (await client.get('/api/settings/profile')).json as ProfileSettings;
    expect(profile).toMatchObject({ email: `${user.username}@example.com`, language: null });
  });

  it('saves a new email in lower case, in the profile and in better-auth, and the language', async () => {
    const { user, client } = await ownUser();
    const saved = await client.send('PUT', '/api/settings/profile', { body: { email: '  New.Address@Example.COM ', language: 'nl' } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toMatchObject({ email: 'new.address@example.com', language: 'nl' });
    expect(await emails(user.id)).toEqual({ profile: 'new.address@example.com', auth: 'new.address@example.com' });
    // The session shows it, and signing in again still works.
    expect((await client.get('/api/auth/me')).json).toMatchObject({ user: { email: 'new.address@example.com' } });
    expect((await login(app.client({ ip: '10.122.1.1' }), user)).status).toBe(200);

    // Left out keeps it; null goes back to the browser's language.
    expect((await client.send('PUT', '/api/settings/profile', { body: { title: 'Sourcer' } })).json)
      .toMatchObject({ email: 'new.address@example.com', language: 'nl', title: 'Sourcer' });
    expect((await client.send('PUT', '/api/settings/profile', { body: { language: null } })).json).toMatchObject({ language: null });
    expect((await client.send('PUT', '/api/settings/profile', { body: { language: 'en' } })).json).toMatchObject({ language: 'en' });
    expect((await client.send('PUT', '/api/settings/profile', { body: { language: '' } })).json).toMatchObject({ language: null });
  });

  it('writes an email change to the audit log, with the old and the new address, and only a change', async () => {
    const { user, client } = await ownUser();
    const before = `${user.username}@example.com`;
    expect((await client.send('PUT', '/api/settings/profile', { body: { email: before, title: 'Same address' } })).status).toBe(200);
    expect((await client.send('PUT', '/api/settings/profile', { body: { language: 'nl' } })).status).toBe(200);
    expect(await auditEntries(app, 'auth.account.email_change', user.username)).toEqual([]);

    expect((await client.send('PUT', '/api/settings/profile', { body: { email: 'Moved@Example.com' } })).status).toBe(200);
    expect(await auditEntries(app, 'auth.account.email_change', user.username)).toEqual([
      { action: 'auth.account.email_change', actor_id: user.id, details: { username: user.username, from: before, to: 'moved@example.com' } },
    ]);
  });

  it("refuses another account's email with a 409 naming email, in any case, and changes nothing", async () => {
    const { user, client } = await ownUser();
    const other = await makeUser(app);
    const refused = await client.send('PUT', '/api/settings/profile', { body: { email: `${other.username.toUpperCase()}@EXAMPLE.com`, title: 'X' } });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ field: 'email' });
    expect(await emails(user.id)).toEqual({ profile: `${user.username}@example.com`, auth: `${user.username}@example.com` });
    expect(((await client.get('/api/settings/profile')).json as ProfileSettings).title).toBeNull();
  });

  it('keeps its own email when saved again unchanged', async () => {
    const { user, client } = await ownUser();
    const same = await client.send('PUT', '/api/settings/profile', { body: { email: `${user.username}@example.com` } });
    expect(same.status, same.text).toBe(200);
  });

  it.each([
    [{ email: 'not an address' }, 'email'],
    [{ email: '' }, 'email'],
    [{ email: null }, 'email'],
    [{ email: `${'a'.repeat(250)}@example.com` }, 'email'],
    [{ language: 'de' }, 'language'],
    [{ language: 'english' }, 'language'],
    [{ language: 1 }, 'language'],
  ])('refuses %j with a 400 naming %s', async (body, field) => {
    const { client } = await ownUser();
    const refused = await client.send('PUT', '/api/settings/profile', { body });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ field });
  });

  it("the database's language rule is the schema's", async () => {
    const { user } = await ownUser();
    for (const language of INTERFACE_LANGUAGES) {
      await app.pools.owner.query('update public.profiles set language = $2 where id = $1', [user.id, language]);
    }
    await expect(app.pools.owner.query("update public.profiles set language = 'de' where id = $1", [user.id])).rejects.toThrow(/check/);
  });

  it('refuses a signed-out caller', async () => {
    const refused = await app.client().send('PUT', '/api/settings/profile', { body: { language: 'nl' } });
    expect(refused.status).toBe(401);
  });
});
