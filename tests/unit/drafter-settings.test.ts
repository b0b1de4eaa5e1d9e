// The built-in drafter with the organisation's and the recruiter's settings and
// the prompt: {{company}}, {{recruiterName}} and the signature come from settings,
// the role, place, event and date from the prompt, and no placeholder is left
// that any of them could have filled (over every built-in template, both languages).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { draftFromTemplate, draftValues, type DraftInput, type DraftTemplate, type DraftingSettings } from '#domain/ai/drafter.ts';
import { placeholdersIn, RECIPIENT_PLACEHOLDERS, signatureBlock } from '#domain/placeholders/placeholders.ts';
import { factsFromPrompt } from '#domain/ai/prompt-facts.ts';

/** The built-in templates, read from the migration that inserts them (no database in a unit test). */
function builtInTemplates(): Array<DraftTemplate & { id: string }> {
  const sql = readFileSync(new URL('../../supabase/migrations/20261121000020_messaging.sql', import.meta.url), 'utf8');
  const rows = [...sql.matchAll(/\('([a-z-]+-(?:en|nl))', '(?:[^']|'')*', '(?:[^']|'')*', '[a-z]+', '(english|dutch)',\s*'((?:[^']|'')*)',\s*\$t\$([\s\S]*?)\$t\$\)/g)];
  return rows.map(([, id, language, subject, body]) => ({ id, language: language as DraftTemplate['language'], subject: subject.replace(/''/g, "'"), body }));
}

const SETTINGS: DraftingSettings = {
  company: 'Acme', website: 'https://acme.example', industry: 'fintech', recruiterTitle: 'Senior Recruiter',
  organisationSignature: 'Acme Recruiting · https://acme.example',
};
const EVENT_TEMPLATE: DraftTemplate = {
  language: 'english', subject: 'You are invited: {{eventName}}',
  body: 'Hi {{firstName}},\n\nWe are organising {{eventName}} on {{eventDate}}. As {{jobFunction}} in {{industry}} you will enjoy it.\n\nSee you there,\n{{recruiterName}}',
};
const PROMPT = 'invite backend developers in Utrecht to our React Night on 12 March';

describe('what a prompt names', () => {
  it('reads role, place, event and date from the example prompt, the date in the draft\'s language', () => {
    expect(factsFromPrompt(PROMPT, 'english')).toEqual({
      role: 'backend developers', roleSingular: 'backend developer', location: 'Utrecht', eventName: 'React Night', eventDate: '12 March',
    });
    expect(factsFromPrompt(PROMPT, 'dutch').eventDate).toBe('12 maart');
  });

  it.each([
    ['Nodig alle Java-ontwikkelaars in Den Haag uit voor onze Java Borrel op 3 april 2027', 'dutch',
      { role: 'Java-ontwikkelaars', roleSingular: 'Java-ontwikkelaar', location: 'Den Haag', eventName: 'Java Borrel', eventDate: '3 april 2027' }],
    ['Announce a Senior Data Engineer role at Acme Corp in Amsterdam', 'english',
      { role: 'Senior Data Engineer', roleSingular: 'Senior Data Engineer', location: 'Amsterdam', company: 'Acme Corp' }],
    ['Invite data scientists to the "AI Breakfast" on March 5th', 'english',
      { role: 'data scientists', roleSingular: 'data scientist', eventName: 'AI Breakfast', eventDate: '5 March' }],
    ['Follow up with frontend engineers in Rotterdam, in Dutch', 'english',
      { role: 'frontend engineers', roleSingular: 'frontend engineer', location: 'Rotterdam' }],
    ['Invite them to our tech meetup on 2026-12-01', 'english', { eventName: 'Tech Meetup', eventDate: '1 December 2026' }],
    ['Ask if they are open to a Lead Developer role at Globex', 'english',
      { role: 'Lead Developer', roleSingular: 'Lead Developer', company: 'Globex' }],
    ['Invite engineers experienced in React to our Frontend Meetup in Utrecht', 'english',
      { role: 'engineers', roleSingular: 'engineer', eventName: 'Frontend Meetup', location: 'Utrecht' }],
    ['Coffee next week about SDR roles', 'english',
      { eventName: 'Coffee', eventDate: 'next week', eventDateRelative: true, role: 'SDR', roleSingular: 'SDR' }],
    ['Koffie volgende week over SDR-functies', 'dutch',
      { eventName: 'Koffie', eventDate: 'volgende week', eventDateRelative: true, role: 'SDR', roleSingular: 'SDR' }],
    ['Lunch on Friday with sales roles in Groningen', 'dutch',
      { eventName: 'Lunch', eventDate: 'vrijdag', location: 'Groningen', role: 'sales', roleSingular: 'sales' }],
    ['Ask about Java positions next Tuesday', 'english',
      { eventDate: 'next Tuesday', eventDateRelative: true, role: 'Java', roleSingular: 'Java' }],
    ['Check in about new roles', 'english', {}],
    ['Mention the hybrid setup in March', 'english', {}],
  ] as const)('%s', (prompt, language, facts) => {
    expect(factsFromPrompt(prompt, language)).toEqual(facts);
  });
});

describe('drafting with settings and the prompt', () => {
  it('fills role, place, event, date, industry, name and signature for a pool (the example prompt)', () => {
    const draft = draftFromTemplate({ template: EVENT_TEMPLATE, prompt: PROMPT, settings: SETTINGS, recruiterName: 'Sam Jansen' });
    expect(draft.subject).toBe('You are invited: React Night in Utrecht');
    expect(draft.content).toBe('Hi {{firstName}},\n\nWe are organising React Night in Utrecht on 12 March. As backend developer in fintech you will enjoy it.\n\n'
      + 'See you there,\nSam Jansen\nSenior Recruiter\nAcme Recruiting · https://acme.example');
    expect(draft.missing).toEqual([]);
  });

  it('fills {{company}} from the organisation, and the prompt\'s company and the caller\'s values win', () => {
    const template: DraftTemplate = { language: 'english', subject: '{{jobTitle}} at {{company}}', body: 'Hi {{firstName}}, {{company}} ({{website}}).' };
    expect(draftFromTemplate({ template, settings: SETTINGS, prompt: 'a Java Developer role' }).subject).toBe('Java Developer at Acme');
    expect(draftFromTemplate({ template, settings: SETTINGS, prompt: 'a Java Developer role at Globex' }).subject).toBe('Java Developer at Globex');
    expect(draftFromTemplate({ template, settings: SETTINGS, prompt: 'a Java Developer role at Globex', context: { company: 'Initech', jobTitle: 'CTO' } }).subject)
      .toBe('CTO at Initech');
    expect(draftFromTemplate({ template, settings: SETTINGS }).content.split('\n')[0]).toBe('Hi {{firstName}}, Acme (https://acme.example).');
  });

  it('keeps one candidate\'s own record over the prompt\'s audience', () => {
    const draft = draftFromTemplate({ template: EVENT_TEMPLATE, prompt: PROMPT, settings: SETTINGS, recruiterName: 'Sam Jansen',
      candidate: { name: 'Daan de Vries', jobFunction: 'Platform Engineer', location: 'Amersfoort' } });
    expect(draft.content).toContain('Hi Daan,');
    expect(draft.content).toContain('As Platform Engineer in fintech');
    expect(draft.missing).toEqual([]);
  });

  it('signs with the recruiter\'s own signature (their name first when it lacks it), then the organisation\'s', () => {
    expect(signatureBlock('Sam Jansen', { signature: 'Sam Jansen | Talent Partner\n+31 6 1234 5678' })).toBe('Sam Jansen | Talent Partner\n+31 6 1234 5678');
    expect(signatureBlock('Sam Jansen', { signature: 'Talent Partner', recruiterTitle: 'ignored', organisationSignature: 'Acme' }))
      .toBe('Sam Jansen\nTalent Partner\nAcme');
    expect(signatureBlock('Sam Jansen', {})).toBe('Sam Jansen');
    expect(signatureBlock(undefined, {})).toBeUndefined();
    const template: DraftTemplate = { language: 'english', subject: 'Hi', body: 'Hello {{firstName}},\n\nKind regards,\n{{recruiterName}}\n' };
    expect(draftFromTemplate({ template, recruiterName: 'Sam Jansen', settings: { signature: 'Talent Partner' } }).content)
      .toBe('Hello {{firstName}},\n\nKind regards,\nSam Jansen\nTalent Partner');
    const noClosing: DraftTemplate = { language: 'english', subject: 'Hi', body: 'Short note.' };
    expect(draftFromTemplate({ template: noClosing, recruiterName: 'Sam Jansen', settings: SETTINGS }).content)
      .toBe('Short note.\n\nSam Jansen\nSenior Recruiter\nAcme Recruiting · https://acme.example');
    const slot: DraftTemplate = { language: 'english', subject: 'Hi', body: 'From {{recruiterName}}.\n--\n{{signature}}' };
    expect(draftFromTemplate({ template: slot, recruiterName: 'Sam', settings: { recruiterTitle: 'Recruiter' } }).content).toBe('From Sam.\n--\nSam\nRecruiter');
  });

  it('puts no signature block under a WhatsApp message', () => {
    const template: DraftTemplate = { language: 'english', subject: '', body: 'Hi {{firstName}}!\n{{recruiterName}}' };
    expect(draftFromTemplate({ template, recruiterName: 'Sam', settings: SETTINGS, channel: 'whatsapp' }).content).toBe('Hi {{firstName}}!\nSam');
  });
});

describe('every built-in template: nothing left that could have been filled', () => {
  const templates = builtInTemplates();
  const everything: Omit<DraftInput, 'template'> = {
    prompt: 'Invite senior backend developers in Utrecht to our React Night on 12 March for a Staff Engineer role',
    settings: SETTINGS, recruiterName: 'Sam Jansen',
  };

  it('reads all 16 templates from the migration', () => {
    expect(templates).toHaveLength(16);
  });

  for (const template of templates) {
    it(`${template.id}: for a pool only the per-recipient placeholders stay; for one candidate none`, () => {
      const pool = draftFromTemplate({ ...everything, template });
      const values = draftValues({ ...everything, template });
      for (const name of placeholdersIn(`${pool.subject}\n${pool.content}`)) {
        expect(values[name], `{{${name}}} was left although its value is known`).toBeUndefined();
        expect(RECIPIENT_PLACEHOLDERS as readonly string[]).toContain(name);
      }
      expect(pool.missing).toEqual([]);
      expect(pool.content).toContain('Acme Recruiting · https://acme.example');

      const one = draftFromTemplate({ ...everything, template, candidate: { name: 'Femke Visser', jobFunction: 'Data Engineer', skillTags: ['sql'], location: 'Delft' } });
      expect(placeholdersIn(`${one.subject}\n${one.content}`)).toEqual([]);
    });
  }

  it('a prompt about a coffee next week: its time, role and occasion fill the event invitation in either language', () => {
    for (const [id, prompt, subject, says] of [
      ['event-invite-en', 'Coffee next week about SDR roles', 'You are invited: Coffee', 'We are organising Coffee next week, and'],
      ['event-invite-nl', 'Koffie volgende week over SDR-functies', 'Je bent uitgenodigd: Koffie', 'Volgende week organiseren we Koffie, en'],
      ['event-reminder-en', 'Coffee next week about SDR roles', 'Reminder: Coffee is coming up', 'Coffee takes place next week.'],
    ] as const) {
      const draft = draftFromTemplate({ template: templates.find((t) => t.id === id)!, prompt, settings: SETTINGS, recruiterName: 'Sam Jansen' });
      expect(draft.subject).toBe(subject);
      expect(draft.content).toContain(says);
      expect(draft.missing).toEqual([]);
    }
  });

  it('what the prompt and settings do not say stays a placeholder to fill, and is listed', () => {
    const announcement = templates.find((t) => t.id === 'announcement-role-nl')!;
    const draft = draftFromTemplate({ template: announcement, recruiterName: 'Sam Jansen', prompt: 'Nieuwe rol' });
    expect(draft.missing.sort()).toEqual(['company', 'industry', 'jobTitle']);
  });
});
