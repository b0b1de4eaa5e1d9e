// CSV import of candidates. Mounted at /api/imports.
//   POST /preview          start of the file (text/csv) -> headers, guessed mapping, first rows checked
//   POST /                 { mapping, talentPoolId?, duplicates, fileName?, delimiter? } -> 201 import (pending)
//   PUT  /:id/file         the whole file, streamed -> the finished import (poll GET /:id meanwhile);
//                          all or nothing: a file that cannot be read fails with its line, keeping nothing
//   GET  /, /:id           imports and their progress
//   GET  /:id/report.csv   the skipped rows: line, field, reason
import { Hono } from 'hono';
import { csvLine } from '#domain/imports/csv.ts';
import {
  createImport, getImport, listImports, previewImport, runImport, skippedRows,
} from '#domain/imports/imports.ts';
import {
  DELIMITER_NAMES, importCreateSchema, importPreviewQuerySchema, importUploadQuerySchema,
} from '#domain/imports/schemas.ts';
import { audit } from '#domain/auth/users.ts';
import type { AppEnv } from '../context.ts';
import { asUser, requireUser } from '../guards.ts';
import { HttpError, parse, parseBody, parseId } from '../http.ts';

const PREVIEW_MAX_BYTES = 1024 * 1024;
const FILE_MAX_BYTES = 512 * 1024 * 1024;

export const importRoutes = new Hono<AppEnv>();
importRoutes.use('*', requireUser);

importRoutes.post('/preview', async (c) => {
  const query = parse(importPreviewQuerySchema, c.req.query());
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.byteLength > PREVIEW_MAX_BYTES) {
    throw new HttpError(413, 'Send only the first megabyte of the file for a preview', { field: 'file' });
  }
  return c.json(previewImport(bytes, {
    mapping: query.mapping, rows: query.rows, partial: query.partial, encoding: query.encoding,
    delimiter: query.delimiter ? DELIMITER_NAMES[query.delimiter] : undefined,
  }));
});

importRoutes.get('/', async (c) => c.json(await asUser(c, listImports)));

importRoutes.post('/', async (c) => {
  const input = await parseBody(c, importCreateSchema);
  return c.json(await asUser(c, (tx) => createImport(tx, c.var.user.id, input)), 201);
});

importRoutes.get('/:id', async (c) => {
  const id = parseId(c.req.param('id'));
  const summary = await asUser(c, (tx) => getImport(tx, id));
  if (!summary) throw new HttpError(404, 'Import not found', { field: 'id' });
  return c.json(summary);
});

/** The upload: read as a stream and imported in batches while it arrives. */
importRoutes.put('/:id/file', async (c) => {
  const id = parseId(c.req.param('id'));
  const { encoding } = parse(importUploadQuerySchema, c.req.query());
  const body = c.req.raw.body;
  if (!body) throw new HttpError(400, 'Send the CSV file as the request body', { field: 'file' });
  const length = Number(c.req.header('content-length'));
  const totalBytes = Number.isFinite(length) && length > 0 ? length : null;
  if (totalBytes && totalBytes > FILE_MAX_BYTES) throw new HttpError(413, 'The file is larger than 512 MB', { field: 'file' });
  const user = c.var.user;
  const { summary, problem } = await runImport((work) => asUser(c, work), user.id, id, body,
    { totalBytes, encoding, maxBytes: FILE_MAX_BYTES });
  await asUser(c, (tx) => audit(tx, user.id, 'candidate.import', 'import', id, {
    status: summary.status, imported: summary.imported, updated: summary.updated, skipped: summary.skipped,
  }));
  if (problem) throw new HttpError(problem.status, problem.message, { field: problem.field, extra: { import: summary } });
  return c.json(summary);
});

/** Skipped rows as CSV (line, field, reason), streamed in chunks. */
importRoutes.get('/:id/report.csv', async (c) => {
  const id = parseId(c.req.param('id'));
  const summary = await asUser(c, (tx) => getImport(tx, id));
  if (!summary) throw new HttpError(404, 'Import not found', { field: 'id' });
  const encoder = new TextEncoder();
  let after = 0;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode('\ufeff' + csvLine(['line', 'field', 'reason'])));
    },
    async pull(controller) {
      const rows = await asUser(c, (tx) => skippedRows(tx, id, after, 5000));
      if (rows.length) {
        controller.enqueue(encoder.encode(rows.map((row) => csvLine([row.line, row.field, row.reason], { guardFormulas: true })).join('')));
        after = rows[rows.length - 1].line;
      }
      if (rows.length < 5000) controller.close();
    },
  });
  return c.body(stream, 200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="import-${id}-skipped-rows.csv"`,
  });
});
