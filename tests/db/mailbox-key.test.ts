// One mailbox, one consent: public.mailbox_key() (what the suppression list
// compares) and mailboxKey() of domain/consent/mailbox-key.ts give the same key
// for the same text, hand-picked and generated; the lookup finds entries written
// under the key's hash and under the old hash, hashing the address once per call;
// the migration moves old entries whose address a candidate still has.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { listMigrations, migrate, MIGRATIONS_DIR } from '#platform/db/migrate.server.ts';
import { mailboxKey } from '#domain/consent/mailbox-key.ts';
import { createTestDatabase, type TestDatabase } from '../support/harness.ts';
import { budget } from '../support/time-scale.ts';

let db: TestDatabase;
beforeAll(async () => { db = await createTestDatabase(); });
afterAll(async () => { await db?.drop(); });

async function sqlKeys(emails: string[]): Promise<string[]> {
  const { rows } = await db.pools.owner.query<{ key: string }>(
    'select public.mailbox_key(e) as key from unnest($1::text[]) with ordinality as x(e, i) order by i', [emails]);
  return rows.map((row) => row.key);
}

/** The address as typed → its mailbox key. */
const HAND_PICKED: Record<string, string> = {
  'x@example.com': 'x@example.com',
  'X+anything@Example.com': 'x@example.com',
  '  x+news@example.com   ': 'x@example.com',
  'x+a+b@example.com': 'x@example.com',
  'x+@example.com': 'x@example.com',
  // No user before the "+": folding would join every "+…@example.com" into one.
  '+tag@example.com': '+tag@example.com',
  'first.last@example.com': 'first.last@example.com',
  'First.Last+jobs@GoogleMail.com': 'firstlast@gmail.com',
  'f.i.r.s.t.@gmail.com': 'first@gmail.com',
  'first.last@GMAIL.COM': 'firstlast@gmail.com',
  // A subdomain is another mail service: its dots are kept.
  'first.last+x@mail.gmail.com': 'first.last@mail.gmail.com',
  'first.last@gmail.com.au': 'first.last@gmail.com.au',
  // Only ASCII letters are lower-cased: the same key in every database locale.
  'ÉMILE+x@Example.com': 'Émile@example.com',
  'jürgen.müller+news@exämple.de': 'jürgen.müller@exämple.de',
  '用户+标签@例子.中国': '用户@例子.中国',
  // Only spaces are trimmed (as btrim does).
  '\tx+y@example.com': '\tx@example.com',
  'no-at-sign': 'no-at-sign',
  ' NO+AT ': 'no+at',
  '': '',
  '@': '@',
  'x@': 'x@',
  '@example.com': '@example.com',
  // The last "@" ends the local part (a quoted local part may hold one).
  '"a@b"@example.com': '"a@b"@example.com',
  '"x+y"@example.com': '"x@example.com',
  'a+b@c@example.com': 'a@example.com',
};

describe('the mailbox key: one rule in SQL and TypeScript', () => {
  it('gives the expected key for hand-picked addresses, on both sides', async () => {
    const emails = Object.keys(HAND_PICKED);
    const sql = await sqlKeys(emails);
    expect(Object.fromEntries(emails.map((email, i) => [email, sql[i]]))).toEqual(HAND_PICKED);
    expect(Object.fromEntries(emails.map((email) => [email, mailboxKey(email)]))).toEqual(HAND_PICKED);
    const { rows } = await db.pools.owner.query<{ key: string | null }>('select public.mailbox_key(null) as key');
    expect(rows[0].key).toBeNull();
  });

  it('gives the same key for generated addresses and odd text', async () => {
    // Pieces that matter to the rule, plus any character at all (PostgreSQL text holds no NUL).
    const piece = fc.oneof(
      fc.constantFrom('x', 'X', 'first', 'First', '.', '+', '++', '@', ' ', '  ', '"', '\t', '-', 'É', 'é', 'ß', 'İ', 'Σ', '😀', '用户'),
      fc.string({ unit: 'binary', maxLength: 4 }).map((text) => text.replaceAll('\u0000', '')),
    );
    const local = fc.array(piece, { maxLength: 6 }).map((parts) => parts.join(''));
    const domain = fc.constantFrom('example.com', 'Example.COM', 'gmail.com', 'GMail.com', 'googlemail.com', 'GoogleMail.Com',
      'mail.gmail.com', 'gmail.com.', 'gmail.co', 'exämple.de', '', 'example.com ');
    const address = fc.oneof(
      fc.tuple(fc.constantFrom('', ' ', '  '), local, domain, fc.constantFrom('', ' ', '\n')).map(([a, l, d, b]) => `${a}${l}@${d}${b}`),
      fc.array(piece, { maxLength: 10 }).map((parts) => parts.join('')),
    );
    const emails = fc.sample(address, { numRuns: 4000, seed: 20261128 });
    const sql = await sqlKeys(emails);
    const mismatches = emails.flatMap((email, i) => (sql[i] === mailboxKey(email) ? [] : [{ email, sql: sql[i], ts: mailboxKey(email) }]));
    expect(mismatches).toEqual([]);
    // The cases exercise the rule: tags and Gmail dots were folded for many of them.
    expect(emails.filter((email, i) => sql[i] !== email.trim().toLowerCase()).length).toBeGreaterThan(500);
  });
});

describe('the suppression lookup', () => {
  const legacyHash = (email: string) =>
    `sha256((select value from private.settings where name = 'email_hash_pepper') || convert_to(lower(btrim(${email})), 'UTF8'))`;
  const suppressed = async (emails: string[]) => Object.fromEntries((await db.pools.owner.query<{ email: string; listed: boolean }>(
    `select e as email, (public.email_suppression(e)).address_hash is not null as listed from unnest($1::text[]) e`, [emails]))
    .rows.map((row) => [row.email, row.listed]));

  it('finds an entry by the mailbox, whichever variant was listed or is asked', async () => {
    await db.pools.owner.query(`insert into public.email_suppressions (address_hash, source, by_candidate)
      values (public.email_address_hash('Listed+Old@Example.com'), 'one_click', true),
             (public.email_address_hash('f.irst.last@googlemail.com'), 'one_click', true)`);
    expect(await suppressed(['listed@example.com', 'listed+other@example.com', ' LISTED@example.com', 'listed@example.org',
      'firstlast+x@gmail.com', 'First.Last@GMail.com', 'first.last@mail.gmail.com'])).toEqual({
      'listed@example.com': true, 'listed+other@example.com': true, ' LISTED@example.com': true, 'listed@example.org': false,
      'firstlast+x@gmail.com': true, 'First.Last@GMail.com': true, 'first.last@mail.gmail.com': false,
    });
  });

  it('still finds an entry written with the old hash (an erased candidate’s: its exact address only)', async () => {
    await db.pools.owner.query(`insert into public.email_suppressions (address_hash, source, by_candidate)
      values (${legacyHash(`'Erased+Tag@Example.com'`)}, 'one_click', true)`);
    expect(await suppressed(['erased+tag@example.com', '  ERASED+TAG@example.com', 'erased@example.com'])).toEqual({
      'erased+tag@example.com': true, '  ERASED+TAG@example.com': true, 'erased@example.com': false,
    });
  });

  it('hashes the address once per form and call, not once per entry', async () => {
    await db.pools.owner.query(`insert into public.email_suppressions (address_hash, source, by_candidate)
      select public.email_address_hash('many-' || g || '@example.com'), 'recruiter', false from generate_series(1, 50) g`);
    // A connection of its own: one that ran the lookup before would reuse that plan.
    const client = new pg.Client({ connectionString: db.ownerUrl });
    await client.connect();
    try {
      await client.query('begin');
      await client.query(`set local track_functions = 'all'`);
      // Whatever plan the lookup gets: a scan of the whole list (as on a short one, 20261126001200) too.
      await client.query('set local enable_indexscan = off');
      await client.query('set local enable_bitmapscan = off');
      // The rule itself, inlined into a query over ten addresses (a function's constant argument would be
      // hashed once at planning whatever the rule did).
      await client.query(`select exists (select 1 from private.address_suppressions('many-' || g || '@example.com'))
                            from generate_series(1, 10) g`);
      // The mailbox key goes into the first of the two hashes: computed once per look-up, both are.
      const { rows } = await client.query<{ keys: number }>(
        `select pg_stat_get_xact_function_calls('public.mailbox_key(text)'::regprocedure)::int as keys`);
      expect(rows[0]).toEqual({ keys: 10 });
    } finally {
      await client.end();
    }
  });
});

describe('the migration', () => {
  const MIGRATION = '20261128000100_mailbox_key_suppression.sql';
  let pool: pg.Pool | undefined;
  let name: string | undefined;
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    await pool?.end();
    if (!name) return;
    const admin = new pg.Client({ connectionString: inject('pgServerUrl') });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('moves old entries whose address a candidate still has to the mailbox’s hash, and keeps the others', async () => {
    name = `mailbox_${Math.random().toString(16).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: inject('pgServerUrl') });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(inject('pgServerUrl'));
    url.pathname = `/${name}`;
    pool = new pg.Pool({ connectionString: url.toString(), max: 2 });

    // The database as it was before this migration, with opt-outs on its list; then this migration alone.
    const copyUpTo = (last: string, inclusive: boolean) => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
      dirs.push(dir);
      cpSync(MIGRATIONS_DIR, dir, { recursive: true });
      for (const { file } of listMigrations(dir)) if (inclusive ? file > last : file >= last) rmSync(path.join(dir, file));
      return dir;
    };
    await migrate(pool, copyUpTo(MIGRATION, false));
    await pool.query(`insert into public.candidates (name, email) values
      ('Tagged', 'kept+news@example.com'), ('Dotted', 'first.last@googlemail.com'), ('Plain', 'plain@example.com'),
      ('Tagged twice', 'twice+a@example.com'), ('Tagged twice too', 'twice+b@example.com')`);
    await pool.query(`insert into public.email_suppressions (address_hash, source, by_candidate, created_at)
      select public.email_address_hash(e), s, b, t::timestamptz from (values
        ('kept+news@example.com', 'one_click', true, '2026-01-01'), ('first.last@googlemail.com', 'reply', true, '2026-01-02'),
        ('plain@example.com', 'recruiter', false, '2026-01-03'), ('erased+tag@example.com', 'complaint', true, '2026-01-04'),
        ('twice+a@example.com', 'bounce', false, '2026-01-05'), ('twice+b@example.com', 'one_click', true, '2026-01-06')) x(e, s, b, t)`);

    expect((await migrate(pool, copyUpTo(MIGRATION, true))).applied).toEqual([MIGRATION]);
    const lookup = async (email: string) => (await pool!.query<{ source: string | null; by_candidate: boolean | null; created_at: Date | null }>(
      'select (s).source, (s).by_candidate, (s).created_at from (select public.email_suppression($1) as s) x', [email])).rows[0];
    expect(await lookup('kept@example.com')).toEqual({ source: 'one_click', by_candidate: true, created_at: new Date('2026-01-01') });
    expect(await lookup('firstlast@gmail.com')).toEqual({ source: 'reply', by_candidate: true, created_at: new Date('2026-01-02') });
    expect(await lookup('plain@example.com')).toEqual({ source: 'recruiter', by_candidate: false, created_at: new Date('2026-01-03') });
    // Two variants of one mailbox become one entry: the candidate's own opt-out wins over a bounce.
    expect(await lookup('twice@example.com')).toEqual({ source: 'one_click', by_candidate: true, created_at: new Date('2026-01-06') });
    // Nobody has this address any more: only its exact form is known.
    expect(await lookup('erased+tag@example.com')).toMatchObject({ source: 'complaint' });
    expect(await lookup('erased@example.com')).toEqual({ source: null, by_candidate: null, created_at: null });
    // One entry per mailbox: plain, kept, firstlast, twice, and the erased candidate's.
    const { rows } = await pool.query<{ n: number }>('select count(*)::int as n from public.email_suppressions');
    expect(rows[0].n).toBe(5);
  }, budget(180_000));
});
