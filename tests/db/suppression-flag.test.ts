// The candidate's flag email_suppressed (decision 064) says what the suppression list says of its address, whatever
// changes: an entry added or removed (by its mailbox key's hash or by the legacy hash of entries from before
// mailbox keys), the address changed, a new candidate. The eligibility rule reads the flag, so a wrong flag would
// email a listed address or hold back one that is free again. Nobody but the triggers may write it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withClaims, type Claims } from '#platform/db/request.server.ts';
import { createTestDatabase, type TestDatabase } from '../support/harness.ts';

let db: TestDatabase;
beforeAll(async () => { db = await createTestDatabase(); });
afterAll(async () => { await db?.drop(); });

const run = Date.now();
const address = (name: string) => `${name}-${run}@example.org`;

async function candidate(email: string | null): Promise<number> {
  const { rows: [{ id }] } = await db.pools.owner.query<{ id: number }>(
    `insert into public.candidates (name, email, allows_email) values ('Flag Test', $1, true) returning id::int`, [email]);
  return id;
}

/** Each candidate's email blockers, read from the table as every query reads them. */
async function blockers(ids: number[]): Promise<string[][]> {
  const { rows } = await db.pools.owner.query<{ blockers: string[] }>(
    `select public.contact_blockers(c, 'email') as blockers from unnest($1::bigint[]) with ordinality as x(id, i)
       join public.candidates c on c.id = x.id order by x.i`, [ids]);
  return rows.map((row) => row.blockers);
}

const list = (hash: string, email: string) => db.pools.owner.query(
  `insert into public.email_suppressions (address_hash, source, by_candidate) values (public.${hash}($1), 'bounce', false)`, [email]);
const unlist = (hash: string, email: string) => db.pools.owner.query(
  `delete from public.email_suppressions where address_hash = public.${hash}($1)`, [email]);

/** Candidates whose flag differs from a look-up of the list itself. */
async function wrongFlags(): Promise<number> {
  const { rows: [{ n }] } = await db.pools.owner.query<{ n: number }>(
    `select count(*)::int as n from public.candidates c
      where c.email_suppressed is distinct from ((public.email_suppression(c.email::text)).address_hash is not null
                                                 and btrim(coalesce(c.email::text, '')) <> '')`);
  return n;
}

describe('the suppression flag on candidates follows the list', () => {
  it('an entry added flags every candidate of that mailbox; removed, only those another entry still covers', async () => {
    const dotted = await candidate(`Ann.Smith${run}+jobs@gmail.com`);
    const plain = await candidate(`annsmith${run}@googlemail.com`);
    const other = await candidate(address('other'));
    const none = await candidate(null);
    const ids = [dotted, plain, other, none];
    expect(await blockers(ids)).toEqual([[], [], [], ['no_email']]);

    await list('email_address_hash', `annsmith${run}@gmail.com`);
    expect(await blockers(ids)).toEqual([['suppressed'], ['suppressed'], [], ['no_email']]);
    // An entry from before mailbox keys covers the address as it was written, and only that one.
    await list('legacy_email_address_hash', `Ann.Smith${run}+jobs@gmail.com`);
    await unlist('email_address_hash', `annsmith${run}@gmail.com`);
    expect(await blockers(ids)).toEqual([['suppressed'], [], [], ['no_email']]);
    await unlist('legacy_email_address_hash', `Ann.Smith${run}+jobs@gmail.com`);
    expect(await blockers(ids)).toEqual([[], [], [], ['no_email']]);
    expect(await wrongFlags()).toBe(0);
  });

  it('a new or changed address is looked up when it is written', async () => {
    await list('email_address_hash', address('listed'));
    const moving = await candidate(address('free'));
    expect(await blockers([moving])).toEqual([[]]);
    await db.pools.owner.query(`update public.candidates set email = $2 where id = $1`, [moving, address('listed')]);
    // The list's own trigger on candidates withdraws the consent, and says why in the ledger.
    expect(await blockers([moving])).toEqual([['no_consent']]);
    const { rows: [flag] } = await db.pools.owner.query<{ email_suppressed: boolean; source: string }>(
      `select c.email_suppressed, e.source from public.candidates c
         join public.consent_events e on e.candidate_id = c.id where c.id = $1 order by e.id desc limit 1`, [moving]);
    expect(flag).toEqual({ email_suppressed: true, source: 'suppression' });

    await db.pools.owner.query(`update public.candidates set email = $2 where id = $1`, [moving, address('free-again')]);
    const { rows: [after] } = await db.pools.owner.query<{ email_suppressed: boolean }>(
      `select email_suppressed from public.candidates where id = $1`, [moving]);
    expect(after.email_suppressed).toBe(false);

    const { rows: [added] } = await db.pools.owner.query<{ email_suppressed: boolean }>(
      `insert into public.candidates (name, email) values ('Flag Test', $1) returning email_suppressed`, [` ${address('LISTED')} `]);
    expect(added.email_suppressed).toBe(true);
    expect(await wrongFlags()).toBe(0);
  });

  it('members and the service role cannot write the flag or the hash', async () => {
    const id = await candidate(address('guarded'));
    const { rows: [member] } = await db.pools.owner.query<{ id: string }>(`select id from public.profiles where username = 'recruiter'`);
    const roles: Claims[] = [{ role: 'authenticated', sub: member.id }, { role: 'service_role' }];
    for (const claims of roles) {
      for (const column of ['email_suppressed = true', `email_hash = '\\x00'`]) {
        await expect(withClaims(db.pools.app, claims, (tx) => tx.query(`update public.candidates set ${column} where id = $1`, [id])))
          .rejects.toMatchObject({ code: '42501' });
      }
    }
  });
});
