// Search benchmark: the palette's search (domain/search.ts, as GET /api/search
// runs it: one transaction under row-level security) for a fixed list of 200
// queries (prefixes, whole words, typos, accent-free spellings, several words),
// at 100,000 and at 1,000,000 generated candidates, timed at the server (on the
// app pool, no HTTP). The same queries as a naive `name ILIKE '%q%'` scan in
// the same run give the ratio. Builds its own data set in a temporary
// embedded PostgreSQL and removes it afterwards.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '#domain/db/pools.ts';
import { withClaims } from '#domain/db/request.ts';
import { ensureDemoPools, FIRST_NAMES, generateCampaigns, generateCandidates, LAST_NAMES } from '#domain/demo/demo-candidates.ts';
import { naiveCandidateSearch, search } from '#domain/search/search.ts';
import { benchDatabase } from './support/database.ts';

const SIZES = [100_000, 1_000_000];

/** A small deterministic generator, so every run uses the same 200 queries. */
function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return Math.floor(state / 65536) % n; // the low bits of this generator repeat quickly
  };
}

const strip = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').replace('ı', 'i').replace('ø', 'o').toLowerCase();

/** 200 queries: 50 prefixes, 40 whole words, 40 typos, 30 accent-free spellings, 40 of several words. */
export function benchQueries(): string[] {
  const pick = random(42);
  const words = [...FIRST_NAMES, ...LAST_NAMES.map((name) => name.split(' ').at(-1)!)];
  const queries: string[] = [];
  for (let i = 0; i < 50; i++) {
    const word = words[pick(words.length)].toLowerCase();
    queries.push(word.slice(0, 2 + pick(4)));
  }
  for (let i = 0; i < 40; i++) queries.push(words[pick(words.length)].toLowerCase());
  const long = words.filter((w) => w.length >= 5);
  for (let i = 0; i < 40; i++) {
    const word = strip(long[pick(long.length)]);
    const at = 1 + pick(word.length - 2);
    const edits = [
      () => word.slice(0, at) + word[at] + word.slice(at), // doubled letter
      () => word.slice(0, at) + word.slice(at + 1), // dropped letter
      () => word.slice(0, at) + 'aeiou'[pick(5)] + word.slice(at + 1), // wrong letter
      () => word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2), // swapped letters
    ];
    queries.push(edits[i % 4]());
  }
  const accented = words.filter((w) => strip(w) !== w.toLowerCase());
  for (let i = 0; i < 30; i++) queries.push(strip(accented[i % accented.length]));
  for (let i = 0; i < 40; i++) {
    const first = FIRST_NAMES[pick(FIRST_NAMES.length)], last = LAST_NAMES[pick(LAST_NAMES.length)];
    const forms = [`${first} ${last}`, `${first} ${last.slice(0, 4)}`, `${last} ${first}`, strip(`${first} ${last}`)];
    queries.push(forms[i % 4].toLowerCase());
  }
  return queries;
}

function percentile(sorted: number[], p: number) {
  return Number(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)].toFixed(2));
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

export async function run() {
  const database = await benchDatabase('search', { fast: true });
  const pools = await openDatabase(database.url, 'bench-app-secret');
  try {
    const memberId = randomUUID();
    await pools.owner.query(
      `insert into public.profiles (id, username, display_name, email) values ($1, 'bench', 'Bench', 'bench@example.org')`, [memberId]);
    await ensureDemoPools(pools.owner);
    await generateCampaigns(pools.owner, 2000);
    const asMember = <T>(work: (tx: pg.PoolClient) => Promise<T>) =>
      withClaims(pools.app, { role: 'authenticated', sub: memberId }, work);
    const queries = benchQueries();
    const sizes: Record<string, unknown> = {};
    let have = 0;
    for (const size of SIZES) {
      const generated = await generateCandidates(pools.owner, { count: size - have });
      have = size;
      await pools.owner.query('vacuum analyze');
      const trigram = await measure(queries, async (q) =>
        (await asMember((tx) => search(tx, q))).filter((r) => r.type === 'candidate').length);
      // A sequential scan: little to warm up, and a full pass at 1M takes minutes.
      const naive = await measure(queries, async (q) => (await asMember((tx) => naiveCandidateSearch(tx, q))).length, 10);
      sizes[`candidates_${size}`] = {
        generate_s: Number((generated.ms / 1000).toFixed(1)),
        search: trigram,
        naive_ilike: naive,
        naive_over_search: { p50: Number((naive.p50_ms / trigram.p50_ms).toFixed(1)), p95: Number((naive.p95_ms / trigram.p95_ms).toFixed(1)) },
      };
    }
    return {
      name: 'search',
      queries: queries.length,
      measured: 'GET /api/search work at the server: one transaction under RLS (claims, 4-5 statements), no HTTP',
      target: 'p95 <= 20 ms at 1M candidates',
      ...sizes,
    };
  } finally {
    await pools.close();
    await database.stop();
  }
}
