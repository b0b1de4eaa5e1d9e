// The built-in drafter (offline drafting), placeholder rules and the parsing
// of a model's answer into subject and body.
import { describe, expect, it } from 'vitest';
import { contextValues, draftFromTemplate } from '#domain/ai/drafter.ts';
import { candidateValues, detectLanguage, unfilledContextPlaceholders } from '#domain/placeholders/placeholders.ts';
import { parseDraft } from '#domain/ai/provider.server.ts';

const english = { language: 'english' as const, subject: 'New opening: {{jobTitle}} at {{company}}',
  body: 'Hi {{firstName}},\n\nWith your background as {{jobFunction}} and {{skills}} around {{location}}, I thought of you.\n\n{{recruiterName}}' };
const dutch = { language: 'dutch' as const, subject: 'Hoe gaat het, {{firstName}}?',
  body: 'Hoi {{firstName}},\n\nHoe bevalt je werk als {{jobFunction}}? Ervaring met {{skills}} is gewild.' };
const daan = { name: 'Daan van den Berg', jobFunction: 'Backend Engineer', skillTags: ['go', 'postgres', 'kubernetes'], location: 'Utrecht' };

describe('built-in drafter', () => {
  it('fills an English template from the candidate and the recruiter', () => {
    const draft = draftFromTemplate({ template: english, candidate: daan, context: { company: 'Acme', jobTitle: 'Staff Engineer' }, recruiterName: 'Sam Jansen' });
    expect(draft.subject).toBe('New opening: Staff Engineer at Acme');
    expect(draft.content).toBe('Hi Daan,\n\nWith your background as Backend Engineer and go, postgres and kubernetes around Utrecht, I thought of you.\n\nSam Jansen');
    expect(draft.missing).toEqual([]);
  });

  it('fills a Dutch template with Dutch list words and Dutch stand-ins for missing facts', () => {
    const draft = draftFromTemplate({ template: dutch, candidate: { name: 'Femke', skillTags: ['sql', 'python'] } });
    expect(draft.subject).toBe('Hoe gaat het, Femke?');
    expect(draft.content).toBe('Hoi Femke,\n\nHoe bevalt je werk als professional in je vakgebied? Ervaring met sql en python is gewild.');
  });

  it('lists what only the recruiter can fill, and keeps recipient placeholders for a pool', () => {
    const draft = draftFromTemplate({ template: english });
    expect(draft.missing.sort()).toEqual(['company', 'jobTitle', 'recruiterName']);
    expect(draft.content).toContain('Hi {{firstName}},');
    expect(unfilledContextPlaceholders('Hi {{firstName}}, {{ company }} and {{eventName}}')).toEqual(['company', 'eventName']);
  });

  it('reads context from an object or from "key: value" lines', () => {
    expect(contextValues({ company: 'Acme', count: 3, nested: { a: 1 }, 'bad key': 'x' })).toEqual({ company: 'Acme', count: '3' });
    expect(contextValues('eventName: React Night\neventDate = 12 December\nfree text line')).toEqual({ eventName: 'React Night', eventDate: '12 December' });
    expect(contextValues(undefined)).toEqual({});
  });

  it('never leaves a candidate placeholder empty', () => {
    expect(candidateValues({}, 'english')).toEqual({
      candidateName: 'there', firstName: 'there', jobFunction: 'a professional in your field', skills: 'your skills', location: 'your region',
    });
  });

  it('tells Dutch from English', () => {
    expect(detectLanguage('Hoi Femke, hoe gaat het met je? Ik wil graag even bellen.')).toBe('dutch');
    expect(detectLanguage('Hi Femke, how are you? I would like to call you.')).toBe('english');
  });
});

describe('parsing a model answer', () => {
  it('splits subject and body, in English or Dutch, with or without markdown', () => {
    expect(parseDraft('Subject: Hello Daan\n\nHi Daan,\nBye')).toEqual({ subject: 'Hello Daan', body: 'Hi Daan,\nBye' });
    expect(parseDraft('```\n**Onderwerp:** Hoi Daan\n\nHoi Daan!\n```')).toEqual({ subject: 'Hoi Daan', body: 'Hoi Daan!' });
    expect(parseDraft('Subject: X\nBody: The text')).toEqual({ subject: 'X', body: 'The text' });
    expect(parseDraft('Just a body')).toEqual({ subject: null, body: 'Just a body' });
  });
});
