// The built-in drafter: fills a template from what we know, with no AI at all,
// so that drafting works offline. What it cannot know stays a {{placeholder}}
// for the recruiter to fill (the API refuses to send one left unfilled).
import { candidateValues, fillPlaceholders, unfilledContextPlaceholders, type CandidateFacts, type Language } from './placeholders.ts';

export interface DraftTemplate {
  subject: string;
  body: string;
  language: Language;
}

export interface DraftInput {
  template: DraftTemplate;
  /** One candidate (compose): their placeholders are filled now. None (a pool): filled per recipient at send time. */
  candidate?: CandidateFacts;
  /** Values the recruiter gave, e.g. { company: 'Acme', eventName: 'React Night' }. */
  context?: Record<string, string>;
  recruiterName?: string;
}

export interface Draft {
  subject: string;
  content: string;
  /** Placeholders the recruiter still has to fill before sending. */
  missing: string[];
}

export function draftFromTemplate(input: DraftInput): Draft {
  const values: Record<string, string | undefined> = { ...input.context };
  if (input.recruiterName) values.recruiterName ??= input.recruiterName;
  if (input.candidate) Object.assign(values, candidateValues(input.candidate, input.template.language));
  const subject = fillPlaceholders(input.template.subject, values);
  const content = fillPlaceholders(input.template.body, values);
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
