// Organisation settings (admins change, members read) and personal settings (the
// signed-in user's own) on the real database, their validation, the database's
// bounds against the schema's, and drafts that use them (offline and through the
// fake OpenAI-compatible server).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SETTINGS_LIMITS } from '#domain/settings/schemas.ts';
import { login, makeUser } from '../support/auth-users.ts';
import { NO_AI, startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.ts';
import { signInAdmin, signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';

let app: TestApp;
let fake: FakeOpenAI;
let recruiter: TestClient;
let admin: TestClient;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  app = await startTestApp({ config: { openai: NO_AI } });
  recruiter = app.client({ ip: '10.120.0.1' });
  await signInRecruiter(recruiter);
  admin = app.client({ ip: '10.120.0.2' });
  await signInAdmin(admin);
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

const ORGANISATION = {
  companyName: 'Acme Talent', website: 'https://acme.example', industry: 'fintech', senderName: 'Acme Recruiting',
  senderEmail: 'Jobs@Acme.example', signature: 'Acme Talent · Herengracht 1, Amsterdam', defaultLanguage: 'dutch', timeZone: 'Europe/London',
};

/** Each test starts from a new organisation's settings. */
async function resetOrganisation() {
  await app.pools.owner.query(`update public.organisation_settings set company_name = null, website = null, industry = null,
    sender_name = null, sender_email = null, signature = null, default_language = null, time_zone = 'Europe/Amsterdam'`);
}

/** A user of their own, signed in, so that renaming them touches no other test. */
async function freshUser(ip: string) {
  const user = await makeUser(app);
  const client = app.client({ ip });
  expect((await login(client, user)).status).toBe(200);
  return { user, client };
}

describe('/api/settings/organisation', () => {
  beforeEach(resetOrganisation);

  it('members read the defaults; admins change them; recruiters are refused and change nothing', async () => {
    const read = await recruiter.get('/api/settings/organisation');
    expect(read.status).toBe(200);
    expect(read.json).toEqual({
      companyName: null, website: null, industry: null, senderName: null, senderEmail: null, signature: null,
      defaultLanguage: null, timeZone: 'Europe/Amsterdam', sendFrom: 'shared', consentValidMonths: 24, renewalLeadDays: 30, retentionDigest: true,
      accessRequestEmails: true, adminEmailRecipients: null, updatedAt: expect.any(String),
    });

    const refused = await recruiter.send('PUT', '/api/settings/organisation', { body: { companyName: 'Mine now' } });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toMatch(/Admin privileges are required/);
    expect((await recruiter.get('/api/settings/organisation')).json.companyName).toBeNull();

    const saved = await admin.send('PUT', '/api/settings/organisation', { body: ORGANISATION });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toEqual({ ...ORGANISATION, senderEmail: 'jobs@acme.example', sendFrom: 'shared', consentValidMonths: 24, renewalLeadDays: 30,
      retentionDigest: true, accessRequestEmails: true, adminEmailRecipients: expect.any(Array), updatedAt: expect.any(String) });
    // The same settings; whom the emails to admins go to is for admins only.
    expect((await recruiter.get('/api/settings/organisation')).json).toEqual({ ...saved.json, adminEmailRecipients: null });
    const { rows: [row] } = await app.pools.owner.query<{ updated_by: string }>(
      `select updated_by from public.organisation_settings`);
    expect(row.updated_by).toBeTruthy();
  });

  it('an admin reads whom the emails to admins go to: admins not banned who keep them on; a recruiter reads null', async () => {
    const second = await makeUser(app, 'admin');
    const secondName = `Test ${second.username}`;
    const me = (await admin.get('/api/settings/profile')).json.displayName as string;
    const recipients = async () => ((await admin.get('/api/settings/organisation')).json.adminEmailRecipients as Array<{ id: string; name: string }>)
      .map((recipient) => recipient.name);
    try {
      expect(await recipients()).toEqual(expect.arrayContaining([me, secondName]));
      expect((await admin.send('PUT', '/api/settings/profile', { body: { staffEmails: false } })).status).toBe(200);
      const withoutMe = await recipients();
      expect(withoutMe).toContain(secondName);
      expect(withoutMe).not.toContain(me);
      await app.pools.owner.query('update public.profiles set banned = true where id = $1', [second.id]);
      expect(await recipients()).not.toContain(secondName);
      await app.pools.owner.query(`update public.profiles set staff_emails = false where role = 'admin'`);
      expect(await recipients()).toEqual([]);
      expect((await recruiter.get('/api/settings/organisation')).json.adminEmailRecipients).toBeNull();
    } finally {
      await app.pools.owner.query(`update public.profiles set staff_emails = true where role = 'admin'`);
    }
  });

  it('keeps what a PUT leaves out, and clears what it sends blank or null', async () => {
    await admin.send('PUT', '/api/settings/organisation', { body: ORGANISATION });
    const changed = await admin.send('PUT', '/api/settings/organisation', { body: { industry: 'healthcare', website: '', signature: null } });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json).toMatchObject({ companyName: 'Acme Talent', industry: 'healthcare', website: null, signature: null, timeZone: 'Europe/London' });
  });

  it('names the field of bad input, and saves nothing', async () => {
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ senderEmail: 'jobs at acme' }, 'senderEmail', /valid email address/],
      [{ website: 'acme.example' }, 'website', /web address/],
      [{ website: 'ftp://acme.example' }, 'website', /web address/],
      [{ website: 'javascript:alert(1)' }, 'website', /web address/],
      [{ timeZone: 'Mars/Olympus_Mons' }, 'timeZone', /IANA time zone/],
      [{ timeZone: '+01:00' }, 'timeZone', /IANA time zone/],
      [{ timeZone: 42 }, 'timeZone', /IANA time zone/],
      [{ companyName: 'x'.repeat(SETTINGS_LIMITS.companyName + 1) }, 'companyName', /at most 120 characters/],
      [{ signature: 'x'.repeat(SETTINGS_LIMITS.signature + 1) }, 'signature', /at most 2000 characters/],
      [{ defaultLanguage: 'german' }, 'defaultLanguage', /english or dutch/],
      [{ companyName: 'Acme', tracking: false }, 'body', /unknown fields: tracking/],
      [{ companyName: 'A\u0000cme' }, 'companyName', /NUL/],
    ];
    for (const [body, field, message] of cases) {
      const response = await admin.send('PUT', '/api/settings/organisation', { body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json.field, JSON.stringify(body)).toBe(field);
      expect(response.json.error).toMatch(message);
    }
    const notJson = await admin.send('PUT', '/api/settings/organisation', { body: '[1]' });
    expect(notJson.status).toBe(400);
    expect((await admin.get('/api/settings/organisation')).json.companyName).toBeNull();
  });

  it('is for signed-in users only; /api/settings/privacy still answers beside it', async () => {
    expect((await app.client().get('/api/settings/organisation')).status).toBe(401);
    expect((await app.client().send('PUT', '/api/settings/organisation', { body: {} })).status).toBe(401);
    expect((await recruiter.get('/api/settings/privacy')).json).toEqual({ trackingEnabled: true });
  });
});

describe('/api/settings/profile', () => {
  it('reads and saves my display name, title, signature and time zone (my booking zone), for me only', async () => {
    const { user, client } = await freshUser('10.120.1.1');
    const start = await client.get('/api/settings/profile');
    expect(start.status).toBe(200);
    expect(start.json).toEqual({
      username: user.username, email: `${user.username}@example.com`, displayName: `Test ${user.username}`,
      title: null, signature: null, timeZone: 'Europe/Amsterdam', language: null, staffEmails: true,
    });

    const saved = await client.send('PUT', '/api/settings/profile', {
      body: { displayName: '  Noor Bakker ', title: 'Talent Partner', signature: 'Noor Bakker\nTalent Partner', timeZone: 'america/new_york' },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toEqual({ ...start.json, displayName: 'Noor Bakker', title: 'Talent Partner', signature: 'Noor Bakker\nTalent Partner',
      timeZone: 'America/New_York' });

    // One name everywhere: the session, better-auth's copy (as the admin portal keeps it), and one zone: the booking page's.
    expect((await client.get('/api/auth/me')).json.user.displayName).toBe('Noor Bakker');
    const { rows: [account] } = await app.pools.owner.query<{ name: string }>('select name from app_auth."user" where id = $1', [user.id]);
    expect(account.name).toBe('Noor Bakker');
    const booking = await client.get('/api/booking-settings');
    expect(booking.json.settings.timeZone).toBe('America/New_York');
    expect(booking.json.saved).toBe(true);

    // Another user's profile is untouched.
    expect((await recruiter.get('/api/settings/profile')).json).toMatchObject({ username: 'recruiter', displayName: 'Sam Jansen' });
  });

  it('changes only the zone of existing booking settings, and keeps what a PUT leaves out', async () => {
    const { client } = await freshUser('10.120.1.2');
    const booking = (await client.get('/api/booking-settings')).json.settings;
    const hours = { ...booking, availability: { ...booking.availability, saturday: [{ start: '10:00', end: '12:00' }] } };
    expect((await client.send('PUT', '/api/booking-settings', { body: hours })).status).toBe(200);
    await client.send('PUT', '/api/settings/profile', { body: { title: 'Recruiter', signature: 'Sig' } });

    const saved = await client.send('PUT', '/api/settings/profile', { body: { timeZone: 'Asia/Tokyo', signature: '' } });
    expect(saved.json).toMatchObject({ title: 'Recruiter', signature: null, timeZone: 'Asia/Tokyo' });
    const after = (await client.get('/api/booking-settings')).json.settings;
    expect(after).toEqual({ ...hours, timeZone: 'Asia/Tokyo' });
  });

  it('names the field of bad input; role and username cannot be changed here', async () => {
    const { client } = await freshUser('10.120.1.3');
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ displayName: '   ' }, 'displayName', /displayName is required/],
      [{ displayName: 'x'.repeat(SETTINGS_LIMITS.displayName + 1) }, 'displayName', /at most 120 characters/],
      [{ title: 'x'.repeat(SETTINGS_LIMITS.title + 1) }, 'title', /at most 120 characters/],
      [{ signature: 'x'.repeat(SETTINGS_LIMITS.signature + 1) }, 'signature', /at most 2000 characters/],
      [{ timeZone: 'Europe/Atlantis' }, 'timeZone', /IANA time zone/],
      [{ role: 'admin' }, 'body', /unknown fields: role/],
      [{ username: 'someone' }, 'body', /unknown fields: username/],
    ];
    for (const [body, field, message] of cases) {
      const response = await client.send('PUT', '/api/settings/profile', { body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json.field).toBe(field);
      expect(response.json.error).toMatch(message);
    }
    expect((await client.get('/api/auth/me')).json.user.role).toBe('recruiter');
    expect((await app.client().get('/api/settings/profile')).status).toBe(401);
  });

  it('save_own_profile changes the caller\'s own row only, and not without a signed-in member', async () => {
    const { user } = await freshUser('10.120.1.4');
    const db = await app.pools.app.connect();
    try {
      await db.query('begin');
      await db.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
        [JSON.stringify({ role: 'authenticated', sub: user.id })]);
      await db.query(`select public.save_own_profile('Own Name', null, null)`);
      const { rows } = await db.query<{ username: string; display_name: string }>(
        `select username::text, display_name from public.profiles where display_name = 'Own Name'`);
      expect(rows).toEqual([{ username: user.username, display_name: 'Own Name' }]);
      await expect(db.query(`update public.profiles set role = 'admin' where id = $1`, [user.id]).then((r) => r.rowCount)).resolves.toBe(0);
      await db.query('rollback');
      await db.query('begin');
      await db.query(`select set_config('role', 'anon', true)`);
      await expect(db.query(`select public.save_own_profile('x', null, null)`)).rejects.toThrow(/permission denied/);
    } finally {
      await db.query('rollback');
      db.release();
    }
  });
});

describe('the database holds the same bounds as the schemas', () => {
  const columns: Array<[string, string, number]> = [
    ['organisation_settings', 'company_name', SETTINGS_LIMITS.companyName],
    ['organisation_settings', 'industry', SETTINGS_LIMITS.industry],
    ['organisation_settings', 'sender_name', SETTINGS_LIMITS.senderName],
    ['organisation_settings', 'signature', SETTINGS_LIMITS.signature],
    ['profiles', 'display_name', SETTINGS_LIMITS.displayName],
    ['profiles', 'title', SETTINGS_LIMITS.title],
    ['profiles', 'signature', SETTINGS_LIMITS.signature],
  ];
  it.each(columns)('%s.%s: at most %i characters', async (table, column, limit) => {
    const db = await app.pools.owner.connect();
    try {
      await db.query('begin');
      await db.query(`update public.${table} set ${column} = $1`, ['x'.repeat(limit)]);
      await expect(db.query(`update public.${table} set ${column} = $1`, ['x'.repeat(limit + 1)])).rejects.toThrow(/check constraint/);
    } finally {
      await db.query('rollback');
      db.release();
    }
  });

  it('website and sender address: the database refuses what the schema refuses', async () => {
    const db = await app.pools.owner.connect();
    try {
      for (const [column, value] of [['website', 'acme.example'], ['website', `https://${'x'.repeat(SETTINGS_LIMITS.website)}`], ['sender_email', 'no-at-sign']]) {
        await db.query('begin');
        await expect(db.query(`update public.organisation_settings set ${column} = $1`, [value])).rejects.toThrow(/check constraint/);
        await db.query('rollback');
      }
    } finally {
      db.release();
    }
  });
});

describe('drafts use the settings and the prompt', () => {
  beforeEach(async () => {
    await resetOrganisation();
    await admin.send('PUT', '/api/settings/organisation', { body: ORGANISATION });
    app.config.openai = NO_AI;
  });

  it('offline: company, name, title, signature from settings; role, place, event and date from the prompt', async () => {
    const { client } = await freshUser('10.120.2.1');
    await client.send('PUT', '/api/settings/profile', { body: { displayName: 'Noor Bakker', title: 'Talent Partner' } });
    const response = await client.post('/api/ai-content/generate', {
      templateId: 'event-invite', language: 'english', prompt: 'invite backend developers in Utrecht to our React Night on 12 March',
    });
    expect(response.status, response.text).toBe(200);
    expect(response.json.subject).toBe('You are invited: React Night in Utrecht');
    expect(response.json.content).toContain('We are organising React Night in Utrecht on 12 March');
    expect(response.json.content).toContain('people working in fintech');
    expect(response.json.content).toContain('As someone working as backend developer');
    expect(response.json.content).toMatch(/See you there,\nNoor Bakker\nTalent Partner\nAcme Talent · Herengracht 1, Amsterdam$/);
    expect(response.json.metadata).toMatchObject({ source: 'template', placeholders: [] });

    const announcement = await client.post('/api/ai-content/generate', {
      templateId: 'announcement-role', language: 'dutch', prompt: 'Kondig een vacature voor Senior Data Engineer aan', candidateData: { name: 'Femke Visser' },
    });
    expect(announcement.json.subject).toBe('Nieuwe vacature: Senior Data Engineer bij Acme Talent');
    expect(announcement.json.metadata.placeholders).toEqual([]);
  });

  it('with a provider: the same settings and prompt go to the model; a placeholder it kept is filled', async () => {
    const { client } = await freshUser('10.120.2.2');
    await client.send('PUT', '/api/settings/profile', { body: { displayName: 'Noor Bakker', signature: 'Noor Bakker\nTalent Partner, Acme' } });
    app.config.openai = { apiKey: 'sk-test', baseURL: fake.baseURL, model: 'fake-model', timeoutMs: 60_000 };
    fake.mode = 'ok';
    fake.reply = 'Subject: Join us at {{eventName}}\n\nHi {{firstName}},\n\n{{company}} invites you.\n\nNoor Bakker\nTalent Partner, Acme';
    const response = await client.post('/api/ai-content/generate', {
      templateId: 'event-invite', language: 'english', prompt: 'invite backend developers in Utrecht to our React Night on 12 March',
    });
    expect(response.status, response.text).toBe(200);
    expect(response.json.subject).toBe('Join us at React Night in Utrecht');
    expect(response.json.content).toContain('Acme Talent invites you.');
    expect(response.json.content).toContain('Hi {{firstName}},'); // per recipient, at the send
    // The recruiter's blanks only, as the template draft names them: {{firstName}} is filled per recipient (decision 033).
    expect(response.json.metadata).toMatchObject({ source: 'ai', placeholders: [] });
    const prompt = fake.requests.at(-1)!.messages.map((m) => m.content).join('\n');
    expect(prompt).toContain('invite backend developers in Utrecht to our React Night on 12 March');
    expect(prompt).toContain('company: Acme Talent; website: https://acme.example; industry: fintech');
    expect(prompt).toContain('Recruiter: name: Noor Bakker');
    expect(prompt).toContain('{{eventName}} = React Night in Utrecht');
    expect(prompt).toContain('{{eventDate}} = 12 March');
    expect(prompt).toContain('Signature:\nNoor Bakker\nTalent Partner, Acme\nAcme Talent · Herengracht 1, Amsterdam');
    expect(prompt).toContain('End the email with the signature given');
  });
});
