// CSV import: preview with guessed (Dutch) headers, the import itself with bad
// rows and duplicates (update or skip), the report of skipped rows, progress,
// a file bigger than one batch, Windows-1252 and UTF-16 files, validation, and
// all or nothing: a file that cannot be read (a NUL, a quote never closed,
// mixed encodings) or fails while writing keeps nothing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '#domain/imports/csv.ts';
import { BATCH_SIZE } from '#domain/imports/imports.server.ts';
import { ORIGIN } from '../support/constants.ts';
import { signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { until } from '../support/until.ts';
import { newCandidate, uniqueTag } from '../support/test-data.ts';
import { utf16Bytes } from '../support/utf16.ts';
import { en } from '#domain/i18n/en.ts';
import { nl } from '#domain/i18n/nl.ts';

const DUTCH = readFileSync(path.join(import.meta.dirname, '../fixtures/csv/kandidaten-nl.csv'), 'utf8');
/** The Dutch file with its own addresses for one test (…@<tag>.voorbeeld.nl), so that tests share no people. */
const dutchFile = (tag: string) => DUTCH.replace(/@voorbeeld\.nl/gi, `@${tag}.voorbeeld.nl`);
const DUTCH_MAPPING = {
  firstName: 0, infix: 1, lastName: 2, email: 3, phone: 4, jobFunction: 5, skillTags: 6, seniorityLevel: 7, location: 8, allowsEmail: 9, notes: 10,
};

let app: TestApp;
let recruiter: TestClient;

beforeAll(async () => {
  app = await startTestApp();
  recruiter = app.client({ ip: '10.23.0.1' });
  await signInRecruiter(recruiter);
});
afterAll(async () => { await app?.close(); });

async function newPool(name: string): Promise<number> {
  return (await recruiter.post('/api/talent-pools', { name })).json.id;
}

/** Creates an import (no email consent unless `options` say otherwise) and uploads the file; answers the upload's response. */
async function importFile(csv: string | Uint8Array, options: Record<string, unknown>) {
  const created = await recruiter.post('/api/imports', { emailConsent: 'none', ...options });
  expect(created.status, created.text).toBe(201);
  expect(created.json.status).toBe('pending');
  const upload = typeof csv === 'string'
    ? await recruiter.send('PUT', `/api/imports/${created.json.id}/file`, { body: csv, headers: { 'content-type': 'text/csv' } })
    : await rawUpload(`/api/imports/${created.json.id}/file`, csv);
  return { id: created.json.id as number, upload };
}

async function rawUpload(pathname: string, body: Uint8Array | ReadableStream<Uint8Array>) {
  const cookie = [...recruiter.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const headers: Record<string, string> = { cookie, origin: ORIGIN, 'content-type': 'text/csv' };
  if (body instanceof Uint8Array) headers['content-length'] = String(body.byteLength);
  const response = await app.api.request(`${ORIGIN}${pathname}`, {
    method: 'PUT', headers, duplex: 'half',
    body: body instanceof Uint8Array ? new Blob([body as Uint8Array<ArrayBuffer>]) : body,
  } as RequestInit);
  return { status: response.status, json: await response.json() };
}

async function candidateByEmail(email: string) {
  const { rows } = await app.pools.owner.query('select id from public.candidates where email = $1', [email]);
  return rows[0] ? (await recruiter.get(`/api/candidates/${rows[0].id}`)).json : null;
}

describe('POST /api/imports/preview', () => {
  it('guesses the Dutch headers, detects ; and checks the first rows', async () => {
    const response = await recruiter.post('/api/imports/preview', DUTCH);
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ delimiter: ';', encoding: 'utf-8', mapping: DUTCH_MAPPING });
    expect(response.json.headers[0]).toBe('Voornaam');
    expect(response.json.columns[3]).toMatchObject({ index: 3, header: 'E-mailadres', field: 'email' });
    const [sanne, joel, kees, noName] = response.json.rows;
    expect(sanne).toMatchObject({ line: 2, valid: true, values: { name: 'Sanne van der Berg', seniorityLevel: 'medior', allowsEmail: true, skillTags: ['python', 'sql'] } });
    expect(joel).toMatchObject({ line: 3, valid: true, values: { name: 'Joël Müller', notes: 'Sprak hem op een meetup; wil "remote"\r\nwerken' } });
    expect(kees).toMatchObject({ line: 5, valid: false, problem: { field: 'email', message: 'email must be a valid email address' } });
    expect(noName).toMatchObject({ line: 6, valid: false, problem: { field: 'name', message: 'name is required' } });
    expect(response.json.fields.map((f: { field: string }) => f.field)).toContain('seniorityLevel');
  });

  it('guesses English headers, takes a given mapping, and leaves out a cut-off last line', async () => {
    const english = 'Full Name,E-mail,Mobile,Job Title,Skills,City\r\nAmy Clarke,amy@example.org,+44 7700 900001,Designer,figma,Bristol\r\nTom Cla';
    const guessed = await recruiter.post('/api/imports/preview?partial=true', english);
    expect(guessed.json.mapping).toEqual({ name: 0, email: 1, phone: 2, jobFunction: 3, skillTags: 4, location: 5 });
    expect(guessed.json.rows).toHaveLength(1);
    const mapping = encodeURIComponent(JSON.stringify({ name: 3, email: 1 }));
    const given = await recruiter.post(`/api/imports/preview?mapping=${mapping}`, english);
    expect(given.json.rows[0].values).toEqual({ name: 'Designer', email: 'amy@example.org' });
  });

  it('refuses an empty file, a bad mapping and a bad rows count, naming the field', async () => {
    expect((await recruiter.post('/api/imports/preview', '')).json).toMatchObject({ field: 'file' });
    expect((await recruiter.post('/api/imports/preview?mapping=%7Bname', DUTCH)).json.field).toBe('mapping');
    const beyond = await recruiter.post(`/api/imports/preview?mapping=${encodeURIComponent('{"name":40}')}`, DUTCH);
    expect(beyond.status).toBe(422);
    expect(beyond.json.field).toBe('mapping.name');
    expect((await recruiter.post('/api/imports/preview?rows=500', DUTCH)).json.field).toBe('rows');
  });
});

describe('importing a file', () => {
  it('imports the Dutch file: new rows in, duplicates by email updated, bad rows reported by line', async () => {
    const tag = uniqueTag();
    const poolId = await newPool('Import NL');
    // Bram is on file already (row 7 of the file updates him).
    const bram = await newCandidate(recruiter, {
      name: 'Bram Jones', email: `bram.jones@${tag}.voorbeeld.nl`, phone: '+31 6 11111111', jobFunction: 'Backend Engineer', seniorityLevel: 'senior',
    });
    const before = Number((await app.pools.owner.query('select count(*) from public.candidates')).rows[0].count);

    const { id, upload } = await importFile(dutchFile(tag), { fileName: 'kandidaten-nl.csv', talentPoolId: poolId, duplicates: 'update', mapping: DUTCH_MAPPING });
    expect(upload.status, JSON.stringify(upload.json)).toBe(200);
    expect(upload.json).toMatchObject({
      id, status: 'completed', fileName: 'kandidaten-nl.csv', processedRows: 9, imported: 3, updated: 2, skipped: 4, progress: 1, error: null,
    });
    const after = Number((await app.pools.owner.query('select count(*) from public.candidates')).rows[0].count);
    expect(after - before).toBe(3);

    const sanne = await candidateByEmail(`sanne.vdberg@${tag}.voorbeeld.nl`);
    expect(sanne).toMatchObject({ name: 'Sanne van der Berg', phone: '06 12345678', seniorityLevel: 'medior', talentPoolIds: [poolId], allowsEmail: true });
    const joel = await candidateByEmail(`joel.muller@${tag}.voorbeeld.nl`);
    expect(joel).toMatchObject({ name: 'Joël Müller', allowsEmail: false, skillTags: ['go', 'kubernetes'], seniorityLevel: 'senior' });
    expect(joel.consentHistory.find((e: { channel: string }) => e.channel === 'email')).toMatchObject({ channel: 'email', granted: false, source: 'import' });
    const updatedBram = await candidateByEmail(`bram.jones@${tag}.voorbeeld.nl`);
    expect(updatedBram).toMatchObject({
      id: bram.id, phone: '+31 6 99999999', jobFunction: 'Engineering Manager', seniorityLevel: 'lead', notes: 'Bijgewerkt via import',
      allowsEmail: bram.allowsEmail, email: bram.email,
    });
    expect(updatedBram.talentPoolIds).toContain(poolId);
    expect((await recruiter.get(`/api/talent-pools/${poolId}`)).json.candidateCount).toBe(4);

    const report = await recruiter.get(`/api/imports/${id}/report.csv`);
    expect(report.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(parseCsv(report.text).records.map((r) => r.fields.slice(0, 2))).toEqual([
      ['line', 'field'], ['5', 'email'], ['6', 'name'], ['8', 'phone'], ['9', 'allowsEmail'],
    ]);
    expect(parseCsv(report.text).records[4].fields[2]).toMatch(/allowsEmail must be yes or no.*"misschien"/);

    expect((await recruiter.get(`/api/imports/${id}`)).json).toMatchObject({ status: 'completed', imported: 3, progress: 1 });
    expect((await recruiter.get('/api/imports')).json[0].id).toBe(id);
  });

  it('skips duplicates when asked, and reports them', async () => {
    const file = dutchFile(uniqueTag());
    // Everything valid is there already (imported once), except Tess the second time (no email: always new).
    expect((await importFile(file, { duplicates: 'update', mapping: DUTCH_MAPPING })).upload.json).toMatchObject({ status: 'completed', imported: 4 });
    const { id, upload } = await importFile(file, { duplicates: 'skip', mapping: DUTCH_MAPPING });
    expect(upload.json).toMatchObject({ status: 'completed', imported: 1, updated: 0, skipped: 8 });
    const lines = parseCsv((await recruiter.get(`/api/imports/${id}/report.csv`)).text).records.slice(1);
    expect(lines.map((r) => r.fields[0])).toEqual(['2', '3', '5', '6', '7', '8', '9', '10']);
    const duplicate = lines.find((r) => r.fields[0] === '7')!.fields;
    expect(duplicate[2]).toMatch(/already exists \(skipped\)/);
    // The screen's rows say the same by its code, which the interface shows in its language (decision 032); the CSV stays English.
    const rows = (await recruiter.get(`/api/imports/${id}/skipped?limit=5`)).json.rows;
    expect(rows.map((row: { line: number }) => row.line)).toEqual([2, 3, 5, 6, 7]);
    expect(rows[4]).toEqual({ line: 7, field: 'email', reason: duplicate[2], code: 'import_row_duplicate', params: { email: expect.any(String) } });
    expect(duplicate[2]).toContain(rows[4].params.email);
  });

  it('imports a file bigger than one batch, with duplicates across batches', async () => {
    const rows = ['name,email,skills,level'];
    const count = BATCH_SIZE * 2 + 500;
    for (let i = 1; i <= count; i++) {
      if (i % 1000 === 0) rows.push(`,missing-name-${i}@example.org,,`);
      else if (i % 700 === 0) rows.push(`Repeat ${i},bulk-${i - 1}@example.org,go,senior`);
      else rows.push(`Bulk Person ${i},bulk-${i}@example.org,"go,sql",${i % 2 ? 'junior' : 'medior'}`);
    }
    const { upload } = await importFile(rows.join('\n'), { duplicates: 'update', mapping: { name: 0, email: 1, skillTags: 2, seniorityLevel: 3 } });
    const bad = Math.floor(count / 1000), repeats = Math.floor(count / 700) - Math.floor(count / 7000);
    expect(upload.json).toMatchObject({ status: 'completed', processedRows: count, skipped: bad, updated: repeats, imported: count - bad - repeats });
    expect(await candidateByEmail('bulk-699@example.org')).toMatchObject({ name: 'Repeat 700', seniorityLevel: 'senior' });
  });

  it('reads Windows-1252 files (Excel on Windows) and round-trips its own export', async () => {
    const latin1 = Buffer.from('naam;e-mail;plaats\r\nZoë Hüsken;zoe.husken@voorbeeld.nl;Düsseldorf\r\n', 'latin1');
    const { upload } = await importFile(new Uint8Array(latin1), { mapping: { name: 0, email: 1, location: 2 } });
    expect(upload.json).toMatchObject({ status: 'completed', imported: 1, processedBytes: latin1.byteLength, progress: 1 });
    expect(await candidateByEmail('zoe.husken@voorbeeld.nl')).toMatchObject({ name: 'Zoë Hüsken', location: 'Düsseldorf' });

    const location = `Exportdorp ${uniqueTag()}`;
    await Promise.all([
      newCandidate(recruiter, { name: 'Anouk Rondje', location }), newCandidate(recruiter, { name: 'Daan Rondje', location }),
      newCandidate(recruiter, { name: 'Femke Rondje', location, email: null }),
    ]);
    const exported = (await recruiter.get(`/api/candidates/export.csv?location=${encodeURIComponent(location)}`)).text;
    const preview = (await recruiter.post('/api/imports/preview', exported)).json;
    const rows = parseCsv(exported).records.length - 1;
    const withoutEmail = parseCsv(exported).records.slice(1).filter((r) => r.fields[2] === '').length;
    expect([rows, withoutEmail]).toEqual([3, 1]);
    const { upload: again } = await importFile(exported, { duplicates: 'update', mapping: preview.mapping });
    expect(again.json).toMatchObject({ status: 'completed', updated: rows - withoutEmail, imported: withoutEmail, skipped: 0 });
  });
});

/** A candidate's email consent and the ledger entries behind it, by address. */
async function emailConsentOf(email: string) {
  const candidate = await candidateByEmail(email);
  const entries = candidate.consentHistory.filter((e: { channel: string }) => e.channel === 'email')
    .map(({ granted, source, wording }: { granted: boolean; source: string; wording: string }) => ({ granted, source, wording }));
  return { allowsEmail: candidate.allowsEmail as boolean, entries };
}

describe('the email consent chosen on the mapping step', () => {
  it('records the choice with the words the recruiter read for rows that give none; a value in the file comes first', async () => {
    const tag = uniqueTag();
    const file = ['naam,e-mail,toestemming e-mail', `Blank Row,blank-${tag}@example.org,`, `Yes Row,yes-${tag}@example.org,ja`,
      `No Row,no-${tag}@example.org,nee`].join('\n');
    const { id, upload } = await importFile(file, { mapping: { name: 0, email: 1, allowsEmail: 2 }, emailConsent: 'none', language: 'nl' });
    expect(upload.json).toMatchObject({ id, status: 'completed', imported: 3, emailConsent: 'none', emailConsentWording: nl.people.import.consent.none });
    expect(await emailConsentOf(`blank-${tag}@example.org`)).toEqual({
      allowsEmail: false, entries: [{ granted: false, source: 'import', wording: 'Geen toestemming vastleggen: ze krijgen geen e-mail tot ze toestemming geven' }],
    });
    expect(await emailConsentOf(`yes-${tag}@example.org`)).toEqual({
      allowsEmail: true, entries: [{ granted: true, source: 'import', wording: 'Consent column of the CSV file' }],
    });
    expect(await emailConsentOf(`no-${tag}@example.org`)).toEqual({
      allowsEmail: false, entries: [{ granted: false, source: 'import', wording: 'Consent column of the CSV file' }],
    });

    const agreed = `name,email\nAgreed Row,agreed-${tag}@example.org\n`;
    expect((await importFile(agreed, { mapping: { name: 0, email: 1 }, emailConsent: 'agreed', language: 'en' })).upload.json)
      .toMatchObject({ status: 'completed', imported: 1, emailConsent: 'agreed', emailConsentWording: 'These people agreed to receive email' });
    expect(await emailConsentOf(`agreed-${tag}@example.org`)).toEqual({
      allowsEmail: true, entries: [{ granted: true, source: 'import', wording: en.people.import.consent.agreed }],
    });
  });

  it('leaves the consent of people already known as it is, and records English words when no language is given', async () => {
    const known = await newCandidate(recruiter, { allowsEmail: false });
    const { upload } = await importFile(`name,email\nKnown Again,${known.email}\n`, { duplicates: 'update', mapping: { name: 0, email: 1 }, emailConsent: 'agreed' });
    expect(upload.json).toMatchObject({ status: 'completed', updated: 1, emailConsentWording: en.people.import.consent.agreed });
    expect((await emailConsentOf(known.email!)).allowsEmail).toBe(false);
    expect((await emailConsentOf(known.email!)).entries.map((e: { source: string }) => e.source)).toEqual(['recruiter']);
  });
});

describe('progress from the server', () => {
  it('counts the rows read, then the rows saved, and lists nobody before the whole file is saved', async () => {
    const tag = uniqueTag();
    const rows = 4000;
    // Row 3,000 is someone known: holding their row locked stops the saving inside the second batch.
    const known = await newCandidate(recruiter, { name: `Known ${tag}`, email: `${tag}-3000@example.org` });
    const { json: created } = await recruiter.post('/api/imports', { fileName: 'progress.csv', duplicates: 'update', mapping: { name: 0, email: 1 }, emailConsent: 'none' });
    const encoder = new TextEncoder();
    let feed!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start(controller) { feed = controller; } });
    const csv = bulkCsv(rows, tag);
    const cut = csv.indexOf(`Person ${tag} 2501,`);
    feed.enqueue(encoder.encode(csv.slice(0, cut)));
    const upload = rawUpload(`/api/imports/${created.id}/file`, body);
    const status = () => recruiter.get(`/api/imports/${created.id}`).then((r) => r.json);
    const listed = async () => Number((await recruiter.get(`/api/candidates?q=${tag}`)).headers.get('x-total-count'));

    // Reading: the first batch is staged, the rest of the file has not arrived.
    const reading = await until(status, (s) => s.stagedRows >= 2000);
    expect(reading).toMatchObject({ status: 'running', stage: 'reading', writtenRows: 0, imported: 0 });
    expect(reading.processedRows).toBeGreaterThanOrEqual(2000);
    // Another tab sees the same in the list of imports.
    expect((await recruiter.get('/api/imports')).json.find((i: { id: number }) => i.id === created.id)).toMatchObject({ status: 'running', stage: 'reading' });
    expect(await listed()).toBe(1);

    const locker = await app.pools.owner.connect();
    try {
      await locker.query('begin');
      await locker.query('select 1 from public.candidates where id = $1 for update', [known.id]);
      feed.enqueue(encoder.encode(csv.slice(cut)));
      feed.close();
      // Saving: the first 2,000 rows are written, the second batch waits for the lock.
      const saving = await until(status, (s) => s.stage === 'writing' && s.writtenRows > 0);
      expect(saving).toMatchObject({ status: 'running', processedRows: rows, stagedRows: rows, writtenRows: 2000, imported: 2000 });
      // Not one of them is in the list before the commit.
      expect(await listed()).toBe(1);
    } finally {
      await locker.query('rollback');
      locker.release();
    }
    const { status: code, json: done } = await upload;
    expect(code).toBe(200);
    expect(done).toMatchObject({ status: 'completed', stage: null, processedRows: rows, stagedRows: rows, writtenRows: rows, imported: rows - 1, updated: 1 });
    expect(await listed()).toBe(rows);
  });
});

describe('a time zone column', () => {
  it('sets the zone by hand, infers it where blank, refuses an unknown zone by line, and round-trips through the export', async () => {
    const tag = uniqueTag();
    const file = ['name,email,location,time zone',
      `Tz Manual,tz-manual-${tag}@example.org,Utrecht,America/New_York`,
      `Tz Inferred,tz-inferred-${tag}@example.org,Utrecht,`,
      `Tz Unknown,tz-unknown-${tag}@example.org,Utrecht,Mars/Olympus`].join('\n');
    const preview = (await recruiter.post('/api/imports/preview', file)).json;
    expect(preview.mapping).toMatchObject({ timeZone: 3 });
    const { id, upload } = await importFile(file, { mapping: preview.mapping });
    expect(upload.json).toMatchObject({ status: 'completed', imported: 2, skipped: 1 });
    const report = parseCsv((await recruiter.get(`/api/imports/${id}/report.csv`)).text).records.slice(1);
    expect(report.map((r) => r.fields.slice(0, 2))).toEqual([['4', 'timeZone']]);
    expect((await candidateByEmail(`tz-manual-${tag}@example.org`)).timeZone).toEqual({ zone: 'America/New_York', fromLocation: false, source: 'manual' });
    expect((await candidateByEmail(`tz-inferred-${tag}@example.org`)).timeZone).toEqual({ zone: 'Europe/Amsterdam', fromLocation: true, source: 'location' });

    // The export names only a zone set by hand, so a re-import does not pin an inferred one.
    const exported = parseCsv((await recruiter.get(`/api/candidates/export.csv?q=tz-&location=Utrecht`)).text).records;
    const column = exported[0].fields.indexOf('timeZone');
    const zoneOf = (email: string) => exported.find((r) => r.fields.includes(email))!.fields[column];
    expect([zoneOf(`tz-manual-${tag}@example.org`), zoneOf(`tz-inferred-${tag}@example.org`)]).toEqual(['America/New_York', '']);

    // Updating by email: a zone in the file replaces the candidate's, a blank one keeps it.
    const again = [`name,email,timezone`, `Tz Manual,tz-manual-${tag}@example.org,`, `Tz Inferred,tz-inferred-${tag}@example.org,Asia/Tokyo`].join('\n');
    expect((await importFile(again, { duplicates: 'update', mapping: { name: 0, email: 1, timeZone: 2 } })).upload.json)
      .toMatchObject({ status: 'completed', updated: 2 });
    expect((await candidateByEmail(`tz-manual-${tag}@example.org`)).timeZone.zone).toBe('America/New_York');
    expect((await candidateByEmail(`tz-inferred-${tag}@example.org`)).timeZone).toMatchObject({ zone: 'Asia/Tokyo', source: 'manual' });
  });
});

describe('a language column', () => {
  it('reads english and dutch as people write them, refuses another by line naming the column, round-trips through the export', async () => {
    const tag = uniqueTag();
    const written = ['english', 'Dutch', 'EN', 'nl', 'Engels', 'NEDERLANDS'];
    const file = ['naam,email,taal', ...written.map((word, i) => `Taal ${i},taal-${i}-${tag}@example.org,${word}`),
      `Taal Blank,taal-blank-${tag}@example.org,`, `Taal Duits,taal-duits-${tag}@example.org,Deutsch`].join('\n');
    const preview = (await recruiter.post('/api/imports/preview', file)).json;
    // The mapping step offers the field (its label is the interface's: people.import.fields.language).
    expect(preview.fields.map((f: { field: string }) => f.field)).toContain('language');
    expect(preview.mapping).toMatchObject({ name: 0, email: 1, language: 2 });
    expect(preview.rows.map((r: { values: { language?: string } }) => r.values.language))
      .toEqual(['english', 'dutch', 'english', 'dutch', 'english', 'dutch', undefined, 'Deutsch']);
    expect(preview.rows[7]).toMatchObject({
      line: 9, valid: false, problem: { field: 'language', message: 'language must be one of english, dutch', code: 'validation.one_of' },
    });

    const { id, upload } = await importFile(file, { mapping: preview.mapping });
    expect(upload.json).toMatchObject({ status: 'completed', imported: 7, skipped: 1 });
    const report = parseCsv((await recruiter.get(`/api/imports/${id}/report.csv`)).text).records.slice(1);
    expect(report.map((r) => r.fields.slice(0, 2))).toEqual([['9', 'language']]);
    const languageOf = async (who: string) => (await candidateByEmail(`taal-${who}-${tag}@example.org`))?.language;
    expect(await Promise.all(['0', '1', '2', '3', '4', '5', 'blank'].map(languageOf)))
      .toEqual(['english', 'dutch', 'english', 'dutch', 'english', 'dutch', null]);
    expect(await candidateByEmail(`taal-duits-${tag}@example.org`)).toBeNull();

    const exported = parseCsv((await recruiter.get(`/api/candidates/export.csv?q=taal-1-${tag}`)).text).records;
    expect(exported[1].fields[exported[0].fields.indexOf('language')]).toBe('dutch');

    // Updating by email: a language in the file replaces the candidate's, a blank one keeps it.
    const again = ['name,email,language', `Taal 0,taal-0-${tag}@example.org,Nederlands`, `Taal 1,taal-1-${tag}@example.org,`].join('\n');
    expect((await importFile(again, { duplicates: 'update', mapping: { name: 0, email: 1, language: 2 } })).upload.json)
      .toMatchObject({ status: 'completed', updated: 2 });
    expect([await languageOf('0'), await languageOf('1')]).toEqual(['dutch', 'dutch']);
  });
});

describe('import validation', () => {
  it('names the field of bad options', async () => {
    const cases: Array<[Record<string, unknown>, number, RegExp]> = [
      [{}, 400, /^mapping$/],
      [{ mapping: { email: 1 } }, 400, /^mapping$/],
      [{ mapping: { nam: 0 } }, 400, /^mapping/],
      [{ mapping: { name: 'A' } }, 400, /^mapping/],
      [{ mapping: { name: 0 }, duplicates: 'merge', emailConsent: 'none' }, 400, /^duplicates$/],
      // The consent of rows that give none is the recruiter's choice: no default (decision 035).
      [{ mapping: { name: 0 } }, 400, /^emailConsent$/],
      [{ mapping: { name: 0 }, emailConsent: 'yes' }, 400, /^emailConsent$/],
      [{ mapping: { name: 0 }, emailConsent: 'none', language: 'de' }, 400, /^language$/],
      [{ mapping: { name: 0 }, talentPoolId: 999999, emailConsent: 'none' }, 422, /^talentPoolId$/],
    ];
    for (const [body, status, field] of cases) {
      const response = await recruiter.post('/api/imports', body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.json.field, JSON.stringify(body)).toMatch(field);
    }
  });

  it('fails an import whose mapping does not fit the file, and takes a file only once', async () => {
    const { id, upload } = await importFile('naam\nJan\n', { mapping: { name: 0, email: 4 } });
    expect(upload.status).toBe(422);
    expect(upload.json).toMatchObject({ field: 'mapping.email', import: { status: 'failed', imported: 0 } });
    expect((await recruiter.get(`/api/imports/${id}`)).json.error).toMatch(/mapping.email points to column 4/);

    const done = await importFile('naam\nJan Eenmalig\n', { mapping: { name: 0 } });
    const again = await recruiter.send('PUT', `/api/imports/${done.id}/file`, { body: 'naam\nNog Een\n' });
    expect(again.status).toBe(409);
    expect(again.json.field).toBe('id');
    expect((await recruiter.send('PUT', '/api/imports/999999/file', { body: 'naam\nX\n' })).status).toBe(404);
    expect((await recruiter.get('/api/imports/999999')).status).toBe(404);
    expect((await app.client().get('/api/imports')).status).toBe(401);
  });
});

/** Everything an import could have changed: candidates, their consent entries and pool memberships, staged rows. */
async function databaseState() {
  const { rows } = await app.pools.owner.query(`select
    (select count(*) from public.candidates)::int as candidates,
    (select count(*) from public.consent_events)::int as consent,
    (select count(*) from public.talent_pool_members)::int as members,
    (select count(*) from public.import_rows)::int as staged,
    (select md5(string_agg(c::text, ',' order by id)) from public.candidates c) as digest`);
  return rows[0];
}

/** `count` rows of name,email; `row(i)` may replace row i (1-based). */
function bulkCsv(count: number, tag: string, row: (i: number) => string | null = () => null): string {
  const lines = ['name,email'];
  for (let i = 1; i <= count; i++) lines.push(row(i) ?? `Person ${tag} ${i},${tag}-${i}@example.org`);
  return lines.join('\r\n') + '\r\n';
}

describe('all or nothing per file', () => {
  it('keeps nothing of a 5,000-row file with a NUL byte at row 4,500, and names its line', async () => {
    const before = await databaseState();
    const csv = new TextEncoder().encode(bulkCsv(5000, 'nul', (i) => (i === 4500 ? 'Broken\0Row,broken@example.org' : null)));
    const { json: created } = await recruiter.post('/api/imports', { mapping: { name: 0, email: 1 }, emailConsent: 'agreed' });
    const id = created.id as number;
    // In 16 KB chunks, as an upload arrives: two batches are staged before the NUL is read.
    const upload = await rawUpload(`/api/imports/${id}/file`, new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < csv.length; at += 16384) controller.enqueue(csv.slice(at, at + 16384));
        controller.close();
      },
    }));
    expect(upload.status).toBe(422);
    // The header is line 1, so row 4,500 is line 4,501.
    expect(upload.json).toMatchObject({
      field: 'file', error: expect.stringMatching(/^Line 4501 contains a NUL character/),
      import: { id, status: 'failed', imported: 0, updated: 0, skipped: 0, progress: null },
    });
    expect(upload.json.import.processedRows).toBeGreaterThanOrEqual(4000);
    expect(upload.json.import.processedRows).toBeLessThan(4500);
    expect(await databaseState()).toEqual(before);
    expect((await recruiter.get(`/api/imports/${id}`)).json).toMatchObject({
      error: expect.stringMatching(/^Line 4501 contains a NUL character/), errorCode: 'csv_nul', errorParams: { line: 4501 },
    });
  });

  it('keeps nothing of a file whose quote in row 1 is never closed, and names the line it opened on', async () => {
    const before = await databaseState();
    const csv = 'name,email\r\n"Anna Open,anna.open@example.org\r\nBen Next,ben.next@example.org\r\nCor Last,cor.last@example.org\r\n';
    const { id, upload } = await importFile(csv, { mapping: { name: 0, email: 1 } });
    expect(upload.status).toBe(422);
    expect(upload.json.error).toMatch(/^Line 2: a quoted value opened here is never closed/);
    expect(upload.json.import).toMatchObject({ id, status: 'failed', imported: 0 });
    expect(await databaseState()).toEqual(before);
    // The preview of the same (whole) file says so before anything starts.
    const preview = await recruiter.post('/api/imports/preview', csv);
    expect(preview.status).toBe(422);
    expect(preview.json).toMatchObject({ field: 'file', error: expect.stringMatching(/^Line 2: a quoted value opened here is never closed/) });
  });

  it('keeps nothing when writing fails late: the pool deleted while the file uploads', async () => {
    const poolId = await newPool('Deleted mid-import');
    const bram = await candidateByEmail((await newCandidate(recruiter, { name: 'Bram Jones' })).email!);
    const before = await databaseState();
    const { json: created } = await recruiter.post('/api/imports', {
      talentPoolId: poolId, duplicates: 'update', mapping: { name: 0, email: 1, jobFunction: 2, allowsEmail: 3 }, emailConsent: 'agreed',
    });
    const encoder = new TextEncoder();
    let feed!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start(controller) { feed = controller; } });
    const lines = ['name,email,job,consent', `Bram Changed,${bram.email},Changed By Import,${bram.allowsEmail ? 'nee' : 'ja'}`];
    for (let i = 2; i <= 4500; i++) lines.push(`Late Person ${i},late-${i}@example.org,Tester,ja`);
    feed.enqueue(encoder.encode(lines.join('\n') + '\n'));
    const upload = rawUpload(`/api/imports/${created.id}/file`, body);
    // Progress shows while the file arrives: the first batches are staged.
    const reading = await until(() => recruiter.get(`/api/imports/${created.id}`).then((r) => r.json), (s) => s.stagedRows >= 4000);
    expect(reading).toMatchObject({ status: 'running', stage: 'reading', imported: 0 });
    expect((await recruiter.delete(`/api/talent-pools/${poolId}`)).status).toBe(200);
    feed.enqueue(encoder.encode('Last Person,late-last@example.org,Tester,ja\n'));
    feed.close();
    const { status, json } = await upload;
    expect(status).toBe(409);
    expect(json).toMatchObject({ field: 'talentPoolId', error: expect.stringMatching(/talent pool was deleted during the import, so nothing was imported/) });
    expect(json.import).toMatchObject({ status: 'failed', imported: 0, updated: 0 });
    // The pool was empty, so deleting it changed none of these.
    expect(await databaseState()).toEqual(before);
    expect(await candidateByEmail(bram.email)).toEqual(bram);
    expect(await candidateByEmail('late-2@example.org')).toBeNull();
  });

  it('reads UTF-16 LE and BE, with and without a byte-order mark', async () => {
    for (const order of ['le', 'be'] as const) {
      for (const bom of [true, false]) {
        const tag = `${order}${bom ? '-bom' : ''}`;
        const text = `naam;e-mail;plaats\r\nZoë Øster ${tag};zoe.${tag}@voorbeeld.nl;Düsseldorf\r\nŁukasz 😀 ${tag};lukasz.${tag}@voorbeeld.nl;Kraków\r\n`;
        const bytes = utf16Bytes(text, order, bom);
        const preview = await rawPreview(bytes);
        expect(preview.json, tag).toMatchObject({ encoding: `utf-16${order}`, delimiter: ';', mapping: { name: 0, email: 1, location: 2 } });
        const { upload } = await importFile(bytes, { mapping: preview.json.mapping });
        expect(upload.json, tag).toMatchObject({ status: 'completed', imported: 2, skipped: 0, processedBytes: bytes.byteLength });
        expect(await candidateByEmail(`zoe.${tag}@voorbeeld.nl`)).toMatchObject({ name: `Zoë Øster ${tag}`, location: 'Düsseldorf' });
        expect(await candidateByEmail(`lukasz.${tag}@voorbeeld.nl`)).toMatchObject({ name: `Łukasz 😀 ${tag}`, location: 'Kraków' });
      }
    }
  });

  it('refuses a UTF-8 file with Windows-1252 bytes further on, naming the first bad line, and keeps nothing', async () => {
    const before = await databaseState();
    // Row 2,200 (line 2,201) is the first one saved in another encoding; two batches were staged before it.
    const utf8 = new TextEncoder().encode(bulkCsv(2199, 'mixed', (i) => (i === 5 ? 'Zoë Müller,zoe.mixed@example.org' : null)));
    const latin = Buffer.from('Jos\xe9 Mu\xf1oz,jose.mixed@example.org\r\nAnn,ann.mixed@example.org\r\n', 'latin1');
    const { upload } = await importFile(new Uint8Array([...utf8, ...latin]), { mapping: { name: 0, email: 1 } });
    expect(upload.status).toBe(422);
    expect(upload.json.error).toBe('Line 2201 is not valid UTF-8 (it has characters in another encoding, such as Windows-1252): save the file as UTF-8 and import again');
    expect(await databaseState()).toEqual(before);
    expect(await candidateByEmail('zoe.mixed@example.org')).toBeNull();
  });

  it('refuses a Windows-1252 file with UTF-8 further on, and still reads one that is wholly Windows-1252', async () => {
    const before = await databaseState();
    const latin = Buffer.from('naam;e-mail\r\nRen\xe9 Smit;rene.cp@example.org\r\n', 'latin1');
    const mixed = new Uint8Array([...latin, ...new TextEncoder().encode('Zoë Müller;zoe.cp@example.org\r\n')]);
    const { upload } = await importFile(mixed, { mapping: { name: 0, email: 1 } });
    expect(upload.status).toBe(422);
    expect(upload.json.error).toMatch(/^Line 3 has UTF-8 characters in a file that is otherwise Windows-1252/);
    expect(await databaseState()).toEqual(before);

    // All ASCII for the first 4,000 rows, then Windows-1252: read as Windows-1252.
    const ascii = bulkCsv(4000, 'cp-late').replace('name,email', 'naam;e-mail').replaceAll(',', ';');
    const late = Buffer.from(ascii + 'Fran\xe7ois M\xfcller;francois.cp@example.org\r\n', 'latin1');
    const { upload: wholly } = await importFile(new Uint8Array(late), { mapping: { name: 0, email: 1 } });
    expect(wholly.json).toMatchObject({ status: 'completed', imported: 4001 });
    expect(await candidateByEmail('francois.cp@example.org')).toMatchObject({ name: 'François Müller' });
  });
});

async function rawPreview(bytes: Uint8Array) {
  const cookie = [...recruiter.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const response = await app.api.request(`${ORIGIN}/api/imports/preview`, {
    method: 'POST', body: new Blob([bytes as Uint8Array<ArrayBuffer>]), headers: { cookie, origin: ORIGIN, 'content-type': 'text/csv' },
  });
  return { status: response.status, json: await response.json() };
}
