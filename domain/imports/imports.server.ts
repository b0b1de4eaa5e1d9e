// CSV import of candidates: column mapping (guessed from English and Dutch
// headers), preview, and the import itself. The file is read as a stream, so a
// 100,000-row file never sits in memory and its progress is visible meanwhile,
// and imported all or nothing (runImport; docs/decisions/009).
// Every row goes through candidateCreateSchema, the schema the API uses.
import { DomainError } from '../errors.ts';
import { recordInitialConsent } from '../consent/ledger.server.ts';
import { issueCoded } from '../schemas/issues.ts';
import { coded, say, type Coded, type Said } from '../i18n/codes.ts';
import { englishText } from '../i18n/english.ts';
import type { Locale } from '../i18n/locale.ts';
import { text } from '../i18n/translate.ts';
import type { Tx } from '../../platform/db/request.server.ts';
import { CsvError, type CsvRecord, decodeCsvBytes, type Delimiter, parseCsv, readCsv, type TextEncoding } from './csv.ts';
import { candidateCreateSchema, type CandidateCreate } from '../candidates/schemas.ts';
import {
  DELIMITER_NAMES, IMPORT_FIELDS, type EmailConsentChoice, type ImportCreate, type ImportField, type ImportMapping, type ImportPreview, type ImportSummary, type SkippedRow,
  type PreviewRow, type RowProblem,
} from './schemas.ts';

export const BATCH_SIZE = 2000;
export const MAX_ROWS = 1_000_000;

export class ImportError extends DomainError {
  constructor(status: 404 | 409 | 413 | 422, said: Said | Coded, field?: string) {
    super(status, said, field);
  }
}

export const FIELD_LABELS: Record<ImportField, string> = {
  name: 'Name', firstName: 'First name', infix: 'Infix (tussenvoegsel)', lastName: 'Last name', email: 'Email',
  phone: 'Phone', whatsappNumber: 'WhatsApp number', allowsEmail: 'Email consent', allowsWhatsapp: 'WhatsApp consent',
  preferredContactMethod: 'Preferred contact method', jobFunction: 'Job function', skillTags: 'Skills',
  seniorityLevel: 'Seniority', location: 'Location', preferredRole: 'Preferred role', leadScore: 'Lead score', notes: 'Notes',
  timeZone: 'Time zone', language: 'Language',
};

/** Header names (lower-case, letters and digits only) that mean a field, in English and Dutch. */
const HEADER_NAMES: Record<ImportField, string[]> = {
  name: ['name', 'fullname', 'naam', 'volledigenaam', 'candidate', 'candidatename', 'kandidaat', 'kandidaatnaam', 'contactname', 'contactpersoon'],
  firstName: ['firstname', 'givenname', 'forename', 'voornaam', 'roepnaam', 'voornamen'],
  infix: ['infix', 'tussenvoegsel', 'tussenvoegsels', 'middlename', 'prefix'],
  lastName: ['lastname', 'surname', 'familyname', 'achternaam', 'familienaam', 'geslachtsnaam'],
  email: ['email', 'emailaddress', 'mail', 'emailadres', 'mailadres', 'epost'],
  phone: ['phone', 'phonenumber', 'telephone', 'tel', 'mobile', 'mobilenumber', 'cell', 'telefoon', 'telefoonnummer', 'mobiel', 'mobielnummer', 'gsm', 'nummer'],
  whatsappNumber: ['whatsapp', 'whatsappnumber', 'whatsappnummer', 'whatsappnr'],
  allowsEmail: ['allowsemail', 'emailconsent', 'consentemail', 'emailoptin', 'optinemail', 'toestemmingemail', 'emailtoestemming', 'mailtoestemming', 'toestemmingmail'],
  allowsWhatsapp: ['allowswhatsapp', 'whatsappconsent', 'consentwhatsapp', 'whatsappoptin', 'toestemmingwhatsapp', 'whatsapptoestemming'],
  preferredContactMethod: ['preferredcontactmethod', 'contactmethod', 'preferredchannel', 'contactvoorkeur', 'voorkeurcontact', 'voorkeurskanaal', 'voorkeurcontactmethode'],
  jobFunction: ['jobfunction', 'function', 'jobtitle', 'title', 'position', 'job', 'functie', 'functietitel', 'beroep', 'huidigefunctie'],
  skillTags: ['skills', 'skilltags', 'skill', 'tags', 'vaardigheden', 'competenties', 'kennis'],
  seniorityLevel: ['seniority', 'senioritylevel', 'level', 'experiencelevel', 'niveau', 'senioriteit', 'ervaringsniveau', 'ervaring'],
  location: ['location', 'city', 'town', 'region', 'plaats', 'woonplaats', 'stad', 'locatie', 'regio', 'standplaats'],
  preferredRole: ['preferredrole', 'desiredrole', 'targetrole', 'desiredposition', 'gewenstefunctie', 'gewensterol', 'voorkeursfunctie', 'voorkeursrol'],
  leadScore: ['leadscore', 'score'],
  notes: ['notes', 'note', 'comments', 'comment', 'remarks', 'memo', 'notities', 'notitie', 'opmerkingen', 'opmerking'],
  timeZone: ['timezone', 'tz', 'zone', 'tijdzone', 'ianatimezone'],
  language: ['language', 'lang', 'preferredlanguage', 'languagepreference', 'taal', 'voertaal', 'voorkeurstaal', 'taalvoorkeur'],
};

const normaliseHeader = (header: string) => header.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]/g, '');

/** The column each field most likely sits in, from the header names. */
export function guessMapping(headers: string[]): ImportMapping {
  const mapping: ImportMapping = {};
  const taken = new Set<number>();
  headers.forEach((header, index) => {
    const key = normaliseHeader(header);
    const field = IMPORT_FIELDS.find((f) => HEADER_NAMES[f].includes(key) && mapping[f] === undefined);
    if (field && !taken.has(index)) {
      mapping[field] = index;
      taken.add(index);
    }
  });
  // A full name wins over its parts.
  if (mapping.name !== undefined) { delete mapping.firstName; delete mapping.infix; delete mapping.lastName; }
  return mapping;
}

const TRUE_WORDS = new Set(['yes', 'y', 'true', '1', 'ja', 'j', 'waar', 'x', 'granted', 'opt-in', 'optin']);
const FALSE_WORDS = new Set(['no', 'n', 'false', '0', 'nee', 'onwaar', '-', 'denied', 'opt-out', 'optout']);
const SENIORITY_WORDS: Record<string, string> = {
  intern: 'intern', internship: 'intern', trainee: 'intern', stagiair: 'intern', stagiaire: 'intern', stage: 'intern',
  junior: 'junior', jr: 'junior', starter: 'junior', medior: 'medior', mid: 'medior', midlevel: 'medior', intermediate: 'medior',
  senior: 'senior', sr: 'senior', lead: 'lead', teamlead: 'lead', techlead: 'lead', principal: 'principal', staff: 'principal',
  executive: 'executive', director: 'executive', directeur: 'executive', clevel: 'executive',
};
/** A language cell: the candidate schema's value, the locale's code, or the language's name in English or Dutch. */
const LANGUAGE_WORDS: Record<string, string> = {
  english: 'english', en: 'english', engels: 'english', dutch: 'dutch', nl: 'dutch', nederlands: 'dutch',
};
const CONTACT_WORDS: Record<string, string> = {
  email: 'email', mail: 'email', whatsapp: 'whatsapp', app: 'whatsapp', phone: 'phone', telefoon: 'phone', tel: 'phone', bellen: 'phone', call: 'phone',
};

/** A row's problem: the field, its English text, and its code and params (decision 032). */
function rowProblem(field: string, said: Said | Coded): RowProblem {
  return { field, message: englishText(said), ...coded(said) };
}

export type ConvertedRow = { ok: true; candidate: CandidateCreate } | { ok: false; problem: RowProblem };

/** One CSV row to a validated candidate, or the first problem with it (naming the field). */
export function convertRow(fields: string[], mapping: ImportMapping): ConvertedRow {
  const cell = (field: ImportField) => {
    const index = mapping[field];
    return index === undefined ? undefined : (fields[index] ?? '').trim();
  };
  const raw: Record<string, unknown> = {};
  const name = cell('name') ?? [cell('firstName'), cell('infix'), cell('lastName')].filter(Boolean).join(' ');
  raw.name = name;
  // A time zone given is set by hand (IANA, checked as in the candidate form); a blank one is inferred from the location.
  for (const field of ['email', 'phone', 'whatsappNumber', 'jobFunction', 'location', 'preferredRole', 'notes', 'timeZone'] as const) {
    const value = cell(field);
    if (value !== undefined) raw[field] = value;
  }
  for (const field of ['allowsEmail', 'allowsWhatsapp'] as const) {
    const value = cell(field)?.toLowerCase();
    if (!value) continue;
    if (TRUE_WORDS.has(value)) raw[field] = true;
    else if (FALSE_WORDS.has(value)) raw[field] = false;
    else return { ok: false, problem: rowProblem(field, say('validation.yes_or_no', { field, value: cell(field) ?? '' })) };
  }
  const contact = cell('preferredContactMethod');
  if (contact) raw.preferredContactMethod = CONTACT_WORDS[normaliseHeader(contact)] ?? contact;
  const skills = cell('skillTags');
  if (skills) raw.skillTags = skills.split(/[,;|]/).map((s) => s.trim()).filter(Boolean);
  const seniority = cell('seniorityLevel');
  if (seniority) raw.seniorityLevel = SENIORITY_WORDS[normaliseHeader(seniority)] ?? seniority;
  // Another word is the schema's refusal, naming the column's field (validation.one_of).
  const language = cell('language');
  if (language) raw.language = LANGUAGE_WORDS[normaliseHeader(language)] ?? language;
  const score = cell('leadScore');
  if (score) raw.leadScore = /^-?\d+([.,]\d+)?$/.test(score) ? Math.round(Number(score.replace(',', '.'))) : score;

  const result = candidateCreateSchema.safeParse(raw, { reportInput: true });
  if (result.success) return { ok: true, candidate: result.data };
  const issue = result.error.issues[0];
  const field = issue.path.join('.') || 'row';
  return { ok: false, problem: rowProblem(field, issueCoded(issue, field)) };
}

/**
 * Headers, a guessed (or the given) mapping, and the first rows as they would be
 * imported, from the start of the file (`partial`) or all of it. A file that
 * cannot be read is refused here already, with its line.
 */
export function previewImport(bytes: Uint8Array, options: {
  mapping?: ImportMapping; rows: number; delimiter?: Delimiter; partial?: boolean; encoding?: TextEncoding;
}): ImportPreview {
  let decoded: { text: string; encoding: TextEncoding };
  let records: CsvRecord[], delimiter: Delimiter;
  try {
    decoded = decodeCsvBytes(bytes, { encoding: options.encoding, partial: options.partial });
    let body = decoded.text;
    if (options.partial) {
      // Only the start of the file was sent: leave out the last, possibly cut, line.
      const end = Math.max(body.lastIndexOf('\n'), body.lastIndexOf('\r'));
      body = end >= 0 ? body.slice(0, end + 1) : '';
    }
    ({ delimiter, records } = parseCsv(body, { delimiter: options.delimiter, partial: options.partial }));
  } catch (error) {
    if (error instanceof CsvError) throw new ImportError(422, error, 'file');
    throw error;
  }
  if (!records.length) throw new ImportError(422, 'import_empty', 'file');
  const headers = records[0].fields.map((h) => h.trim());
  const mapping = options.mapping ?? guessMapping(headers);
  checkMapping(mapping, headers);
  const dataRows = records.slice(1, options.rows + 1);
  const fieldOf = new Map(Object.entries(mapping).map(([field, index]) => [index, field as ImportField]));
  return {
    delimiter,
    encoding: decoded.encoding,
    headers,
    mapping,
    columns: headers.map((header, index) => ({
      index, header, field: fieldOf.get(index) ?? null, sample: dataRows.slice(0, 3).map((r) => r.fields[index] ?? ''),
    })),
    fields: IMPORT_FIELDS.map((field) => ({ field, label: FIELD_LABELS[field] })),
    rows: dataRows.map((record): PreviewRow => {
      const converted = hasName(mapping) ? convertRow(record.fields, mapping) : null;
      if (converted?.ok) return { line: record.line, values: converted.candidate, valid: true };
      return {
        line: record.line,
        values: Object.fromEntries(Object.entries(mapping).map(([field, index]) => [field, record.fields[index] ?? ''])),
        valid: false,
        problem: converted && !converted.ok ? converted.problem : rowProblem('name', 'import_map_name'),
      };
    }),
  };
}

const hasName = (mapping: ImportMapping) => mapping.name !== undefined || mapping.firstName !== undefined || mapping.lastName !== undefined;

function checkMapping(mapping: ImportMapping, headers: string[]) {
  for (const [field, index] of Object.entries(mapping)) {
    if (index >= headers.length) {
      throw new ImportError(422, say('import_mapping_column', { name: field, index, columns: headers.length }), `mapping.${field}`);
    }
  }
}

/** The part of the progress bar for reading the file: over loopback it took 5% of the time, writing the rest (bench/import.ts; decision 009); a slow upload reads longer. */
export const READING_SHARE = 0.2;

const SUMMARY_SQL = `select id, file_name as "fileName", status, stage, talent_pool_id as "talentPoolId", duplicate_mode as duplicates,
  mapping, email_consent as "emailConsent", email_consent_wording as "emailConsentWording", delimiter, total_bytes as "totalBytes", processed_bytes as "processedBytes", processed_rows as "processedRows",
  staged_rows as "stagedRows", written_rows as "writtenRows",
  imported, updated, skipped, error, error_code as "errorCode", error_params as "errorParams", created_at as "createdAt", started_at as "startedAt", finished_at as "finishedAt",
  case when status = 'completed' then 1.0
       when status <> 'running' then null
       when stage = 'writing' then ${READING_SHARE} + ${1 - READING_SHARE} * least(1.0, written_rows::float8 / greatest(staged_rows, 1))
       when total_bytes > 0 then ${READING_SHARE} * least(1.0, processed_bytes::float8 / total_bytes) end as progress
  from public.imports`;

export async function getImport(tx: Tx, id: number): Promise<ImportSummary | null> {
  const { rows } = await tx.query<ImportSummary>(`${SUMMARY_SQL} where id = $1`, [id]);
  return rows[0] ?? null;
}

export async function listImports(tx: Tx): Promise<ImportSummary[]> {
  const { rows } = await tx.query<ImportSummary>(`${SUMMARY_SQL} order by created_at desc, id desc limit 50`);
  return rows;
}

/** The words of a consent choice as the recruiter read them on the mapping step: the ledger records them (decision 035). */
export function emailConsentWording(choice: EmailConsentChoice, language: Locale): string {
  return text(language, `people.import.consent.${choice}`);
}

/** The words the ledger records for a consent value the file itself gives. */
const FILE_CONSENT_WORDING = 'Consent column of the CSV file';

/** Records an import waiting for its file. */
export async function createImport(tx: Tx, userId: string, input: ImportCreate): Promise<ImportSummary> {
  if (input.talentPoolId) {
    const pool = await tx.query('select 1 from public.talent_pools where id = $1', [input.talentPoolId]);
    if (!pool.rowCount) throw new ImportError(422, say('talent_pool_missing', { id: input.talentPoolId }), 'talentPoolId');
  }
  const { rows } = await tx.query<{ id: number }>(
    `insert into public.imports (file_name, talent_pool_id, duplicate_mode, mapping, delimiter, created_by, email_consent, email_consent_wording)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [input.fileName ?? null, input.talentPoolId ?? null, input.duplicates, JSON.stringify({ ...input.mapping }),
      input.delimiter ? DELIMITER_NAMES[input.delimiter] : null, userId, input.emailConsent, emailConsentWording(input.emailConsent, input.language)]);
  return (await getImport(tx, rows[0].id))!;
}

/** Runs `work` in its own transaction as the importing user (row-level security applies). */
export type RunAsUser = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

interface PendingRow { line: number; candidate: CandidateCreate }
/** A skipped row, why said as a code (decision 032) and in English. */
function skip(line: number, field: string | null, said: Said | Coded): SkippedRow {
  const { code, params } = coded(said);
  return { line, field, reason: englishText(said), code, params: params ?? null };
}
interface ImportJob {
  mapping: ImportMapping; delimiter: Delimiter | null; duplicate_mode: 'skip' | 'update'; talent_pool_id: number | null;
  email_consent: EmailConsentChoice; email_consent_wording: string;
}

/** What a failed import says: the file's own problem with its line, or why it stopped. */
function importProblem(importId: number, error: unknown): ImportError {
  if (error instanceof ImportError) return error;
  if (error instanceof CsvError) return new ImportError(422, error, 'file');
  const { code, constraint } = error as { code?: string; constraint?: string };
  if (code === '23503' && constraint === 'talent_pool_members_talent_pool_id_fkey') {
    return new ImportError(409, 'import_pool_deleted', 'talentPoolId');
  }
  if (code === '40P01' || code === '40001') {
    return new ImportError(409, 'import_conflict', 'file');
  }
  console.error(`import ${importId} failed:`, error);
  return new ImportError(422, 'import_broken_off', 'file');
}

async function insertSkipped(tx: Tx, importId: number, skips: SkippedRow[]) {
  if (!skips.length) return;
  await tx.query(
    `insert into public.import_skipped_rows (import_id, line_number, field, reason, code, params)
     select $1, * from unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::jsonb[]) on conflict do nothing`,
    [importId, skips.map((s) => s.line), skips.map((s) => s.field), skips.map((s) => s.reason), skips.map((s) => s.code),
      skips.map((s) => (s.params ? JSON.stringify(s.params) : null))]);
}

/**
 * Reads the file and imports it, all or nothing (docs/decisions/009): while it
 * uploads, each row is checked and the valid ones are staged in
 * public.import_rows, BATCH_SIZE at a time, each batch its own short
 * transaction (so progress shows and the file never sits in memory). Once the
 * whole file has been read, one transaction writes every staged row to the
 * candidates. A file that cannot be read (a quote never closed, a NUL, mixed
 * encodings, no header, a bad mapping, too big, an upload broken off) ends as
 * "failed" with the reason and its line, and nothing of it is kept.
 */
export async function runImport(run: RunAsUser, userId: string, importId: number, body: ReadableStream<Uint8Array>,
  options: { totalBytes: number | null; encoding?: TextEncoding; maxBytes: number; processId?: string },
): Promise<{ summary: ImportSummary; problem: ImportError | null }> {
  const job = await run(async (tx) => {
    // running_by: the sweep fails the import if this process dies (./interrupted.ts).
    const { rows } = await tx.query<ImportJob>(
      `update public.imports set status = 'running', stage = 'reading', started_at = now(), total_bytes = $2, running_by = $3
        where id = $1 and status = 'pending'
        returning mapping, delimiter, duplicate_mode, talent_pool_id, email_consent, email_consent_wording`, [importId, options.totalBytes, options.processId ?? null]);
    return rows[0];
  });
  if (!job) {
    const existing = await run((tx) => getImport(tx, importId));
    if (!existing) throw new ImportError(404, 'import_not_found', 'id');
    throw new ImportError(409, say('import_not_pending', { status: existing.status }), 'id');
  }

  const read = { rows: 0, bytes: 0, staged: 0, skipped: 0 };
  let valid: PendingRow[] = [];
  let skipped: SkippedRow[] = [];
  /** Stages the rows checked so far; the last call also marks the import as writing. */
  const stage = async (last = false) => {
    const rows = valid, skips = skipped;
    valid = []; skipped = [];
    read.staged += rows.length;
    read.skipped += skips.length;
    await run(async (tx) => {
      if (rows.length) {
        await tx.query(
          `insert into public.import_rows (import_id, line_number, candidate)
           select $1, * from unnest($2::int[], $3::jsonb[])`,
          [importId, rows.map((r) => r.line), rows.map((r) => JSON.stringify(r.candidate))]);
      }
      await insertSkipped(tx, importId, skips);
      const progress = await tx.query(
        `update public.imports set processed_rows = $2, processed_bytes = $3, staged_rows = $4, skipped = $5,
                stage = case when $6 then 'writing' else stage end
          where id = $1 and status = 'running'`,
        [importId, read.rows, read.bytes, read.staged, read.skipped, last]);
      if (!progress.rowCount) throw new ImportError(409, 'import_interrupted', 'file');
    });
  };

  let problem: ImportError | null = null;
  try {
    let headers: string[] | null = null;
    const records = readCsv(body, {
      delimiter: job.delimiter ?? undefined,
      encoding: options.encoding,
      onBytes: (n) => {
        read.bytes += n;
        if (read.bytes > options.maxBytes) throw new ImportError(413, say('import_file_too_large', { megabytes: Math.round(options.maxBytes / 1048576) }), 'file');
      },
    });
    for await (const chunk of records) {
      for (const record of chunk) {
        if (!headers) {
          headers = record.fields;
          checkMapping(job.mapping, headers);
          continue;
        }
        if (++read.rows > MAX_ROWS) throw new ImportError(413, say('import_too_many_rows', { max: MAX_ROWS }), 'file');
        const converted = convertRow(record.fields, job.mapping);
        if (converted.ok) valid.push({ line: record.line, candidate: converted.candidate });
        else skipped.push(skip(record.line, converted.problem.field, converted.problem as Coded));
        if (valid.length + skipped.length >= BATCH_SIZE) await stage();
      }
    }
    if (!headers) throw new ImportError(422, 'import_empty', 'file');
    await stage(true);
    await writeStaged(run, userId, importId, job, read.skipped);
  } catch (error) {
    problem = importProblem(importId, error);
    // Nothing of a failed file is kept: its staged rows (and its list of skipped rows) go with it.
    await run(async (tx) => {
      await tx.query('delete from public.import_rows where import_id = $1', [importId]);
      await tx.query('delete from public.import_skipped_rows where import_id = $1', [importId]);
      // Not over the sweep's reason, if the sweep ended it first.
      await tx.query(
        `update public.imports set status = 'failed', stage = null, error = $2, error_code = $3, error_params = $4, finished_at = now(),
                imported = 0, updated = 0, skipped = 0, written_rows = 0
          where id = $1 and status = 'running'`, [importId, problem!.message, problem!.code, problem!.params ?? null]);
    });
  }
  return { summary: (await run((tx) => getImport(tx, importId)))!, problem };
}

/**
 * Writes the staged rows of an import to the candidates in ONE transaction, in
 * batches of BATCH_SIZE, and completes the import in it. Progress goes to the
 * imports row from other, short transactions (at most one at a time, never
 * awaited inside: this transaction waits on no other), so the import's row is
 * touched here only at the end.
 */
async function writeStaged(run: RunAsUser, userId: string, importId: number, job: ImportJob, skippedBefore: number) {
  const done = { written: 0, imported: 0, updated: 0, skipped: skippedBefore };
  // Typed by assertion: report() assigns it, which TypeScript's narrowing cannot see (it would call it `null` below).
  let reporting = null as Promise<unknown> | null;
  const report = () => {
    if (reporting) return;
    const counts = [importId, done.written, done.imported, done.updated, done.skipped];
    reporting = run((tx) => tx.query(
      `update public.imports set written_rows = $2, imported = $3, updated = $4, skipped = $5
        where id = $1 and status = 'running'`, counts))
      .catch((error) => console.error(`import ${importId}: progress not recorded:`, error))
      .finally(() => { reporting = null; });
  };
  try {
    await run(async (tx) => {
      // Held until the commit: the sweep (./interrupted.ts, for update skip locked) passes this import by, and this
      // stops if the sweep got there first. Key share, so that the progress updates beside it are not blocked.
      const running = await tx.query(`select 1 from public.imports where id = $1 and status = 'running' for key share`, [importId]);
      if (!running.rowCount) throw new ImportError(409, 'import_interrupted', 'file');
      for (let after = 0; ;) {
        // Only the lines and emails come back here: the rows themselves go from import_rows to the candidates inside PostgreSQL.
        const { rows } = await tx.query<StagedLine>(
          `select line_number as line, candidate->>'email' as email from public.import_rows
            where import_id = $1 and line_number > $2 order by line_number limit $3`, [importId, after, BATCH_SIZE]);
        if (!rows.length) break;
        after = rows[rows.length - 1].line;
        for (const part of splitAtRepeatedEmails(rows)) {
          const written = await writeBatch(tx, userId, importId, part, job);
          await insertSkipped(tx, importId, written.skipped);
          done.imported += written.imported;
          done.updated += written.updated;
          done.skipped += written.skipped.length;
        }
        done.written += rows.length;
        report();
      }
      await tx.query('delete from public.import_rows where import_id = $1', [importId]);
      await tx.query(
        `update public.imports set status = 'completed', stage = null, finished_at = now(),
                written_rows = $2, imported = $3, updated = $4, skipped = $5
          where id = $1`, [importId, done.written, done.imported, done.updated, done.skipped]);
    });
  } finally {
    await reporting;
  }
}

/**
 * One upsert must not touch a row twice, so a batch must not hold an email
 * twice: a repeat starts the next batch and meets the first as a duplicate.
 */
function splitAtRepeatedEmails(rows: StagedLine[]): LineRange[] {
  const parts: LineRange[] = [{ first: rows[0].line, last: rows[0].line }];
  let emails = new Set<string>();
  for (const row of rows) {
    if (row.email && emails.has(row.email)) { parts.push({ first: row.line, last: row.line }); emails = new Set(); }
    if (row.email) emails.add(row.email);
    parts[parts.length - 1].last = row.line;
  }
  return parts;
}
interface StagedLine { line: number; email: string | null }
/** A run of staged lines, first to last, that holds no email twice. */
interface LineRange { first: number; last: number }

/** A staged field as insert_imported_candidates takes it, in line order (staged: the candidate as candidateCreateSchema gave it). */
const staged = (expression: string, type: string) => `array_agg((${expression})::${type} order by line_number)`;
const STAGED_COLUMNS = [
  staged('id', 'bigint'), staged("c->>'name'", 'text'), staged("c->>'email'", 'text'), staged("c->>'phone'", 'text'),
  staged("c->>'whatsappNumber'", 'text'), staged("c->>'preferredContactMethod'", 'text'), staged("c->>'jobFunction'", 'text'),
  // one text per row: the tags joined with a separator no tag contains (null without tags, as columns() gives)
  staged("case when c ? 'skillTags' then array_to_string(array(select jsonb_array_elements_text(c->'skillTags')), chr(31)) end", 'text'),
  staged("c->>'seniorityLevel'", 'text'), staged("c->>'location'", 'text'), staged("c->>'preferredRole'", 'text'),
  staged("c->>'leadScore'", 'int'), staged("c->>'notes'", 'text'), staged("c->>'allowsEmail'", 'bool'), staged("c->>'allowsWhatsapp'", 'bool'),
  staged("c->>'timeZone'", 'text'), staged("c->>'language'", 'text'),
].join(',\n       ');

/**
 * Inserts the staged rows of one line range as new candidates (ids taken up front tell which rows were inserted:
 * ON CONFLICT DO NOTHING returns only those) and answers every row's id, with the candidate of each row that was
 * not inserted (its email is someone's already).
 */
const INSERT_STAGED = `
  with rows as materialized (
    select line_number, nextval(pg_get_serial_sequence('public.candidates', 'id')) as id, candidate as c
      from public.import_rows where import_id = $1 and line_number between $2 and $3 order by line_number
  ), inserted as materialized (
    select f.id
      from (select ${STAGED_COLUMNS} from rows) a(i1, i2, i3, i4, i5, i6, i7, i8, i9, i10, i11, i12, i13, i14, i15, i16, i17)
     cross join lateral public.insert_imported_candidates(i1, i2, i3, i4, i5, i6, i7, i8, i9, i10, i11, i12, i13, i14, i15, i16, i17, $4, $5, $6) as f(id)
  )
  select r.line_number as line, r.id, i.id is not null as inserted, case when i.id is null then r.c end as candidate
    from rows r left join inserted i on i.id = r.id
   order by r.line_number`;

/** Rows with their (pre-allocated) candidate ids, as column arrays for unnest(). */
function columns(rows: Array<PendingRow & { id: number }>) {
  const c = rows.map((r) => r.candidate);
  return [
    rows.map((r) => r.id), c.map((r) => r.name), c.map((r) => r.email ?? null), c.map((r) => r.phone ?? null),
    c.map((r) => r.whatsappNumber ?? null), c.map((r) => r.preferredContactMethod ?? null), c.map((r) => r.jobFunction ?? null),
    // one text per row: the tags joined with a separator no tag contains
    c.map((r) => (r.skillTags ? r.skillTags.join('\u001f') : null)), c.map((r) => r.seniorityLevel ?? null),
    c.map((r) => r.location ?? null), c.map((r) => r.preferredRole ?? null), c.map((r) => r.leadScore ?? null),
    c.map((r) => r.notes ?? null), c.map((r) => r.allowsEmail ?? null), c.map((r) => r.allowsWhatsapp ?? null),
    c.map((r) => r.timeZone ?? null), c.map((r) => r.language ?? null),
  ];
}

const INPUT = `unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                      $9::text[], $10::text[], $11::text[], $12::int[], $13::text[], $14::bool[], $15::bool[], $16::text[], $17::text[])
  as i(id, name, email, phone, whatsapp, contact, job, skills, seniority, location, role, lead, notes, allows_email, allows_whatsapp, tz, language)`;

/** Writes one batch: new candidates, duplicates (by email) updated or skipped, consent, pool membership. */
async function writeBatch(tx: Tx, userId: string, importId: number, range: LineRange, job: ImportJob) {
  const { duplicate_mode: mode, talent_pool_id: poolId } = job;
  const result = { imported: 0, updated: 0, skipped: [] as SkippedRow[] };

  // New candidates with their first consent, written together with the ledger
  // entries behind it: the file's value, else the recruiter's choice with its words
  // (public.insert_imported_candidates; a suppressed address comes in without consent).
  const written = await tx.query<{ line: number; id: number; inserted: boolean; candidate: CandidateCreate | null }>(INSERT_STAGED,
    [importId, range.first, range.last, FILE_CONSENT_WORDING, job.email_consent === 'agreed', job.email_consent_wording]);
  const insertedIds = written.rows.filter((row) => row.inserted).map((row) => row.id);
  result.imported = insertedIds.length;
  const duplicates = written.rows.filter((row) => !row.inserted).map((row) => ({ line: row.line, id: row.id, candidate: row.candidate! }));

  // Consent changes the file makes to existing candidates (new ones have theirs already).
  const consent: Array<{ candidateId: number; channel: 'email' | 'whatsapp'; granted: boolean }> = [];
  const members = insertedIds;

  if (duplicates.length && mode === 'skip') {
    result.skipped = duplicates.map((row) => skip(row.line, 'email', say('import_row_duplicate', { email: row.candidate.email ?? '' })));
  } else if (duplicates.length) {
    // The candidates behind the emails (by the unique index; see candidate_ids_by_email).
    const found = await tx.query<{ email: string; id: number }>(
      'select email, id from public.candidate_ids_by_email($1::text[])', [duplicates.map((row) => row.candidate.email)]);
    const idByEmail = new Map(found.rows.map((row) => [row.email.toLowerCase(), row.id]));
    const targets = duplicates.flatMap((row) => {
      const id = idByEmail.get(row.candidate.email!.toLowerCase());
      return id ? [{ ...row, id }] : [];
    });
    // A blank cell keeps what the candidate has; a filled one replaces it.
    const updated = await tx.query<{ id: number; allows_email: boolean; allows_whatsapp: boolean; new_email: boolean | null; new_whatsapp: boolean | null }>(
      `update public.candidates c set
         name = i.name, phone = coalesce(i.phone, c.phone), whatsapp_number = coalesce(i.whatsapp, c.whatsapp_number),
         preferred_contact_method = coalesce(i.contact, c.preferred_contact_method), job_function = coalesce(i.job, c.job_function),
         skill_tags = coalesce(string_to_array(i.skills, chr(31)), c.skill_tags), seniority_level = coalesce(i.seniority, c.seniority_level),
         location = coalesce(i.location, c.location), preferred_role = coalesce(i.role, c.preferred_role),
         lead_score = coalesce(i.lead, c.lead_score), notes = coalesce(i.notes, c.notes),
         time_zone = coalesce(i.tz, c.time_zone), language = coalesce(i.language, c.language)
        from ${INPUT}
       where c.id = i.id
       returning c.id, c.allows_email, c.allows_whatsapp, i.allows_email as new_email, i.allows_whatsapp as new_whatsapp`,
      columns(targets));
    result.updated = updated.rowCount ?? 0;
    // A duplicate deleted meanwhile by someone else is neither inserted nor updated.
    const matched = new Set(updated.rows.map((row) => row.id));
    result.skipped = duplicates.filter((row) => !matched.has(idByEmail.get(row.candidate.email!.toLowerCase()) ?? -1))
      .map((row) => skip(row.line, 'email', 'import_row_changed'));
    for (const row of updated.rows) {
      members.push(row.id);
      if (row.new_email !== null && row.new_email !== row.allows_email) consent.push({ candidateId: row.id, channel: 'email', granted: row.new_email });
      if (row.new_whatsapp !== null && row.new_whatsapp !== row.allows_whatsapp) consent.push({ candidateId: row.id, channel: 'whatsapp', granted: row.new_whatsapp });
    }
  }
  // A grant is held back for an address that opted out before (the ledger says why).
  await recordInitialConsent(tx, userId, 'import', FILE_CONSENT_WORDING, consent);
  if (poolId && members.length) {
    await tx.query(
      `insert into public.talent_pool_members (talent_pool_id, candidate_id, added_by)
       select $1, unnest($2::bigint[]), $3 on conflict do nothing`, [poolId, members, userId]);
  }
  return result;
}

/** The skipped rows of an import in line order, a chunk at a time (for the CSV report). */
export async function skippedRows(tx: Tx, importId: number, afterLine: number, size: number): Promise<SkippedRow[]> {
  const { rows } = await tx.query<SkippedRow>(
    `select line_number as line, field, reason, code, params from public.import_skipped_rows
      where import_id = $1 and line_number > $2 order by line_number limit $3`, [importId, afterLine, size]);
  return rows;
}
