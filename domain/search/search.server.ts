// The command palette's search (GET /api/search): candidates by name, email,
// job function, skills, location, seniority, preferred role and notes; talent
// pools, campaigns, templates and meetings; and quick actions. Typo-tolerant for
// names, accent-insensitive, prefixes from two letters (docs/decisions/
// 005-search-trigram.md, 022-search-fields.md, 045-search-seniority-role-notes.md).
// All queries run in the caller's transaction, under row-level security.
import type { Tx } from '../../platform/db/request.server.ts';
import { containsPattern } from '../../platform/db/like.ts';
import { matchActions } from './actions.ts';
import { candidateResult, candidatesByEmail, findCandidates, matchWords } from './candidates.server.ts';
import { searchMeetings, searchNamedRecords } from './records.server.ts';
import type { SearchResult } from './schemas.ts';

export { matchActions } from './actions.ts';

export const SEARCH_LIMITS = { candidates: 8 };

/** Trigram similarity a typo match may have at the least; the ranking sorts the weak ones out. */
const LOWEST_SIMILARITY = 0.2;

/** Candidates matching every query word (and an exact email first), best first. */
export async function searchCandidates(tx: Tx, q: string, limit = SEARCH_LIMITS.candidates): Promise<SearchResult[]> {
  return (await candidateSearch(tx, q, limit)).results;
}

async function candidateSearch(tx: Tx, q: string, limit: number): Promise<{ results: SearchResult[]; byName: number[] }> {
  const { tokens, byToken } = await matchWords(tx, q);
  const exactEmail = q.includes('@') ? await candidatesByEmail(tx, q.trim()) : [];
  const ranked = await findCandidates(tx, tokens, byToken, limit);
  const seen = new Set(exactEmail.map((result) => result.id));
  const results = [...exactEmail];
  for (const { row } of ranked) {
    if (results.length >= limit) break;
    const result = candidateResult(row);
    if (!seen.has(result.id)) results.push(result);
  }
  // Meetings are found by their candidate's name: every query word in the name.
  return { results, byName: ranked.filter((entry) => entry.nameOnly).map((entry) => entry.row.id) };
}

/**
 * The palette, best first: actions the words name by their title ("compose", "add candidate": what the
 * recruiter means to do, an exact name always first), candidates, then pools, campaigns, templates and
 * meetings, then actions matched only by their other words ("new", "bericht").
 */
export async function search(tx: Tx, q: string): Promise<SearchResult[]> {
  // Local to this transaction: a lower bar for typo matches than pg_trgm's default,
  // which the ranking then sorts out.
  const { rows } = await tx.query<{ doc: string }>(
    `select set_config('pg_trgm.similarity_threshold', $2, true),
            set_config('pg_trgm.word_similarity_threshold', '0.5', true),
            public.search_doc($1) as doc`, [q, String(LOWEST_SIMILARITY)]);
  const doc = rows[0].doc.trim();
  const candidates = await candidateSearch(tx, q, SEARCH_LIMITS.candidates);
  // An email address names a person: no pool, campaign or meeting title is like it.
  const byTitle = doc.length >= 2 && !q.includes('@') ? doc : '';
  const records = byTitle ? await searchNamedRecords(tx, byTitle) : [];
  const meetings = await searchMeetings(tx, byTitle, candidates.byName);
  const actions = matchActions(q).map(({ match, ...result }) => ({ result, byTitle: match !== 'keyword' }));
  return [
    ...actions.filter((a) => a.byTitle).map((a) => a.result),
    ...candidates.results, ...records, ...meetings,
    ...actions.filter((a) => !a.byTitle).map((a) => a.result),
  ];
}

/** The naive way, for the benchmark's comparison: a substring scan over every name. */
export async function naiveCandidateSearch(tx: Tx, q: string, limit = SEARCH_LIMITS.candidates): Promise<Array<{ id: number; name: string }>> {
  const { rows } = await tx.query<{ id: number; name: string }>(
    `select id, name from public.candidates where name ilike $1 limit $2`, [containsPattern(q), limit]);
  return rows;
}
