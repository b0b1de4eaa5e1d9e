// The claim's and the record's row writes alone (issue 31, decision 051): what a message costs PostgreSQL to go
// queued → sending → sent, in three layouts of the hot delivery state, measured on one embedded PostgreSQL with the
// schema of supabase/migrations and its triggers:
// - `wide`: today's: the claim and the record each update the messages row (every index of it gets an entry).
// - `narrow`: a table message_deliveries (message_id, state, claimed_by, claimed_at, attempts, send_after, with
//   the claim and waiting partial indexes, which leave messages) written at queue time, updated by the claim and
//   deleted by the record, which writes the messages row once.
// - `hot`: the messages row, but without the four partial indexes that name status, claimed_by or updated_at
//   (messages_pending, messages_sending_claims, messages_waiting, messages_campaign_waiting) and with
//   fillfactor 50, so that the claim can be a HOT update (no index entry): its upper bound.
// Each round queues BENCH_WRITES_MESSAGES campaign messages (the campaign bench's text), claims them 200 at a time
// (as the worker's fetches do) and records them BENCH_WRITES_PER_RECORD at a time (the group commit averaged 2.3
// per record in decision 047). Figures per message: CPU of the whole PostgreSQL (the postmaster's tree: the
// backend, the WAL writer, autovacuum), the backend's own CPU by step, WAL bytes, HOT updates of messages.
// Only the writes that differ between layouts are made: the claim's reads (the candidate, consent, settings) and
// the record's campaign recipient and campaign reads are the same in all three and left out.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { migrate } from '#platform/db/migrate.server.ts';
import { BENCH_CONTENT, BENCH_SUBJECT } from './support/campaign-texts.ts';
import { benchDatabase } from './support/database.ts';
import { treeCpuSeconds } from './support/process-cpu.ts';

const MESSAGES = Number(process.env.BENCH_WRITES_MESSAGES ?? 20_000);
const PER_RECORD = Number(process.env.BENCH_WRITES_PER_RECORD ?? 2);
const ROUNDS = Number(process.env.BENCH_WRITES_ROUNDS ?? 2);
const CLAIM_SIZE = 200;
const LAYOUTS = ['wide', 'narrow', 'hot'] as const;
type Layout = typeof LAYOUTS[number];
const HOT_BLOCKING = ['messages_pending', 'messages_sending_claims', 'messages_waiting', 'messages_campaign_waiting'];

const ms = (seconds: number) => Number((seconds * 1000 / MESSAGES).toFixed(4));

export async function run() {
  const database = await benchDatabase('deliverywrites');
  const pool = new pg.Pool({ connectionString: database.url, max: 1 });
  try {
    await migrate(pool);
    const db = await pool.connect();
    const backend = (await db.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
    const backendCpu = () => {
      const fields = readFileSync(`/proc/${backend}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    };
    const postgresCpu = () => treeCpuSeconds(database.pid());
    const wal = async () => (await db.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn')).rows[0].lsn;
    const walSince = async (lsn: string) => Number((await db.query<{ bytes: string }>(
      'select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), $1) as bytes', [lsn])).rows[0].bytes);
    const messageWrites = async () => (await db.query<{ upd: number; hot: number }>(
      `select n_tup_upd::int as upd, n_tup_hot_upd::int as hot from pg_stat_user_tables where relname = 'messages'`)).rows[0];

    await db.query(`insert into public.candidates (name, email) select 'Bench ' || g, 'bench-' || g || '@example.com' from generate_series(1, $1) g`, [MESSAGES]);
    const { rows: [campaign] } = await db.query<{ id: number }>(
      `insert into public.campaigns (name, campaign_type, status, started_at) values ('Writes', 'quick', 'sending', now()) returning id::int`);
    const indexes = (await db.query<{ def: string }>('select indexdef as def from pg_indexes where indexname = any($1)', [HOT_BLOCKING])).rows.map((r) => r.def);

    async function layout(kind: Layout) {
      await db.query('drop table if exists public.message_deliveries');
      for (const name of HOT_BLOCKING) await db.query(`drop index if exists public.${name}`);
      await db.query(`alter table public.messages ${kind === 'hot' ? 'set (fillfactor = 50)' : 'reset (fillfactor)'}`);
      // The narrow layout moves them onto its own table.
      if (kind === 'wide') for (const def of indexes) await db.query(def);
      if (kind === 'narrow') {
        await db.query(`create table public.message_deliveries (
          message_id bigint primary key references public.messages (id) on delete cascade,
          state text not null default 'queued' check (state in ('queued', 'sending')),
          claimed_by text, claimed_at timestamptz, attempts integer not null default 0, send_after timestamptz)`);
        await db.query(`create index message_deliveries_claims on public.message_deliveries (claimed_by) where state = 'sending'`);
        await db.query(`create index message_deliveries_waiting on public.message_deliveries (send_after) where state = 'queued' and send_after is not null`);
      }
    }

    /** One round: queue, claim, record, then a vacuum (the dead rows' cost, which autovacuum would pay later). */
    async function round(kind: Layout) {
      await db.query('truncate public.messages cascade');
      await layout(kind);
      // The consent trigger is the dispatch's cost, the same in every layout: not measured here.
      await db.query('set session_replication_role = replica');
      await db.query(`insert into public.messages (candidate_id, campaign_id, campaign_step, direction, channel, subject, content, status)
        select id, $1, 1, 'out', 'email', $2, $3, 'queued' from public.candidates order by id`, [campaign.id, BENCH_SUBJECT, BENCH_CONTENT]);
      await db.query('set session_replication_role = origin');
      await db.query('vacuum analyze public.messages');
      const ids = (await db.query<{ id: string }>('select id from public.messages order by id')).rows.map((row) => Number(row.id));
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const writesBefore = await messageWrites();
      const pgBefore = postgresCpu();
      const walBefore = await wal();
      const step = async (work: () => Promise<void>) => {
        const cpu = backendCpu();
        await work();
        return backendCpu() - cpu;
      };
      const queue = await step(async () => {
        if (kind !== 'narrow') return;
        for (let i = 0; i < ids.length; i += CLAIM_SIZE) {
          await db.query('insert into public.message_deliveries (message_id) select unnest($1::bigint[])', [ids.slice(i, i + CLAIM_SIZE)]);
        }
      });
      const claim = await step(async () => {
        for (let i = 0; i < ids.length; i += CLAIM_SIZE) {
          const batch = ids.slice(i, i + CLAIM_SIZE);
          await db.query(kind === 'narrow'
            ? `update public.message_deliveries set state = 'sending', attempts = attempts + 1, claimed_by = 'bench:1:w', claimed_at = now()
                where message_id = any($1)`
            : `update public.messages set status = 'sending', attempts = attempts + 1, claimed_by = 'bench:1:w', claimed_at = now(), wait_reason = null
                where id = any($1)`, [batch]);
        }
      });
      const record = await step(async () => {
        const sent = `update public.messages set status = 'sent', sent_at = now(), provider_message_id = '<' || id || '@bench.test>'
                       where id = any($1)`;
        for (let i = 0; i < ids.length; i += PER_RECORD) {
          const batch = ids.slice(i, i + PER_RECORD);
          await db.query(kind === 'narrow'
            ? `with recorded as (${sent} returning id) delete from public.message_deliveries d using recorded where d.message_id = recorded.id`
            : sent, [batch]);
        }
      });
      const vacuum = await step(async () => {
        await db.query('vacuum public.messages');
        if (kind === 'narrow') await db.query('vacuum public.message_deliveries');
      });
      const walBytes = await walSince(walBefore);
      const postgres = postgresCpu() - pgBefore;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const writes = await messageWrites();
      return {
        layout: kind,
        postgresql_cpu_ms: ms(postgres),
        backend_cpu_ms: { queue_extra: ms(queue), claim: ms(claim), record: ms(record), vacuum: ms(vacuum), total: ms(queue + claim + record + vacuum) },
        wal_bytes: Math.round(walBytes / MESSAGES),
        messages_updated: writes.upd - writesBefore.upd,
        messages_hot_updated: writes.hot - writesBefore.hot,
      };
    }

    const rounds = [];
    for (let r = 0; r < ROUNDS; r++) for (const kind of LAYOUTS) rounds.push(await round(kind));
    db.release();
    return {
      name: 'delivery-writes',
      messages: MESSAGES,
      claim_size: CLAIM_SIZE,
      messages_per_record: PER_RECORD,
      /** ms per message: CPU of PostgreSQL's whole tree, and the backend's own CPU by step. */
      rounds,
      database: 'embedded PostgreSQL, fsync on, one connection, the schema of supabase/migrations',
    };
  } finally {
    await pool.end();
    await database.stop();
  }
}
