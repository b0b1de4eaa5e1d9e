// The draft put in the wizard's content field when AI generation fails (spec §4).
// The {{placeholders}} still to be filled: placeholdersToFill() in domain/placeholders/placeholders.ts.
import type { Language } from '#domain/schemas/language.ts';

const DRAFTS: Record<Language, string> = {
  english: 'Hi {{firstName}},\n\n[Write your message here.]\n\nBest regards,\n{{recruiterName}}',
  dutch: 'Hoi {{firstName}},\n\n[Schrijf hier je bericht.]\n\nMet vriendelijke groet,\n{{recruiterName}}',
};

export function draftPlaceholderContent(language: Language): string {
  return DRAFTS[language];
}
