// Search benchmark: the palette's search (domain/search, as GET /api/search
// runs it: one transaction under row-level security) at 100,000 and at
// 1,000,000 generated candidates, timed at the server (on the app pool, no HTTP).
// Queries by kind: 200 name queries (prefixes, whole words, typos, accent-free
// spellings, several words), 40 skill queries, 40 queries of several fields
// ("python amsterdam"), 40 with a seniority ("senior controller enschede", "sr
// backend"), and a labelled set of 200 queries, each written from one generated
// candidate's fields (seniority, preferred role and notes included) so that it
// singles that candidate out, for which the bench reports how often that candidate
// is among the first 5 candidates (and the same for the queries as first written,
// ambiguous ones included, the measure of decision 045). The name queries as a naive
// `name ILIKE '%q%'` scan in the same run give the ratio. Builds its own data
// set in a temporary embedded PostgreSQL and removes it afterwards (or keeps it:
// BENCH_SEARCH_KEEP).
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { openDatabase } from '#platform/db/pools.server.ts';
import { withClaims } from '#platform/db/request.server.ts';
import { ensureDemoPools, FIRST_NAMES, generateCampaigns, generateCandidates, LAST_NAMES } from '#demo/demo-candidates.server.ts';
import { naiveCandidateSearch, search } from '#domain/search/search.server.ts';
import { textWords } from '#domain/search/candidates.server.ts';
import { seniorityOf } from '#domain/search/seniority.ts';
import { benchDatabase } from './support/database.ts';

/** BENCH_SEARCH_SIZES=20000 for a quick look; by default 100,000 and 1,000,000. */
const SIZES = (process.env.BENCH_SEARCH_SIZES ?? '100000,1000000').split(',').map(Number);
/**
 * BENCH_SEARCH_KEEP=<folder> keeps the generated database there and reuses it: a run generates only the
 * candidates a size needs beyond those kept (a million take half an hour), for trying a change to the search.
 */
const KEEP = process.env.BENCH_SEARCH_KEEP;

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
 * 40 skill queries (whole skills and prefixes: "python", "kube"), 40 of
 * several fields ("python amsterdam", "sales amsterdam", "backend kafka utrecht")
 * and 40 with a seniority ("senior controller enschede", "sr backend", "medior
 * python utrecht"), from the dictionary's skill, job and location words.
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
  const levels = ['junior', 'medior', 'senior', 'lead', 'sr', 'jr', 'stagiair'];
  for (let i = 0; i < 40; i++) {
    const [level, skill, job, place] = [levels[pick(levels.length)], skills[pick(skills.length)], jobs[pick(jobs.length)], places[pick(places.length)]];
    const forms = [`${level} ${job} ${place}`, `${level} ${job}`, `${level} ${skill} ${place}`, `${job} ${level}`];
    queries.push({ kind: 'seniority_fields', q: forms[i % 4] });
  }
  return queries;
}

interface Person {
  id: number; name: string; email: string | null; job_function: string; skill_tags: string[]; location: string;
  seniority_level: string; preferred_role: string | null; notes: string | null;
}

/** How a recruiter may write a level: in Dutch or abbreviated now and then. */
const LEVEL_WORDS: Record<string, string> = { intern: 'stagiair', junior: 'jr', senior: 'sr' };

const PERSON_COLUMNS = `id::int, name, email::text, job_function, skill_tags, location, seniority_level, preferred_role, notes`;

/** The labelled measure: the intended candidate among the first TOP candidates found; a query held by more cannot single one out. */
const TOP = 5;

/** Where the intended candidate is among the candidates a search found (0 = first), or -1. */
const rankOf = (results: Awaited<ReturnType<Search>>, intended: number) =>
  results.filter((r) => r.type === 'candidate').findIndex((r) => r.id === `candidate:${intended}`);
const inTop = (rank: number) => rank >= 0 && rank < TOP;

/** A labelled query: `check` is the query spelled right (a typo's intended word), for counting its holders. */
interface Labelled extends Query { intended: number; check: string }

/**
 * The labelled set: 200 queries, each written the way a recruiter would look
 * for one generated candidate, labelled with that candidate's id. 120 as
 * before (name and place, name and job, surname with a skill and place, the
 * email address, a mistyped surname with place and job, first name with two
 * skills and place), 60 with a seniority (name, level and place; surname,
 * level, job and place; first name, level as typed, preferred role and place)
 * and 20 with a word of the notes (name, a note's word and place).
 *
 * A query counts only if it singles its candidate out: at most TOP candidates
 * hold all its words (see `holders`). At 1M generated candidates "Jan de Vries
 * senior amsterdam" can fit 30 people equally, and which 5 show is the
 * ranking's tie-break, not search quality. Such a query is replaced by the same
 * form written for the next candidate of the slot; `firstWritten` keeps every
 * slot's first query, so the bench reports both sets.
 */
export async function labelledQueries(owner: pg.Pool, size: number): Promise<{ singled: Labelled[]; firstWritten: Labelled[]; mostTries: number }> {
  const slots = [
    ...Array.from({ length: 120 }, (_, i) => ({ i, build: plainLabelled, id: (a: number) => 1 + ((i * 7_919_423 + 104_729 + a * 15_485_863) % size) })),
    ...Array.from({ length: 60 }, (_, i) => ({ i, build: seniorityLabelled, id: (a: number) => 1 + ((i * 3_571_807 + 611_953 + a * 15_485_863) % size) })),
  ];
  const singled: Labelled[] = [], firstWritten: Labelled[] = [];
  let mostTries = 0;
  for (const slot of slots) {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const person = await personById(owner, slot.id(attempt));
      if (!person) continue;
      const query = slot.build(person, slot.i);
      if (attempt === 0) firstWritten.push(query);
      mostTries = Math.max(mostTries, attempt + 1);
      if (await singlesOut(owner, query)) { singled.push(query); break; }
    }
  }
  const withNotes = await notesPeople(owner, size);
  firstWritten.push(...withNotes.slice(0, NOTES_QUERIES).map(notesLabelled));
  let notes = 0;
  for (const person of withNotes) {
    if (notes === NOTES_QUERIES) break;
    const query = notesLabelled(person);
    if (await singlesOut(owner, query)) { singled.push(query); notes++; }
  }
  return { singled, firstWritten, mostTries };
}

const NOTES_QUERIES = 20;

/** How many candidates a slot may try before it is left out (the output's `most_candidates_tried_for_a_slot`). */
const MAX_ATTEMPTS = 80;

async function personById(owner: pg.Pool, id: number): Promise<Person | undefined> {
  const { rows } = await owner.query<Person>(`select ${PERSON_COLUMNS} from public.candidates where id = $1`, [id]);
  return rows[0];
}

const singlesOut = async (owner: pg.Pool, query: Labelled) =>
  query.kind === 'labelled_email' || await holders(owner, query.check) <= TOP; // an address is one person's

const firstAndLast = (person: Person) => {
  const first = person.name.split(' ')[0];
  return { first, last: person.name.slice(first.length + 1) };
};

const labelled = (kind: string, q: string, person: Person, check = q): Labelled =>
  ({ kind: `labelled_${kind}`, q: strip(q), intended: person.id, check: strip(check) });

/** The 120 of decision 022: name, job, skills, place, the email and a typo. */
function plainLabelled(person: Person, i: number): Labelled {
  const { first, last } = firstAndLast(person);
  const job = person.job_function.split(/[\s-]/)[0].toLowerCase();
  const place = person.location.toLowerCase();
  const [skill, skill2] = [person.skill_tags[0], person.skill_tags.at(-1)];
  const surname = strip(last.split(' ').at(-1)!);
  const typed = surname.length >= 5 ? typo(surname, i, random(11 + i)) : surname;
  const forms: Array<() => Labelled> = [
    () => labelled('name_place', `${first} ${last} ${place}`, person),
    () => labelled('name_job', `${first} ${last} ${job}`, person),
    () => labelled('surname_skill_place', `${last} ${skill} ${place}`, person),
    () => person.email ? labelled('email', person.email, person) : labelled('email', `${first} ${last} ${job} ${place}`, person),
    () => labelled('name_typo_place_job', `${first} ${typed} ${place} ${job}`, person, `${first} ${surname} ${place} ${job}`),
    () => labelled('first_skills_place', `${first} ${skill} ${skill2} ${place}`, person),
  ];
  return forms[i % forms.length]();
}

/** 60 with the candidate's seniority (as typed: "sr", "stagiair") and preferred role. */
function seniorityLabelled(person: Person, i: number): Labelled {
  const { first, last } = firstAndLast(person);
  const level = person.seniority_level;
  const typed = i % 2 ? LEVEL_WORDS[level] ?? level : level;
  const job = person.job_function.split(/[\s-]/)[0].toLowerCase();
  // The preferred role's words that are not a level ("Lead Backend Engineer": backend), else the job.
  const role = (person.preferred_role ?? person.job_function).split(/[\s-]+/).slice(person.preferred_role ? 1 : 0, -1).join(' ') || job;
  const place = person.location.toLowerCase();
  const forms = [
    ['name_seniority_place', `${first} ${last} ${typed} ${place}`],
    ['surname_seniority_job_place', `${last} ${typed} ${job} ${place}`],
    ['first_seniority_role_place', `${first} ${typed} ${role} ${place}`],
  ];
  const [kind, q] = forms[i % forms.length];
  return labelled(kind, q, person);
}

/** Candidates with notes ("met at a meetup; interested in kafka roles"), in a fixed order. */
async function notesPeople(owner: pg.Pool, size: number): Promise<Person[]> {
  const { rows } = await owner.query<Person>(
    `select ${PERSON_COLUMNS} from public.candidates
      where notes is not null and id in (select 1 + (g::bigint * 2654435 + 40503) % $1 from generate_series(0, 1999) g)
      order by hashint8(id) limit 200`, [size]);
  return rows;
}

const notesLabelled = (person: Person): Labelled => {
  const { first, last } = firstAndLast(person);
  return labelled('name_notes_place', `${first} ${last} meetup ${person.location}`, person);
};

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

const TICK_MS = 10; // /proc's clock ticks (USER_HZ 100)

/**
 * CPU milliseconds used so far by every process of the bench's own PostgreSQL
 * (its postmaster and children): with this process's own, less sensitive to
 * the neighbours on a shared machine than wall-clock time.
 */
function postgresCpuMs(postmaster: number): number {
  const stat = (pid: string) => {
    try {
      const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return text.slice(text.lastIndexOf(')') + 2).split(' ');
    } catch { return null; }
  };
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    const fields = stat(pid);
    // After the command: state, ppid, ..., utime (index 11), stime (12), cutime (13), cstime (14).
    if (fields && Number(fields[1]) === postmaster) ticks += Number(fields[11]) + Number(fields[12]);
    // The postmaster's own, and its children's that have ended (parallel workers of a scan live for one query).
    if (fields && Number(pid) === postmaster) ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  }
  return ticks * TICK_MS;
}

const ownCpuMs = () => { const own = process.cpuUsage(); return (own.user + own.system) / 1000; };

/** Every query once to warm up, then once timed: p50/p95 per kind and overall, and the labelled set's top-5 hit rate. */
export async function measureKinds(queries: Query[], run: Search, postmaster: number) {
  for (const { q } of queries) await run(q);
  const byKind = new Map<string, number[]>();
  const cpuByKind = new Map<string, number>();
  const all: number[] = [];
  let labelled = 0, top5 = 0, top1 = 0, found = 0;
  const misses: string[] = [];
  const top5ByKind = new Map<string, { queries: number; top5: number }>();
  for (const query of queries) {
    // Reading /proc costs this process CPU too: it stays outside the measured window.
    const postgresBefore = postgresCpuMs(postmaster);
    const ownBefore = ownCpuMs();
    const started = performance.now();
    const results = await run(query.q);
    const ms = performance.now() - started;
    const own = ownCpuMs() - ownBefore;
    cpuByKind.set(query.kind, (cpuByKind.get(query.kind) ?? 0) + own + postgresCpuMs(postmaster) - postgresBefore);
    all.push(ms);
    byKind.set(query.kind, [...byKind.get(query.kind) ?? [], ms]);
    if (results.some((r) => r.type === 'candidate')) found++;
    if (query.intended !== undefined) {
      labelled++;
      const at = rankOf(results, query.intended);
      if (at === 0) top1++;
      const kind = top5ByKind.get(query.kind) ?? { queries: 0, top5: 0 };
      top5ByKind.set(query.kind, { queries: kind.queries + 1, top5: kind.top5 + (inTop(at) ? 1 : 0) });
      if (inTop(at)) top5++;
      else misses.push(query.q);
    }
  }
  return {
    all: summary(all),
    queries_with_candidates: found,
    by_kind: Object.fromEntries([...byKind].map(([kind, times]) => [kind, {
      ...summary(times), cpu_ms_per_query: Number((cpuByKind.get(kind)! / times.length).toFixed(2)) }])),
    cpu_ms_per_query: Number(([...cpuByKind.values()].reduce((a, b) => a + b, 0) / all.length).toFixed(2)),
    labelled: {
      queries: labelled, top1_rate: Number((top1 / labelled).toFixed(3)), top5_rate: Number((top5 / labelled).toFixed(3)),
      top5_by_kind: Object.fromEntries([...top5ByKind].map(([kind, { queries, top5: hits }]) => [kind, `${hits}/${queries}`])),
      misses,
    },
  };
}

/**
 * How many candidates hold every one of a query's words exactly (a level as
 * the level it names): more than TOP means the query does not single out its
 * candidate, and which five show is the ranking's tie-break (engagement, then
 * newest), not a failure to find.
 */
async function holders(owner: pg.Pool, q: string): Promise<number> {
  const words = [...new Set(textWords(q).map((w) => seniorityOf(w) ?? w))];
  const { rows } = await owner.query<{ n: number }>(
    `select count(*)::int as n from (select candidate_id from public.candidate_name_words where word = any($1::text[])
                                       group by candidate_id having count(*) = $2) x`, [words, words.length]);
  return rows[0].n;
}

/** The share of queries whose candidate is among the first TOP found (no timing). */
async function top5Rate(queries: Labelled[], run: Search): Promise<number> {
  let hits = 0;
  for (const query of queries) if (inTop(rankOf(await run(query.q), query.intended))) hits++;
  return Number((hits / queries.length).toFixed(3));
}

export async function run() {
  const database = await benchDatabase('search', { fast: true, keepIn: KEEP });
  // The owner's statements generate up to a million candidates: no statement limit on them.
  const pools = await openDatabase(database.url, 'bench-app-secret', undefined, undefined, { bulkOwner: true });
  try {
    const { rows: [kept] } = await pools.owner.query<{ id: string }>(`select id from public.profiles where username = 'bench'`);
    const memberId = kept?.id ?? randomUUID();
    if (!kept) {
      await pools.owner.query(
        `insert into public.profiles (id, username, display_name, email) values ($1, 'bench', 'Bench', 'bench@example.org')`, [memberId]);
      await ensureDemoPools(pools.owner);
      await generateCampaigns(pools.owner, 2000);
    }
    const { rows: [backend] } = await pools.owner.query<{ pid: number }>('select pg_backend_pid() as pid');
    const postmaster = Number(readFileSync(`/proc/${backend.pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
    const asMember: Search = (q) => withClaims(pools.app, { role: 'authenticated', sub: memberId }, (tx) => search(tx, q));
    const nameQueries = benchQueries();
    const sizes: Record<string, unknown> = {};
    const { rows: [{ n: keptCandidates }] } = await pools.owner.query<{ n: number }>('select count(*)::int as n from public.candidates');
    let have = keptCandidates;
    for (const size of SIZES) {
      if (size < have) throw new Error(`${have} candidates are kept in ${KEEP}: a size below that cannot be measured there.`);
      const generated = size > have ? await generateCandidates(pools.owner, { count: size - have }) : { ms: 0 };
      if (size > have) await pools.owner.query('vacuum analyze');
      have = size;
      const { singled, firstWritten, mostTries } = await labelledQueries(pools.owner, size);
      const queries = [...nameQueries, ...await fieldQueries(pools.owner), ...singled];
      const measured = await measureKinds(queries, asMember, postmaster);
      const missed = await Promise.all(measured.labelled.misses.map(async (q) => ({ q, holders: await holders(pools.owner, q) })));
      const notSingling = firstWritten.filter((query) => !singled.includes(query)).length;
      // A sequential scan: little to warm up, and a full pass at 1M takes minutes.
      const naive = await measure(nameQueries.map((query) => query.q),
        async (q) => (await withClaims(pools.app, { role: 'authenticated', sub: memberId }, (tx) => naiveCandidateSearch(tx, q))).length, 10);
      const { rows } = await pools.owner.query<{ words: number; dictionary: number; index_mb: number }>(
        `select (select count(*) from public.candidate_name_words)::int as words, (select count(*) from public.search_words)::int as dictionary,
                (pg_total_relation_size('public.candidate_name_words') / 1048576)::int as index_mb`);
      sizes[`candidates_${size}`] = {
        generate_s: Number((generated.ms / 1000).toFixed(1)),
        word_index: rows[0],
        search: { ...measured, labelled: { ...measured.labelled, misses: undefined,
          misses_held_by_more_than_5: missed.filter((m) => m.holders > TOP).length, first_misses: missed.slice(0, 12) } },
        labelled_as_first_written: {
          queries: firstWritten.length, top5_rate: await top5Rate(firstWritten, asMember),
          not_singling_out_their_candidate: notSingling, most_candidates_tried_for_a_slot: mostTries,
        },
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
