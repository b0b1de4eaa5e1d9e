// One eligibility rule: public.contact_blockers() (what the database enforces)
// and contactBlockers() of domain/consent/eligibility.ts (what the browser and
// the server show) give the same answers, in the same order, for every case.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactBlockers, type ContactChannel, type ContactFacts } from '#domain/consent/eligibility.ts';
import { createTestDatabase, type TestDatabase } from '../support/harness.ts';

let db: TestDatabase;
beforeAll(async () => { db = await createTestDatabase(); });
afterAll(async () => { await db?.drop(); });

const yesterday = '2026-11-22T10:00:00.000Z';
const emails = [null, '', '   ', 'person@example.com'];
const bools = [true, false];
const dates = [null, yesterday];
const phones = [null, '', '+31612345678'];
/** Email consent: no expiry, ran out long ago, runs out far ahead (so the cases do not depend on when the test runs). */
const expiries = [null, '2001-01-01T00:00:00.000Z', '2999-01-01T00:00:00.000Z'];

/** Every combination that matters: 4 × 2 × 2 × 3 (expiry) × 2 (suppressed) × 3 × 3 × 2 × 2 = 3,456 cases. */
function cases(): ContactFacts[] {
  const all: ContactFacts[] = [];
  for (const email of emails) for (const allowsEmail of bools) for (const unsubscribedAt of dates) for (const emailConsentExpiresAt of expiries)
    for (const emailSuppressed of bools) for (const phone of phones) for (const whatsappNumber of phones) for (const allowsWhatsapp of bools)
      for (const whatsappOptedOutAt of dates) {
        all.push({ email, allowsEmail, unsubscribedAt, emailConsentExpiresAt, emailSuppressed, phone, whatsappNumber, allowsWhatsapp, whatsappOptedOutAt });
      }
  return all;
}

describe('contact eligibility: one rule in SQL and TypeScript', () => {
  it('gives the same reasons for every case, on both channels', async () => {
    const table = cases();
    // Each case as a candidates row (built in SQL, never stored), with its address suppressed or not (the flag the
    // suppression list's triggers keep: tests/db/suppression-flag.test.ts).
    const { rows } = await db.pools.owner.query<{ i: number; email: string[]; whatsapp: string[] }>(
      `with facts as (
         select * from unnest($1::text[], $2::bool[], $3::timestamptz[], $4::bool[], $5::text[], $6::text[], $7::bool[], $8::timestamptz[],
                              $9::timestamptz[])
           with ordinality as f(email, allows_email, unsubscribed_at, suppressed, phone, whatsapp_number, allows_whatsapp, whatsapp_opted_out_at,
                                email_consent_expires_at, i)
       )
       select f.i::int as i,
              public.contact_blockers(jsonb_populate_record(null::public.candidates,
                to_jsonb(f) || jsonb_build_object('email_suppressed', f.suppressed)), 'email') as email,
              public.contact_blockers(jsonb_populate_record(null::public.candidates, to_jsonb(f)), 'whatsapp') as whatsapp
         from facts f order by f.i`,
      [table.map((c) => c.email), table.map((c) => c.allowsEmail), table.map((c) => c.unsubscribedAt), table.map((c) => c.emailSuppressed),
        table.map((c) => c.phone), table.map((c) => c.whatsappNumber), table.map((c) => c.allowsWhatsapp), table.map((c) => c.whatsappOptedOutAt),
        table.map((c) => c.emailConsentExpiresAt)]);
    expect(rows).toHaveLength(table.length);
    const mismatches = rows.flatMap((row) => (['email', 'whatsapp'] as ContactChannel[]).flatMap((channel) => {
      const facts = table[row.i - 1];
      const expected = contactBlockers(facts, channel);
      return JSON.stringify(expected) === JSON.stringify(row[channel]) ? [] : [{ facts, channel, sql: row[channel], ts: expected }];
    }));
    expect(mismatches).toEqual([]);
    // The table is not trivially all-allowed or all-blocked.
    expect(rows.filter((row) => row.email.length === 0).length).toBeGreaterThan(0);
    expect(new Set(rows.flatMap((row) => [...row.email, ...row.whatsapp]))).toEqual(new Set([
      'no_email', 'opted_out', 'no_consent', 'consent_expired', 'suppressed', 'no_whatsapp_number', 'whatsapp_opted_out', 'no_whatsapp_consent']));
  });

  it('says consent_expired from the moment of the expiry on, in SQL and TypeScript alike', async () => {
    const { rows: [{ now }] } = await db.pools.owner.query<{ now: Date }>('select now()');
    const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
    const expiries = [at(-1000), at(0), at(60_000)];
    const { rows } = await db.pools.owner.query<{ blockers: string[] }>(
      `select public.contact_blockers(jsonb_populate_record(null::public.candidates, jsonb_build_object(
                'email', 'person@example.com', 'allows_email', true, 'email_consent_expires_at', e)), 'email') as blockers
         from unnest($1::timestamptz[]) with ordinality as x(e, i) order by i`, [expiries]);
    expect(rows.map((row) => row.blockers)).toEqual([['consent_expired'], ['consent_expired'], []]);
    expect(expiries.map((expiry) => contactBlockers({ email: 'person@example.com', allowsEmail: true, emailConsentExpiresAt: expiry }, 'email', now)))
      .toEqual([['consent_expired'], ['consent_expired'], []]);
  });

  it('finds a suppressed address among many, whatever its case and surrounding spaces, and only that one', async () => {
    const emails = ['listed-7@example.com', '  LISTED-300@Example.COM ', 'listed-301@example.com', 'listed-7@example.org'];
    const { rows: made } = await db.pools.owner.query<{ id: number; email: string }>(
      `insert into public.candidates (name, email, allows_email)
       select 'Listed ' || i, e, true from unnest($1::text[]) with ordinality as x(e, i) returning id, email::text`, [emails]);
    // Listed after they were added, as a bounce lists an address.
    await db.pools.owner.query(
      `insert into public.email_suppressions (address_hash, source, by_candidate)
       select public.email_address_hash('listed-' || g || '@example.com'), 'bounce', false from generate_series(1, 300) g`);
    const { rows } = await db.pools.owner.query<{ email: string; blockers: string[] }>(
      `select c.email::text as email, public.contact_blockers(c, 'email') as blockers
         from public.candidates c where c.id = any ($1::bigint[])`, [made.map((row) => row.id)]);
    expect(Object.fromEntries(rows.map((row) => [row.email, row.blockers]))).toEqual({
      'listed-7@example.com': ['suppressed'],
      '  LISTED-300@Example.COM ': ['suppressed'],
      'listed-301@example.com': [],
      'listed-7@example.org': [],
    });
  });
});
