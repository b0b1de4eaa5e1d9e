// Candidates for the palette: every query word must match a word of the
// candidate's name, email, job function, skills, location, seniority level,
// preferred role or notes (decisions 005, 022 and 045); a word naming a
// seniority or a place must match where the candidate's seniority or place is.
// Two steps, so that a million candidates cost about what a thousand do:
//  1. each query word is matched against the dictionary of distinct words
//     (public.search_words): exact, prefix, or, for name words, trigram-similar;
//  2. candidates holding those words come from the btree (word, candidate_id) in
//     public.candidate_name_words: the two rarest words' lists are merged newest
//     first (decision 059); when every word is very common, the rarest word's
//     newest candidates are scanned. The other words are index probes. The
//     candidates found are ranked by relevance, then engagement.
import type { Tx } from '../../platform/db/request.server.ts';
import { bandOf } from '../engagement/score.ts';
import type { SearchResult } from './schemas.ts';
import { SENIORITY_WORDS, seniorityOf } from './seniority.ts';

/** The bits of candidate_name_words.fields (migrations 20261126000800_search_fields, 20261129100000_search_seniority_role_notes). */
export const FIELD = { name: 1, email: 2, job: 4, skills: 8, location: 16, seniority: 32, role: 64, notes: 128 } as const;
const ALL_FIELDS = Object.values(FIELD).reduce((all, bit) => all | bit, 0);

/** A name match outranks an email one, which outranks job, skill and place matches; a wish or a note counts least. */
const FIELD_WEIGHTS: Array<[number, number]> = [
  [FIELD.name, 1], [FIELD.email, 0.9], [FIELD.job, 0.8], [FIELD.skills, 0.75], [FIELD.location, 0.7],
  [FIELD.seniority, 0.7], [FIELD.role, 0.6], [FIELD.notes, 0.4],
];

/**
 * Where a word that names a seniority or a place must be held, so that it narrows: "senior" is the
 * candidate's level (or their job title, "Senior Controller"), not the role they wish for or a note;
 * "enschede" is not a place a note mentions.
 */
const SENIORITY_IN = FIELD.seniority | FIELD.job;
const PLACE_IN = ALL_FIELDS & ~(FIELD.role | FIELD.notes);

/** Words per query word taken into account. */
const WORDS_PER_TOKEN = 12;
const MAX_TOKENS = 6;
/** Trigram similarity a fuzzy word match needs; below it, only when nothing better matched. */
const GOOD_SIMILARITY = 0.4;
/** Broad queries: how many of the rarest word's newest candidates are looked at for the other words. */
const MULTI_WORD_SCAN = 5000;
/** Broad queries: the newest this many matches are ranked. */
const RANKED = 32;
/** Specific queries: at most this many matches are ranked (all of them, in practice). */
const RANKED_SPECIFIC = 200;
/**
 * A query is specific when its second rarest word has at most this many
 * candidates (estimated): then every match is ranked. "andre bos maastricht"
 * is (two names of about 9,500 each at 1M); "python amsterdam" is not.
 */
const SPECIFIC_WORD_ROWS = 30_000;
/**
 * The two rarest words' lists are merged whole when together they have at most this many candidates
 * (estimated): a merge reads them side by side until enough match, at worst both whole (about 0.15 µs a row,
 * 9 ms for 60,000 at 1M), so every match of "andre bos" or "zeynep medior frontend utrecht" is found.
 */
const MERGED_WORD_ROWS = 60_000;
/**
 * Above that, the rarest word's newest MULTI_WORD_SCAN candidates are merged with the second word's list down
 * to the same age, while the second word has at most this many times as many candidates (the merge then reads
 * at most 5,000 x 11 rows, less than probing the second word for each of the 5,000, 3 µs a probe). A second
 * word more common still ("senior" beside "dusseldorf") is probed instead.
 */
const MERGE_RATIO = 10;
/** pg_stats is read again after this long: it changes when the table is analysed (after a large import, say). */
const STATS_MAX_AGE_MS = 60_000;

export interface WordMatch {
  token: number; word: string; score: number; fields: number;
  /** Only these fields count (a seniority or a place word); absent: any field. */
  within?: number;
  /** The query word names this word otherwise ("sr" for senior): counts as exact. */
  alias?: boolean;
}

/** `within` when the dictionary has the word outside the fields it may count in (else no check is needed). */
const narrowed = (fields: number, allowed: number) => (fields & ~allowed ? allowed : undefined);

/**
 * A query word's matches, place words narrowed. A level's own word means that level only ("lead" is
 * not "leadership"); an abbreviation ("sr", "mid") means the level first, and may still be the start
 * of another word.
 */
function narrow(token: string, found: WordMatch[]): WordMatch[] {
  const level = seniorityOf(token);
  const dictionary = level ? found.find((m) => m.word === level) : undefined;
  const rest = found.filter((m) => m !== dictionary && level !== token)
    .map((m) => (m.fields & FIELD.location ? { ...m, within: narrowed(m.fields, PLACE_IN) } : m));
  if (!level || !dictionary) return rest;
  return [{ ...dictionary, score: 1, alias: level !== token, within: narrowed(dictionary.fields, SENIORITY_IN) }, ...rest];
}

/** Step 1: the query's words, and for each the dictionary words it may mean (score 1 = exact). */
export async function matchWords(tx: Tx, q: string): Promise<{ tokens: string[]; byToken: WordMatch[][] }> {
  // A word naming a seniority ("sr") also looks up the level's own dictionary word.
  const { rows } = await tx.query<{ tokens: string[]; token: number | null; word: string | null; score: number | null; fields: number | null }>(
    `with tokens as (
       select t, ord from unnest(public.name_words($1)) with ordinality as x(t, ord) limit ${MAX_TOKENS})
     select (select array_agg(t order by ord) from tokens) as tokens, tk.ord::int as token, w.word, w.score, w.fields
       from tokens tk
       left join lateral (
         select * from public.match_search_word(tk.t, ${WORDS_PER_TOKEN})
         union all
         select m.* from unnest($2::text[], $3::text[]) as s(term, level), public.match_search_word(s.level, 1) m
          where s.term = tk.t and s.level <> tk.t and m.word = s.level) w on true`,
    [q, SENIORITY_WORDS.map(([term]) => term), SENIORITY_WORDS.map(([, level]) => level)]);
  const tokens = rows[0]?.tokens ?? [];
  const byToken = tokens.map((token, i) => {
    const found = narrow(token, rows.filter((row) => row.token === i + 1 && row.word !== null)
      .map((row) => ({ token: i + 1, word: row.word!, score: Number(row.score), fields: Number(row.fields) })));
    const good = found.filter((match) => match.score >= GOOD_SIMILARITY);
    return good.length ? good : found.slice(0, 3);
  });
  return { tokens, byToken };
}

export interface CandidateRow {
  id: number; name: string; email: string | null; job_function: string | null; skill_tags: string[]; location: string | null;
  seniority_level: string | null; preferred_role: string | null; notes: string | null; engagement_score: number;
}

function fieldWeight(fields: number): number {
  return Math.max(0, ...FIELD_WEIGHTS.filter(([bit]) => fields & bit).map(([, weight]) => weight));
}

/**
 * The words of one text as public.name_words gives them: lower-cased,
 * accent-free (unaccent's special letters too), apostrophes dropped, split on
 * anything that is not a letter or digit. For ranking rows already found
 * (tests/api/search-fields.test.ts compares it with the SQL on the demo data).
 */
const UNACCENT_LETTERS: Record<string, string> = { ø: 'o', ł: 'l', ı: 'i', ß: 'ss', æ: 'ae', œ: 'oe', đ: 'd', ð: 'd', þ: 'th' };
export function textWords(text: string | null): string[] {
  if (!text) return [];
  return text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')
    .replace(/[øłıßæœđðþ]/g, (ch) => UNACCENT_LETTERS[ch]).replace(/['’`]/g, '')
    .split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** A candidate's words with the fields each is in: public.candidate_words, mirrored. */
export function candidateWords(row: Omit<CandidateRow, 'id' | 'engagement_score'>): Map<string, number> {
  const words = new Map<string, number>();
  const add = (list: string[], bit: number) => { for (const word of list) words.set(word, (words.get(word) ?? 0) | bit); };
  add(textWords(row.name), FIELD.name);
  add(textWords(row.email).filter((word) => !/[0-9]/.test(word)), FIELD.email);
  add(textWords(row.job_function), FIELD.job);
  add(textWords(row.skill_tags.join(' ')), FIELD.skills);
  add(textWords(row.location), FIELD.location);
  add(textWords(row.seniority_level), FIELD.seniority);
  add(textWords(row.preferred_role), FIELD.role);
  add(textWords(row.notes), FIELD.notes);
  return words;
}

/**
 * Relevance: per query word, the best of its matches the candidate holds, as
 * match quality (exact 1 > prefix 0.6-1 > similar) times the weight of the
 * field it is in (name above email above job, skills, location and seniority,
 * then preferred role and notes); summed.
 * `nameOnly`: every query word matched in the name (meetings are found so).
 */
export function relevance(row: CandidateRow, byToken: WordMatch[][]): { score: number; nameOnly: boolean } {
  const fieldsOf = candidateWords(row);
  let score = 0;
  let nameOnly = true;
  for (const list of byToken) {
    let best = 0;
    let inName = false;
    for (const match of list) {
      const fields = (fieldsOf.get(match.word) ?? 0) & (match.within ?? ALL_FIELDS);
      if (!fields) continue;
      best = Math.max(best, match.score * fieldWeight(fields));
      if (fields & FIELD.name) inName = true;
    }
    score += best;
    nameOnly &&= inName;
  }
  return { score, nameOnly };
}

export interface RankedCandidate { row: CandidateRow; score: number; nameOnly: boolean }

/** Per database (a process of the tests talks to several): when read, and the estimates. */
const wordStats = new Map<string, { at: number; rows: Map<string, number> }>();

/**
 * About how many index rows each dictionary word has, from pg_stats through
 * public.search_word_rows() (every common word is a most-common value:
 * statistics target 1000). Words not listed are rare; without statistics all are.
 */
async function wordRows(tx: Tx): Promise<Map<string, number>> {
  const database = `${tx.host}:${tx.port}/${tx.database}`;
  const kept = wordStats.get(database);
  if (kept && Date.now() - kept.at < STATS_MAX_AGE_MS) return kept.rows;
  const { rows } = await tx.query<{ word: string; estimated_rows: number }>(`select word, estimated_rows from public.search_word_rows()`);
  const read = new Map(rows.map((row) => [row.word, Number(row.estimated_rows)]));
  wordStats.set(database, { at: Date.now(), rows: read });
  return read;
}

/**
 * "Also holds one of these words": an index probe per candidate. A scalar
 * sub-query, not EXISTS: with EXISTS the planner may hash a common word's whole
 * list (110,000 rows for "python") to check a few dozen candidates.
 */
function probes(others: WordMatch[][], params: unknown[], column: string): string {
  return others.map((list) => {
    // Words that count in some fields only are probed apart, with their fields (a heap read; rare).
    const groups = new Map<number, string[]>();
    for (const m of list) groups.set(m.within ?? 0, [...groups.get(m.within ?? 0) ?? [], m.word]);
    const probe = ([within, words]: [number, string[]]) => {
      params.push(words);
      return `(select true from public.candidate_name_words o
                where o.word = any($${params.length}::text[]) and o.candidate_id = ${column}${within ? ` and o.fields & ${within} <> 0` : ''} limit 1)`;
    };
    return `and (${[...groups].map(probe).join(' or ')})`;
  }).join('\n');
}

/** The lists whose words count in some fields only: read whole or scanned, they need a probe too. */
const narrowedLists = (lists: WordMatch[][]) => lists.filter((list) => list.some((m) => m.within));

const RANK_COLUMNS = `c.id, c.name, c.email::text as email, c.job_function, c.skill_tags, c.location, c.seniority_level,
                      c.preferred_role, c.notes, c.engagement_score`;

/**
 * One list's candidates, newest first, for a merge join: one word's index range read backward (the table
 * itself, so that the join reads the index with nothing between), or a sub-query when it holds several words
 * (their ranges appended and sorted) or only the newest `newest`.
 */
function newestFirst(list: WordMatch[], alias: string, params: unknown[], newest?: number): { from: string; where: string } {
  const word = (m: WordMatch) => { params.push(m.word); return `$${params.length}`; };
  if (list.length === 1 && !newest) return { from: `public.candidate_name_words ${alias}`, where: `${alias}.word = ${word(list[0])}` };
  const scans = list.map((m) => `select candidate_id from public.candidate_name_words where word = ${word(m)}`);
  return { from: `(${scans.join(' union all ')} order by candidate_id desc ${newest ? `limit ${newest}` : 'offset 0'}) ${alias}`, where: 'true' };
}

/**
 * The two rarest words' candidates merged newest first (two index-only scans read side by side, stopping at
 * `limit` matches, or when the rarest word's `newest` candidates are through), the other words probed on the
 * merge's matches.
 */
async function fetchMerged(tx: Tx, rarest: WordMatch[], second: WordMatch[], others: WordMatch[][], limit: number,
  newest?: number): Promise<CandidateRow[]> {
  const params: unknown[] = [];
  const a = newestFirst(rarest, 'a', params, newest);
  const b = newestFirst(second, 'b', params);
  const filters = probes([...narrowedLists([rarest, second]), ...others], params, 'j.candidate_id');
  // Under RLS the planner underestimates both lists and would probe the second once per row of the first
  // (3 µs each, against 0.15 µs per row merged): a merge join is the only join this statement may use. The
  // candidates are read by an array of keys, not a join.
  await tx.query(`select set_config('enable_nestloop', 'off', true), set_config('enable_hashjoin', 'off', true)`);
  const { rows } = await tx.query<CandidateRow>(
    `select ${RANK_COLUMNS} from public.candidates c
      where c.id = any(array(
        select j.candidate_id
          -- offset 0: the probes run on the merge's matches, not on each row of the first list
          from (select a.candidate_id from ${a.from} join ${b.from} on b.candidate_id = a.candidate_id
                 where ${a.where} and ${b.where}
                 order by a.candidate_id desc offset 0) j
         where true ${filters}
         order by j.candidate_id desc
         limit ${limit}))`, params);
  await tx.query('reset enable_nestloop; reset enable_hashjoin');
  return rows;
}

/**
 * For each driving word, up to `perWord` of the newest candidates with it whose
 * words also hold one of each other query word's matches (index probes).
 */
async function fetchWindow(tx: Tx, drivers: WordMatch[], others: WordMatch[][], perWord: number): Promise<CandidateRow[]> {
  const params: unknown[] = [drivers.map((m) => m.word)];
  const filters = probes([...narrowedLists([drivers]), ...others], params, 'w.candidate_id');
  const { rows } = await tx.query<CandidateRow>(
    `select ${RANK_COLUMNS}
       from unnest($1::text[]) as d(word)
       cross join lateral (
         select w.candidate_id
           from (select candidate_id from public.candidate_name_words
                  where word = d.word order by candidate_id desc limit ${MULTI_WORD_SCAN}) w
          where true ${filters}
          limit ${perWord}) w
       join public.candidates c on c.id = w.candidate_id`, params);
  return rows;
}

/** One pass: the candidates holding a word of each list, by the plan that fits how common the words are. */
async function fetchPass(tx: Tx, lists: WordMatch[][], limit: number): Promise<CandidateRow[]> {
  const estimates = await wordRows(tx);
  const size = (list: WordMatch[]) => list.reduce((sum, m) => sum + (estimates.get(m.word) ?? 0), 0);
  const sized = lists.map((list) => ({ list, rows: size(list) })).sort((a, b) => a.rows - b.rows);
  const order = sized.map((entry) => entry.list);
  if (order.length >= 2) {
    const [rarest, second] = [sized[0].rows, sized[1].rows];
    const ranked = second <= SPECIFIC_WORD_ROWS ? RANKED_SPECIFIC : Math.max(limit, RANKED);
    if (rarest + second <= MERGED_WORD_ROWS) return fetchMerged(tx, order[0], order[1], order.slice(2), ranked);
    if (second <= rarest * MERGE_RATIO) return fetchMerged(tx, order[0], order[1], order.slice(2), ranked, MULTI_WORD_SCAN);
  }
  // The query word with the fewest candidates drives; the others filter.
  const drivers = [...order[0]].sort((a, b) => b.score - a.score);
  return fetchWindow(tx, drivers, order.slice(1), Math.max(limit, Math.ceil(RANKED / drivers.length)));
}

/**
 * Candidates matching every query word, best first (relevance, then engagement,
 * then newest): every match of a specific query; for a broad one the newest
 * RANKED matches (of a query of very common words: within the rarest word's
 * newest MULTI_WORD_SCAN candidates).
 * In passes: first each query word's exact words only ("jan" is Jan, not
 * Jansen), then its prefixes, then its typo matches, while fewer than `limit`
 * are found (for three or more words: while none are).
 */
export async function findCandidates(tx: Tx, tokens: string[], byToken: WordMatch[][], limit: number): Promise<RankedCandidate[]> {
  if (!tokens.length || byToken.some((list) => list.length === 0)) return [];
  const typed = (list: WordMatch[]) => {
    const prefixed = list.filter((m) => m.alias || m.word.startsWith(tokens[m.token - 1]));
    return prefixed.length ? prefixed : list;
  };
  const exact = (list: WordMatch[]) => {
    const same = list.filter((m) => m.alias || m.word === tokens[m.token - 1]);
    return same.length ? same : typed(list);
  };
  // In a query of three or more words, a word that matched exactly or as a prefix gets no typo guesses
  // ("backend android haag" must not turn into André).
  const passes = [byToken.map(exact), byToken.map(typed), tokens.length > 2 ? byToken.map(typed) : byToken];
  const rows: CandidateRow[] = [];
  let previous = '';
  for (const lists of passes) {
    const key = JSON.stringify(lists.map((list) => list.map((m) => m.word)));
    if (key === previous) continue;
    previous = key;
    rows.push(...await fetchPass(tx, lists, limit));
    // A query of three or more words is specific: its prefix and typo passes run only when nothing was found.
    const found = new Set(rows.map((row) => row.id)).size;
    if (found >= limit || (found > 0 && tokens.length > 2)) break;
  }
  // A candidate found by two words or two passes came twice.
  const unique = [...new Map(rows.map((row) => [row.id, row])).values()];
  return unique.map((row) => ({ row, ...relevance(row, byToken) }))
    .sort((a, b) => b.score - a.score || b.row.engagement_score - a.row.engagement_score || b.row.id - a.row.id);
}

export async function candidatesByEmail(tx: Tx, email: string): Promise<SearchResult[]> {
  const { rows } = await tx.query<CandidateRow>(
    `select c.id, c.name, c.email::text as email, c.job_function, c.location, c.engagement_score
       from public.candidate_ids_by_email(array[$1]) m join public.candidates c on c.id = m.id`, [email]);
  return rows.map(candidateResult);
}

/** "Hot 82%": the band and score once there is any engagement (decision 016); a fresh candidate's 0% says nothing. */
function engagementLabel(score: number): string | null {
  if (!score) return null;
  const band = bandOf(score);
  return `${band[0].toUpperCase()}${band.slice(1)} ${score}%`;
}

export function candidateResult(row: Pick<CandidateRow, 'id' | 'name' | 'email' | 'job_function' | 'location' | 'engagement_score'>): SearchResult {
  const subtitle = [row.job_function, row.location, engagementLabel(row.engagement_score)].filter(Boolean).join(' · ');
  return {
    id: `candidate:${row.id}`, type: 'candidate', title: row.name,
    ...(subtitle ? { subtitle } : {}), ...(row.email ? { description: row.email } : {}),
    url: `/app/people?candidate=${row.id}`, action: 'navigate', icon: 'User',
  };
}
