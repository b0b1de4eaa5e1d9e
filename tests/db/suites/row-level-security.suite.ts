// Each policy with one allowed and one denied case, run as the API's own login
// role (talentloop_app) switching to the Supabase roles per transaction.
// Shared by tests/db/row-level-security.test.ts and tests/db/supabase-shaped.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withClaims, type Tx } from '#platform/db/request.server.ts';
import { APP_LOGIN_ROLE } from '#platform/db/pools.server.ts';
import type { TestDatabase } from '#tests/support/harness.ts';

/** The suite, on a database from `openDatabase` (a plain or a Supabase-shaped one). */
export function rowLevelSecuritySuite(openDatabase: () => Promise<TestDatabase>) {
  let db: TestDatabase;
  let adminId: string;
  let recruiterId: string;
  let bannedId: string;
  let consentingId: number;
  let refusingId: number;

  const asRecruiter = <T>(work: (tx: Tx) => Promise<T>) => withClaims(db.pools.app, { role: 'authenticated', sub: recruiterId }, work);
  const asAdmin = <T>(work: (tx: Tx) => Promise<T>) => withClaims(db.pools.app, { role: 'authenticated', sub: adminId }, work);
  const asAnon = <T>(work: (tx: Tx) => Promise<T>) => withClaims(db.pools.app, { role: 'anon' }, work);
  const asService = <T>(work: (tx: Tx) => Promise<T>) => withClaims(db.pools.app, { role: 'service_role' }, work);

  beforeAll(async () => {
    db = await openDatabase();
    const users = await db.pools.owner.query<{ id: string; username: string }>('select id, username from public.profiles');
    adminId = users.rows.find((u) => u.username === 'admin')!.id;
    recruiterId = users.rows.find((u) => u.username === 'recruiter')!.id;
    bannedId = '00000000-0000-4000-8000-00000000b0b0';
    await db.pools.owner.query(
      `insert into public.profiles (id, username, display_name, email, role, banned) values ($1, 'banned', 'Banned', 'b@x.nl', 'recruiter', true)`,
      [bannedId]);
    const c = await db.pools.owner.query<{ id: number }>(
      `insert into public.candidates (name, email, allows_email, allows_whatsapp, whatsapp_number) values
         ('Consenting Candidate', 'yes@example.com', true, true, '+31600000001'),
         ('Refusing Candidate', 'no@example.com', false, false, '+31600000002') returning id`);
    [consentingId, refusingId] = c.rows.map((r) => r.id);
  });
  afterAll(async () => { await db?.drop(); });

  describe('the app login role', () => {
    it('owns nothing, so row-level security always applies to it', async () => {
      const { rows } = await db.pools.app.query<{ n: number }>(
        `select count(*)::int as n from pg_tables where schemaname = 'public' and tableowner = current_user`);
      expect(rows[0].n).toBe(0);
    });

    it('keeps role and claims inside one transaction (nothing leaks to the next user of the connection)', async () => {
      const client = await db.pools.app.connect();
      try {
        await client.query('begin');
        await client.query("select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
          [JSON.stringify({ sub: adminId, role: 'authenticated' })]);
        expect((await client.query<{ a: boolean }>('select public.is_admin() as a')).rows[0].a).toBe(true);
        await client.query('commit');
        const after = await client.query("select current_user as u, current_setting('request.jwt.claims', true) as claims");
        expect(after.rows[0]).toEqual({ u: db.appRole ?? APP_LOGIN_ROLE, claims: '' });
        // The bare login role holds no privileges of its own.
        await expect(client.query('select count(*) from public.candidates')).rejects.toThrow(/permission denied/);
      } finally {
        client.release();
      }
    });
  });

  describe('profiles', () => {
    it('a recruiter reads their own row but no one else’s', async () => {
      const rows = await asRecruiter(async (tx) => (await tx.query<{ username: string }>('select username from public.profiles')).rows);
      expect(rows).toEqual([{ username: 'recruiter' }]);
    });

    it('an admin reads every user; a recruiter cannot change roles', async () => {
      const all = await asAdmin(async (tx) => (await tx.query<{ n: number }>('select count(*)::int as n from public.profiles')).rows[0].n);
      expect(all).toBeGreaterThanOrEqual(3);
      const changed = await asRecruiter((tx) => tx.query(`update public.profiles set role = 'admin' where id = $1`, [recruiterId]));
      expect(changed.rowCount).toBe(0);
      const stillRecruiter = await db.pools.owner.query<{ role: string }>('select role from public.profiles where id = $1', [recruiterId]);
      expect(stillRecruiter.rows[0].role).toBe('recruiter');
    });

    it('an admin can change a role', async () => {
      const changed = await asAdmin((tx) => tx.query(`update public.profiles set display_name = 'Sam J.' where id = $1`, [recruiterId]));
      expect(changed.rowCount).toBe(1);
    });
  });

  describe('recruiting data (pools, candidates, campaigns, meetings...)', () => {
    it('signed-in users create and read pools', async () => {
      const id = await asRecruiter(async (tx) =>
        (await tx.query<{ id: number }>(`insert into public.talent_pools (name) values ('RLS pool') returning id`)).rows[0].id);
      expect(id).toBeGreaterThan(0);
      const seen = await asAdmin(async (tx) => (await tx.query<{ name: string }>('select name from public.talent_pools where id = $1', [id])).rows);
      expect(seen).toEqual([{ name: 'RLS pool' }]);
    });

    it('anonymous callers get nothing at all', async () => {
      await expect(asAnon((tx) => tx.query('select * from public.candidates'))).rejects.toThrow(/permission denied/);
      await expect(asAnon((tx) => tx.query('select * from public.talent_pools_with_counts'))).rejects.toThrow(/permission denied/);
    });

    it('a banned user sees no candidates and cannot add one', async () => {
      const asBanned = <T>(work: (tx: Tx) => Promise<T>) => withClaims(db.pools.app, { role: 'authenticated', sub: bannedId }, work);
      const rows = await asBanned(async (tx) => (await tx.query<{ n: number }>('select count(*)::int as n from public.candidates')).rows[0].n);
      expect(rows).toBe(0);
      await expect(asBanned((tx) => tx.query(`insert into public.candidates (name) values ('x')`))).rejects.toThrow(/row-level security/);
    });

    it('the pool view counts members through the caller’s policies', async () => {
      const poolId = await asRecruiter(async (tx) => {
        const { rows } = await tx.query<{ id: number }>(`insert into public.talent_pools (name) values ('RLS counted pool') returning id`);
        await tx.query('insert into public.talent_pool_members (talent_pool_id, candidate_id) values ($1, $2), ($1, $3)',
          [rows[0].id, consentingId, refusingId]);
        return rows[0].id;
      });
      const pools = await asRecruiter(async (tx) =>
        (await tx.query<{ candidate_count: number }>('select candidate_count from public.talent_pools_with_counts where id = $1', [poolId])).rows);
      expect(pools).toEqual([{ candidate_count: 2 }]);
      const asBanned = await withClaims(db.pools.app, { role: 'authenticated', sub: bannedId }, async (tx) =>
        (await tx.query<{ candidate_count: number }>('select candidate_count from public.talent_pools_with_counts where id = $1', [poolId])).rows);
      expect(asBanned).toEqual([]);
    });
  });

  describe('consent ledger', () => {
    it('a recruiter appends an entry in their own name, and the candidate’s flag follows it', async () => {
      await asRecruiter((tx) => tx.query(
        `insert into public.consent_events (candidate_id, channel, granted, source, created_by) values ($1, 'email', true, 'recruiter', $2)`,
        [refusingId, recruiterId]));
      const flag = await db.pools.owner.query<{ allows_email: boolean }>('select allows_email from public.candidates where id = $1', [refusingId]);
      expect(flag.rows[0].allows_email).toBe(true);
      await asRecruiter((tx) => tx.query(
        `insert into public.consent_events (candidate_id, channel, granted, source, created_by) values ($1, 'email', false, 'recruiter', $2)`,
        [refusingId, recruiterId]));
    });

    it('no one writes an entry in someone else’s name, or edits history', async () => {
      await expect(asRecruiter((tx) => tx.query(
        `insert into public.consent_events (candidate_id, channel, granted, source, created_by) values ($1, 'email', true, 'recruiter', $2)`,
        [refusingId, adminId]))).rejects.toThrow(/row-level security/);
      await expect(asRecruiter((tx) => tx.query('update public.consent_events set granted = true')))
        .rejects.toThrow(/permission denied/);
    });
  });

  describe('messages and consent', () => {
    const insertEmail = (candidateId: number) => (tx: Tx) => tx.query(
      `insert into public.messages (candidate_id, direction, channel, subject, content) values ($1, 'out', 'email', 'Hi', 'Hello')`,
      [candidateId]);
    const insertWhatsapp = (candidateId: number) => (tx: Tx) => tx.query(
      `insert into public.messages (candidate_id, direction, channel, content) values ($1, 'out', 'whatsapp', 'Hello')`,
      [candidateId]);

    it('an email to a consenting candidate is accepted', async () => {
      const result = await asRecruiter(insertEmail(consentingId));
      expect(result.rowCount).toBe(1);
    });

    it('an email to a candidate without email consent is refused as the app role', async () => {
      await expect(asRecruiter(insertEmail(refusingId))).rejects.toThrow(/row-level security|consented/);
    });

    it('is refused even for service_role and the table owner, which bypass row-level security', async () => {
      await expect(asService(insertEmail(refusingId))).rejects.toThrow(/has not consented to email/);
      await expect(db.pools.owner.query(
        `insert into public.messages (candidate_id, direction, channel, subject, content) values ($1, 'out', 'email', 'Hi', 'Hello')`,
        [refusingId])).rejects.toThrow(/has not consented to email/);
    });

    it('an unsubscribed candidate gets no email even with the flag still on', async () => {
      await db.pools.owner.query('update public.candidates set unsubscribed_at = now() where id = $1', [consentingId]);
      await expect(asService(insertEmail(consentingId))).rejects.toThrow(/has not consented to email/);
      await db.pools.owner.query('update public.candidates set unsubscribed_at = null where id = $1', [consentingId]);
    });

    it('WhatsApp follows allows_whatsapp the same way', async () => {
      expect((await asRecruiter(insertWhatsapp(consentingId))).rowCount).toBe(1);
      await expect(asRecruiter(insertWhatsapp(refusingId))).rejects.toThrow(/row-level security|consented/);
      await expect(asService(insertWhatsapp(refusingId))).rejects.toThrow(/has not consented to WhatsApp/);
    });

    it('an inbound reply is stored whatever the consent', async () => {
      const result = await asService((tx) => tx.query(
        `insert into public.messages (candidate_id, direction, channel, content, status) values ($1, 'in', 'email', 'Stop please', 'received')`,
        [refusingId]));
      expect(result.rowCount).toBe(1);
    });
  });

  describe('access requests', () => {
    it('anyone files one; only admins read them', async () => {
      await asAnon((tx) => tx.query(`insert into public.access_requests (name, email) values ('Visitor', 'v@example.com')`));
      await expect(asAnon((tx) => tx.query('select * from public.access_requests'))).rejects.toThrow(/permission denied/);
      const recruiterSees = await asRecruiter(async (tx) => (await tx.query('select * from public.access_requests')).rowCount);
      expect(recruiterSees).toBe(0);
      const adminSees = await asAdmin(async (tx) => (await tx.query<{ email: string }>('select email from public.access_requests')).rows);
      expect(adminSees).toContainEqual({ email: 'v@example.com' });
    });

    it('a visitor cannot file a request that is already approved', async () => {
      await expect(asAnon((tx) => tx.query(
        `insert into public.access_requests (name, email, status) values ('Sneaky', 's@example.com', 'approved')`)))
        .rejects.toThrow(/row-level security/);
    });
  });

  describe('audit log', () => {
    it('members write their own entries; only admins read the log', async () => {
      await asRecruiter((tx) => tx.query(
        `insert into public.audit_log (actor_id, action, entity) values ($1, 'test.action', 'test')`, [recruiterId]));
      await expect(asRecruiter((tx) => tx.query(
        `insert into public.audit_log (actor_id, action, entity) values ($1, 'forged', 'test')`, [adminId])))
        .rejects.toThrow(/row-level security/);
      expect(await asRecruiter(async (tx) => (await tx.query('select * from public.audit_log')).rowCount)).toBe(0);
      expect(await asAdmin(async (tx) => (await tx.query(`select * from public.audit_log where action = 'test.action'`)).rowCount)).toBe(1);
    });
  });

  describe('AI templates', () => {
    it('everyone reads them; only admins add them', async () => {
      await expect(asRecruiter((tx) => tx.query(
        `insert into public.ai_templates (template_id, name, category, language, subject, body) values ('x-1', 'X', 'general', 'english', 's', 'b')`)))
        .rejects.toThrow(/row-level security/);
      await asAdmin((tx) => tx.query(
        `insert into public.ai_templates (template_id, name, category, language, subject, body) values ('x-2', 'X', 'general', 'english', 's', 'b')`));
      const seen = await asRecruiter(async (tx) => (await tx.query<{ name: string }>(`select name from public.ai_templates where template_id = 'x-2'`)).rows);
      expect(seen).toEqual([{ name: 'X' }]);
    });
  });

  describe('booking settings and meeting types', () => {
    it('a recruiter sets their own hours and meeting types but not a colleague’s', async () => {
      // The demo seed gave them settings already: saving again is an upsert (what the API does).
      await asRecruiter((tx) => tx.query(
        `insert into public.booking_settings (recruiter_id, availability) values ($1, '{}')
         on conflict (recruiter_id) do update set availability = excluded.availability`, [recruiterId]));
      await expect(asRecruiter((tx) => tx.query(
        `insert into public.booking_settings (recruiter_id, availability) values ($1, '{}')`, [adminId])))
        .rejects.toThrow(/row-level security/);
      await asRecruiter((tx) => tx.query(
        `insert into public.meeting_types (recruiter_id, name, duration_minutes) values ($1, 'Intro', 30)`, [recruiterId]));
      await expect(asRecruiter((tx) => tx.query(
        `insert into public.meeting_types (recruiter_id, name, duration_minutes) values ($1, 'Intro', 30)`, [adminId])))
        .rejects.toThrow(/row-level security/);
    });
  });

  describe('engagement events', () => {
    it('members read them; only the server writes them', async () => {
      await asService((tx) => tx.query(`insert into public.engagement_events (candidate_id, kind) values ($1, 'open')`, [consentingId]));
      expect(await asRecruiter(async (tx) => (await tx.query('select * from public.engagement_events')).rowCount)).toBe(1);
      await expect(asRecruiter((tx) => tx.query(`insert into public.engagement_events (candidate_id, kind) values ($1, 'click')`, [consentingId])))
        .rejects.toThrow(/permission denied/);
    });
  });

  describe('booking links and meetings', () => {
    it('links get an unguessable token, and anon never reads the table', async () => {
      const token = await asRecruiter(async (tx) => (await tx.query<{ token: string }>(
        `insert into public.booking_links (recruiter_id, candidate_id) values ($1, $2) returning token`, [recruiterId, consentingId])).rows[0].token);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      await expect(asAnon((tx) => tx.query('select * from public.booking_links'))).rejects.toThrow(/permission denied/);
      await expect(asAnon((tx) => tx.query('select * from public.meetings'))).rejects.toThrow(/permission denied/);
    });

    it('one recruiter can never have two overlapping confirmed meetings', async () => {
      await asRecruiter((tx) => tx.query(
        `insert into public.meetings (recruiter_id, title, starts_at, ends_at) values ($1, 'A', '2027-01-04 10:00+01', '2027-01-04 10:30+01')`, [recruiterId]));
      await expect(asService((tx) => tx.query(
        `insert into public.meetings (recruiter_id, title, starts_at, ends_at) values ($1, 'B', '2027-01-04 10:15+01', '2027-01-04 10:45+01')`, [recruiterId])))
        .rejects.toThrow(/meetings_no_overlap/);
      // A cancelled meeting frees its slot; another recruiter is independent.
      await asRecruiter((tx) => tx.query(
        `insert into public.meetings (recruiter_id, title, starts_at, ends_at, status) values ($1, 'C', '2027-01-04 10:15+01', '2027-01-04 10:45+01', 'cancelled')`, [recruiterId]));
      await asRecruiter((tx) => tx.query(
        `insert into public.meetings (recruiter_id, title, starts_at, ends_at) values ($1, 'D', '2027-01-04 10:15+01', '2027-01-04 10:45+01')`, [adminId]));
    });

    it('buffers count: the gap between two meetings must hold the first one’s after and the second one’s before', async () => {
      const insert = (title: string, start: string, end: string, before: number, after: number) => asService((tx) => tx.query(
        `insert into public.meetings (recruiter_id, title, starts_at, ends_at, buffer_before_minutes, buffer_after_minutes)
         values ($1, $2, $3, $4, $5, $6)`, [recruiterId, title, start, end, before, after]));
      await insert('A', '2027-02-01 10:00+01', '2027-02-01 10:30+01', 0, 15);
      await expect(insert('B', '2027-02-01 10:40+01', '2027-02-01 11:00+01', 0, 0)).rejects.toThrow(/meetings_no_overlap/);
      await expect(insert('C', '2027-02-01 10:50+01', '2027-02-01 11:20+01', 10, 0)).rejects.toThrow(/meetings_no_overlap/);
      await insert('D', '2027-02-01 10:55+01', '2027-02-01 11:20+01', 10, 0);
    });
  });
}
