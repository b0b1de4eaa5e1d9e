// Shapes of the import API (docs/api.md "Imports"; domain/imports.ts).
import type { ImportPreview as DomainPreview, ImportSummary as DomainSummary } from '#domain/imports/imports.ts';
import type { ImportField, ImportMapping } from '#domain/imports/schemas.ts';

export type { ImportField, ImportMapping };
export type ImportPreview = DomainPreview;
export type ImportSummary = DomainSummary;
export type DuplicateMode = 'skip' | 'update';

export interface SkippedRow {
  line: number;
  field: string;
  reason: string;
}
