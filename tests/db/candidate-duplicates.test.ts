// Likely duplicate candidates (issue 30): refresh_candidate_duplicates() pairs the same mailbox,
// the same phone number written another way, and the same place with a name one typo apart; it
// leaves different people alone, and a pair a recruiter dismissed stays dismissed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/harness.ts';

let db: TestDatabase;
beforeAll(async () => { db = await createTestDatabase(); });
afterAll(async () => { await db?.drop(); });

interface Person { name: string; email?: string; phone?: string; location?: string }

/** Inserts the people (a fresh set per test: the table is emptied first) and answers their ids in order. */
async function people(list: Person[]): Promise<number[]> {
  await db.pools.owner.query('delete from public.candidate_duplicates; delete from public.candidates');
  const ids: number[] = [];
  for (const person of list) {
    const { rows } = await db.pools.owner.query<{ id: number }>(
      'insert into public.candidates (name, email, phone, location) values ($1, $2, $3, $4) returning id::int',
      [person.name, person.email ?? null, person.phone ?? null, person.location ?? null]);
    ids.push(rows[0].id);
  }
  return ids;
}

async function pairs(): Promise<Array<{ low: number; high: number; reason: string }>> {
  await db.pools.owner.query('select public.refresh_candidate_duplicates()');
  const { rows } = await db.pools.owner.query<{ low: number; high: number; reason: string }>(
    'select low_id::int as low, high_id::int as high, reason from public.candidate_duplicates where dismissed_at is null order by 1, 2');
  return rows;
}

describe('likely duplicates', () => {
  it('pairs the same mailbox, the same phone and a typo in the name in the same place, each with its reason', async () => {
    const [anna, annaJobs, bram, bramOther, carla, carlaTypo] = await people([
      { name: 'Anna de Vries', email: 'anna@example.com' },
      { name: 'A. de Vries', email: 'ANNA+jobs@example.com' },
      { name: 'Bram Jansen', email: 'bram@example.com', phone: '+31 6 1234 5678' },
      { name: 'Bram J.', email: 'bram.j@example.org', phone: '06-12345678' },
      { name: 'Carla Oosterhuis', location: 'Utrecht' },
      { name: 'Carla Oostrehuis', location: 'utrecht' },
    ]);
    expect(await pairs()).toEqual([
      { low: anna, high: annaJobs, reason: 'email' },
      { low: bram, high: bramOther, reason: 'phone' },
      { low: carla, high: carlaTypo, reason: 'name_place' },
    ]);
  });

  it('finds one typo anywhere in the name: a letter changed, dropped, doubled, two swapped, an accent', async () => {
    const ids = await people([
      { name: 'Maarten van Buren', location: 'Leiden' },
      { name: 'Naarten van Buren', location: 'Leiden' },
      { name: 'Maarten van Bren', location: 'Leiden' },
      { name: 'Maarten van Buuren', location: 'Leiden' },
      { name: 'Maarten van Burne', location: 'Leiden' },
      { name: 'Maartén van Buren', location: 'Leiden' },
    ]);
    const found = await pairs();
    for (const typo of ids.slice(1)) expect(found, `pair ${ids[0]}-${typo}`).toContainEqual({ low: ids[0], high: typo, reason: 'name_place' });
  });

  it('leaves different people alone: another name in the same place, the same name elsewhere, two typos', async () => {
    await people([
      { name: 'Sanne Bakker', location: 'Delft', email: 'sanne@example.com', phone: '+31 6 1111 1111' },
      { name: 'Sanne Bakkers', location: 'Haarlem', email: 'sanne.b@example.com', phone: '+31 6 2222 2222' },
      { name: 'Sanne Bakker', location: 'Groningen', email: 'sb@example.com' },
      { name: 'Sonne Bekker', location: 'Delft', email: 'sonne@example.com' },
      { name: 'Pieter Smit', location: 'Delft', phone: '123' },
      { name: 'Pieter Smid', location: 'Zwolle', phone: '0123' },
    ]);
    expect(await pairs()).toEqual([]);
  });

  it('keeps a dismissed pair dismissed, and forgets a pair that is no longer alike', async () => {
    const [a, b, c, d] = await people([
      { name: 'Eva Mulder', email: 'eva@example.com' },
      { name: 'Eva M', email: 'eva+cv@example.com' },
      { name: 'Finn Visser', email: 'finn@example.com' },
      { name: 'Finn V', email: 'finn+cv@example.com' },
    ]);
    expect(await pairs()).toHaveLength(2);
    await db.pools.owner.query('update public.candidate_duplicates set dismissed_at = now() where low_id = $1', [a]);
    await db.pools.owner.query(`update public.candidates set email = 'someone.else@example.com' where id = $1`, [d]);
    expect(await pairs()).toEqual([]);
    const { rows } = await db.pools.owner.query('select low_id::int as low, high_id::int as high from public.candidate_duplicates where dismissed_at is not null');
    expect(rows).toEqual([{ low: a, high: b }]);
    void c;
  });
});
