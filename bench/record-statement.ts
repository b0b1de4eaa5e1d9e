// The delivery's record (issue 31, decision 062): what PostgreSQL spends to record sent messages a few at a time,
// as the worker does it (one round trip: the service role's settings and the record, decision 047), two ways:
// - `function`: today's, `select * from public.record_deliveries(...)`, whose statement PostgreSQL plans once per
//   connection;
// - `text`: the same statement, ids included, sent as text with its values written in (the function's own body,
//   read from the database), which PostgreSQL parses and plans on every record. The worker sent it so before, and
//   without the ids, which scanned all campaign recipients per record (decision 062; the campaign bench's whole scans).
// Each round sets BENCH_RECORD_MESSAGES campaign messages to `sending` under one worker's claim and records them
// BENCH_RECORD_PER_STATEMENT at a time (the group commit averaged 2.1 per record at 10,000 recipients), the two
// ways alternating. Figures per message: CPU of PostgreSQL's whole tree and of the backend, and the round's time.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { migrate } from '#platform/db/migrate.server.ts';
import { serviceStatements } from '#platform/db/request.server.ts';
import { BENCH_CONTENT, BENCH_SUBJECT } from './support/campaign-texts.ts';
import { benchDatabase } from './support/database.ts';
import { treeCpuSeconds } from './support/process-cpu.ts';

const MESSAGES = Number(process.env.BENCH_RECORD_MESSAGES ?? 10_000);
const PER_STATEMENT = Number(process.env.BENCH_RECORD_PER_STATEMENT ?? 2);
const ROUNDS = Number(process.env.BENCH_RECORD_ROUNDS ?? 3);
const WORKER = 'bench:1:w';
const WAYS = ['text', 'function'] as const;

const perMessage = (seconds: number) => Number((seconds * 1000 / MESSAGES).toFixed(4));
const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];

export async function run() {
  const database = await benchDatabase('recordstatement');
  const pool = new pg.Pool({ connectionString: database.url, max: 1 });
  try {
    await migrate(pool);
    await pool.query(`insert into public.candidates (name, email) select 'Bench ' || g, 'bench-' || g || '@example.com' from generate_series(1, $1) g`, [MESSAGES]);
    const { rows: [campaign] } = await pool.query<{ id: number }>(
      `insert into public.campaigns (name, campaign_type, status, started_at) values ('Record', 'quick', 'sending', now()) returning id::int`);
    // The consent trigger is the dispatch's cost, not the record's.
    const setup = await pool.connect();
    await setup.query('set session_replication_role = replica');
    await setup.query(`insert into public.messages (candidate_id, campaign_id, campaign_step, direction, channel, subject, content, status)
      select id, $1, 1, 'out', 'email', $2, $3, 'queued' from public.candidates order by id`, [campaign.id, BENCH_SUBJECT, BENCH_CONTENT]);
    await setup.query(`insert into public.campaign_recipients (campaign_id, candidate_id, message_id, status)
      select campaign_id, candidate_id, id, 'pending' from public.messages`);
    await setup.query('set session_replication_role = origin');
    setup.release();
    const ids = (await pool.query<{ id: number }>('select id::int from public.messages order by id')).rows.map((row) => row.id);
    const { rows: [{ body }] } = await pool.query<{ body: string }>(
      `select prosrc as body from pg_proc where proname = 'record_deliveries' and pronamespace = 'public'::regnamespace`);
    const statement = body.slice(body.indexOf('return query') + 'return query'.length, body.lastIndexOf(';'));
    const backend = (await pool.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
    const backendCpu = () => {
      const fields = readFileSync(`/proc/${backend}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    };

    async function round(way: typeof WAYS[number]) {
      await pool.query(`update public.messages set status = 'sending', attempts = 1, claimed_by = $1, claimed_at = now(), sent_at = null`, [WORKER]);
      await pool.query(`update public.campaign_recipients set status = 'pending'`);
      await pool.query('vacuum public.messages');
      await pool.query('vacuum public.campaign_recipients');
      const [postgresBefore, backendBefore, started] = [treeCpuSeconds(database.pid()), backendCpu(), performance.now()];
      for (let i = 0; i < ids.length; i += PER_STATEMENT) {
        const outcomes = JSON.stringify(ids.slice(i, i + PER_STATEMENT).map((id) => (
          { id, status: 'sent', error: null, provider_id: `<${id}@bench.test>`, code: null, params: null })));
        await serviceStatements(pool, (literal) => [way === 'function'
          ? `select * from public.record_deliveries(${literal(outcomes)}::jsonb, ${literal(WORKER)}, '{${campaign.id}}'::bigint[]) as k(id)`
          : statement.replace('p_outcomes', `${literal(outcomes)}::jsonb`).replace('p_worker', literal(WORKER))
            .replace('p_watched', `'{${campaign.id}}'::bigint[]`).replaceAll('v_ids', `'{${ids.slice(i, i + PER_STATEMENT).join(',')}}'::bigint[]`)],
        { synchronousCommit: false });
      }
      const seconds = (performance.now() - started) / 1000;
      const { rows: [{ sent }] } = await pool.query<{ sent: number }>(`select count(*)::int as sent from public.messages where status = 'sent'`);
      if (sent !== MESSAGES) throw new Error(`${way}: ${sent} of ${MESSAGES} recorded sent`);
      return { way, postgresql_cpu_ms: perMessage(treeCpuSeconds(database.pid()) - postgresBefore),
        backend_cpu_ms: perMessage(backendCpu() - backendBefore), wall_ms: perMessage(seconds) };
    }

    const rounds: Array<Awaited<ReturnType<typeof round>>> = [];
    for (let r = 0; r < ROUNDS; r++) for (const way of WAYS) rounds.push(await round(way));
    const medians = Object.fromEntries(WAYS.map((way) => {
      const mine = rounds.filter((row) => row.way === way);
      return [way, { postgresql_cpu_ms: median(mine.map((row) => row.postgresql_cpu_ms)),
        backend_cpu_ms: median(mine.map((row) => row.backend_cpu_ms)), wall_ms: median(mine.map((row) => row.wall_ms)) }];
    }));
    return {
      name: 'record-statement',
      messages: MESSAGES,
      messages_per_statement: PER_STATEMENT,
      /** ms per message recorded, each round, and the medians of each way. */
      rounds,
      medians,
      ratio_text_to_function_postgresql_cpu: Number((medians.text.postgresql_cpu_ms / medians.function.postgresql_cpu_ms).toFixed(2)),
      database: 'embedded PostgreSQL, fsync on, one connection, the schema of supabase/migrations',
    };
  } finally {
    await pool.end();
    await database.stop();
  }
}
