// The malformed requests measured on the product in issue 8, one by one: what
// each answers now (the fuzz test, fuzz.test.ts, covers every route broadly).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { NO_AI } from '../support/fake-openai.ts';
import { OUTBOX_MAIL } from '../support/smtp-sink.ts';
import { ORIGIN } from '../support/constants.ts';
import { convertRow } from '#domain/imports/imports.server.ts';

const SECRET = 'malformed-inbound-secret';
let app: TestApp;
let recruiter: TestClient;
let admin: TestClient;

beforeAll(async () => {
  app = await startTestApp({ config: { openai: NO_AI, ...OUTBOX_MAIL, inboundMailSecret: SECRET } });
  recruiter = app.client({ ip: '127.0.1.1' });
  admin = app.client({ ip: '127.0.1.2' });
  await signInRecruiter(recruiter);
  await signInAdmin(admin);
});
afterAll(async () => { await app?.close(); });

/** A raw body as written (duplicate keys, number literals), with its content type, from the client's session. */
/** The fields these tests read from an answer (a refusal, or where an unreadable mail was kept). */
interface Answer { error?: string; field?: string; unmatchedId?: number }

async function raw(client: TestClient, method: string, path: string, body: string, type = 'application/json') {
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await app.api.request(`${ORIGIN}${path}`, {
    method, body, headers: { 'content-type': type, origin: ORIGIN, cookie, 'x-test-client-ip': '127.0.1.9' },
  });
  return { status: response.status, json: await response.json() as Answer };
}

describe('NUL characters are refused at validation, naming the field', () => {
  it('in the public forms, signed out', async () => {
    const anonymous = app.client({ ip: '127.0.1.3' });
    expect((await anonymous.post('/api/access-requests', { name: 'Ann\u0000', email: 'ann@example.com' })).json)
      .toEqual({ error: 'name must not contain a NUL character', code: 'validation.nul_character', params: { field: 'name' }, field: 'name' });
    const login = await anonymous.post('/api/auth/login', { username: 'rec\u0000ruiter', password: 'x' });
    expect(login.status).toBe(400);
    expect(login.json).toEqual({ error: 'username must not contain a NUL character', code: 'validation.nul_character', params: { field: 'username' }, field: 'username' });
  });

  it('in a query, a path id, a nested value and a field name', async () => {
    expect((await recruiter.get('/api/candidates?q=a%00b')).json).toEqual({ error: 'q must not contain a NUL character', code: 'validation.nul_character', params: { field: 'q' }, field: 'q' });
    expect((await recruiter.get('/api/candidates/1%00')).json).toEqual({ error: 'id must be a positive whole number', code: 'validation.positive_whole_number', params: { field: 'id' }, field: 'id' });
    const nested = await recruiter.post('/api/candidates', { name: 'Ann', skillTags: ['ok', 'b\u0000d'] });
    expect(nested.json).toEqual({ error: 'skillTags.1 must not contain a NUL character', code: 'validation.nul_character', params: { field: 'skillTags.1' }, field: 'skillTags.1' });
    const key = await raw(recruiter, 'POST', '/api/talent-pools', '{"name":"Pool","x\\u0000":1}');
    expect(key.status).toBe(400);
    expect(key.json).toMatchObject({ field: 'body' });
  });

  it('in a lone surrogate, which would otherwise be stored as U+FFFD', async () => {
    const response = await raw(recruiter, 'POST', '/api/talent-pools', '{"name":"Pool \\ud83d"}');
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ field: 'name' });
  });

  it('in a CSV row, which is skipped with the field named', () => {
    expect(convertRow(['Ann\u0000 de Vries'], { name: 0 })).toEqual({
      ok: false, problem: { field: 'name', message: 'name must not contain a NUL character', code: 'validation.nul_character', params: { field: 'name' } },
    });
  });
});

describe('bytes that are not UTF-8 are refused, not stored as U+FFFD', () => {
  it('in a candidate, a pool and the profile, naming the body', async () => {
    const invalid = (json: string) => Buffer.concat([Buffer.from(json.slice(0, json.indexOf('@'))), Buffer.from([0xff, 0xfe]), Buffer.from(json.slice(json.indexOf('@') + 1))]);
    const cookie = [...recruiter.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    for (const [method, path, json] of [
      ['POST', '/api/candidates', '{"name":"Ann @de Vries"}'],
      ['POST', '/api/talent-pools', '{"name":"Pool @"}'],
      ['PUT', '/api/settings/profile', '{"displayName":"Sam @"}'],
    ] as const) {
      const response = await app.api.request(`${ORIGIN}${path}`, {
        method, body: invalid(json), headers: { 'content-type': 'application/json', origin: ORIGIN, cookie, 'x-test-client-ip': '127.0.1.9' },
      });
      expect(response.status, path).toBe(400);
      expect(await response.json(), path).toEqual({ error: 'body is not valid UTF-8 text', code: 'not_utf8', field: 'body' });
    }
    const stored = await app.pools.owner.query(`select count(*)::int as n from public.candidates where name like 'Ann %de Vries'`);
    expect(stored.rows[0].n).toBe(0);
  });
});

describe('numbers and ids beyond what is stored are refused', () => {
  it('a talent pool id of 1e20 on a campaign', async () => {
    const response = await recruiter.post('/api/campaigns', {
      name: 'N', talentPoolId: 1e20, emailSubject: 'S', emailContent: 'C', campaignType: 'nurture',
    });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ field: 'talentPoolId' });
  });

  it('originalMessageId written as a 20-digit literal', async () => {
    const response = await raw(recruiter, 'POST', '/api/candidates/1/messages',
      '{"content":"Hi","subject":"Re","channel":"email","originalMessageId":99999999999999999999}');
    expect(response.json).toEqual({ error: 'originalMessageId must be a message id', code: 'validation.message_id', params: { field: 'originalMessageId' }, field: 'originalMessageId' });
  });

  it('ids in a list and in the path', async () => {
    const listed = await recruiter.post('/api/candidates/bulk-delete', { candidateIds: [1e20] });
    expect(listed.json).toEqual({ error: 'candidateIds must be a list of candidate ids', code: 'validation.candidate_ids', field: 'candidateIds.0' });
    expect((await recruiter.get('/api/candidates/99999999999999999999')).json)
      .toEqual({ error: 'id is too large (at most 9007199254740991)', code: 'validation.id_too_large', params: { field: 'id', max: 9007199254740991 }, field: 'id' });
    expect((await recruiter.get('/api/candidates/0')).json).toEqual({ error: 'id must be a positive whole number', code: 'validation.positive_whole_number', params: { field: 'id' }, field: 'id' });
    expect((await recruiter.get('/api/messages?candidateId=1e30')).json).toMatchObject({ field: 'candidateId' });
  });
});

describe('every refusal names the field', () => {
  it('a body that is not a JSON object is refused as "body"', async () => {
    for (const body of ['null', '[]', '"text"', '42']) {
      const response = await raw(recruiter, 'POST', '/api/talent-pools', body);
      expect(response.status).toBe(400);
      expect(response.json).toMatchObject({ field: 'body' });
      expect((response.json as { error: string }).error).toMatch(/^body must be a JSON object, not /);
    }
  });

  it('{} on PATCH says there is nothing to update', async () => {
    expect((await recruiter.patch('/api/candidates/1', {})).json).toEqual({ error: 'nothing to update', code: 'validation.nothing_to_update', field: 'body' });
  });

  it('a bad user id on the admin route is field "id"', async () => {
    expect((await admin.patch('/api/admin/users/not-a-uuid', { displayName: 'X' })).json)
      .toEqual({ error: 'id must be a user id', code: 'validation.user_id', params: { field: 'id' }, field: 'id' });
  });

  it('a wrong type says what is expected; a missing value says it is required', async () => {
    expect((await recruiter.patch('/api/candidates/1', { allowsEmail: 'x' })).json)
      .toEqual({ error: 'allowsEmail must be true or false', code: 'validation.true_or_false', params: { field: 'allowsEmail' }, field: 'allowsEmail' });
    expect((await recruiter.post('/api/talent-pools', { name: 5 })).json)
      .toEqual({ error: 'name must be text, not a number', code: 'validation.wrong_type', params: { field: 'name', expected: 'string', actual: 'number' }, field: 'name' });
    expect((await recruiter.post('/api/talent-pools', {})).json).toEqual({ error: 'name is required', code: 'validation.required', params: { field: 'name' }, field: 'name' });
    expect((await recruiter.post('/api/candidates/1/messages', { content: ['x'], subject: 'S' })).json)
      .toEqual({ error: 'content must be text, not a list', code: 'validation.wrong_type', params: { field: 'content', expected: 'string', actual: 'list' }, field: 'content' });
  });

  it('a key given twice is refused, naming it', async () => {
    const top = await raw(recruiter, 'POST', '/api/talent-pools', '{"name":"A","description":"d","name":"B"}');
    expect(top.json).toEqual({ error: 'name is given more than once', code: 'duplicate_key', params: { field: 'name' }, field: 'name' });
    const inner = await raw(recruiter, 'POST', '/api/ai-content/generate',
      '{"templateId":"x","candidateData":{"name":"a","skillTags":["x"],"name":"b"}}');
    expect(inner.json).toEqual({ error: 'candidateData.name is given more than once', code: 'duplicate_key', params: { field: 'candidateData.name' }, field: 'candidateData.name' });
    // The same key in two different objects is fine.
    const fine = await raw(recruiter, 'POST', '/api/talent-pools', '{"name":"Twice fine","description":"{\\"name\\":1}"}');
    expect(fine.status).toBe(201);
  });

  it('a body sent as something other than JSON is a 415', async () => {
    expect((await raw(recruiter, 'POST', '/api/talent-pools', '{"name":"Plain"}', 'text/plain')).json)
      .toEqual({ error: 'Content-Type must be application/json', code: 'not_json', field: 'content-type' });
  });
});

describe('forged paging cursors are a 422 naming cursor', () => {
  const cursor = (value: string) => Buffer.from(`[${value},1]`).toString('base64url');
  it.each([
    ['leadScore', '99999999999999'],
    ['engagementScore', '1.5'],
    ['createdAt', '"2026-02-30 10:00:00+00"'],
    ['createdAt', '"yesterday"'],
    ['createdAt', '12'],
    ['name', '7'],
    ['name', 'null'],
    ['location', '"a\\u0000b"'],
  ])('sort=%s with %s', async (sort, value) => {
    const response = await recruiter.get(`/api/candidates?sort=${sort}&cursor=${cursor(value)}`);
    expect(response.status).toBe(422);
    expect(response.json).toEqual({ error: 'cursor is not valid; start again without it', code: 'cursor_invalid', field: 'cursor' });
  });

  it('the measured one: Wzk5OTk5OTk5OTk5OTksMV0 with sort=leadScore', async () => {
    expect((await recruiter.get('/api/candidates?cursor=Wzk5OTk5OTk5OTk5OTksMV0&sort=leadScore')).status).toBe(422);
  });

  it('a real createdAt cursor still pages', async () => {
    const first = await recruiter.get('/api/candidates?sort=createdAt&limit=5');
    const next = await recruiter.get(`/api/candidates?sort=createdAt&limit=5&cursor=${first.headers.get('x-next-cursor')}`);
    expect(next.status).toBe(200);
    expect(next.json).toHaveLength(5);
  });
});

describe('usernames follow better-auth\'s rule', () => {
  it('"dash-user" is a 400 naming username, not a 500', async () => {
    const response = await admin.post('/api/admin/users', {
      username: 'dash-user', displayName: 'Dash', email: 'dash@example.com', password: 'a-long-enough-password', role: 'recruiter',
    });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ error: 'username must be 3-30 letters, digits, dots or underscores', code: 'validation.username_rule', field: 'username' });
    const long = await admin.post('/api/admin/users', {
      username: 'u'.repeat(31), displayName: 'Long', email: 'long@example.com', password: 'a-long-enough-password', role: 'recruiter',
    });
    expect(long.json).toMatchObject({ field: 'username' });
  });
});

describe('the CSV export of candidates is audited', () => {
  it('records who exported, with which filters and how many rows', async () => {
    const response = await recruiter.get('/api/candidates/export.csv?seniority=senior');
    expect(response.status).toBe(200);
    const rows = response.text.trim().split('\n').length - 1;
    const { rows: [entry] } = await app.pools.owner.query<{ actor: string; details: unknown }>(
      `select p.username::text as actor, a.details from public.audit_log a join public.profiles p on p.id = a.actor_id
        where a.action = 'candidate.export' order by a.id desc limit 1`);
    expect(entry.actor).toBe('recruiter');
    expect(entry.details).toEqual({ filters: { seniority: 'senior', sort: 'name', dir: 'asc' }, rows });
  });
});

describe('inbound mail the parser cannot read', () => {
  const deliver = async (body: string) => {
    const response = await app.api.request(`${ORIGIN}/api/inbound/email`, {
      method: 'POST', body, headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${SECRET}` },
    });
    return { status: response.status, json: await response.json() as Answer };
  };
  const head = 'From: Someone <someone@example.com>\r\nTo: reply@talentloop.test\r\n';

  it('a 2 MB header is a 413, and the raw message is kept for an admin', async () => {
    const response = await deliver(`${head}Message-ID: <big-header@example.com>\r\nSubject: ${'s'.repeat(2 * 1024 * 1024)}\r\n\r\nhello\r\n`);
    expect(response.status).toBe(413);
    expect(response.json).toMatchObject({ error: 'The mail header is larger than 256 KB', field: 'body' });
    const kept = await admin.get(`/api/inbound/unmatched/${response.json.unmatchedId}`);
    expect(kept.json).toMatchObject({
      internetMessageId: '<big-header@example.com>', from: 'Someone <someone@example.com>',
      reason: 'Not read: The mail header is larger than 256 KB',
      // The refusal's own code: the interface says it in its language (decision 032).
      reasonCode: 'mail_header_too_large', reasonParams: { size: 256 },
    });
    expect((kept.json as { raw: string }).raw.length).toBeGreaterThan(2 * 1024 * 1024);
    const { emails } = (await recruiter.get('/api/inbound/unmatched')).json as { emails: Array<{ id: number }> };
    expect(emails.map((e) => e.id)).toContain(response.json.unmatchedId);
  });

  it('2,000 nested MIME parts are a 422', async () => {
    let mime = 'Content-Type: text/plain\r\n\r\nleaf\r\n';
    for (let i = 2000; i > 0; i--) mime = `Content-Type: multipart/mixed; boundary="b${i}"\r\n\r\n--b${i}\r\n${mime}--b${i}--\r\n`;
    const response = await deliver(`${head}Subject: nested\r\n${mime}`);
    expect(response.status).toBe(422);
    expect(response.json).toMatchObject({ error: 'The message has more than 500 MIME parts' });
  });

  it('NUL bytes, raw or encoded, are a 422 and kept (NUL shown as U+FFFD)', async () => {
    const rawNul = await deliver(`${head}Subject: nul\r\n\r\nhello\u0000there\r\n`);
    expect(rawNul.status).toBe(422);
    const kept = await admin.get(`/api/inbound/unmatched/${rawNul.json.unmatchedId}`);
    expect((kept.json as { raw: string }).raw).toContain('hello\uFFFDthere');
    const encoded = await deliver(`${head}Subject: =?utf-8?B?YQBi?=\r\n\r\nhi\r\n`);
    expect(encoded.status).toBe(422);
    expect(encoded.json).toMatchObject({ error: 'The message decodes to text with NUL characters, which cannot be stored' });
  });

  it('a mail the parser gives up on is refused with its reason (a part\'s header over mailparser\'s 1 MB)', async () => {
    const part = `--B\r\nContent-Type: text/plain\r\nX-Big: ${'h'.repeat(1536 * 1024)}\r\n\r\ntext\r\n--B--\r\n`;
    const response = await deliver(`${head}Subject: part\r\nContent-Type: multipart/mixed; boundary="B"\r\n\r\n${part}`);
    expect(response.status).toBe(413);
    expect((response.json as { error: string }).error).toMatch(/^The message could not be parsed as an email \(/);
    expect(response.json).toMatchObject({ field: 'body' });
  });
});
