// GET /api/search when both of a query's rarest words are common (decision 059): the rarest word's newest
// 5,000 candidates are merged with the second word's list, so a match among them is found and an older one
// is not (the price of a bounded search over a million candidates). The word index is given the size of a
// large database with rows of candidates that do not exist (the index has no foreign key; the search reads
// candidates by id, so such rows are never shown), then analysed, as the search plans by its statistics.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { searchResultsSchema } from '#domain/search/schemas.ts';
import { signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { newCandidate } from '../support/test-data.ts';

let app: TestApp;
let recruiter: TestClient;

beforeAll(async () => {
  app = await startTestApp();
  recruiter = app.client({ ip: '10.22.0.9' });
  await signInRecruiter(recruiter);
});
afterAll(async () => { await app?.close(); });

const candidateIds = async (q: string) => {
  const response = await recruiter.get(`/api/search?q=${encodeURIComponent(q)}`);
  expect(response.status, q).toBe(200);
  return searchResultsSchema.parse(response.json).filter((r) => r.type === 'candidate').map((r) => Number(r.id.split(':')[1]));
};

/** Index rows per common word: two such words together are above what is merged whole (60,000). */
const COMMON = 40_000;

it('two common words: a match among the rarest word\'s newest 5,000 candidates is found, an older one is not', async () => {
  const job = `Quorvath${Date.now() % 100000} Analyst`;
  const place = `Zelmira${Date.now() % 100000}`;
  const [jobWord, placeWord] = [job.split(' ')[0].toLowerCase(), place.toLowerCase()];
  const older = await newCandidate(recruiter, { name: 'Older Match', jobFunction: job, location: place });
  // Between the two matches: 40,000 candidates with the job word and 40,000 others with the place word.
  await app.pools.owner.query(
    `insert into public.candidate_name_words (word, candidate_id, fields)
     select case when g % 2 = 0 then $1 else $2 end, $3::bigint + g, case when g % 2 = 0 then 4 else 16 end
       from generate_series(1, $4::int * 2) g`, [jobWord, placeWord, older.id, COMMON]);
  await app.pools.owner.query(`select setval('public.candidates_id_seq', $1::bigint + $2::int * 2 + 1)`, [older.id, COMMON]);
  const newer = await newCandidate(recruiter, { name: 'Newer Match', jobFunction: job, location: place });
  await app.pools.owner.query('analyze public.candidate_name_words');

  expect(await candidateIds(`${jobWord} ${place}`)).toEqual([newer.id]);
  // A rarer word in the query (the name) merges whole: the older match is found too.
  expect(await candidateIds(`older ${jobWord} ${place}`)).toEqual([older.id]);
});
