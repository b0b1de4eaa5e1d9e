// The import's requests, through the typed client (#app/api/client.ts). The
// file itself is never read into memory here: the preview sends a 64 KB slice,
// the import sends the File as the request body and the browser streams it from disk.
import { api, call } from '#app/api/client.ts';
import type { ImportCreate, ImportMapping, SkippedRow } from '#domain/imports/schemas.ts';
import { PREVIEW_BYTES, PREVIEW_ROWS } from './importMapping.ts';

/** The request options with a piece of the CSV file as the body (these routes read text/csv, not JSON). */
function withCsvBody(options: { init: RequestInit }, file: Blob): { init: RequestInit } {
  return { ...options, init: { ...options.init, body: file, headers: { 'Content-Type': 'text/csv' } } };
}

/** Headers, the guessed (or given) mapping and the first rows checked, from the start of the file. */
export function previewFile(file: Blob, mapping?: ImportMapping) {
  const query = {
    rows: String(PREVIEW_ROWS),
    // A cut-off slice ends mid-line; the server then leaves that last line out.
    ...(file.size > PREVIEW_BYTES ? { partial: 'true' } : {}),
    ...(mapping ? { mapping: JSON.stringify(mapping) } : {}),
  };
  return call((o) => api.imports.preview.$post({ query }, withCsvBody(o, file.slice(0, PREVIEW_BYTES))));
}

/** The query of the 50 newest imports (GET /api/imports). */
export const IMPORTS_KEY = ['/api/imports'] as const;

export function listImports(signal?: AbortSignal) {
  return call((o) => api.imports.$get({}, o), { signal });
}

export function createImport(options: ImportCreate) {
  return call((o) => api.imports.$post({ json: options }, o));
}

/**
 * Streams the file; resolves with the finished import (progress meanwhile from
 * GET /api/imports/{id}). No encoding is sent: the server reads it from the whole
 * file, where the preview saw only its start (which may be all ASCII).
 */
export function uploadFile(id: number, file: Blob) {
  return call((o) => api.imports[':id'].file.$put({ param: { id: String(id) }, query: {} }, withCsvBody(o, file)));
}

export function reportUrl(id: number): string {
  return api.imports[':id']['report.csv'].$path({ param: { id: String(id) } });
}

/** The first `limit` skipped rows, each reason with its code (the whole list is the report CSV). */
export async function readSkippedRows(id: number, limit: number, signal?: AbortSignal): Promise<SkippedRow[]> {
  const answer = await call((o) => api.imports[':id'].skipped.$get({ param: { id: String(id) }, query: { limit: String(limit) } }, o), { signal });
  return answer.rows;
}
