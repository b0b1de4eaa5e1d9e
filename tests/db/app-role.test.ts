// The API's login role belongs to the whole server; each database that opens refreshes it.
// Databases side by side on one server (the test files, several apps on one PostgreSQL)
// refresh it at the same moment, which PostgreSQL may refuse with "tuple concurrently
// updated": opening must still succeed every time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAppRole } from '#platform/db/pools.server.ts';
import { createTestDatabase, type TestDatabase } from '../support/harness.ts';

let databases: TestDatabase[] = [];

beforeAll(async () => { databases = await Promise.all([createTestDatabase(), createTestDatabase(), createTestDatabase()]); });
afterAll(async () => { await Promise.all(databases.map((db) => db.drop())); });

describe('ensureAppRole', () => {
  it('succeeds when several databases refresh the same role at once', async () => {
    const role = `app_role_race_${Date.now()}`;
    const rounds = Array.from({ length: 8 }, (_, round) => round);
    const results = await Promise.allSettled(rounds.flatMap((round) =>
      databases.map((db) => ensureAppRole(db.pools.owner, `password-${round}`, role))));
    expect(results.filter((result) => result.status === 'rejected').map((result) => String(result.reason))).toEqual([]);
    const { rows } = await databases[0].pools.owner.query('select rolcanlogin, rolinherit from pg_roles where rolname = $1', [role]);
    expect(rows).toEqual([{ rolcanlogin: true, rolinherit: false }]);
    // The role's grants live in each database: taken back there before it goes.
    for (const db of databases) await db.pools.owner.query(`drop owned by ${role}`);
    await databases[0].pools.owner.query(`drop role ${role}`);
  });
});
