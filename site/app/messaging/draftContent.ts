// Wizard drafting helpers: the draft put in the content field when AI
// generation fails (spec §4), and the {{placeholders}} still to be filled.
import { unfilledContextPlaceholders } from '#domain/ai/placeholders.ts';
import type { Language } from './constants.ts';

const DRAFTS: Record<Language, string> = {
  english: 'Hi {{firstName}},\n\n[Write your message here.]\n\nBest regards,\n{{recruiterName}}',
  dutch: 'Hoi {{firstName}},\n\n[Schrijf hier je bericht.]\n\nMet vriendelijke groet,\n{{recruiterName}}',
};

export function draftPlaceholderContent(language: Language): string {
  return DRAFTS[language];
}

/**
 * Placeholders only the recruiter can fill (e.g. {{industry}}, {{company}});
 * the server refuses to launch a campaign that still has one. The candidate's
 * own ones ({{firstName}}, ...) and {{recruiterName}} are filled at send time.
 */
export function placeholdersToFill(...texts: string[]): string[] {
  const names = texts.flatMap((text) => unfilledContextPlaceholders(text ?? ''));
  return [...new Set(names)].filter((name) => name !== 'recruiterName');
}
