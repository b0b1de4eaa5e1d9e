// CSV import of candidates. Mounted at /api/imports.
//   POST /preview          start of the file (text/csv) -> headers, guessed mapping, first rows checked
//   POST /                 { mapping, emailConsent, language?, talentPoolId?, duplicates, fileName?, delimiter? } -> 201 import (pending)
//   PUT  /:id/file         the whole file, streamed -> the finished import (poll GET /:id meanwhile);
//                          all or nothing: a file that cannot be read fails with its line, keeping nothing
//   GET  /, /:id           imports and their progress
//   GET  /:id/skipped      the first skipped rows, each with its reason's code (the screen's table)
//   GET  /:id/report.csv   the skipped rows: line, field, reason (English, as the API's text fields)
import { Hono } from 'hono';
import { csvLine } from '#domain/imports/csv.ts';
import {
  createImport, getImport, listImports, previewImport, runImport, skippedRows,
} from '#domain/imports/imports.server.ts';
import {
  DELIMITER_NAMES, importCreateSchema, importListSchema, importPreviewQuerySchema, importPreviewSchema, importSummarySchema, importUploadQuerySchema,
  skippedRowsQuerySchema, skippedRowsSchema,
} from '#domain/imports/schemas.ts';
import { audit } from '#domain/auth/users.server.ts';
import { candidateDuplicatesJob, enqueueQuietly, QUEUES } from '#platform/runtime/jobs.server.ts';
import type { AppEnv } from '../context.ts';
import { asUser, requireUser } from '../guards.ts';
import { HttpError } from '../http.ts';
import { say } from '#domain/i18n/codes.ts';
import { body, doc, idParam, query, reply } from '../contract.ts';

const PREVIEW_MAX_BYTES = 1024 * 1024;
const FILE_MAX_BYTES = 512 * 1024 * 1024;

const notFound = () => new HttpError(404, 'import_not_found', { field: 'id' });

export const importRoutes = new Hono<AppEnv>()
  .use('*', requireUser)

  /** The body is the start of the file (text/csv, at most 1 MB), not JSON. */
  .post('/preview', doc({ summary: 'Preview a CSV file from its start: headers, guessed mapping, first rows checked', response: importPreviewSchema,
    requestBody: { contentType: 'text/csv', description: 'The start of the file (at most 1 MB)' } }),
    query(importPreviewQuerySchema), async (c) => {
      const options = c.req.valid('query');
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      if (bytes.byteLength > PREVIEW_MAX_BYTES) {
        throw new HttpError(413, 'preview_too_large', { field: 'file' });
      }
      return reply(c, importPreviewSchema, previewImport(bytes, {
        mapping: options.mapping, rows: options.rows, partial: options.partial, encoding: options.encoding,
        delimiter: options.delimiter ? DELIMITER_NAMES[options.delimiter] : undefined,
      }));
    })

  .get('/', doc({ summary: 'The 50 newest imports and their progress', response: importListSchema }), async (c) =>
    reply(c, importListSchema, await asUser(c, listImports)))

  .post('/', doc({ summary: 'Start an import: it waits for its file (PUT /api/imports/{id}/file)', response: importSummarySchema, status: 201 }),
    body(importCreateSchema), async (c) => {
      const summary = await asUser(c, (tx) => createImport(tx, c.var.user.id, c.req.valid('json')));
      return reply(c, importSummarySchema, summary, 201);
    })

  .get('/:id', doc({ summary: 'An import and its progress', response: importSummarySchema }), idParam(), async (c) => {
    const summary = await asUser(c, (tx) => getImport(tx, c.req.valid('param').id));
    if (!summary) throw notFound();
    return reply(c, importSummarySchema, summary);
  })

  /**
   * The upload: the whole file as the body (text/csv), read as a stream and
   * imported in batches while it arrives. A failed file answers its error with
   * the failed import (`import`) next to it.
   */
  .put('/:id/file', doc({ summary: 'Upload the whole file (streamed); answers the finished import, all or nothing', response: importSummarySchema,
    requestBody: { contentType: 'text/csv', description: 'The whole file (at most 512 MB or 1,000,000 rows)' } }),
    idParam(), query(importUploadQuerySchema), async (c) => {
      const { id } = c.req.valid('param');
      const { encoding } = c.req.valid('query');
      const file = c.req.raw.body;
      if (!file) throw new HttpError(400, 'import_file_missing', { field: 'file' });
      const length = Number(c.req.header('content-length'));
      const totalBytes = Number.isFinite(length) && length > 0 ? length : null;
      if (totalBytes && totalBytes > FILE_MAX_BYTES) throw new HttpError(413, say('import_file_too_large', { megabytes: 512 }), { field: 'file' });
      const user = c.var.user;
      const { summary, problem } = await runImport((work) => asUser(c, work), user.id, id, file,
        { totalBytes, encoding, maxBytes: FILE_MAX_BYTES, processId: c.var.deps.processId });
      await asUser(c, (tx) => audit(tx, user.id, 'candidate.import', 'import', id, {
        status: summary.status, imported: summary.imported, updated: summary.updated, skipped: summary.skipped,
      }));
      if (problem) throw new HttpError(problem.status, problem, { field: problem.field, extra: { import: summary } });
      // New or changed people: the likely duplicates are looked for again soon (decision 042).
      if (summary.imported || summary.updated) await enqueueQuietly(c.var.deps.jobs, QUEUES.candidateDuplicates, [candidateDuplicatesJob(`import:${id}`)]);
      return reply(c, importSummarySchema, summary);
    })

  .get('/:id/skipped', doc({ summary: 'The first skipped rows of an import, each reason with its code (decision 032)', response: skippedRowsSchema }),
    idParam(), query(skippedRowsQuerySchema), async (c) => {
      const { id } = c.req.valid('param');
      const rows = await asUser(c, async (tx) => (await getImport(tx, id)) && skippedRows(tx, id, 0, c.req.valid('query').limit));
      if (!rows) throw notFound();
      return reply(c, skippedRowsSchema, { rows });
    })

  /** Skipped rows as CSV (line, field, reason), streamed in chunks: English, as the API's text fields (decision 032). */
  .get('/:id/report.csv', doc({ summary: 'The skipped rows of an import as a CSV file: line, field, reason',
    response: { contentType: 'text/csv', description: 'UTF-8 with a byte-order mark; formulas neutralised' } }), idParam(), async (c) => {
    const { id } = c.req.valid('param');
    const summary = await asUser(c, (tx) => getImport(tx, id));
    if (!summary) throw notFound();
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
