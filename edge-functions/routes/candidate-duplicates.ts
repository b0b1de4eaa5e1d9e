// Likely duplicates and merging (issue 30, decision 042): the pairs, "Not the same person",
// "Look for duplicates now" and the merge. Mounted at /api/candidates, before the candidate
// routes (so that /duplicates is not read as an id).
import { Hono } from 'hono';
import { dismissDuplicate, listDuplicates, refreshState, requestDuplicateRefresh } from '#domain/candidates/duplicates.server.ts';
import { mergeCandidates } from '#domain/candidates/merge.server.ts';
import { getCandidate } from '#domain/candidates/candidates.server.ts';
import { candidateDetailSchema } from '#domain/candidates/schemas.ts';
import {
  candidateMergeSchema, duplicateDismissSchema, duplicateListQuerySchema, duplicateListSchema, duplicateRefreshQueuedSchema,
} from '#domain/candidates/merge-schemas.ts';
import { successSchema } from '#domain/schemas/answers.ts';
import { candidateDuplicatesJob, enqueueQuietly, QUEUES } from '#platform/runtime/jobs.server.ts';
import type { AppEnv } from '../context.ts';
import { asUser, requireUser } from '../guards.ts';
import { body, doc, idParam, query, reply } from '../contract.ts';

export const candidateDuplicateRoutes = new Hono<AppEnv>()
  .use('*', requireUser)

  .get('/duplicates', doc({ summary: 'Likely duplicate candidates: the pairs nobody dismissed, why, both candidates and the consent a merge leaves', response: duplicateListSchema }),
    query(duplicateListQuerySchema), async (c) => {
      const list = await asUser(c, (tx) => listDuplicates(tx, c.req.valid('query')));
      return reply(c, duplicateListSchema, list);
    })

  /** "Not the same person": the pair stays dismissed through every refresh. */
  .post('/duplicates/dismiss', doc({ summary: 'Not the same person: dismiss a likely duplicate pair', response: successSchema }),
    body(duplicateDismissSchema), async (c) => {
      await asUser(c, (tx) => dismissDuplicate(tx, c.var.user.id, c.req.valid('json')));
      return reply(c, successSchema, { success: true });
    })

  /** "Look for duplicates now": one refresh queued at a time; a request while one waits queues nothing more. */
  .post('/duplicates/refresh', doc({ summary: 'Look for duplicates now: queue a refresh of the likely pairs (one at a time)', response: duplicateRefreshQueuedSchema, status: 202 }),
    async (c) => {
      const { queued, state } = await asUser(c, async (tx) => ({ queued: await requestDuplicateRefresh(tx), state: await refreshState(tx) }));
      if (queued) {
        await enqueueQuietly(c.var.deps.jobs, QUEUES.candidateDuplicates, [candidateDuplicatesJob(`request:${state.requestedAt}`)]);
      }
      return reply(c, duplicateRefreshQueuedSchema, { ...state, queued }, 202);
    })

  /** Keeps {id} with both histories; the other candidate's id answers 301 to it for 90 days. */
  .post('/:id/merge', doc({ summary: 'Merge another candidate into this one (both histories, the most restrictive consent; audited)', response: candidateDetailSchema }),
    idParam(), body(candidateMergeSchema), async (c) => {
      const id = c.req.valid('param').id;
      const candidate = await asUser(c, async (tx) => {
        await mergeCandidates(tx, id, c.req.valid('json'));
        return (await getCandidate(tx, id))!;
      });
      return reply(c, candidateDetailSchema, candidate);
    });
