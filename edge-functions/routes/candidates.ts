// People: the candidate list (JSON array + X-Total-Count), CSV export, detail,
// create/edit/delete and bulk delete. Mounted at /api/candidates.
import { Hono } from 'hono';
import { z } from 'zod';
import {
  createCandidate, deleteCandidates, EXPORT_COLUMNS, exportChunk, getCandidate, listCandidates, updateCandidate,
} from '../../domain/candidates.ts';
import {
  candidateCreateSchema, candidateIdsSchema, candidateListQuerySchema, candidateUpdateSchema,
} from '../../domain/schemas/candidates.ts';
import { csvLine } from '../../domain/csv.ts';
import { audit } from '../../domain/users.ts';
import type { AppEnv } from '../context.ts';
import { asUser, requireUser } from '../guards.ts';
import { HttpError, parse, parseBody, parseId } from '../http.ts';

const exportQuerySchema = candidateListQuerySchema.omit({ limit: true, offset: true, cursor: true, fields: true }).extend({
  delimiter: z.enum(['comma', 'semicolon'], { error: 'delimiter must be comma or semicolon' }).default('comma'),
});

export const candidateRoutes = new Hono<AppEnv>();
candidateRoutes.use('*', requireUser);

candidateRoutes.get('/', async (c) => {
  const query = parse(candidateListQuerySchema, c.req.query());
  const page = await asUser(c, (tx) => listCandidates(tx, query));
  c.header('x-total-count', String(page.total));
  if (page.nextCursor) c.header('x-next-cursor', page.nextCursor);
  return c.body(page.json, 200, { 'content-type': 'application/json; charset=utf-8' });
});

/** The filtered list as CSV, streamed in keyset chunks (one short transaction each). */
candidateRoutes.get('/export.csv', async (c) => {
  const query = parse(exportQuerySchema, c.req.query());
  const delimiter = query.delimiter === 'semicolon' ? ';' : ',';
  // Validate the filters before the response starts, and audit the export with
  // who, which filters and how many rows (one count over the filters).
  let chunk = await asUser(c, async (tx) => {
    const first = await exportChunk(tx, query, null, 2000);
    const rows = first.next
      ? (await listCandidates(tx, { ...query, limit: 1, offset: 0, cursor: null, fields: ['id'] })).total
      : first.rows.length;
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
});

candidateRoutes.post('/', async (c) => {
  const input = await parseBody(c, candidateCreateSchema);
  const candidate = await asUser(c, (tx) => createCandidate(tx, c.var.user.id, input));
  return c.json(candidate, 201);
});

/** Bulk delete for the multi-select. Answers the number deleted. */
candidateRoutes.post('/bulk-delete', async (c) => {
  const { candidateIds } = await parseBody(c, candidateIdsSchema);
  const deleted = await asUser(c, (tx) => deleteCandidates(tx, candidateIds, 'Bulk delete on the People page'));
  return c.json({ deleted: deleted.length });
});

candidateRoutes.get('/:id', async (c) => {
  const id = parseId(c.req.param('id'));
  const candidate = await asUser(c, (tx) => getCandidate(tx, id));
  if (!candidate) throw new HttpError(404, 'Candidate not found', { field: 'id' });
  return c.json(candidate);
});

candidateRoutes.patch('/:id', async (c) => {
  const id = parseId(c.req.param('id'));
  const change = await parseBody(c, candidateUpdateSchema);
  const candidate = await asUser(c, (tx) => updateCandidate(tx, c.var.user.id, id, change));
  if (!candidate) throw new HttpError(404, 'Candidate not found', { field: 'id' });
  return c.json(candidate);
});

candidateRoutes.delete('/:id', async (c) => {
  const id = parseId(c.req.param('id'));
  const deleted = await asUser(c, async (tx) => (await deleteCandidates(tx, [id], 'Deleted from the candidate drawer')).length > 0);
  if (!deleted) throw new HttpError(404, 'Candidate not found', { field: 'id' });
  return c.json({ success: true });
});
