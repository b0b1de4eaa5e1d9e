// AI drafting: templates, suggestions, the built-in drafter offline, and the
// provider path against a fake OpenAI-compatible server (success, provider
// error, time-out).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { NO_AI, startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.ts';
import { newCandidate } from '../support/test-data.ts';

let app: TestApp;
let fake: FakeOpenAI;
let recruiter: TestClient;
let candidate: { id: number; name: string; job_function: string; skill_tags: string[]; location: string; email: string };

beforeAll(async () => {
  fake = await startFakeOpenAI();
  app = await startTestApp({ config: { openai: NO_AI } });
  recruiter = app.client({ ip: '10.20.0.1' });
  await signInRecruiter(recruiter);
  const created = await newCandidate(recruiter, {
    name: 'Sanne Bakker', jobFunction: 'Data Engineer', skillTags: ['python', 'sql'], location: 'Utrecht', email: 'sanne.bakker.ai@example.org',
  });
  candidate = {
    id: created.id, name: created.name, job_function: created.jobFunction as string, skill_tags: created.skillTags as string[],
    location: created.location as string, email: created.email!,
  };
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

const useProvider = (timeoutMs = 60_000) => { app.config.openai = { apiKey: 'sk-test', baseURL: fake.baseURL, model: 'fake-model', timeoutMs }; };
const offline = () => { app.config.openai = NO_AI; };

describe('templates', () => {
  it('lists one entry per template, each in English and Dutch, for every campaign type', async () => {
    const response = await recruiter.get('/api/ai-templates');
    expect(response.status).toBe(200);
    expect(Array.isArray(response.json)).toBe(true);
    const categories = new Set(response.json.map((t: { category: string }) => t.category));
    expect([...categories].sort()).toEqual(['announcement', 'event', 'followup', 'nurture']);
    for (const template of response.json) {
      expect(template).toMatchObject({ templateId: expect.any(String), name: expect.any(String) });
      expect(template.languages.sort()).toEqual(['dutch', 'english']);
    }
  });

  it('suggests templates for a campaign type', async () => {
    const response = await recruiter.get('/api/ai-templates/suggestions/event');
    expect(response.status).toBe(200);
    expect(response.json.suggestions.length).toBeGreaterThanOrEqual(2);
    expect(response.json.suggestions[0]).toEqual({
      id: expect.any(Number), templateId: 'event-invite', name: 'Event Invitation', description: expect.any(String), category: 'event',
    });
    const bad = await recruiter.get('/api/ai-templates/suggestions/party');
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ error: 'campaignType must be nurture, announcement, followup or event', code: 'validation.choice', params: { field: 'campaignType', choices: 'nurture, announcement, followup or event' }, field: 'campaignType' });
  });

  it('is for signed-in users only', async () => {
    expect((await app.client().get('/api/ai-templates')).status).toBe(401);
    expect((await app.client().post('/api/ai-content/generate', { templateId: 'nurture-checkin' })).status).toBe(401);
  });
});

describe('generation without an AI provider (offline)', () => {
  it('fills the template from the candidate in English and says it is a template draft', async () => {
    offline();
    const response = await recruiter.post('/api/ai-content/generate', {
      templateId: 'nurture-checkin', prompt: 'Check in about new roles', language: 'english',
      candidateData: { id: candidate.id }, channel: 'email', additionalContext: { industry: 'fintech' },
    });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ success: true, error: null, metadata: { templateName: 'Career Check-in', source: 'template', language: 'english' } });
    const firstName = candidate.name.split(' ')[0];
    expect(response.json.subject).toBe(`How are things going, ${firstName}?`);
    expect(response.json.content).toContain(`Hi ${firstName},`);
    expect(response.json.content).toContain(candidate.job_function);
    expect(response.json.content).toContain(candidate.location);
    expect(response.json.content).toContain('fintech');
    expect(response.json.content).toContain('Sam Jansen'); // the signed-in recruiter
    expect(response.json.metadata.placeholders).toEqual([]);
  });

  it('writes Dutch, and leaves what only the recruiter knows as placeholders', async () => {
    const response = await recruiter.post('/api/ai-content/generate', {
      templateId: 'announcement-role', prompt: 'Nieuwe rol', language: 'dutch', candidateData: { name: 'Femke Visser', jobFunction: 'Data Engineer' },
    });
    expect(response.status).toBe(200);
    expect(response.json.content).toMatch(/^Hoi Femke,/);
    expect(response.json.content).toContain('Met vriendelijke groet');
    expect(response.json.subject).toBe('Nieuwe vacature: {{jobTitle}} bij {{company}}');
    expect(response.json.metadata.placeholders.sort()).toEqual(['company', 'industry', 'jobTitle']);
  });

  it('keeps the recipient placeholders of a pool draft for the send', async () => {
    const response = await recruiter.post('/api/ai-content/generate', { templateId: 'event-invite', language: 'dutch',
      additionalContext: 'eventName: React Night\neventDate: 12 december' });
    expect(response.json.subject).toBe('Je bent uitgenodigd: React Night');
    expect(response.json.content).toContain('Hoi {{firstName}},');
    expect(response.json.content).toContain('Op 12 december organiseren we React Night');
  });

  it('names the field of a bad request', async () => {
    const missing = await recruiter.post('/api/ai-content/generate', { prompt: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ error: 'templateId is required', field: 'templateId' });
    const manual = await recruiter.post('/api/ai-content/generate', { templateId: 'manual', prompt: 'x' });
    expect(manual.json).toMatchObject({ error: 'Choose a template to generate content', field: 'templateId' });
    const language = await recruiter.post('/api/ai-content/generate', { templateId: 'nurture-checkin', language: 'german' });
    expect(language.json).toMatchObject({ error: 'language must be english or dutch', field: 'language' });
    const unknown = await recruiter.post('/api/ai-content/generate', { templateId: 'no-such-template' });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ success: false, error: 'Template not found', field: 'templateId' });
  });
});

describe('generation through an OpenAI-compatible provider', () => {
  it('sends the template, the prompt and the candidate, and parses subject and body', async () => {
    useProvider();
    fake.mode = 'ok';
    fake.reply = '**Subject:** A React role you might like, Bram\n\nHi Bram,\n\nA fintech team is looking for you.\n\nBest,\nSam';
    const response = await recruiter.post('/api/ai-content/generate', {
      templateId: 'announcement-role', prompt: 'Mention the hybrid setup', language: 'english', candidateData: { id: candidate.id }, channel: 'email',
    });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      success: true, subject: 'A React role you might like, Bram', content: 'Hi Bram,\n\nA fintech team is looking for you.\n\nBest,\nSam',
      metadata: { templateName: 'New Role Announcement', source: 'ai', model: 'fake-model' },
    });
    const request = fake.requests.at(-1)!;
    expect(request.authorization).toBe('Bearer sk-test');
    const prompt = request.messages.map((m) => m.content).join('\n');
    expect(prompt).toContain('Mention the hybrid setup');
    expect(prompt).toContain(candidate.name);
    expect(prompt).toContain(candidate.skill_tags[0]);
    expect(prompt).not.toContain(candidate.email); // contact details never go to the provider
  });

  it('names the same blanks as the template draft: the recruiter\'s to fill, not a recipient\'s own (filled at the send)', async () => {
    useProvider();
    fake.mode = 'ok';
    fake.reply = 'Subject: {{jobTitle}} for you, {{firstName}}\n\nHi {{firstName}},\n\nWe have a {{jobTitle}} role in {{location}}.\n\nSam';
    const response = await recruiter.post('/api/ai-content/generate', { templateId: 'announcement-role', prompt: 'A new role', language: 'english' });
    expect(response.status, response.text).toBe(200);
    expect(response.json.content).toContain('Hi {{firstName}},');
    // Before, the provider's draft listed every placeholder left ({{firstName}} and {{location}} too) and the template's only the blanks.
    expect(response.json.metadata).toMatchObject({ source: 'ai', placeholders: ['jobTitle'] });
  });

  it('answers a provider failure with success: false and the reason', async () => {
    useProvider();
    fake.mode = 'error';
    const response = await recruiter.post('/api/ai-content/generate', { templateId: 'nurture-checkin', prompt: 'x' });
    expect(response.status).toBe(502);
    expect(response.json).toMatchObject({ success: false, content: '', metadata: { templateName: 'Career Check-in' } });
    expect(response.json.error).toMatch(/AI provider refused the request \(500\)/);
  });

  it('answers a time-out with the text the UI shows as "Generation Timeout"', async () => {
    useProvider(300);
    fake.mode = 'slow';
    // 504 is the time-out's answer: the provider's slow answer never arrived in it.
    const response = await recruiter.post('/api/ai-content/generate', { templateId: 'nurture-checkin', prompt: 'x' });
    expect(response.status).toBe(504);
    expect(response.json).toMatchObject({ success: false, error: 'Request timed out. AI generation is taking longer than expected.' });
    fake.mode = 'ok';
  });
});
