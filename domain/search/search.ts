// The command palette's search: candidates, campaigns, templates and actions,
// typo-tolerant and accent-insensitive (docs/decisions/005-search-trigram.md).
//
// Candidates are found by the words of their name in two steps, so that a
// million candidates cost about what a thousand do:
//  1. each query word is matched against the small dictionary of distinct name
//     words (public.search_words): exact, prefix, or trigram-similar ("jansen"
//     -> jansen, janssen; "muller" -> muller, the unaccented "Müller");
//  2. candidates holding those words come from the btree (word, candidate_id) in
//     public.candidate_name_words, 8 per word, so a common word reads 8 entries.
// All queries run in the caller's transaction, under row-level security; the
// trigram and email index lookups go through small security-definer functions
// that check membership (supabase/migrations/20261121000010_people_search.sql).
import type { Tx } from '../db/request.ts';
import { bandOf } from '../engagement/score.ts';
import type { SearchIcon, SearchResult } from './schemas.ts';

export const SEARCH_LIMITS = { candidates: 8, campaigns: 5, templates: 5 };

/** Words per query word taken into account, and candidates fetched per word. */
const WORDS_PER_TOKEN = 12;
const MAX_TOKENS = 4;
/** Trigram similarity a fuzzy word match needs; below it, only when nothing better matched. */
const GOOD_SIMILARITY = 0.4;
const LOWEST_SIMILARITY = 0.2;
/** How far the rarest query word's candidates are scanned for the other words. */
const MULTI_WORD_SCAN = 5000;
/** A few candidates per matched word first, so "jansen" also shows a Janssen. */
const PER_WORD_FIRST = 3;

interface Action { id: string; title: string; description: string; url: string; icon: SearchIcon; keywords: string }

const ACTIONS: Action[] = [
  { id: 'action:create-campaign', title: 'Create campaign', description: 'Start the campaign wizard',
    url: '/app/communications?action=create-campaign', icon: 'Plus',
    keywords: 'new campaign nurture announcement event follow-up followup mailing campagne nieuwe maken aanmaken' },
  { id: 'action:compose', title: 'Compose message', description: 'Send a message to a candidate or talent pool',
    url: '/app/communications?action=compose', icon: 'Mail',
    keywords: 'write send new message email mail whatsapp bericht sturen versturen schrijven nieuw' },
  { id: 'action:add-candidate', title: 'Add candidate', description: 'Create a new candidate',
    url: '/app/people?action=add-candidate', icon: 'UserPlus',
    keywords: 'new create candidate person people talent kandidaat persoon toevoegen nieuwe' },
  { id: 'action:meetings', title: 'Open meetings', description: 'Your calendar and booked meetings',
    url: '/app/meetings', icon: 'Calendar', keywords: 'meetings calendar agenda afspraken afspraak booking schedule gesprek' },
  { id: 'action:meeting-booking', title: 'Meeting booking', description: 'Your availability and meeting types',
    url: '/app/meeting-booking', icon: 'Calendar', keywords: 'availability meeting types booking settings hours beschikbaarheid agenda' },
];

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Actions whose title or keywords start with every word typed ("new camp", "bericht"). */
export function matchActions(q: string): SearchResult[] {
  const words = fold(q).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (!words.length) return [];
  return ACTIONS.filter((action) => {
    const vocabulary = fold(`${action.title} ${action.keywords}`).split(/[^\p{L}\p{N}-]+/u);
    return words.every((word) => vocabulary.some((v) => v.startsWith(word)));
  }).map(({ keywords: _keywords, ...action }) => ({ ...action, type: 'action', action: 'navigate' }));
}

interface WordMatch { token: number; word: string; score: number }

/** Step 1: for each query word, the dictionary words it may mean, with a score (1 = exact). */
async function matchWords(tx: Tx, q: string): Promise<{ tokens: string[]; matches: WordMatch[] }> {
  const { rows } = await tx.query<{ tokens: string[]; token: number | null; word: string | null; score: number | null }>(
    `with tokens as (
       select t, ord from unnest(public.name_words($1)) with ordinality as x(t, ord) limit ${MAX_TOKENS})
     select (select array_agg(t order by ord) from tokens) as tokens, tk.ord::int as token, w.word, w.score
       from tokens tk
       left join lateral public.match_name_word(tk.t, ${WORDS_PER_TOKEN}) w on true`, [q]);
  const tokens = rows[0]?.tokens ?? [];
  const matches: WordMatch[] = [];
  for (let token = 1; token <= tokens.length; token++) {
    const found = rows.filter((row) => row.token === token && row.word !== null)
      .map((row) => ({ token, word: row.word!, score: Number(row.score) }));
    const good = found.filter((match) => match.score >= GOOD_SIMILARITY);
    matches.push(...(good.length ? good : found.slice(0, 3)));
  }
  return { tokens, matches };
}

interface CandidateRow {
  id: number; name: string; email: string | null; job_function: string | null; location: string | null; engagement_score: number;
  words: string[]; word: string; rank: number;
}

/**
 * For each driving word, the newest `limit` candidates with it whose names also
 * hold one of each other query word's matches (index probes on the btree).
 */
async function fetchCandidates(tx: Tx, drivers: WordMatch[], others: WordMatch[][], limit: number): Promise<CandidateRow[]> {
  const params: unknown[] = [drivers.map((m) => m.word)];
  const filters = others.map((list) => {
    params.push(list.map((m) => m.word));
    return `and exists (select 1 from public.candidate_name_words o
                         where o.word = any($${params.length}::text[]) and o.candidate_id = w.candidate_id)`;
  }).join('\n');
  const { rows } = await tx.query<CandidateRow>(
    `select c.id, c.name, c.email::text as email, c.job_function, c.location, c.engagement_score, public.name_words(c.name) as words,
            d.word, d.rank::int as rank
       from unnest($1::text[]) with ordinality as d(word, rank)
       cross join lateral (
         select w.candidate_id
           from (select candidate_id from public.candidate_name_words
                  where word = d.word order by candidate_id desc limit ${MULTI_WORD_SCAN}) w
          where true ${filters}
          limit ${limit}) w
       join public.candidates c on c.id = w.candidate_id`, params);
  return rows;
}

/** Candidates whose names match every query word, best first. */
export async function searchCandidates(tx: Tx, q: string, limit = SEARCH_LIMITS.candidates): Promise<SearchResult[]> {
  const { tokens, matches } = await matchWords(tx, q);
  const byToken = tokens.map((_, i) => matches.filter((match) => match.token === i + 1));
  const exactEmail = q.includes('@') ? await candidatesByEmail(tx, q.trim()) : [];
  if (!tokens.length || byToken.some((list) => list.length === 0)) return exactEmail.slice(0, limit);

  // The query word with the fewest candidates drives; the others filter.
  let driver = 0;
  if (tokens.length > 1) {
    const { rows } = await tx.query<{ token: number; n: number }>(
      `select g.token, (select count(*) from (select 1 from public.candidate_name_words w
                                               where w.word = any(g.words) limit 2000) s)::int as n
         from (select token, array_agg(word) as words from unnest($1::text[], $2::int[]) as x(word, token) group by token) g`,
      [matches.map((m) => m.word), matches.map((m) => m.token)]);
    driver = rows.reduce((best, row) => (row.n < best.n ? row : best)).token - 1;
  }
  const drivers = [...byToken[driver]].sort((a, b) => b.score - a.score);
  const others = byToken.filter((_, i) => i !== driver);
  // First the other words' exact and prefix matches, so "jan peters" finds Jan Peters
  // before Jan Peeters; their typo matches only when that leaves places free.
  const strict = others.map((list) => {
    const typed = list.filter((m) => m.word.startsWith(tokens[m.token - 1]));
    return typed.length ? typed : list;
  });
  const rows = await fetchCandidates(tx, drivers, strict, limit);
  if (new Set(rows.map((row) => row.id)).size < limit && strict.some((list, i) => list.length < others[i].length)) {
    rows.push(...await fetchCandidates(tx, drivers, others, limit));
  }

  // Score: per query word, the best of its matched words that the name holds.
  const scored = rows.map((row) => {
    const score = byToken.reduce((sum, list) =>
      sum + Math.max(0, ...list.filter((m) => row.words.includes(m.word)).map((m) => m.score)), 0);
    return { row, score };
  });
  const seen = new Set(exactEmail.map((result) => result.id));
  const perWord = new Map<string, number>();
  const ranked = scored.sort((a, b) => b.score - a.score || a.row.rank - b.row.rank)
    .map((entry) => {
      const n = (perWord.get(entry.row.word) ?? 0) + 1;
      perWord.set(entry.row.word, n);
      return { ...entry, later: n > PER_WORD_FIRST };
    })
    .sort((a, b) => Number(a.later) - Number(b.later) || b.score - a.score || a.row.name.localeCompare(b.row.name));
  const results = [...exactEmail];
  for (const { row } of ranked) {
    const result = candidateResult(row);
    if (seen.has(result.id)) continue;
    seen.add(result.id);
    results.push(result);
    if (results.length >= limit) break;
  }
  return results;
}

async function candidatesByEmail(tx: Tx, email: string): Promise<SearchResult[]> {
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

function candidateResult(row: Pick<CandidateRow, 'id' | 'name' | 'email' | 'job_function' | 'location' | 'engagement_score'>): SearchResult {
  const subtitle = [row.job_function, row.location, engagementLabel(row.engagement_score)].filter(Boolean).join(' · ');
  return {
    id: `candidate:${row.id}`, type: 'candidate', title: row.name,
    ...(subtitle ? { subtitle } : {}), ...(row.email ? { description: row.email } : {}),
    url: `/app/people?candidate=${row.id}`, action: 'navigate', icon: 'User',
  };
}

const CAMPAIGN_TYPES: Record<string, string> = {
  nurture: 'Nurture Campaign', announcement: 'Job Announcement', followup: 'Follow-up Campaign',
  event: 'Event Invitation', quick: 'Quick Message',
};

/**
 * Campaigns and templates with a word like the query (trigram word similarity,
 * `<%`, which also finds "borrel" in "Kerstborrel"), best first. The trigram
 * lookups run in security-definer functions (see the migration: under RLS the
 * trigram index could not be used); the rows are read here, under RLS.
 */
export async function searchCampaignsAndTemplates(tx: Tx, doc: string): Promise<SearchResult[]> {
  const { rows } = await tx.query<{
    type: 'campaign' | 'template'; id: number; name: string; kind: string; state: string; template_id: string | null; description: string | null;
  }>(
    `(select 'campaign' as type, c.id, c.name, c.campaign_type as kind, c.status as state, null as template_id, null as description
        from public.search_campaign_ids($1, $2) m join public.campaigns c on c.id = m.id
       order by m.distance, c.scheduled_at desc)
     union all
     (select 'template', t.id, t.name, t.category, t.language, t.template_id, t.description
        from public.search_template_ids($1, $3) m join public.ai_templates t on t.id = m.id
       order by m.distance, t.name)`,
    [doc, SEARCH_LIMITS.campaigns, SEARCH_LIMITS.templates]);
  return rows.map((row): SearchResult => row.type === 'campaign'
    ? {
        id: `campaign:${row.id}`, type: 'campaign', title: row.name,
        subtitle: `${CAMPAIGN_TYPES[row.kind] ?? row.kind} · ${row.state}`,
        url: `/app/communications?campaign=${row.id}`, action: 'navigate', icon: 'Mail',
      }
    : {
        id: `template:${row.template_id}`, type: 'template', title: row.name,
        subtitle: `${row.kind} · ${row.state === 'dutch' ? 'Dutch' : 'English'}`,
        ...(row.description ? { description: row.description } : {}),
        url: `/app/communications?template=${encodeURIComponent(row.template_id!)}`, action: 'navigate', icon: 'FileText',
      });
}

/** The palette: candidates, then campaigns and templates, then matching actions. */
export async function search(tx: Tx, q: string): Promise<SearchResult[]> {
  // Local to this transaction: a lower bar for typo matches than pg_trgm's default,
  // which the ranking above then sorts out.
  const { rows } = await tx.query<{ doc: string }>(
    `select set_config('pg_trgm.similarity_threshold', $2, true),
            set_config('pg_trgm.word_similarity_threshold', '0.5', true),
            public.search_doc($1) as doc`, [q, String(LOWEST_SIMILARITY)]);
  const candidates = await searchCandidates(tx, q);
  const others = rows[0].doc.trim().length >= 2 ? await searchCampaignsAndTemplates(tx, rows[0].doc.trim()) : [];
  return [...candidates, ...others, ...matchActions(q)];
}

/** The naive way, for the benchmark's comparison: a substring scan over every name. */
export async function naiveCandidateSearch(tx: Tx, q: string, limit = SEARCH_LIMITS.candidates): Promise<Array<{ id: number; name: string }>> {
  const { rows } = await tx.query<{ id: number; name: string }>(
    `select id, name from public.candidates where name ilike $1 limit $2`, [`%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`, limit]);
  return rows;
}
