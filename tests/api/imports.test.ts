// CSV import: preview with guessed (Dutch) headers, the import itself with bad
// rows and duplicates (update or skip), the report of skipped rows, progress,
// a file bigger than one batch, Windows-1252 files, and validation.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../domain/csv.ts';
import { BATCH_SIZE } from '../../domain/imports.ts';
import { ORIGIN } from '../support/constants.ts';
import { signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';

const DUTCH = readFileSync(path.join(import.meta.dirname, '../fixtures/csv/kandidaten-nl.csv'), 'utf8');
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

/** Creates an import and uploads the file; answers the upload's response. */
async function importFile(csv: string | Uint8Array, options: Record<string, unknown>) {
  const created = await recruiter.post('/api/imports', options);
  expect(created.status, created.text).toBe(201);
  expect(created.json.status).toBe('pending');
  const upload = typeof csv === 'string'
    ? await recruiter.send('PUT', `/api/imports/${created.json.id}/file`, { body: csv, headers: { 'content-type': 'text/csv' } })
    : await rawUpload(`/api/imports/${created.json.id}/file`, csv);
  return { id: created.json.id as number, upload };
}

async function rawUpload(pathname: string, bytes: Uint8Array) {
  const cookie = [...recruiter.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const response = await app.api.request(`${ORIGIN}${pathname}`, {
    method: 'PUT', body: new Blob([bytes as Uint8Array<ArrayBuffer>]), headers: { cookie, origin: ORIGIN, 'content-type': 'text/csv', 'content-length': String(bytes.byteLength) },
  });
  return { status: response.status, json: await response.json() as any };
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
    const poolId = await newPool('Import NL');
    const bram = await candidateByEmail('bram.jones.1@example.com');
    expect(bram, 'the demo data has this candidate').not.toBeNull();
    const before = Number((await app.pools.owner.query('select count(*) from public.candidates')).rows[0].count);

    const { id, upload } = await importFile(DUTCH, { fileName: 'kandidaten-nl.csv', talentPoolId: poolId, duplicates: 'update', mapping: DUTCH_MAPPING });
    expect(upload.status, JSON.stringify(upload.json)).toBe(200);
    expect(upload.json).toMatchObject({
      id, status: 'completed', fileName: 'kandidaten-nl.csv', processedRows: 9, imported: 3, updated: 2, skipped: 4, progress: 1, error: null,
    });
    const after = Number((await app.pools.owner.query('select count(*) from public.candidates')).rows[0].count);
    expect(after - before).toBe(3);

    const sanne = await candidateByEmail('sanne.vdberg@voorbeeld.nl');
    expect(sanne).toMatchObject({ name: 'Sanne van der Berg', phone: '06 12345678', seniorityLevel: 'medior', talentPoolIds: [poolId], allowsEmail: true });
    const joel = await candidateByEmail('joel.muller@voorbeeld.nl');
    expect(joel).toMatchObject({ name: 'Joël Müller', allowsEmail: false, skillTags: ['go', 'kubernetes'], seniorityLevel: 'senior' });
    expect(joel.consentHistory.find((e: { channel: string }) => e.channel === 'email')).toMatchObject({ channel: 'email', granted: false, source: 'import' });
    const updatedBram = await candidateByEmail('bram.jones.1@example.com');
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
    const { id, upload } = await importFile(DUTCH, { duplicates: 'skip', mapping: DUTCH_MAPPING });
    // Everything valid is there already from the previous test, except Tess (no email: always new).
    expect(upload.json).toMatchObject({ status: 'completed', imported: 1, updated: 0, skipped: 8 });
    const lines = parseCsv((await recruiter.get(`/api/imports/${id}/report.csv`)).text).records.slice(1);
    expect(lines.map((r) => r.fields[0])).toEqual(['2', '3', '5', '6', '7', '8', '9', '10']);
    expect(lines.find((r) => r.fields[0] === '7')!.fields[2]).toMatch(/already exists \(skipped\)/);
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

    const exported = (await recruiter.get('/api/candidates/export.csv?location=Utrecht')).text;
    const preview = (await recruiter.post('/api/imports/preview', exported)).json;
    const rows = parseCsv(exported).records.length - 1;
    const withoutEmail = parseCsv(exported).records.slice(1).filter((r) => r.fields[2] === '').length;
    const { upload: again } = await importFile(exported, { duplicates: 'update', mapping: preview.mapping });
    expect(again.json).toMatchObject({ status: 'completed', updated: rows - withoutEmail, imported: withoutEmail, skipped: 0 });
  });
});

describe('import validation', () => {
  it('names the field of bad options', async () => {
    const cases: Array<[Record<string, unknown>, number, RegExp]> = [
      [{}, 400, /^mapping$/],
      [{ mapping: { email: 1 } }, 400, /^mapping$/],
      [{ mapping: { nam: 0 } }, 400, /^mapping/],
      [{ mapping: { name: 'A' } }, 400, /^mapping/],
      [{ mapping: { name: 0 }, duplicates: 'merge' }, 400, /^duplicates$/],
      [{ mapping: { name: 0 }, talentPoolId: 999999 }, 422, /^talentPoolId$/],
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
