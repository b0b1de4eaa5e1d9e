// json and jsonb come back from PostgreSQL with every key as stored, also once V8's escaped-key bug is primed by
// an object with the key `\` (platform/json.ts; decision 060).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/harness.ts';

let db: TestDatabase;

beforeAll(async () => { db = await createTestDatabase(); });
afterAll(async () => { await db.drop(); });

describe('json and jsonb columns', () => {
  it('keep an escaped key after an object with a backslash key was read', async () => {
    // json keeps the keys in their order, as the bug needs; jsonb orders them (shortest first) and is read the same way.
    const stored = { a: 1, '\n': 2 };
    const { rows } = await db.pools.owner.query(
      `select $1::json as primer_json, $2::json as json, $1::jsonb as primer_jsonb, $2::jsonb as jsonb`,
      [JSON.stringify({ a: [], '\\': 0 }), JSON.stringify(stored)]);
    expect(rows[0].json).toEqual(stored);
    expect(rows[0].jsonb).toEqual(stored);
  });
});
