// The import's requests, through the typed client (#app/api/client.ts). The
// file itself is never read into memory here: the preview sends a 64 KB slice,
// the import sends the File as the request body and the browser streams it from disk.
import { api, call, callRaw } from '#app/api/client.ts';
import { CsvParser } from '#domain/imports/csv.ts';
import type { ImportCreate, ImportMapping } from '#domain/imports/schemas.ts';
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

/** A row of the skipped-rows report (CSV: line, field, reason). */
export interface SkippedRow {
  line: number;
  field: string;
  reason: string;
}

/** The first `limit` skipped rows from the report CSV; the rest of the report is not downloaded. */
export async function readSkippedRows(id: number, limit: number, signal?: AbortSignal): Promise<SkippedRow[]> {
  const res = await callRaw((o) => api.imports[':id']['report.csv'].$get({ param: { id: String(id) } }, o), { signal });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const parser = new CsvParser({ delimiter: ',' });
  const rows: SkippedRow[] = [];
  const take = (records: { fields: string[] }[]) => {
    for (const { fields } of records) {
      const [line, field, reason] = fields;
      if (line === undefined || !/^\d+$/.test(line.replace(/^\ufeff/, ''))) continue; // the header
      if (rows.length < limit) rows.push({ line: Number(line), field: field ?? '', reason: reason ?? '' });
    }
  };
  try {
    while (rows.length < limit) {
      const { done, value } = await reader.read();
      if (done) { take([...parser.push(decoder.decode()), ...parser.end()]); break; }
      take(parser.push(decoder.decode(value, { stream: true })));
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return rows;
}
