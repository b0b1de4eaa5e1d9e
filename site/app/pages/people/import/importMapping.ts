// Column mapping edits and small conversions for the import. Pure functions.
import type { ImportField, ImportMapping, ImportSummary } from '#domain/imports/schemas.ts';

/** Puts `field` on column `index` (null: the column is not imported). One field per column, one column per field. */
export function assignColumn(mapping: ImportMapping, index: number, field: ImportField | null): ImportMapping {
  const next: ImportMapping = {};
  for (const [key, column] of Object.entries(mapping) as [ImportField, number][]) {
    if (column !== index && key !== field) next[key] = column;
  }
  if (field) next[field] = index;
  return next;
}

/** The field on column `index`, if any. */
export function fieldOfColumn(mapping: ImportMapping, index: number): ImportField | null {
  const hit = (Object.entries(mapping) as [ImportField, number][]).find(([, column]) => column === index);
  return hit ? hit[0] : null;
}

/** The mapping names a name column (a full name, or first/last name). */
export function mapsName(mapping: ImportMapping): boolean {
  return mapping.name !== undefined || mapping.firstName !== undefined || mapping.lastName !== undefined;
}

const DELIMITERS: Record<string, 'comma' | 'semicolon' | 'tab'> = { ',': 'comma', ';': 'semicolon', '\t': 'tab' };

/** The API's name for a detected delimiter character. */
export function delimiterName(delimiter: string): 'comma' | 'semicolon' | 'tab' | undefined {
  return DELIMITERS[delimiter];
}

/** Bytes sent for the preview: enough for the header and the first rows, never the whole file. */
export const PREVIEW_BYTES = 64 * 1024;
export const PREVIEW_ROWS = 10;

type Progress = Pick<ImportSummary, 'status' | 'stage' | 'processedBytes' | 'totalBytes' | 'stagedRows' | 'writtenRows'>;

/** 0-100: how much of the file has been read (by bytes, when the upload said its size). */
export function readPercent(summary: Progress): number {
  if (summary.status === 'completed' || summary.stage === 'writing') return 100;
  if (!summary.totalBytes) return 0;
  return Math.min(100, Math.round((summary.processedBytes / summary.totalBytes) * 100));
}

/** 0-100: how many of the rows read have been saved (the writing stage). */
export function savePercent(summary: Progress): number {
  if (summary.status === 'completed') return 100;
  if (summary.stage !== 'writing') return 0;
  return Math.min(100, Math.round((summary.writtenRows / Math.max(summary.stagedRows, 1)) * 100));
}
