// {{placeholder}} handling, the one home of the rule (issue 26, decision 033): the
// {{…}} pattern, filling, the blanks left, and the values a message or a campaign's
// mails get when they are written (send-time values, personalise). Shared by the
// drafter and the AI draft (ai), compose (messages), sequences (campaigns) and the
// browser's forms (the blanks left to fill). Browser-safe: no runtime imports.
import type { Language } from '../schemas/language.ts';

export type { Language };

/** Each recipient's own booking link (domain/meetings/booking-links.ts), made when the message is queued. */
export const BOOKING_LINK_PLACEHOLDER = 'bookingLink';

/** Filled per recipient (their record, their own booking link), so they may stay in a pool draft. */
export const RECIPIENT_PLACEHOLDERS = ['candidateName', 'firstName', 'jobFunction', 'skills', 'location', BOOKING_LINK_PLACEHOLDER] as const;

/** A placeholder: {{name}}, spaces allowed inside the braces, a name of letters, digits and _ starting with a letter. */
const PLACEHOLDER = /\{\{\s*([a-zA-Z][a-zA-Z0-9_]*)\s*\}\}/g;

/** Replaces each {{name}} with what `value` answers for its name; an answer of undefined leaves the placeholder as written. */
export function replacePlaceholders(text: string, value: (name: string) => string | undefined): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => value(name) ?? whole);
}

/** Whether `text` is one {{name}} and nothing else but spaces (a closing line that is only {{recruiterName}}). */
export function isOnlyPlaceholder(text: string, name: string): boolean {
  const names = placeholdersIn(text);
  return names.length === 1 && names[0] === name && !replacePlaceholders(text, () => '').trim();
}

export interface CandidateFacts {
  name?: string | null;
  jobFunction?: string | null;
  skillTags?: string[] | null;
  location?: string | null;
  preferredRole?: string | null;
  seniorityLevel?: string | null;
}

// What a recipient placeholder becomes when the candidate's record lacks it:
// a phrase that still reads naturally, never a blank.
const GENERIC: Record<Language, Record<string, string>> = {
  english: { candidateName: 'there', firstName: 'there', jobFunction: 'a professional in your field', skills: 'your skills', location: 'your region' },
  dutch: { candidateName: 'daar', firstName: 'daar', jobFunction: 'professional in je vakgebied', skills: 'jouw vaardigheden', location: 'jouw regio' },
};

export function firstName(name: string | null | undefined): string | undefined {
  const first = name?.trim().split(/\s+/)[0];
  return first || undefined;
}

/** The recipient placeholders' values for one candidate, in the letter's language. */
export function candidateValues(candidate: CandidateFacts, language: Language): Record<string, string> {
  const generic = GENERIC[language];
  const skills = (candidate.skillTags ?? []).filter(Boolean);
  return {
    candidateName: candidate.name?.trim() || generic.candidateName,
    firstName: firstName(candidate.name) ?? generic.firstName,
    jobFunction: candidate.jobFunction?.trim() || generic.jobFunction,
    skills: skills.length ? joinList(skills, language) : generic.skills,
    location: candidate.location?.trim() || generic.location,
  };
}

function joinList(items: string[], language: Language): string {
  if (items.length < 2) return items.join('');
  const last = items[items.length - 1];
  return `${items.slice(0, -1).join(', ')} ${language === 'dutch' ? 'en' : 'and'} ${last}`;
}

/** Replaces the placeholders that have a value; leaves the others as they are. */
export function fillPlaceholders(text: string, values: Record<string, string | undefined>): string {
  return replacePlaceholders(text, (name) => (Object.hasOwn(values, name) ? values[name] || undefined : undefined));
}

export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]))];
}

/** Whether any of the texts asks for a booking link (each recipient then gets one of their own). */
export function usesBookingLink(...texts: string[]): boolean {
  return texts.some((text) => placeholdersIn(text).includes(BOOKING_LINK_PLACEHOLDER));
}

/** Placeholders only the recruiter can fill (a recipient's own ones are filled at send time). */
export function unfilledContextPlaceholders(text: string): string[] {
  return placeholdersIn(text).filter((name) => !(RECIPIENT_PLACEHOLDERS as readonly string[]).includes(name));
}

/** Filled with the sender's name when the mail goes out. */
export const SENDER_PLACEHOLDER = 'recruiterName';
/** A campaign's signature block (drafter.ts signatureBlock of its creator), filled when its mails are written. */
export const SIGNATURE_PLACEHOLDER = 'signature';
/** The organisation's company name (its settings), filled when a campaign's mails are written. */
export const COMPANY_PLACEHOLDER = 'company';

/** What the organisation's settings say that a campaign's mails can use (null or absent: not set). */
export interface SendTimeFacts {
  companyName?: string | null;
}

/**
 * The placeholders a message or a campaign's mails get when they are written (personalise() below,
 * with sendTimeValues()), besides each recipient's own: the
 * sender's name and signature block, and {{company}} only while the organisation has a company
 * name (else nothing could fill it).
 */
export function sendTimePlaceholders(facts: SendTimeFacts = {}): string[] {
  return [SENDER_PLACEHOLDER, SIGNATURE_PLACEHOLDER, ...(facts.companyName?.trim() ? [COMPANY_PLACEHOLDER] : [])];
}

/**
 * The blanks left in a draft over all its texts (subject, content), each once:
 * neither a recipient's own ({{firstName}}, ...) nor the sender's name.
 */
export function placeholdersToFill(...texts: string[]): string[] {
  const names = texts.flatMap((text) => unfilledContextPlaceholders(text));
  return [...new Set(names)].filter((name) => name !== SENDER_PLACEHOLDER);
}

/**
 * The blanks left before a message or a campaign may be sent (compose, the wizard, POST
 * /api/campaigns and /api/candidates/{id}/messages): what sendTimePlaceholders() names is filled
 * when the mails are written, so it is not a blank. The API refuses a text with one left; the
 * forms list them.
 */
export function campaignPlaceholdersToFill(texts: string[], facts: SendTimeFacts): string[] {
  const filled = new Set(sendTimePlaceholders(facts));
  return placeholdersToFill(...texts).filter((name) => !filled.has(name));
}

/** What a signature block is made of: the sender's own signature or name and title, then the organisation's signature. */
export interface SignatureFacts {
  /** The sender's own signature (profile). */
  signature?: string | null;
  recruiterTitle?: string | null;
  /** The organisation's signature, under the sender's. */
  organisationSignature?: string | null;
}

/**
 * The closing block of an email ({{signature}}, in a draft and when the mail is written): the sender's own
 * signature (their name first when it does not hold it), else their name and title; then the organisation's signature.
 */
export function signatureBlock(senderName: string | undefined, facts: SignatureFacts): string | undefined {
  const name = senderName?.trim();
  const own = facts.signature?.trim();
  const lines = own ? (name && !own.includes(name) ? [name, own] : [own]) : [name, facts.recruiterTitle?.trim()];
  const block = [...lines, facts.organisationSignature?.trim()].filter(Boolean).join('\n');
  return block || undefined;
}

/** The values sendTimePlaceholders() names, for one sender; null: nothing fills it (the placeholder stays). */
export interface SendTimeValues {
  /** {{recruiterName}}: the sender's display name. */
  recruiterName: string | null;
  /** {{signature}}: the sender's block (signatureBlock), else the company name. */
  signature: string | null;
  /** {{company}}: the organisation's company name, when it has one. */
  company: string | null;
}

/**
 * {{recruiterName}}, {{signature}} and {{company}} as a message or a campaign's mails fill them when they are
 * written (read then, so a corrected signature or company name applies to every later mail).
 */
export function sendTimeValues(sender: { name: string | null | undefined; title: string | null; signature: string | null },
  organisation: { companyName: string | null; signature: string | null }): SendTimeValues {
  const company = organisation.companyName?.trim() || null;
  const signature = signatureBlock(sender.name ?? undefined, {
    signature: sender.signature, recruiterTitle: sender.title, organisationSignature: organisation.signature,
  }) ?? company;
  return { recruiterName: sender.name || null, signature, company };
}

/**
 * One text for one recipient, as it is sent: their own placeholders ({{firstName}}, ...: candidateValues in
 * `language`), their own {{bookingLink}} when they have one, and the send-time values. What nothing fills
 * stays as written (placeholdersIn() then names it): compose refuses such a text, a campaign checked it at creation.
 */
export function personalise(text: string, recipient: CandidateFacts, language: Language, values: SendTimeValues,
  bookingLink?: string): string {
  return fillPlaceholders(text, {
    ...candidateValues(recipient, language),
    [SENDER_PLACEHOLDER]: values.recruiterName ?? undefined,
    [SIGNATURE_PLACEHOLDER]: values.signature ?? undefined,
    [COMPANY_PLACEHOLDER]: values.company ?? undefined,
    [BOOKING_LINK_PLACEHOLDER]: bookingLink,
  });
}

// Common words are enough to tell Dutch from English mail: a draft, a campaign, and a candidate's reply
// (a short one too: "Ja graag, wanneer kan ik bellen?"). A word of both languages ("we") counts for both.
const DUTCH_WORDS = new Set(['de', 'het', 'een', 'en', 'je', 'jij', 'jouw', 'ik', 'wij', 'we', 'niet', 'geen', 'met', 'voor',
  'van', 'dat', 'die', 'bij', 'ook', 'graag', 'hoi', 'groet', 'bedankt', 'naar', 'zijn', 'wil', 'kan', 'maar', 'nog', 'mijn', 'ben', 'heb',
  'ja', 'nee', 'dank', 'hallo', 'hoe', 'wat', 'wanneer', 'waar', 'goed', 'leuk', 'zeker', 'even', 'op', 'te', 'om', 'er', 'als',
  'aan', 'dit', 'deze', 'jullie', 'uw', 'mij', 'zou', 'kunnen', 'klinkt', 'helaas', 'interesse', 'geïnteresseerd', 'wel', 'nu',
  'dan', 'heel', 'veel', 'morgen', 'groeten', 'vriendelijke', 'hartelijke', 'gesprek', 'afspraak', 'bellen', 'vacature', 'functie']);
const ENGLISH_WORDS = new Set(['the', 'a', 'an', 'and', 'you', 'your', 'i', 'we', 'not', 'no', 'with', 'for', 'of', 'that',
  'this', 'to', 'also', 'please', 'hi', 'regards', 'thanks', 'is', 'are', 'be', 'will', 'can', 'but', 'my', 'am', 'have',
  'yes', 'thank', 'hello', 'how', 'what', 'when', 'where', 'good', 'great', 'sure', 'just', 'it', 'on', 'at', 'would', 'could',
  'very', 'interested', 'sounds', 'role', 'call', 'next', 'tomorrow', 'unfortunately', 'best', 'dear', 'cheers', 'about', 'from',
  "i'm", "i'd", "i'll", "it's", "that's", "let's", "don't", 'do', 'love', 'happy', 'talk', 'chat', 'time']);
/** German and French words that are neither: a reply in one of those is not read as Dutch for its "je" and "en". */
const OTHER_WORDS = new Set(['ich', 'und', 'nicht', 'sie', 'ist', 'das', 'mit', 'ein', 'eine', 'für', 'auf', 'wir', 'gerne', 'danke',
  'aber', 'auch', 'sehr', 'bitte', 'wann', 'können', 'ihnen', 'suis', 'et', 'le', 'la', 'les', 'des', 'du', 'un', 'une', 'pour', 'pas',
  'vous', 'nous', 'oui', 'merci', 'avec', 'est', 'très', 'bonjour', 'cordialement', 'mais']);

function languageWords(text: string): { dutch: number; english: number; other: number } {
  let dutch = 0;
  let english = 0;
  let other = 0;
  // Placeholder names ({{firstName}}) are not words of the letter.
  for (const word of replacePlaceholders(text, () => ' ').toLowerCase().match(/[a-zà-ÿ']+/g) ?? []) {
    if (DUTCH_WORDS.has(word)) dutch++;
    if (ENGLISH_WORDS.has(word)) english++;
    if (OTHER_WORDS.has(word)) other++;
  }
  return { dutch, english, other };
}

export function detectLanguage(text: string): Language {
  const { dutch, english } = languageWords(text);
  return dutch > english ? 'dutch' : 'english';
}

/**
 * The language only when the text clearly is in it: at least 3 of its common words and twice
 * as many as of the other two (English or Dutch, and German or French). A short or mixed text
 * ("Hi {{firstName}}, {{jobTitle}}?", "Bedankt!") answers null, so the caller's default decides
 * rather than a guess leaning to English. A campaign without a language, and a candidate's
 * language read from their reply (domain/messages/inbound-reply.server.ts), go by it.
 */
export function clearLanguage(text: string): Language | null {
  const { dutch, english, other } = languageWords(text);
  if (dutch >= 3 && dutch >= 2 * (english + other)) return 'dutch';
  if (english >= 3 && english >= 2 * (dutch + other)) return 'english';
  return null;
}
