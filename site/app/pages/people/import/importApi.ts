// The import's requests (docs/api.md "Imports"). The file itself is never read
// into memory here: the preview sends a 64 KB slice, the import sends the File
// as the request body and the browser streams it from disk.
import { apiRequest } from '#app/api/apiClient.ts';
import { CsvParser } from '#domain/imports/csv.ts';
import { apiErrorFromResponse } from '../apiErrorFromResponse.ts';
import { PREVIEW_BYTES, PREVIEW_ROWS } from './importMapping.ts';
import type { DuplicateMode, ImportMapping, ImportPreview, ImportSummary, SkippedRow } from './importTypes.ts';

async function send<T>(method: 'POST' | 'PUT', url: string, body: Blob): Promise<T> {
  const res = await fetch(url, { method, body, credentials: 'include', headers: { 'Content-Type': 'text/csv' } });
  if (!res.ok) throw await apiErrorFromResponse(res);
  return res.json() as Promise<T>;
}

/** Headers, the guessed (or given) mapping and the first rows checked, from the start of the file. */
export function previewFile(file: Blob, mapping?: ImportMapping): Promise<ImportPreview> {
  const params = new URLSearchParams({ rows: String(PREVIEW_ROWS) });
  // A cut-off slice ends mid-line; the server then leaves that last line out.
  if (file.size > PREVIEW_BYTES) params.set('partial', 'true');
  if (mapping) params.set('mapping', JSON.stringify(mapping));
  return send<ImportPreview>('POST', `/api/imports/preview?${params}`, file.slice(0, PREVIEW_BYTES));
}

export interface ImportOptions {
  fileName: string;
  mapping: ImportMapping;
  talentPoolId: number | null;
  duplicates: DuplicateMode;
  delimiter?: 'comma' | 'semicolon' | 'tab';
}

export function createImport(options: ImportOptions): Promise<ImportSummary> {
  return apiRequest<ImportSummary>('POST', '/api/imports', options);
}

/**
 * Streams the file; resolves with the finished import (progress meanwhile from
 * GET /api/imports/{id}). No encoding is sent: the server reads it from the whole
 * file, where the preview saw only its start (which may be all ASCII).
 */
export function uploadFile(id: number, file: Blob): Promise<ImportSummary> {
  return send<ImportSummary>('PUT', `/api/imports/${id}/file`, file);
}

export function reportUrl(id: number): string {
  return `/api/imports/${id}/report.csv`;
}

/** The first `limit` skipped rows from the report CSV; the rest of the report is not downloaded. */
export async function readSkippedRows(id: number, limit: number, signal?: AbortSignal): Promise<SkippedRow[]> {
  const res = await fetch(reportUrl(id), { credentials: 'include', signal });
  if (!res.ok) throw await apiErrorFromResponse(res);
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
