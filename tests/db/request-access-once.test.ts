// One pending access request per email (migration 20261128000200): the migration closes
// duplicates filed before the rule instead of failing on them, and the index then keeps
// a second pending request for an address out, whatever its case.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '#platform/db/migrate.server.ts';
import { createTestDatabase, type TestDatabase } from '../support/harness.ts';

const MIGRATION = readFileSync(path.join(MIGRATIONS_DIR, '20261128000200_request_access_once.sql'), 'utf8');

let db: TestDatabase;
beforeAll(async () => { db = await createTestDatabase(); });
afterAll(async () => { await db?.drop(); });

interface Row { name: string; status: string; handled: boolean; handled_by: string | null }
const rowsFor = async (email: string) => (await db.pools.owner.query<Row>(
  `select name, status, handled_at is not null as handled, handled_by::text from public.access_requests
    where lower(email::text) = lower($1) order by created_at, id`, [email])).rows;

describe('the migration', () => {
  it('keeps the oldest pending request per email and closes the later ones as rejected (no admin named); the index holds', async () => {
    // The table as it was before the rule: several pending requests for one address.
    await db.pools.owner.query('drop index public.access_requests_one_pending');
    await db.pools.owner.query(`insert into public.access_requests (name, email, status, created_at) values
      ('First', 'dup@bureau.example', 'pending', '2026-01-01'), ('Second', 'DUP@bureau.example', 'pending', '2026-01-02'),
      ('Third', 'dup@bureau.example', 'pending', '2026-01-03'), ('Decided', 'dup@bureau.example', 'approved', '2025-12-01'),
      ('Alone', 'alone@bureau.example', 'pending', '2026-01-02')`);

    await db.pools.owner.query(MIGRATION);

    expect(await rowsFor('dup@bureau.example')).toEqual([
      { name: 'Decided', status: 'approved', handled: false, handled_by: null },
      { name: 'First', status: 'pending', handled: false, handled_by: null },
      { name: 'Second', status: 'rejected', handled: true, handled_by: null },
      { name: 'Third', status: 'rejected', handled: true, handled_by: null },
    ]);
    expect(await rowsFor('alone@bureau.example')).toEqual([{ name: 'Alone', status: 'pending', handled: false, handled_by: null }]);
    await expect(db.pools.owner.query(`insert into public.access_requests (name, email) values ('Again', 'Dup@Bureau.example')`))
      .rejects.toThrow(/access_requests_one_pending/);
  });
});
