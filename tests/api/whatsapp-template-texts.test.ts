// What the candidate will read: with WHATSAPP_BUSINESS_ACCOUNT_ID set, the approved
// templates a recruiter chooses from come with their body and Meta's status, read
// from a fake Cloud API on 127.0.0.1 in Meta's wire format (cursor paging included).
// Without the id, or when Meta refuses, they are still offered, without text, and
// the channel's state says why; a template Meta does not list, or lists with
// another number of parameters, is named as a problem.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Integrations } from '#domain/integrations/schemas.ts';
import type { WhatsAppChannel, WhatsAppState } from '#domain/whatsapp/schemas.ts';
import { signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { CONSENT, newCandidate } from '../support/test-data.ts';
import { FAKE_BUSINESS_ACCOUNT_ID, setEnv, startFakeWhatsApp, type FakeMetaTemplate, type FakeWhatsApp } from '../support/fake-whatsapp.ts';

let app: TestApp;
let recruiter: TestClient;
const fakes: FakeWhatsApp[] = [];

beforeAll(async () => {
  app = await startTestApp();
  recruiter = app.client({ ip: '10.142.0.1' });
  await signInRecruiter(recruiter);
});
afterAll(async () => {
  await app?.close();
  await Promise.all(fakes.map((fake) => fake.close()));
});

/** A fake of its own (Meta's answer is kept for minutes per account), with these templates, as the environment for the calls in `work`. */
async function withMeta<T>(templates: (defaults: FakeMetaTemplate[]) => FakeMetaTemplate[], extraEnv: Record<string, string | undefined>, work: (fake: FakeWhatsApp) => Promise<T>) {
  const fake = await startFakeWhatsApp();
  fakes.push(fake);
  fake.templates.splice(0, fake.templates.length, ...templates([...fake.templates]));
  const restore = setEnv(fake.env({ WHATSAPP_BUSINESS_ACCOUNT_ID: FAKE_BUSINESS_ACCOUNT_ID, ...extraEnv }));
  try {
    return await work(fake);
  } finally {
    restore();
  }
}

const state = async () => (await recruiter.get('/api/whatsapp')).json as WhatsAppState;
const channelOf = async (id: number) => (await recruiter.get(`/api/candidates/${id}/whatsapp`)).json as WhatsAppChannel;
const textsDetail = (s: WhatsAppState) => s.details.find((detail) => detail.label === 'Template texts')?.value;
const templateListings = (fake: FakeWhatsApp) => fake.calls.filter((call) => call.path.endsWith('/message_templates'));

describe('template texts from Meta', () => {
  it('come with each configured template, in the state and before a send to a candidate', async () => {
    await withMeta((defaults) => defaults, {}, async () => {
      const answer = await state();
      expect(textsDetail(answer)).toBe('Read from Meta (4 templates in the business account)');
      expect(answer.problems).toEqual([]);
      expect(answer.templates).toEqual([
        { name: 'talentloop_intro', language: 'nl', parameters: 1, status: 'APPROVED',
          body: 'Hoi {{1}}, we hebben een nieuwe vacature die bij je past. Zullen we even bellen?' },
        { name: 'talentloop_intro', language: 'en', parameters: 1, status: 'APPROVED',
          body: 'Hi {{1}}, we have a new role that fits you. Shall we have a quick call?' },
        { name: 'talentloop_ping', language: 'en', parameters: 0, status: 'APPROVED', body: 'Are you still open to new roles?' },
      ]);
      const person = await newCandidate(recruiter, CONSENT.whatsapp);
      expect((await channelOf(person.id)).templates).toEqual(answer.templates);
    });
  });

  it('are found past Meta\'s first page, and Meta is asked once for requests that come together', async () => {
    const filler = Array.from({ length: 130 }, (_, i): FakeMetaTemplate => ({
      name: `other_${i}`, language: 'en', status: 'APPROVED', id: String(8000 + i), components: [{ type: 'BODY', text: 'Other' }] }));
    await withMeta((defaults) => [...filler, ...defaults], {}, async (fake) => {
      const answers = await Promise.all(Array.from({ length: 5 }, () => state()));
      expect(answers.map((answer) => answer.templates.find((t) => t.name === 'talentloop_ping')?.body)).toEqual(Array(5).fill('Are you still open to new roles?'));
      expect(textsDetail(answers[0])).toBe('Read from Meta (134 templates in the business account)');
      // Two pages of 100, read once for all five.
      expect(templateListings(fake)).toHaveLength(2);
      await state();
      expect(templateListings(fake)).toHaveLength(2);
    });
  });

  it('name a template Meta does not list or lists with other parameters, and pass on a status other than approved', async () => {
    await withMeta((defaults) => defaults
      .filter((t) => t.name !== 'talentloop_ping')
      .map((t) => (t.language === 'nl' ? { ...t, components: [{ type: 'BODY', text: 'Hoi {{1}}, kom je op {{2}}?' }] } : t))
      .map((t) => (t.language === 'en' && t.name === 'talentloop_intro' ? { ...t, status: 'PENDING' } : t)), {}, async () => {
      const answer = await state();
      expect(answer.problems).toEqual([
        'talentloop_intro (nl) has 2 parameters at Meta; WHATSAPP_TEMPLATES says 1',
        "talentloop_ping (en) is not among the business account's templates at Meta",
      ]);
      expect(answer.templates.find((t) => t.language === 'en' && t.name === 'talentloop_intro')?.status).toBe('PENDING');
      expect(answer.templates.find((t) => t.name === 'talentloop_ping')).toMatchObject({ body: null, status: null });
      // Settings → Integrations shows the same on the WhatsApp card.
      const card = ((await recruiter.get('/api/settings/integrations')).json as Integrations).integrations.find((i) => i.kind === 'whatsapp')!;
      expect(card.details).toContainEqual({
        label: 'Template texts', value: 'Read from Meta (3 templates in the business account)', labelCode: 'integrations.details.templateTexts',
        valueCode: 'integrations.values.templateTextsRead', valueParams: { count: 3 },
      });
      expect(card.details).toContainEqual({
        label: 'Business account id (template texts)', value: FAKE_BUSINESS_ACCOUNT_ID, labelCode: 'integrations.details.businessAccountId',
      });
      // Each problem by its code, which the interface shows in its language (decision 032); the names as they are.
      expect(answer.problemCodes).toEqual([
        { code: 'integrations.problems.parameters_at_meta', params: { template: 'talentloop_intro (nl)', count: 2, configured: 1 } },
        { code: 'integrations.problems.not_at_meta', params: { template: 'talentloop_ping (en)' } },
      ]);
      expect(card.details.filter((detail) => detail.labelCode === 'integrations.details.templateProblems')).toEqual(
        answer.problems.map((value, i) => ({
          label: 'Template problems', value, labelCode: 'integrations.details.templateProblems',
          valueCode: answer.problemCodes![i].code, valueParams: answer.problemCodes![i].params,
        })));
    });
  });

  it('are not shown without WHATSAPP_BUSINESS_ACCOUNT_ID, and the state says what to set', async () => {
    await withMeta((defaults) => defaults, { WHATSAPP_BUSINESS_ACCOUNT_ID: undefined }, async (fake) => {
      const answer = await state();
      expect(textsDetail(answer)).toBe('Not shown: set WHATSAPP_BUSINESS_ACCOUNT_ID');
      expect(answer.templates.map((t) => [t.name, t.body, t.status])).toEqual([
        ['talentloop_intro', null, null], ['talentloop_intro', null, null], ['talentloop_ping', null, null]]);
      expect(templateListings(fake)).toHaveLength(0);
    });
  });

  it('when Meta refuses, the templates are still offered and the state gives Meta\'s reason', async () => {
    await withMeta((defaults) => defaults, { WHATSAPP_BUSINESS_ACCOUNT_ID: '5550001112223' }, async () => {
      const answer = await state();
      expect(textsDetail(answer)).toMatch(/^Could not be read from Meta: WhatsApp refused the request \(100\): .*does not exist/);
      expect(answer.templates).toHaveLength(3);
      const person = await newCandidate(recruiter, CONSENT.whatsapp);
      const channel = await recruiter.get(`/api/candidates/${person.id}/whatsapp`);
      expect(channel.status).toBe(200);
      expect((channel.json as WhatsAppChannel).templates.every((t) => t.body === null)).toBe(true);
    });
  });
});
