// People: the candidate list (JSON array + X-Total-Count), its count, CSV export, detail,
// create/edit/delete and bulk delete. Mounted at /api/candidates.
import { Hono } from 'hono';
import { z } from 'zod';
import {
  countCandidates, createCandidate, deleteCandidates, EXPORT_COLUMNS, exportChunk, getCandidate, listCandidates, updateCandidate,
} from '#domain/candidates/candidates.server.ts';
import {
  candidateCountSchema, candidateCreateSchema, candidateDetailSchema, candidateFilterSchema, candidateIdsSchema, candidateListQuerySchema,
  candidateListSchema, candidateUpdateSchema,
} from '#domain/candidates/schemas.ts';
import { deletedCountSchema, successSchema } from '#domain/schemas/answers.ts';
import { csvLine } from '#domain/imports/csv.ts';
import { audit } from '#domain/auth/users.server.ts';
import { redirectOf } from '#domain/candidates/merge.server.ts';
import type { AppEnv } from '../context.ts';
import { asUser, requireUser } from '../guards.ts';
import { HttpError } from '../http.ts';
import { msg } from '#domain/schemas/issues.ts';
import { body, doc, idParam, query, reply } from '../contract.ts';

const exportQuerySchema = candidateListQuerySchema.omit({ limit: true, offset: true, cursor: true, fields: true, count: true }).extend({
  delimiter: z.enum(['comma', 'semicolon'], { error: msg('validation.choice', { field: 'delimiter', choices: 'comma or semicolon' }) }).default('comma'),
});

export const candidateRoutes = new Hono<AppEnv>()
  .use('*', requireUser)

  .get('/', doc({ summary: 'List candidates (filters, sort, offset or cursor paging)', response: candidateListSchema,
    headers: { 'X-Total-Count': 'candidates matching the filters', 'X-Next-Cursor': 'the cursor of the next page, when there is one' } }),
  query(candidateListQuerySchema), async (c) => {
    const page = await asUser(c, (tx) => listCandidates(tx, c.req.valid('query')));
    if (page.total !== null) c.header('x-total-count', String(page.total));
    if (page.nextCursor) c.header('x-next-cursor', page.nextCursor);
    // The rows arrive as JSON text from PostgreSQL (one string per row, joined): typed, not re-serialised.
    return c.body(page.json, 200, { 'content-type': 'application/json; charset=utf-8' }) as unknown as ReturnType<typeof reply<typeof candidateListSchema>>;
  })

  .get('/count', doc({ summary: 'How many candidates the filters match', response: candidateCountSchema }),
  query(candidateFilterSchema), async (c) => {
    const total = await asUser(c, (tx) => countCandidates(tx, c.req.valid('query')));
    return reply(c, candidateCountSchema, { total });
  })

  /** The filtered list as CSV, streamed in keyset chunks (one short transaction each). */
  .get('/export.csv', doc({ summary: 'The filtered list as a CSV file', response: { contentType: 'text/csv', description: 'UTF-8 with a byte-order mark; formulas neutralised' } }),
  query(exportQuerySchema), async (c) => {
    const query = c.req.valid('query');
    const delimiter = query.delimiter === 'semicolon' ? ';' : ',';
    // Validate the filters before the response starts, and audit the export with
    // who, which filters and how many rows (one count over the filters).
    let chunk = await asUser(c, async (tx) => {
      const first = await exportChunk(tx, query, null, 2000);
      const rows = first.next ? await countCandidates(tx, query) : first.rows.length;
      const { delimiter: _delimiter, ...filters } = query;
      const given = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== null && value !== undefined));
      await audit(tx, c.var.user.id, 'candidate.export', 'candidate', null, { filters: given, rows });
      return first;
    });
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        // The byte-order mark makes Excel read the file as UTF-8 (accents intact).
        controller.enqueue(encoder.encode('\ufeff' + csvLine(EXPORT_COLUMNS.map(([, header]) => header), { delimiter })));
      },
      async pull(controller) {
        const lines = chunk.rows.map((row) => csvLine(EXPORT_COLUMNS.map(([key]) => {
          const value = row[key];
          return Array.isArray(value) ? value.join(', ') : value;
        }), { delimiter, guardFormulas: true }));
        if (lines.length) controller.enqueue(encoder.encode(lines.join('')));
        if (!chunk.next) { controller.close(); return; }
        const cursor = chunk.next;
        chunk = await asUser(c, (tx) => exportChunk(tx, query, cursor, 2000));
      },
    });
    const day = new Date().toISOString().slice(0, 10);
    return c.body(stream, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="candidates-${day}.csv"`,
    });
  })

  .post('/', doc({ summary: 'Create a candidate', response: candidateDetailSchema, status: 201 }), body(candidateCreateSchema), async (c) => {
    const candidate = await asUser(c, (tx) => createCandidate(tx, c.var.user.id, c.req.valid('json')));
    return reply(c, candidateDetailSchema, candidate, 201);
  })

  /** Bulk delete for the multi-select. Answers the number deleted. */
  .post('/bulk-delete', doc({ summary: 'Delete several candidates', response: deletedCountSchema }), body(candidateIdsSchema), async (c) => {
    const { candidateIds } = c.req.valid('json');
    const deleted = await asUser(c, (tx) => deleteCandidates(tx, candidateIds, 'Bulk delete on the People page'));
    return reply(c, deletedCountSchema, { deleted: deleted.length });
  })

  .get('/:id', doc({ summary: 'A candidate with pools, consent history, messages and engagement', response: candidateDetailSchema,
    alsoAnswers: { 301: { contentType: 'text/plain', description: 'The candidate was merged into another (within 90 days): Location names it' } } }),
  idParam(), async (c) => {
    const id = c.req.valid('param').id;
    const { candidate, mergedInto } = await asUser(c, async (tx) => {
      const found = await getCandidate(tx, id);
      return { candidate: found, mergedInto: found ? null : await redirectOf(tx, id) };
    });
    if (candidate) return reply(c, candidateDetailSchema, candidate);
    if (!mergedInto) throw new HttpError(404, 'candidate_not_found', { field: 'id' });
    // Typed as the JSON answer: fetch follows the redirect to the kept candidate's.
    return c.text(`Merged into candidate ${mergedInto}`, 301, { location: `/api/candidates/${mergedInto}` }) as unknown as ReturnType<typeof reply<typeof candidateDetailSchema>>;
  })

  .patch('/:id', doc({ summary: 'Edit a candidate', response: candidateDetailSchema }), idParam(), body(candidateUpdateSchema), async (c) => {
    const candidate = await asUser(c, (tx) => updateCandidate(tx, c.var.user.id, c.req.valid('param').id, c.req.valid('json')));
    if (!candidate) throw new HttpError(404, 'candidate_not_found', { field: 'id' });
    return reply(c, candidateDetailSchema, candidate);
  })

  .delete('/:id', doc({ summary: 'Delete a candidate (erased; the address stays suppressed)', response: successSchema }), idParam(), async (c) => {
    const deleted = await asUser(c, async (tx) => (await deleteCandidates(tx, [c.req.valid('param').id], 'Deleted from the candidate drawer')).length > 0);
    if (!deleted) throw new HttpError(404, 'candidate_not_found', { field: 'id' });
    return reply(c, successSchema, { success: true });
  });
