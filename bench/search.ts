// Search benchmark: the palette's search (domain/search, as GET /api/search
// runs it: one transaction under row-level security) at 100,000 and at
// 1,000,000 generated candidates, timed at the server (on the app pool, no HTTP).
// Queries by kind: 200 name queries (prefixes, whole words, typos, accent-free
// spellings, several words), 40 skill queries, 40 queries of several fields
// ("python amsterdam"), and a labelled set of 120 queries, each written from one
// generated candidate's fields, for which the bench reports how often that
// candidate is among the first 5 candidates. The name queries as a naive
// `name ILIKE '%q%'` scan in the same run give the ratio. Builds its own data
// set in a temporary embedded PostgreSQL and removes it afterwards.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '#platform/db/pools.server.ts';
import { withClaims } from '#platform/db/request.server.ts';
import { ensureDemoPools, FIRST_NAMES, generateCampaigns, generateCandidates, LAST_NAMES } from '#demo/demo-candidates.server.ts';
import { naiveCandidateSearch, search } from '#domain/search/search.server.ts';
import { benchDatabase } from './support/database.ts';

/** BENCH_SEARCH_SIZES=20000 for a quick look; by default 100,000 and 1,000,000. */
const SIZES = (process.env.BENCH_SEARCH_SIZES ?? '100000,1000000').split(',').map(Number);

interface Query { kind: string; q: string; /** The candidate the query was written for (labelled queries). */ intended?: number }

/** A small deterministic generator, so every run uses the same queries. */
function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return Math.floor(state / 65536) % n; // the low bits of this generator repeat quickly
  };
}

const strip = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').replace('ı', 'i').replace('ø', 'o').toLowerCase();

/** A typo: a doubled, dropped, wrong or swapped letter (kind `i % 4`). */
function typo(word: string, i: number, pick: (n: number) => number): string {
  const at = 1 + pick(word.length - 2);
  const edits = [
    () => word.slice(0, at) + word[at] + word.slice(at), // doubled letter
    () => word.slice(0, at) + word.slice(at + 1), // dropped letter
    () => word.slice(0, at) + 'aeiou'[pick(5)] + word.slice(at + 1), // wrong letter
    () => word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2), // swapped letters
  ];
  return edits[i % 4]();
}

/** 200 name queries: 50 prefixes, 40 whole words, 40 typos, 30 accent-free spellings, 40 of several words. */
export function benchQueries(): Query[] {
  const pick = random(42);
  const words = [...FIRST_NAMES, ...LAST_NAMES.map((name) => name.split(' ').at(-1)!)];
  const queries: Query[] = [];
  for (let i = 0; i < 50; i++) {
    const word = words[pick(words.length)].toLowerCase();
    queries.push({ kind: 'name_prefix', q: word.slice(0, 2 + pick(4)) });
  }
  for (let i = 0; i < 40; i++) queries.push({ kind: 'name_word', q: words[pick(words.length)].toLowerCase() });
  const long = words.filter((w) => w.length >= 5);
  for (let i = 0; i < 40; i++) queries.push({ kind: 'name_typo', q: typo(strip(long[pick(long.length)]), i, pick) });
  const accented = words.filter((w) => strip(w) !== w.toLowerCase());
  for (let i = 0; i < 30; i++) queries.push({ kind: 'name_accent_free', q: strip(accented[i % accented.length]) });
  for (let i = 0; i < 40; i++) {
    const first = FIRST_NAMES[pick(FIRST_NAMES.length)], last = LAST_NAMES[pick(LAST_NAMES.length)];
    const forms = [`${first} ${last}`, `${first} ${last.slice(0, 4)}`, `${last} ${first}`, strip(`${first} ${last}`)];
    queries.push({ kind: 'name_words', q: forms[i % 4].toLowerCase() });
  }
  return queries;
}

/**
 * 40 skill queries (whole skills and prefixes: "python", "kube") and 40 of
 * several fields ("python amsterdam", "sales amsterdam", "backend kafka utrecht"),
 * from the dictionary's skill, job and location words.
 */
export async function fieldQueries(owner: pg.Pool): Promise<Query[]> {
  const { rows } = await owner.query<{ word: string; fields: number }>(
    `select word, fields from public.search_words where fields & 28 <> 0 and length(word) >= 2 order by word`);
  const of = (bit: number) => rows.filter((row) => row.fields & bit).map((row) => row.word);
  const [jobs, skills, places] = [of(4).filter((w) => w !== 'engineer'), of(8), of(16)];
  const pick = random(7);
  const queries: Query[] = [];
  for (let i = 0; i < 40; i++) {
    const skill = skills[pick(skills.length)];
    queries.push({ kind: 'skill', q: i % 3 === 2 ? skill.slice(0, Math.max(2, Math.ceil(skill.length / 2))) : skill });
  }
  for (let i = 0; i < 40; i++) {
    const [skill, job, place] = [skills[pick(skills.length)], jobs[pick(jobs.length)], places[pick(places.length)]];
    const forms = [`${skill} ${place}`, `${job} ${place}`, `${job} ${skill}`, `${job} ${skill} ${place}`];
    queries.push({ kind: 'fields_multi_word', q: forms[i % 4] });
  }
  return queries;
}

interface Person { id: number; name: string; email: string | null; job_function: string; skill_tags: string[]; location: string }

/**
 * The labelled set: 120 queries, each written the way a recruiter would look
 * for one generated candidate (name and place, name and job, surname with a
 * skill and place, the email address, a mistyped surname with place and job,
 * first name with two skills and place), labelled with that candidate's id.
 */
export async function labelledQueries(owner: pg.Pool, size: number): Promise<Query[]> {
  const ids = Array.from({ length: 120 }, (_, i) => 1 + ((i * 7_919_423 + 104_729) % size));
  const { rows } = await owner.query<Person>(
    `select id::int, name, email::text, job_function, skill_tags, location from public.candidates where id = any($1::bigint[]) order by id`, [ids]);
  const pick = random(11);
  return rows.map((person, i): Query => {
    const first = person.name.split(' ')[0];
    const last = person.name.slice(first.length + 1);
    const job = person.job_function.split(/[\s-]/)[0].toLowerCase();
    const place = person.location.toLowerCase();
    const [skill, skill2] = [person.skill_tags[0], person.skill_tags.at(-1)];
    const surname = strip(last.split(' ').at(-1)!);
    const forms = [
      ['name_place', `${first} ${last} ${place}`],
      ['name_job', `${first} ${last} ${job}`],
      ['surname_skill_place', `${last} ${skill} ${place}`],
      ['email', person.email ?? `${first} ${last} ${job} ${place}`],
      ['name_typo_place_job', `${first} ${surname.length >= 5 ? typo(surname, i, pick) : surname} ${place} ${job}`],
      ['first_skills_place', `${first} ${skill} ${skill2} ${place}`],
    ];
    const [kind, q] = forms[i % forms.length];
    return { kind: `labelled_${kind}`, q: strip(q), intended: person.id };
  });
}

function percentile(sorted: number[], p: number) {
  return Number(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)].toFixed(2));
}

function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return { queries: sorted.length, p50_ms: percentile(sorted, 50), p95_ms: percentile(sorted, 95), max_ms: percentile(sorted, 100) };
}

async function measure(queries: string[], once: (q: string) => Promise<number>, warmUp = queries.length) {
  for (const q of queries.slice(0, warmUp)) await once(q); // caches and plans
  const times: number[] = [];
  let hits = 0;
  for (const q of queries) {
    const started = performance.now();
    const found = await once(q);
    times.push(performance.now() - started);
    if (found > 0) hits++;
  }
  times.sort((a, b) => a - b);
  return { p50_ms: percentile(times, 50), p95_ms: percentile(times, 95), p99_ms: percentile(times, 99), max_ms: percentile(times, 100), queries_with_candidates: hits };
}

type Search = (q: string) => Promise<Awaited<ReturnType<typeof search>>>;

/** Every query once to warm up, then once timed: p50/p95 per kind and overall, and the labelled set's top-5 hit rate. */
export async function measureKinds(queries: Query[], run: Search) {
  for (const { q } of queries) await run(q);
  const byKind = new Map<string, number[]>();
  const all: number[] = [];
  let labelled = 0, top5 = 0, top1 = 0, found = 0;
  const misses: string[] = [];
  for (const query of queries) {
    const started = performance.now();
    const results = await run(query.q);
    const ms = performance.now() - started;
    all.push(ms);
    byKind.set(query.kind, [...byKind.get(query.kind) ?? [], ms]);
    const candidates = results.filter((r) => r.type === 'candidate');
    if (candidates.length) found++;
    if (query.intended !== undefined) {
      labelled++;
      const at = candidates.findIndex((r) => r.id === `candidate:${query.intended}`);
      if (at === 0) top1++;
      if (at >= 0 && at < 5) top5++;
      else if (misses.length < 10) misses.push(query.q);
    }
  }
  return {
    all: summary(all),
    queries_with_candidates: found,
    by_kind: Object.fromEntries([...byKind].map(([kind, times]) => [kind, summary(times)])),
    labelled: { queries: labelled, top1_rate: Number((top1 / labelled).toFixed(3)), top5_rate: Number((top5 / labelled).toFixed(3)), first_misses: misses },
  };
}

export async function run() {
  const database = await benchDatabase('search', { fast: true });
  const pools = await openDatabase(database.url, 'bench-app-secret');
  try {
    const memberId = randomUUID();
    await pools.owner.query(
      `insert into public.profiles (id, username, display_name, email) values ($1, 'bench', 'Bench', 'bench@example.org')`, [memberId]);
    await ensureDemoPools(pools.owner);
    await generateCampaigns(pools.owner, 2000);
    const asMember: Search = (q) => withClaims(pools.app, { role: 'authenticated', sub: memberId }, (tx) => search(tx, q));
    const nameQueries = benchQueries();
    const sizes: Record<string, unknown> = {};
    let have = 0;
    for (const size of SIZES) {
      const generated = await generateCandidates(pools.owner, { count: size - have });
      have = size;
      await pools.owner.query('vacuum analyze');
      const queries = [...nameQueries, ...await fieldQueries(pools.owner), ...await labelledQueries(pools.owner, size)];
      const measured = await measureKinds(queries, asMember);
      // A sequential scan: little to warm up, and a full pass at 1M takes minutes.
      const naive = await measure(nameQueries.map((query) => query.q),
        async (q) => (await withClaims(pools.app, { role: 'authenticated', sub: memberId }, (tx) => naiveCandidateSearch(tx, q))).length, 10);
      const { rows } = await pools.owner.query<{ words: number; dictionary: number; index_mb: number }>(
        `select (select count(*) from public.candidate_name_words)::int as words, (select count(*) from public.search_words)::int as dictionary,
                (pg_total_relation_size('public.candidate_name_words') / 1048576)::int as index_mb`);
      sizes[`candidates_${size}`] = {
        generate_s: Number((generated.ms / 1000).toFixed(1)),
        word_index: rows[0],
        search: measured,
        naive_ilike_name_queries: naive,
      };
    }
    return {
      name: 'search',
      measured: 'GET /api/search work at the server: one transaction under RLS (claims, 6-7 statements), no HTTP',
      target: 'p95 <= 20 ms at 1M candidates',
      ...sizes,
    };
  } finally {
    await pools.close();
    await database.stop();
  }
}
