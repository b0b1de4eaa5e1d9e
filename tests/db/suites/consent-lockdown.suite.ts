// Consent that no code path can get around (migration 20261123000010): each
// bypass tried as raw SQL in the roles requests and jobs use, and refused.
// Shared by tests/db/consent-lockdown.test.ts and tests/db/supabase-shaped.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withClaims, type Tx } from '#platform/db/request.server.ts';
import type { TestDatabase } from '#tests/support/harness.ts';

/** The suite, on a database from `openDatabase` (a plain or a Supabase-shaped one). */
export function consentLockdownSuite(openDatabase: () => Promise<TestDatabase>) {
  let db: TestDatabase;
  let adminId: string;
  let recruiterId: string;

  const asRecruiter = <T>(work: (tx: Tx) => Promise<T>) => withClaims(db.pools.app, { role: 'authenticated', sub: recruiterId }, work);
  const asAdmin = <T>(work: (tx: Tx) => Promise<T>) => withClaims(db.pools.app, { role: 'authenticated', sub: adminId }, work);
  const asService = <T>(work: (tx: Tx) => Promise<T>) => withClaims(db.pools.app, { role: 'service_role' }, work);
  const roles = [['authenticated', () => asRecruiter], ['service_role', () => asService]] as const;

  /** A candidate with the given consent, written the only way there is: the ledger. */
  async function candidate(email: string | null, consent: { email?: boolean; whatsapp?: boolean } = {}): Promise<number> {
    return asRecruiter(async (tx) => {
      const { rows } = await tx.query<{ id: number }>(
        `insert into public.candidates (name, email, whatsapp_number, created_by) values ('Test Person', $1, '+31611111111', $2) returning id`,
        [email, recruiterId]);
      for (const [channel, granted] of Object.entries({ email: consent.email ?? true, whatsapp: consent.whatsapp ?? true })) {
        await tx.query(
          `insert into public.consent_events (candidate_id, channel, granted, source, wording, created_by)
           values ($1, $2, $3, 'recruiter', 'test', $4)`, [rows[0].id, channel, granted, recruiterId]);
      }
      return rows[0].id;
    });
  }
  const flags = async (id: number) => (await db.pools.owner.query<{
    allows_email: boolean; allows_whatsapp: boolean; unsubscribed_at: Date | null; whatsapp_opted_out_at: Date | null;
  }>(
    'select allows_email, allows_whatsapp, unsubscribed_at, whatsapp_opted_out_at from public.candidates where id = $1', [id])).rows[0];
  const optOut = (id: number, source = 'one_click', channel = 'email') => asService((tx) => tx.query(
    `insert into public.consent_events (candidate_id, channel, granted, source, wording) values ($1, $2, false, $3, 'test opt-out')`,
    [id, channel, source]));
  const emailTo = (id: number) => (tx: Tx) => tx.query(
    `insert into public.messages (candidate_id, direction, channel, subject, content) values ($1, 'out', 'email', 'Hi', 'Hello')`, [id]);
  const suppressions = async () => Number((await db.pools.owner.query<{ count: string }>('select count(*) from public.email_suppressions')).rows[0].count);

  beforeAll(async () => {
    db = await openDatabase();
    const users = await db.pools.owner.query<{ id: string; username: string }>('select id, username from public.profiles');
    adminId = users.rows.find((u) => u.username === 'admin')!.id;
    recruiterId = users.rows.find((u) => u.username === 'recruiter')!.id;
  });
  afterAll(async () => { await db?.drop(); });

  describe('the consent flags change only through the ledger', () => {
    for (const [role, as] of roles) {
      it(`${role} cannot write allows_email, allows_whatsapp, unsubscribed_at or whatsapp_opted_out_at`, async () => {
        const id = await candidate(`flags-${role}@example.com`, { email: false, whatsapp: false });
        for (const column of ['allows_email = true', 'allows_whatsapp = true', 'unsubscribed_at = null', 'whatsapp_opted_out_at = null']) {
          await expect(as()((tx) => tx.query(`update public.candidates set ${column} where id = $1`, [id]))).rejects.toThrow(/permission denied/);
        }
        await expect(as()((tx) => tx.query(
          `insert into public.candidates (name, email, allows_email) values ('Sneaky', 'sneaky-${role}@example.com', true)`)))
          .rejects.toThrow(/permission denied/);
        expect(await flags(id)).toMatchObject({ allows_email: false, allows_whatsapp: false });
        // Other fields are still theirs to edit.
        expect((await as()((tx) => tx.query(`update public.candidates set location = 'Delft' where id = $1`, [id]))).rowCount).toBe(1);
      });
    }

    it('a candidate created without a ledger entry cannot be emailed', async () => {
      const id = await asRecruiter(async (tx) => (await tx.query<{ id: number }>(
        `insert into public.candidates (name, email) values ('No Ledger', 'no-ledger@example.com') returning id`)).rows[0].id);
      expect(await flags(id)).toMatchObject({ allows_email: false, allows_whatsapp: false });
      await expect(asService(emailTo(id))).rejects.toThrow(/has not consented to email/);
    });
  });

  describe('the ledger is append-only, and its source is fixed by the path', () => {
    it('a recruiter cannot forge a candidate-originated entry', async () => {
      const id = await candidate('forge@example.com');
      for (const [source, granted] of [['candidate', true], ['candidate', false], ['unsubscribe_link', false], ['reply', false], ['seed', true], ['system', false]] as const) {
        await expect(asRecruiter((tx) => tx.query(
          `insert into public.consent_events (candidate_id, channel, granted, source, created_by) values ($1, 'email', $2, $3, $4)`,
          [id, granted, source, recruiterId]))).rejects.toThrow(/row-level security/);
      }
    });

    for (const [role, as] of roles) {
      it(`${role} can neither update nor delete ledger entries`, async () => {
        const id = await candidate(`ledger-${role}@example.com`);
        await expect(as()((tx) => tx.query('update public.consent_events set granted = false where candidate_id = $1', [id])))
          .rejects.toThrow(/permission denied/);
        await expect(as()((tx) => tx.query('delete from public.consent_events where candidate_id = $1', [id])))
          .rejects.toThrow(/permission denied/);
      });
    }

    it('not even the owner rewrites history', async () => {
      const id = await candidate('history@example.com');
      await expect(db.pools.owner.query('update public.consent_events set granted = false where candidate_id = $1', [id]))
        .rejects.toThrow(/append-only/);
      await expect(db.pools.owner.query('delete from public.consent_events where candidate_id = $1', [id]))
        .rejects.toThrow(/append-only/);
    });
  });

  describe('outbound messages are fixed once queued', () => {
    it('a member may only mark a message read; the delivery path only moves its status', async () => {
      const id = await candidate('fixed@example.com');
      const messageId = await asRecruiter(async (tx) => (await tx.query<{ id: number }>(
        `insert into public.messages (candidate_id, direction, channel, subject, content) values ($1, 'out', 'email', 'Hi', 'Hello') returning id`,
        [id])).rows[0].id);
      for (const change of [`content = 'Rewritten'`, `subject = 'Other'`, `status = 'queued'`, `direction = 'in'`, `candidate_id = 1`]) {
        await expect(asRecruiter((tx) => tx.query(`update public.messages set ${change} where id = $1`, [messageId])))
          .rejects.toThrow(/permission denied/);
      }
      for (const change of [`content = 'Rewritten'`, `subject = 'Other'`, `direction = 'in'`, `channel = 'whatsapp'`, `candidate_id = 1`]) {
        await expect(asService((tx) => tx.query(`update public.messages set ${change} where id = $1`, [messageId])))
          .rejects.toThrow(/permission denied/);
      }
      expect((await asRecruiter((tx) => tx.query('update public.messages set read_at = now() where id = $1', [messageId]))).rowCount).toBe(1);
      expect((await asService((tx) => tx.query(`update public.messages set status = 'sending' where id = $1`, [messageId]))).rowCount).toBe(1);
      await expect(asService((tx) => tx.query('delete from public.messages where id = $1', [messageId]))).rejects.toThrow(/permission denied/);
    });
  });

  describe('an opt-out by the candidate stands until the candidate reverses it', () => {
    it('a recruiter grant is refused, in any role; the candidate’s own grant works', async () => {
      const id = await candidate('stands@example.com');
      await optOut(id, 'one_click');
      expect((await flags(id)).unsubscribed_at).not.toBeNull();
      await expect(asRecruiter((tx) => tx.query(
        `insert into public.consent_events (candidate_id, channel, granted, source, created_by) values ($1, 'email', true, 'recruiter', $2)`,
        [id, recruiterId]))).rejects.toThrow(/only the candidate can opt back in/);
      await expect(asService((tx) => tx.query(
        `insert into public.consent_events (candidate_id, channel, granted, source) values ($1, 'email', true, 'system')`, [id])))
        .rejects.toThrow(/only the candidate can opt back in/);
      await expect(asService(emailTo(id))).rejects.toThrow(/has not consented to email/);

      await asService((tx) => tx.query(
        `insert into public.consent_events (candidate_id, channel, granted, source, wording) values ($1, 'email', true, 'candidate', 'changed my mind')`, [id]));
      expect(await flags(id)).toMatchObject({ allows_email: true, unsubscribed_at: null });
      expect((await asService(emailTo(id))).rowCount).toBe(1);
    });

    it('a recruiter may withdraw, and grant again for a candidate who never opted out', async () => {
      const id = await candidate('recruiter-only@example.com');
      await asRecruiter((tx) => tx.query(
        `insert into public.consent_events (candidate_id, channel, granted, source, created_by) values ($1, 'email', false, 'recruiter', $2)`,
        [id, recruiterId]));
      expect(await flags(id)).toMatchObject({ allows_email: false, unsubscribed_at: null });
      await asRecruiter((tx) => tx.query(
        `insert into public.consent_events (candidate_id, channel, granted, source, wording, created_by)
         values ($1, 'email', true, 'recruiter', 'said yes on the phone on 3 Nov', $2)`, [id, recruiterId]));
      expect(await flags(id)).toMatchObject({ allows_email: true });
    });

    it('the same holds for WhatsApp', async () => {
      const id = await candidate('whatsapp-stop@example.com');
      await optOut(id, 'whatsapp_reply', 'whatsapp');
      expect(await flags(id)).toMatchObject({ allows_whatsapp: false });
      expect((await flags(id)).whatsapp_opted_out_at).not.toBeNull();
      await expect(asRecruiter((tx) => tx.query(
        `insert into public.consent_events (candidate_id, channel, granted, source, created_by) values ($1, 'whatsapp', true, 'recruiter', $2)`,
        [id, recruiterId]))).rejects.toThrow(/only the candidate can opt back in/);
    });
  });

  describe('the suppression list outlives the candidate', () => {
    it('keeps only a hash, survives erasure, and withdraws a re-created candidate at once', async () => {
      const address = 'Gone.Person@Example.com';
      const id = await candidate(address.toLowerCase());
      const before = await suppressions();
      await optOut(id, 'reply');
      expect(await suppressions()).toBe(before + 1);
      const stored = await db.pools.owner.query('select * from public.email_suppressions');
      expect(JSON.stringify(stored.rows)).not.toMatch(/gone\.person/i);

      const erased = await asRecruiter(async (tx) => (await tx.query<{ ids: string[] }>('select public.erase_candidates($1, $2) as ids', [[id], 'GDPR erasure request'])).rows[0].ids);
      expect(erased.map(Number)).toEqual([id]);
      expect((await db.pools.owner.query<{ n: number }>('select count(*)::int as n from public.consent_events where candidate_id = $1', [id])).rows[0].n).toBe(0);
      expect(await suppressions()).toBe(before + 1);
      const audit = await db.pools.owner.query(`select actor_id, details from public.audit_log where action = 'candidate.erase' order by id desc limit 1`);
      expect(audit.rows[0]).toMatchObject({ actor_id: recruiterId, details: { count: 1, reason: 'GDPR erasure request', suppressedAddressesKept: 1 } });

      // Back again (any case, any spacing): withdrawn at once, with a ledger line that says why.
      const again = await asRecruiter(async (tx) => (await tx.query<{ id: number }>(
        `insert into public.candidates (name, email) values ('Gone Person', $1) returning id`, [' gone.person@example.com'.trim()])).rows[0].id);
      const ledger = await db.pools.owner.query<{ source: string; granted: boolean; wording: string }>('select source, granted, wording from public.consent_events where candidate_id = $1', [again]);
      expect(ledger.rows).toEqual([expect.objectContaining({ source: 'suppression', granted: false })]);
      expect(ledger.rows[0].wording).toMatch(/suppression list.*the candidate opted out/);
      expect((await flags(again)).unsubscribed_at).not.toBeNull();
      await expect(asRecruiter((tx) => tx.query(
        `insert into public.consent_events (candidate_id, channel, granted, source, created_by) values ($1, 'email', true, 'recruiter', $2)`,
        [again, recruiterId]))).rejects.toThrow(/only the candidate can opt back in/);
    });

    it('refuses an email to a suppressed address whatever the candidate row says', async () => {
      const id = await candidate('row-says-yes@example.com');
      await db.pools.owner.query(
        `insert into public.email_suppressions (address_hash, source, by_candidate) values (public.email_address_hash('ROW-SAYS-YES@example.com'), 'complaint', true)`);
      expect(await flags(id)).toMatchObject({ allows_email: true, unsubscribed_at: null });
      await expect(asService(emailTo(id))).rejects.toThrow(/has not consented to email \(suppressed\)/);
      await expect(db.pools.owner.query(
        `insert into public.messages (candidate_id, direction, channel, subject, content) values ($1, 'out', 'email', 'Hi', 'Hello')`, [id]))
        .rejects.toThrow(/suppressed/);
    });

    it('changing a candidate’s address to a suppressed one withdraws consent', async () => {
      const gone = await candidate('taken-over@example.com');
      await optOut(gone, 'bounce');
      await asRecruiter((tx) => tx.query('select public.erase_candidates($1, $2)', [[gone], 'cleanup']));
      const id = await candidate('fresh@example.com');
      await asRecruiter((tx) => tx.query(`update public.candidates set email = 'taken-over@example.com' where id = $1`, [id]));
      expect(await flags(id)).toMatchObject({ allows_email: false });
    });

    it('nobody deletes candidates except through erase_candidates, and only members may call it', async () => {
      const id = await candidate('no-delete@example.com');
      for (const [, as] of roles) {
        await expect(as()((tx) => tx.query('delete from public.candidates where id = $1', [id]))).rejects.toThrow(/permission denied/);
      }
      await expect(withClaims(db.pools.app, { role: 'anon' }, (tx) => tx.query('select public.erase_candidates($1, $2)', [[id], 'x'])))
        .rejects.toThrow(/permission denied/);
    });

    it('an admin sees the count and removes one entry with a reason (audited); a recruiter cannot', async () => {
      const id = await candidate('lift-me@example.com');
      await optOut(id, 'one_click');
      const count = await asAdmin(async (tx) => Number((await tx.query<{ n: string }>('select public.email_suppression_count() as n')).rows[0].n));
      expect(count).toBe(await suppressions());
      await expect(asRecruiter((tx) => tx.query(`select public.remove_email_suppression('lift-me@example.com', 'because')`)))
        .rejects.toThrow(/only admins/);
      await expect(asRecruiter((tx) => tx.query('select * from public.email_suppressions'))).rejects.toThrow(/permission denied/);
      await expect(asAdmin((tx) => tx.query(`select public.remove_email_suppression('lift-me@example.com', '  ')`)))
        .rejects.toThrow(/reason is required/);
      const removed = await asAdmin(async (tx) => (await tx.query<{ removed: boolean }>(
        `select public.remove_email_suppression('LIFT-ME@example.com', 'Address now belongs to a new owner') as removed`)).rows[0].removed);
      expect(removed).toBe(true);
      expect(await suppressions()).toBe(count - 1);
      const audit = await db.pools.owner.query(`select actor_id, details from public.audit_log where action = 'suppression.remove' order by id desc limit 1`);
      expect(audit.rows[0]).toMatchObject({ actor_id: adminId, details: { reason: 'Address now belongs to a new owner' } });
    });
  });
}
