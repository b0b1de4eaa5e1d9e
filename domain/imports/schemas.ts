// CSV import: the fields a column can map to, the import's options, and the
// answers of /api/imports.
import { z } from 'zod';
import { TEXT_ENCODINGS } from './csv-decoder.ts';
import { codeParamsSchema, timestamp } from '../schemas/answers.ts';
import { msg } from '../i18n/codes.ts';
import { LOCALES } from '../i18n/locale.ts';
import { parseJson } from '#platform/json.ts';

/** Candidate fields a CSV column can fill. A name comes from `name`, or from first name, infix and last name. */
export const IMPORT_FIELDS = [
  'name', 'firstName', 'infix', 'lastName', 'email', 'phone', 'whatsappNumber', 'allowsEmail', 'allowsWhatsapp',
  'preferredContactMethod', 'jobFunction', 'skillTags', 'seniorityLevel', 'location', 'preferredRole', 'leadScore', 'notes',
  'timeZone', 'language',
] as const;
export type ImportField = typeof IMPORT_FIELDS[number];

/** Candidate field -> column index (0-based) in the file. */
export const importMappingSchema = z.partialRecord(
  z.enum(IMPORT_FIELDS, { error: msg('validation.mapping_keys', { values: IMPORT_FIELDS.join(', ') }) }),
  z.number({ error: msg('validation.mapping_values') }).int().min(0, msg('validation.mapping_values')).max(999),
  { error: msg('validation.mapping') },
).refine((mapping) => mapping.name !== undefined || mapping.firstName !== undefined || mapping.lastName !== undefined,
  { message: msg('validation.mapping_name') });
export type ImportMapping = z.infer<typeof importMappingSchema>;

export const DUPLICATE_MODES = ['skip', 'update'] as const;
export const DELIMITER_NAMES = { comma: ',', semicolon: ';', tab: '\t' } as const;
/**
 * The encodings a file is read in. Unset: a byte-order mark or UTF-16's zero
 * bytes decide, else UTF-8 when the file is valid UTF-8 and Windows-1252 when it
 * is wholly valid Windows-1252 and not UTF-8; a file that mixes them is refused
 * with its first bad line (domain/csv-decoder.ts).
 */
export const ENCODINGS = TEXT_ENCODINGS;
const encodingSchema = z.enum(ENCODINGS, { error: msg('validation.one_of', { field: 'encoding', values: ENCODINGS.join(', ') }) }).optional();

/**
 * The email consent of a new person whose row gives none (decision 035): `agreed` records a grant,
 * `none` records that there is no consent (no email until they agree). No default: the recruiter chooses.
 */
export const EMAIL_CONSENT_CHOICES = ['agreed', 'none'] as const;
export type EmailConsentChoice = typeof EMAIL_CONSENT_CHOICES[number];

export const importCreateSchema = z.object({
  fileName: z.string().trim().max(255, msg('validation.at_most_characters', { field: 'fileName', limit: 255 })).optional(),
  talentPoolId: z.number({ error: msg('validation.pool_id', { field: 'talentPoolId' }) }).int().positive(msg('validation.pool_id', { field: 'talentPoolId' })).nullable().optional(),
  duplicates: z.enum(DUPLICATE_MODES, { error: msg('validation.choice', { field: 'duplicates', choices: 'skip or update' }) }).default('update'),
  mapping: importMappingSchema,
  /** Unset: detected from the file (`;` for Dutch Excel, `,` otherwise). */
  delimiter: z.enum(['comma', 'semicolon', 'tab'], { error: msg('validation.choice', { field: 'delimiter', choices: 'comma, semicolon or tab' }) }).optional(),
  emailConsent: z.enum(EMAIL_CONSENT_CHOICES, { error: msg('validation.choice', { field: 'emailConsent', choices: 'agreed or none' }) }),
  /** The language the recruiter read the consent choice in: the ledger records its words in it. */
  language: z.enum(LOCALES, { error: msg('validation.choice', { field: 'language', choices: 'en or nl' }) }).default('en'),
});
export type ImportCreate = z.infer<typeof importCreateSchema>;

/** Query of PUT /api/imports/{id}/file. A given encoding is held to strictly (no guessing, no mixed-encoding check). */
export const importUploadQuerySchema = z.object({
  encoding: encodingSchema,
});

/** Query of POST /api/imports/preview; the body is the start of the file. */
export const importPreviewQuerySchema = z.object({
  mapping: z.string().optional().transform((text, ctx) => {
    if (text === undefined || text.trim() === '') return undefined;
    try {
      return parseJson(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: msg('validation.mapping_json') });
      return z.NEVER;
    }
  }).pipe(importMappingSchema.optional()),
  rows: z.coerce.number({ error: msg('validation.must_be_number', { field: 'rows' }) }).int()
    .min(1, msg('validation.between', { field: 'rows', min: 1, max: 50 })).max(50, msg('validation.between', { field: 'rows', min: 1, max: 50 })).default(10),
  delimiter: z.enum(['comma', 'semicolon', 'tab'], { error: msg('validation.choice', { field: 'delimiter', choices: 'comma, semicolon or tab' }) }).optional(),
  encoding: encodingSchema,
  /** The body is only the first part of the file: its last, unterminated line is left out. */
  partial: z.enum(['true', 'false', '1', '0'], { error: msg('validation.true_or_false', { field: 'partial' }) }).optional()
    .transform((value) => value === 'true' || value === '1'),
});

// ---- Answers ----

const importFieldSchema = z.enum(IMPORT_FIELDS);
/** A mapping as the server read or guessed it: it may not name a name column yet (the preview says so on its rows). */
const mappingAnswerSchema = z.partialRecord(importFieldSchema, z.number());

/** A row's first problem: the field, the English text, and its code and params (errors.<code>, decision 032). */
export const rowProblemSchema = z.object({ field: z.string(), message: z.string(), code: z.string().optional(), params: codeParamsSchema.optional() });
export type RowProblem = z.infer<typeof rowProblemSchema>;

/** POST /api/imports/preview: how the start of the file reads, and its first rows checked. */
export const importPreviewSchema = z.object({
  delimiter: z.enum([',', ';', '\t']),
  /** What the start of the file reads as ('utf-8' while it is all ASCII). */
  encoding: z.enum(ENCODINGS),
  headers: z.array(z.string()),
  mapping: mappingAnswerSchema,
  columns: z.array(z.object({ index: z.number(), header: z.string(), field: importFieldSchema.nullable(), sample: z.array(z.string()) })),
  fields: z.array(z.object({ field: importFieldSchema, label: z.string() })),
  /** A valid row's values are the candidate as it would be imported; an invalid row's the mapped cells as written. */
  rows: z.array(z.object({
    line: z.number(),
    values: z.record(z.string(), z.unknown()),
    valid: z.boolean(),
    problem: rowProblemSchema.optional(),
  })),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;
export type PreviewRow = ImportPreview['rows'][number];

/** An import and its progress (GET /api/imports/{id}; also what the upload answers when it is done). */
export const importSummarySchema = z.object({
  id: z.number(),
  fileName: z.string().nullable(),
  status: z.enum(['pending', 'running', 'completed', 'failed']),
  /** While running: reading (rows checked and staged as the file arrives), then writing (all of them, in one transaction). */
  stage: z.enum(['reading', 'writing']).nullable(),
  talentPoolId: z.number().nullable(),
  duplicates: z.enum(DUPLICATE_MODES),
  mapping: mappingAnswerSchema,
  /** The email consent of a new person whose row gives none, and the words recorded with it in the ledger. */
  emailConsent: z.enum(EMAIL_CONSENT_CHOICES),
  emailConsentWording: z.string(),
  delimiter: z.string().nullable(),
  totalBytes: z.number().nullable(),
  processedBytes: z.number(),
  processedRows: z.number(),
  /** Valid rows read (staged), and how many of them have been written so far. */
  stagedRows: z.number(),
  writtenRows: z.number(),
  imported: z.number(),
  updated: z.number(),
  skipped: z.number(),
  /** Why it failed, in English; `errorCode` and `errorParams` say it as a code (errors.<code>, decision 032). */
  error: z.string().nullable(),
  errorCode: z.string().nullable().optional(),
  errorParams: codeParamsSchema.nullable().optional(),
  createdAt: timestamp,
  startedAt: timestamp.nullable(),
  finishedAt: timestamp.nullable(),
  /** 0..1: reading counts for the first part (from the bytes, when the upload said its size), writing for the rest. */
  progress: z.number().nullable(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

/** GET /api/imports: the 50 newest. */
export const importListSchema = z.array(importSummarySchema);

/** A skipped row: its line, the field at fault (null: the row), why in English, and why as a code with its params (decision 032). */
export const skippedRowSchema = z.object({
  line: z.number(), field: z.string().nullable(), reason: z.string(), code: z.string().nullable(), params: codeParamsSchema.nullable(),
});
export type SkippedRow = z.infer<typeof skippedRowSchema>;

/** GET /api/imports/{id}/skipped: the first skipped rows, in line order (all of them: the report, report.csv). */
export const skippedRowsSchema = z.object({ rows: z.array(skippedRowSchema) });

export const SKIPPED_ROWS_MAX = 1000;
export const skippedRowsQuerySchema = z.object({
  limit: z.coerce.number({ error: msg('validation.must_be_number', { field: 'limit' }) }).int(msg('validation.whole_number', { field: 'limit' }))
    .min(1, msg('validation.at_least', { field: 'limit', limit: 1 }))
    .max(SKIPPED_ROWS_MAX, msg('validation.at_most', { field: 'limit', limit: SKIPPED_ROWS_MAX })).default(100),
});
