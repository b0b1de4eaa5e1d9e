// Finding duplicate candidates (issue 30): 1,000,000 candidates of whom 10,000 are planted
// duplicates of another, in three kinds (the same mailbox written with a sub-address or in
// capitals; the same phone number written another way; the same place and the name with one
// typo), and refresh_candidate_duplicates() over all of them. Reports the time, and recall and
// precision of the planted pairs. Goal: under 30 s, recall >= 0.98, precision >= 0.99.
// Rows are written with triggers off (a bench of the search, not of the import).
import pg from 'pg';
import os from 'node:os';
import { migrate } from '#platform/db/migrate.server.ts';
import { benchDatabase } from './support/database.ts';

const TOTAL = Number(process.env.BENCH_DUPLICATES_TOTAL ?? 1_000_000);
const PLANTED = Math.round(TOTAL / 100);

/** Unique, pronounceable names: a first name and a surname of six syllables spelled from a permutation of the row number. */
const LOAD = `
with syllables as (select array['ka','ro','vi','ne','sa','to','mi','la','de','bo','ru','fe','ga','hi','jo','ke','lu','mo','ni','pe','ta','wi','zo','da','le'] as s),
     firsts as (select array['Anna','Bram','Carla','Daan','Eva','Finn','Gijs','Hanna','Ilse','Joris','Kim','Lars','Mila','Noah','Olga','Pieter',
                             'Quinten','Roos','Sem','Tess','Umar','Vera','Wout','Xander','Yara','Zoë','Amir','Britt','Chloé','Dirk','Esmée',
                             'Floor','Guus','Hugo','Iris','Jesse','Koen','Lotte','Maud','Nina'] as f)
insert into public.candidates (name, email, phone, location, allows_email)
select f[1 + g % 40] || ' ' || initcap(
         s[1 + (k / 1) % 25] || s[1 + (k / 25) % 25] || s[1 + (k / 625) % 25] ||
         s[1 + (k / 15625) % 25] || s[1 + (k / 390625) % 25] || s[1 + (k / 9765625) % 25]),
       'person' || g || '@example.com',
       '+31 6 ' || lpad(g::text, 8, '0'),
       'Plaats ' || ((g::bigint * 2654435761) % 1000003 % 200),
       true
  from generate_series(1, $1::int) as g, syllables, firsts,
       lateral (select (g::bigint * 7919) % 244140625 as k) as key`;

/** One typo in the surname: swap, drop, double or change a letter somewhere in its middle. */
const TYPO = `
case c.n % 4
  when 0 then left(c.name, c.p - 1) || substr(c.name, c.p + 1, 1) || substr(c.name, c.p, 1) || substr(c.name, c.p + 2)
  when 1 then left(c.name, c.p - 1) || substr(c.name, c.p + 1)
  when 2 then left(c.name, c.p) || substr(c.name, c.p, 1) || substr(c.name, c.p + 1)
  else left(c.name, c.p - 1) || 'x' || substr(c.name, c.p + 1) end`;

/** Every TOTAL/PLANTED-th candidate gets a duplicate of one kind (in turn): its mailbox, its phone, or its place and name with a typo. */
const PLANT = `
create table planted_source as
select c.id as original, k.kind,
       case when k.kind = 'name_place' then ${TYPO} else c.name end as dup_name,
       case when k.kind = 'email' then upper(split_part(c.email::text, '@', 1)) || '+jobs@' || split_part(c.email::text, '@', 2)
            else 'other' || c.id || '@example.org' end as dup_email,
       case when k.kind = 'phone' then '06-' || right(regexp_replace(c.phone, '[^0-9]', '', 'g'), 8) end as dup_phone,
       case when k.kind = 'name_place' then c.location end as dup_location
  from (select id, name, email, phone, location, row_number() over (order by id) as n,
               length(name) - 4 - (id % 6)::int as p
          from public.candidates where id % ($1::int / $2::int) = 0 order by id limit $2) as c,
       lateral (select case c.n % 3 when 0 then 'email' when 1 then 'phone' else 'name_place' end as kind) as k`;
const PLANT_INSERT = `
with made as (
  insert into public.candidates (name, email, phone, location, allows_email)
  select dup_name, dup_email, dup_phone, dup_location, true from planted_source
  returning id, email
)
insert into planted select s.original, m.id, s.kind from planted_source s join made m on m.email = s.dup_email::citext`;

export async function run() {
  const database = await benchDatabase('duplicates', { fast: true });
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const setup = new pg.Pool({ connectionString: database.url, max: 1 });
    await migrate(setup);
    await setup.end();
    await client.query("set session_replication_role = replica"); // no triggers while loading
    const loadStarted = performance.now();
    await client.query(LOAD, [TOTAL - PLANTED]);
    await client.query(PLANT, [TOTAL - PLANTED, PLANTED]);
    await client.query('create table planted (original bigint, duplicate bigint, kind text)');
    await client.query(PLANT_INSERT);
    await client.query("set session_replication_role = origin");
    await client.query('analyze public.candidates');
    const loadSeconds = (performance.now() - loadStarted) / 1000;

    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const { rows: [{ found }] } = await client.query<{ found: number }>('select public.refresh_candidate_duplicates() as found');
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);

    const { rows: [score] } = await client.query<{ planted: number; recalled: number; email: number; phone: number; name_place: number }>(
      `select count(*)::int as planted,
              count(d.low_id)::int as recalled,
              count(d.low_id) filter (where p.kind = 'email')::int as email,
              count(d.low_id) filter (where p.kind = 'phone')::int as phone,
              count(d.low_id) filter (where p.kind = 'name_place')::int as name_place
         from planted p
         left join public.candidate_duplicates d on d.low_id = least(p.original, p.duplicate) and d.high_id = greatest(p.original, p.duplicate)`);
    const { rows: [kinds] } = await client.query<{ email: number; phone: number; name_place: number }>(
      `select count(*) filter (where kind = 'email')::int as email, count(*) filter (where kind = 'phone')::int as phone,
              count(*) filter (where kind = 'name_place')::int as name_place from planted`);
    const { rows: [{ total }] } = await client.query<{ total: number }>('select count(*)::int as total from public.candidates');
    return {
      bench: 'duplicates',
      candidates: total,
      planted_pairs: score.planted,
      planted_by_kind: kinds,
      found_pairs: found,
      seconds: Number(seconds.toFixed(1)),
      recall: Number((score.recalled / score.planted).toFixed(4)),
      recall_by_kind: {
        email: Number((score.email / kinds.email).toFixed(4)),
        phone: Number((score.phone / kinds.phone).toFixed(4)),
        name_place: Number((score.name_place / kinds.name_place).toFixed(4)),
      },
      precision: Number((score.recalled / Math.max(found, 1)).toFixed(4)),
      load_seconds: Number(loadSeconds.toFixed(1)),
      bench_process_cpu_seconds: Number(((cpu.user + cpu.system) / 1e6).toFixed(2)),
      note: 'the search runs in PostgreSQL (one backend); the bench process only waits',
      load_average_1m: Number(os.loadavg()[0].toFixed(1)),
      goal: { seconds: 30, recall: 0.98, precision: 0.99 },
    };
  } finally {
    await client.end();
    await database.stop();
  }
}
