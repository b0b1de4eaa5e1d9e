// On a Supabase project an admin may manage users in Supabase's dashboard (decision 050): a user GoTrue
// writes into auth.users gets a profile, and a ban, a new email or a deletion there reaches it. Run on a
// database shaped like a Supabase project, where GoTrue's own writes are plain rows in auth.users.
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrate } from '#platform/db/migrate.server.ts';
import { createSupabaseShapedDatabase, dropDatabase } from '../support/supabase-shape.ts';

const DATABASE = `sb_users_${randomBytes(4).toString('hex')}`;
let owner: pg.Pool;

beforeAll(async () => {
  owner = new pg.Pool({ connectionString: await createSupabaseShapedDatabase(inject('pgServerUrl'), DATABASE), max: 2 });
  // dropDatabase ends what is still connected (with force); a connection the pool is closing just then must not fail the run.
  owner.on('error', () => undefined);
  await migrate(owner);
});

afterAll(async () => {
  await owner?.end();
  await dropDatabase(inject('pgServerUrl'), DATABASE);
});

/** What GoTrue writes when an admin adds a user in the dashboard (the columns the triggers read). */
async function goTrueCreates(email: string, meta: { user?: Record<string, string>; app?: Record<string, string> } = {}): Promise<string> {
  const id = randomUUID();
  await owner.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, '', now(), $3, $4, now(), now())`,
    [id, email, JSON.stringify({ provider: 'email', providers: ['email'], ...meta.app }), JSON.stringify(meta.user ?? {})]);
  return id;
}

async function profile(id: string) {
  const { rows } = await owner.query<{ username: string; display_name: string; email: string; role: string; banned: boolean }>(
    'select username::text, display_name, email::text, role, banned from public.profiles where id = $1', [id]);
  return rows[0];
}

describe('profiles follow the users of Supabase Auth', () => {
  it('gives a user made in the dashboard a profile: username from the email, a recruiter unless app_metadata says admin', async () => {
    const tag = randomBytes(3).toString('hex');
    const first = await goTrueCreates(`Jo.Smith+${tag}@example.com`);
    expect(await profile(first)).toEqual({
      username: `jo.smith${tag}`, display_name: `jo.smith${tag}`, email: `Jo.Smith+${tag}@example.com`, role: 'recruiter', banned: false,
    });
    // The same local part at another domain: the username gets a number.
    const second = await goTrueCreates(`jo.smith+${tag}@other.example`, { user: { display_name: 'Jo Smith' }, app: { role: 'admin' } });
    expect(await profile(second)).toMatchObject({ username: `jo.smith${tag}2`, display_name: 'Jo Smith', role: 'admin' });
  });

  it('takes the username the app chose when it made the user through the admin API', async () => {
    const id = await goTrueCreates(`pat-${randomBytes(3).toString('hex')}@example.com`, { user: { username: 'Pat_Lee', display_name: 'Pat Lee' } });
    expect(await profile(id)).toMatchObject({ username: 'pat_lee', display_name: 'Pat Lee' });
  });

  it('never fails GoTrue\'s write: a user whose email a profile already has is added without a profile', async () => {
    const email = `taken-${randomBytes(3).toString('hex')}@example.com`;
    await goTrueCreates(email);
    const again = await goTrueCreates(email.toUpperCase());
    expect(await profile(again)).toBeUndefined();
  });

  it('follows a ban, an unban, a new email and a deletion', async () => {
    const id = await goTrueCreates(`mo-${randomBytes(3).toString('hex')}@example.com`);
    await owner.query("update auth.users set banned_until = now() + interval '876000 hours' where id = $1", [id]);
    expect((await profile(id)).banned).toBe(true);
    await owner.query('update auth.users set banned_until = null where id = $1', [id]);
    expect((await profile(id)).banned).toBe(false);
    await owner.query("update auth.users set email = 'mo.new@example.com' where id = $1", [id]);
    expect((await profile(id)).email).toBe('mo.new@example.com');
    await owner.query('delete from auth.users where id = $1', [id]);
    expect(await profile(id)).toMatchObject({ email: 'mo.new@example.com', banned: true });
  });
});
