// Email consent expires (issue 30): the ledger's trigger writes candidates.email_consent_expires_at with every
// email grant (its time plus the organisation's consent_valid_months at that moment) and clears it, with the
// renewal claim, with every withdrawal; the CSV import writes the same value with the row. From the expiry on,
// contact_blockers() says consent_expired and the message trigger refuses an email. Whatever role writes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withClaims } from '#platform/db/request.server.ts';
import { createTestDatabase, type TestDatabase } from '../support/harness.ts';

let db: TestDatabase;
beforeAll(async () => { db = await createTestDatabase(); });
afterAll(async () => { await db?.drop(); });

let n = 0;
async function candidate(): Promise<number> {
  const { rows: [{ id }] } = await db.pools.owner.query<{ id: number }>(
    `insert into public.candidates (name, email) values ('Expiry Test', $1) returning id::int`, [`expiry-${++n}-${Date.now()}@example.org`]);
  return id;
}
const consent = (id: number, granted: boolean, source = 'recruiter') => db.pools.owner.query<{ created_at: Date }>(
  `insert into public.consent_events (candidate_id, channel, granted, source, wording) values ($1, 'email', $2, $3, 'test') returning created_at`,
  [id, granted, source]).then((r) => r.rows[0].created_at);
const state = async (id: number) => (await db.pools.owner.query<{ expires: Date | null; claimed: Date | null; blockers: string[] }>(
  `select email_consent_expires_at as expires, consent_renewal_sent_at as claimed, public.contact_blockers(c, 'email') as blockers
     from public.candidates c where id = $1`, [id])).rows[0];
const months = async (at: Date, count: number) => (await db.pools.owner.query<{ at: Date }>(
  `select $1::timestamptz + make_interval(months => $2) as at`, [at, count])).rows[0].at;
const setMonths = (count: number) => db.pools.owner.query('update public.organisation_settings set consent_valid_months = $1', [count]);

describe('email consent expiry, kept by the ledger', () => {
  it('a grant sets it from the months valid at that moment; a later change of the setting leaves it', async () => {
    const id = await candidate();
    expect(await state(id)).toEqual({ expires: null, claimed: null, blockers: ['no_consent'] });
    const granted = await consent(id, true);
    expect(await state(id)).toEqual({ expires: await months(granted, 24), claimed: null, blockers: [] });
    await setMonths(6);
    expect((await state(id)).expires).toEqual(await months(granted, 24));
    const other = await candidate();
    const otherGranted = await consent(other, true);
    expect((await state(other)).expires).toEqual(await months(otherGranted, 6));
    await setMonths(24);
  });

  it('a withdrawal clears it and the renewal claim; a new grant (the renewal) runs from its own time', async () => {
    const id = await candidate();
    await consent(id, true);
    await db.pools.owner.query('update public.candidates set consent_renewal_sent_at = now() where id = $1', [id]);
    const renewed = await consent(id, true, 'candidate');
    expect(await state(id)).toEqual({ expires: await months(renewed, 24), claimed: null, blockers: [] });
    await db.pools.owner.query('update public.candidates set consent_renewal_sent_at = now() where id = $1', [id]);
    await consent(id, false);
    expect(await state(id)).toEqual({ expires: null, claimed: null, blockers: ['no_consent'] });
  });

  it('from the expiry on the candidate stays but is blocked: consent_expired, and the message trigger refuses an email', async () => {
    const id = await candidate();
    await consent(id, true);
    await db.pools.owner.query(`update public.candidates set email_consent_expires_at = now() where id = $1`, [id]);
    expect((await state(id)).blockers).toEqual(['consent_expired']);
    await expect(db.pools.owner.query(
      `insert into public.messages (candidate_id, direction, channel, subject, content) values ($1, 'out', 'email', 'Hi', 'A role')`, [id]))
      .rejects.toMatchObject({ constraint: 'messages_email_consent', message: expect.stringContaining('consent_expired') });
    // An answer from the candidate is still stored.
    await db.pools.owner.query(`insert into public.messages (candidate_id, direction, channel, content, status) values ($1, 'in', 'email', 'Yes!', 'received')`, [id]);
    // Members never write either column; the worker only claims.
    await expect(withClaims(db.pools.app, { role: 'service_role' }, (tx) => tx.query(
      `update public.candidates set email_consent_expires_at = now() + interval '1 year' where id = $1`, [id]))).rejects.toMatchObject({ code: '42501' });
    const { rows: [member] } = await db.pools.owner.query<{ id: string }>(`select id from public.profiles where username = 'recruiter'`);
    await expect(withClaims(db.pools.app, { role: 'authenticated', sub: member.id }, (tx) => tx.query(
      `update public.candidates set consent_renewal_sent_at = null where id = $1`, [id]))).rejects.toMatchObject({ code: '42501' });
  });

  it('the CSV import writes the expiry with the row, as the trigger would', async () => {
    const { rows: [member] } = await db.pools.owner.query<{ id: string }>(`select id from public.profiles where username = 'recruiter'`);
    const { rows: [{ next }] } = await db.pools.owner.query<{ next: number }>(`select nextval('public.candidates_id_seq')::int as next`);
    const email = `imported-${Date.now()}@example.org`;
    await withClaims(db.pools.app, { role: 'authenticated', sub: member.id }, (tx) => tx.query(
      `select public.insert_imported_candidates(array[$1::bigint], array['Imported Person'], array[$2], array[null], array[null], array[null],
         array[null], array[null], array[null], array[null], array[null], array[null::integer], array[null], array[null::boolean], array[null::boolean],
         array[null], array[null], 'file', true, 'Agreed on the mapping step')`, [next, email]));
    const { rows: [row] } = await db.pools.owner.query<{ expires: Date; granted: Date; allows: boolean }>(
      `select c.email_consent_expires_at as expires, e.created_at as granted, c.allows_email as allows
         from public.candidates c join public.consent_events e on e.candidate_id = c.id and e.channel = 'email' where c.id = $1`, [next]);
    expect(row.allows).toBe(true);
    expect(row.expires).toEqual(await months(row.granted, 24));
  });
});
