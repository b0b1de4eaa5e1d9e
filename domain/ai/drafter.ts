// The built-in drafter: fills a template from what we know, with no AI at all,
// so that drafting works offline. What it knows: the organisation's and the
// recruiter's settings (company, website, industry, name, title, signatures),
// what the prompt names (role, place, event, date, company: prompt-facts.ts), the
// values the caller gave and, for one candidate, their record. What it cannot
// know stays a {{placeholder}} for the recruiter to fill (the API refuses to send
// one left unfilled).
import {
  candidateValues, fillPlaceholders, isOnlyPlaceholder, placeholdersIn, signatureBlock, unfilledContextPlaceholders, type CandidateFacts, type Language,
} from '../placeholders/placeholders.ts';
import { factsFromPrompt } from './prompt-facts.ts';

export interface DraftTemplate {
  subject: string;
  body: string;
  language: Language;
}

/** What the settings say (domain/settings/): the organisation's and the signed-in recruiter's. */
export interface DraftingSettings {
  company?: string | null;
  website?: string | null;
  industry?: string | null;
  recruiterTitle?: string | null;
  /** The recruiter's own signature (profile). */
  signature?: string | null;
  /** The organisation's signature, under the recruiter's. */
  organisationSignature?: string | null;
}

export interface DraftInput {
  template: DraftTemplate;
  /** One candidate (compose): their placeholders are filled now. None (a pool): filled per recipient at send time. */
  candidate?: CandidateFacts;
  /** Values the recruiter gave, e.g. { company: 'Acme', eventName: 'React Night' }: they win over everything else. */
  context?: Record<string, string>;
  recruiterName?: string;
  /** The recruiter's instructions: the role, place, event and date they name fill the draft. */
  prompt?: string;
  settings?: DraftingSettings;
  /** A WhatsApp message gets no signature block. */
  channel?: 'email' | 'whatsapp';
}

export interface Draft {
  subject: string;
  content: string;
  /** Placeholders the recruiter still has to fill before sending. */
  missing: string[];
}

const SIGNATURE = 'signature';

/** Only the values that say something: no empty text. */
function present(values: Record<string, string | null | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value?.trim()]).filter((entry): entry is [string, string] => Boolean(entry[1])));
}

/** Every value the draft can use, by placeholder name, strongest source last. */
export function draftValues(input: DraftInput): Record<string, string> {
  const { template, settings = {} } = input;
  const facts = factsFromPrompt(input.prompt ?? '', template.language);
  const context = present(input.context ?? {});
  const usesLocation = placeholdersIn(`${template.subject}\n${template.body}`).includes('location');
  // An event template has no place of its own: the place named goes with the event ("React Night in Utrecht").
  const eventName = facts.eventName && facts.location && !usesLocation && !facts.eventName.includes(facts.location)
    ? `${facts.eventName} in ${facts.location}` : facts.eventName;
  const values: Record<string, string> = {
    ...present({
      company: settings.company, website: settings.website, companyWebsite: settings.website, industry: settings.industry,
      recruiterName: input.recruiterName, recruiterTitle: settings.recruiterTitle,
    }),
    ...present({ jobTitle: facts.roleSingular, eventName, eventDate: facts.eventDate, company: facts.company }),
    ...context,
  };
  if (input.candidate) {
    Object.assign(values, candidateValues(input.candidate, template.language));
  } else {
    // A pool draft: the audience the recruiter named ("backend developers in Utrecht") instead of each record's own words.
    Object.assign(values, present({ jobFunction: facts.roleSingular, location: facts.location }), present({
      jobFunction: context.jobFunction, location: context.location,
    }));
  }
  if (input.channel !== 'whatsapp') {
    const block = context[SIGNATURE] ?? signatureBlock(values.recruiterName, settings);
    if (block) values[SIGNATURE] = block;
  }
  return values;
}

/**
 * Where the signature goes: a {{signature}} in the template, else the closing line
 * that is only {{recruiterName}} (the templates end so), else after the text.
 */
function withSignatureSlot(body: string): string {
  if (placeholdersIn(body).includes(SIGNATURE)) return body;
  const lines = body.replace(/\s+$/, '').split('\n');
  if (isOnlyPlaceholder(lines.at(-1) ?? '', 'recruiterName')) return [...lines.slice(0, -1), `{{${SIGNATURE}}}`].join('\n');
  return `${lines.join('\n')}\n\n{{${SIGNATURE}}}`;
}

/**
 * A date said relative to now ("next week", "volgende week") takes no "on"/"op": "takes place next week",
 * "Volgende week organiseren we". The templates write "on {{eventDate}}" for a day.
 */
function withRelativeDate(text: string, date: string): string {
  return text.replace(/\b(on|op) \{\{eventDate\}\}/giu, (_, word: string) => (word[0] === word[0].toUpperCase() ? date[0].toUpperCase() + date.slice(1) : date));
}

export function draftFromTemplate(input: DraftInput): Draft {
  const values = draftValues(input);
  const relativeDate = !input.context?.eventDate?.trim() && factsFromPrompt(input.prompt ?? '', input.template.language).eventDateRelative;
  const template = relativeDate && values.eventDate
    ? { subject: withRelativeDate(input.template.subject, values.eventDate), body: withRelativeDate(input.template.body, values.eventDate) }
    : input.template;
  const body = values[SIGNATURE] ? withSignatureSlot(template.body) : template.body;
  const subject = fillPlaceholders(template.subject, values);
  const content = fillPlaceholders(body, values);
  return { subject, content, missing: unfilledContextPlaceholders(`${subject}\n${content}`) };
}

/**
 * additionalContext arrives as an object ({ company: 'Acme' }) or as free
 * text; "key: value" lines in the text are read as values too.
 */
export function contextValues(additionalContext: unknown): Record<string, string> {
  const values: Record<string, string> = {};
  if (additionalContext && typeof additionalContext === 'object' && !Array.isArray(additionalContext)) {
    for (const [key, value] of Object.entries(additionalContext)) {
      if (/^[a-zA-Z][a-zA-Z0-9_]*$/.test(key) && (typeof value === 'string' || typeof value === 'number') && String(value).trim()) {
        values[key] = String(value).trim();
      }
    }
  } else if (typeof additionalContext === 'string') {
    for (const line of additionalContext.split(/\r?\n/)) {
      const match = /^\s*([a-zA-Z][a-zA-Z0-9_]*)\s*[:=]\s*(.+?)\s*$/.exec(line);
      if (match) values[match[1]] = match[2];
    }
  }
  return values;
}
