// What a recruiter's prompt names, read without AI for the built-in drafter:
// "invite backend developers in Utrecht to our React Night on 12 March" →
// role "backend developers", location "Utrecht", event "React Night", date "12 March".
// English and Dutch. Only what the words plainly say is taken; anything unsure is
// left out (the draft then keeps its {{placeholder}} for the recruiter). Browser-safe.
import type { Language } from '../schemas/language.ts';

export interface PromptFacts {
  /** The role as written ("backend developers"). */
  role?: string;
  /** The same role for one person ("backend developer"): what {{jobTitle}} and {{jobFunction}} take. */
  roleSingular?: string;
  location?: string;
  eventName?: string;
  /**
   * Day and month (and year when given), written in the draft's language: "12 March", "12 maart";
   * or a time said relative to now ("next week", "volgende week"), see `eventDateRelative`.
   */
  eventDate?: string;
  /** The date is a relative phrase ("next week"), which a sentence says without "on"/"op" before it. */
  eventDateRelative?: true;
  /** A company named with the role ("a Java role at Acme"). */
  company?: string;
}

// ---- Roles: a noun that names a job, with up to three words before it ----

/** [singular, plural] of the nouns that end a role, English and Dutch. */
const ROLE_NOUNS: Array<[string, string]> = [
  ...['developer', 'engineer', 'designer', 'manager', 'scientist', 'analyst', 'architect', 'consultant', 'recruiter', 'specialist',
    'tester', 'administrator', 'programmer', 'accountant', 'nurse', 'teacher', 'marketer', 'officer', 'director', 'owner', 'assistant',
    'advisor', 'adviser', 'technician', 'operator', 'researcher', 'writer', 'editor', 'coordinator', 'representative', 'intern',
    'graduate', 'controller', 'auditor', 'lawyer', 'mechanic', 'electrician', 'driver', 'planner', 'buyer', 'trainee', 'lead',
    'ontwikkelaar', 'ontwerper', 'beheerder', 'monteur', 'medewerker', 'programmeur', 'projectleider', 'teamleider', 'stagiair',
    'chauffeur', 'boekhouder', 'inkoper', 'verkoper', 'onderzoeker', 'schrijver', 'elektricien', 'adviseur']
    .map((noun): [string, string] => [noun, `${noun}s`]),
  ['scrum master', 'scrum masters'], ['analist', 'analisten'], ['specialist', 'specialisten'], ['architect', 'architecten'],
  ['docent', 'docenten'], ['leraar', 'leraren'], ['verpleegkundige', 'verpleegkundigen'], ['kok', 'koks'],
];
const ROLE_NOUN = new Map<string, string>(ROLE_NOUNS.flatMap(([one, many]) => [[one, one], [many, one]]));

/** Words that end a role phrase when walking back from its noun: verbs, articles, prepositions. */
const NOT_IN_ROLE = new Set(('invite invites inviting email mail message contact remind ask tell reach out to our the a an all any some ' +
  'for hire hiring recruit recruiting find looking seek seeking need needs we i us you and or with in at on of about new open ' +
  'announce announcing share target nodig uit alle de het een onze ons voor zoeken zoek zoekt wij benader benaderen uitnodigen ' +
  'nodigen naar met en in op bij nieuwe nieuw aan van over mail mailen vraag').split(' '));

const WORD = /[\p{L}\d][\p{L}\d+#.'-]*/gu;

interface Token { text: string; start: number; end: number }

function tokens(text: string): Token[] {
  return [...text.matchAll(WORD)].map((m) => ({ text: m[0].replace(/[.'-]+$/, ''), start: m.index, end: m.index + m[0].replace(/[.'-]+$/, '').length }));
}

/** The singular of a role noun, when `word` ends in one (also Dutch compounds: "softwareontwikkelaars"). */
function roleNounOf(word: string): { singular: string; suffix: string } | null {
  const lower = word.toLowerCase();
  const exact = ROLE_NOUN.get(lower);
  if (exact) return { singular: exact, suffix: lower };
  for (const [form, singular] of ROLE_NOUN) {
    if (lower.endsWith(form) && (lower[lower.length - form.length - 1] === '-' || form.length >= 7)) return { singular, suffix: form };
  }
  return null;
}

function findRole(text: string): { role: string; roleSingular: string; end: number } | null {
  const words = tokens(text);
  for (let i = 0; i < words.length; i++) {
    // Two-word nouns first ("scrum masters").
    const pair = i + 1 < words.length ? `${words[i].text} ${words[i + 1].text}`.toLowerCase() : '';
    const twoWord = ROLE_NOUN.get(pair);
    let last = twoWord ? i + 1 : i;
    let noun = twoWord ? { singular: twoWord, suffix: pair } : roleNounOf(words[i].text);
    if (!noun) continue;
    // "Lead Developer", "Data Engineer Lead": the role ends at its last noun.
    for (let next = roleNounOf(words[last + 1]?.text ?? ''); next && !/[,.;:!?]/.test(text.slice(words[last].end, words[last + 1].start));
      next = roleNounOf(words[last + 1]?.text ?? '')) {
      last++;
      noun = next;
    }
    let first = i;
    while (first > 0 && i - first < 3 && !NOT_IN_ROLE.has(words[first - 1].text.toLowerCase())
      && !/^\d/.test(words[first - 1].text) && !/[,.;:!?]/.test(text.slice(words[first - 1].end, words[first].start))) first--;
    const start = words[first].start;
    const end = words[last].end;
    const role = text.slice(start, end);
    const written = text.slice(end - noun.suffix.length, end);
    const singularNoun = matchCase(noun.singular, written);
    return { role, roleSingular: role.slice(0, role.length - noun.suffix.length) + singularNoun, end };
  }
  return null;
}

/** "SDR roles", "Java positions", "sales vacatures": the words before a word for a job name the role, as written. */
const JOB_WORD = /^(?:roles?|positions?|jobs?|vacanc(?:y|ies)|openings?|functies?|vacatures?|rollen|rol)$/iu;

function roleBeforeJobWord(text: string): { role: string; roleSingular: string; end: number } | null {
  const words = tokens(text);
  for (const word of words) {
    // "SDR-functies", "Java-vacatures".
    const [, role, job] = /^(.+)-([\p{L}]+)$/u.exec(word.text) ?? [];
    if (role && JOB_WORD.test(job)) return { role, roleSingular: role, end: word.end };
  }
  for (let i = 1; i < words.length; i++) {
    if (!JOB_WORD.test(words[i].text)) continue;
    let first = i;
    while (first > 0 && i - first < 3 && !NOT_IN_ROLE.has(words[first - 1].text.toLowerCase()) && !/^\d/.test(words[first - 1].text)
      && !JOB_WORD.test(words[first - 1].text) && !/[,.;:!?]/.test(text.slice(words[first - 1].end, words[first].start))) first--;
    if (first === i) continue;
    const role = text.slice(words[first].start, words[i - 1].end);
    return { role, roleSingular: role, end: words[i].end };
  }
  return null;
}

function matchCase(word: string, like: string): string {
  if (like === like.toUpperCase() && like !== like.toLowerCase()) return word.toUpperCase();
  return like[0] === like[0].toUpperCase() ? word[0].toUpperCase() + word.slice(1) : word;
}

// ---- Dates ----

const MONTHS: Record<Language, string[]> = {
  english: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  dutch: ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'],
};
const MONTH_NUMBER = new Map<string, number>();
for (const names of Object.values(MONTHS)) names.forEach((name, index) => MONTH_NUMBER.set(name.toLowerCase(), index + 1));
for (const [short, month] of Object.entries({ jan: 1, feb: 2, mar: 3, mrt: 3, apr: 4, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, okt: 10, nov: 11, dec: 12 })) {
  MONTH_NUMBER.set(short, month);
}
const MONTH = [...MONTH_NUMBER.keys()].sort((a, b) => b.length - a.length).join('|');
const DAY_MONTH = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th|e)?\\s+(?:of\\s+)?(${MONTH})\\.?(?:,?\\s+(\\d{4}))?\\b`, 'iu');
const MONTH_DAY = new RegExp(`\\b(${MONTH})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b(?:,?\\s+(\\d{4})\\b)?`, 'iu');
const ISO_DATE = /\b(\d{4})-(\d{2})-(\d{2})\b/;
const NUMERIC_DATE = /\b(\d{1,2})[/-](\d{1,2})[/-](\d{4})\b/;

function findDate(text: string, language: Language): { date: string; start: number } | null {
  const found: Array<{ day: number; month: number; year?: string; start: number }> = [];
  let m = DAY_MONTH.exec(text);
  if (m) found.push({ day: Number(m[1]), month: MONTH_NUMBER.get(m[2].toLowerCase())!, year: m[3], start: m.index });
  m = MONTH_DAY.exec(text);
  if (m) found.push({ day: Number(m[2]), month: MONTH_NUMBER.get(m[1].toLowerCase())!, year: m[3], start: m.index });
  m = ISO_DATE.exec(text);
  if (m) found.push({ day: Number(m[3]), month: Number(m[2]), year: m[1], start: m.index });
  m = NUMERIC_DATE.exec(text);
  if (m) found.push({ day: Number(m[1]), month: Number(m[2]), year: m[3], start: m.index });
  const first = found.filter((d) => d.day >= 1 && d.day <= 31 && d.month >= 1 && d.month <= 12).sort((a, b) => a.start - b.start)[0];
  if (!first) return null;
  const date = `${first.day} ${MONTHS[language][first.month - 1]}${first.year ? ` ${first.year}` : ''}`;
  return { date, start: first.start };
}

/** Times said relative to now, [English, Dutch], each as a pattern and as the draft writes it. */
const WEEKDAY_NAMES = {
  english: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  dutch: ['maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag', 'zondag'],
} as const;
const RELATIVE: Array<{ pattern: RegExp; english: string; dutch: string }> = [
  { pattern: /\b(?:next week|volgende week|komende week)\b/iu, english: 'next week', dutch: 'volgende week' },
  { pattern: /\b(?:this week|deze week)\b/iu, english: 'this week', dutch: 'deze week' },
  { pattern: /\b(?:next month|volgende maand|komende maand)\b/iu, english: 'next month', dutch: 'volgende maand' },
  { pattern: /\b(?:the day after tomorrow|overmorgen)\b/iu, english: 'the day after tomorrow', dutch: 'overmorgen' },
  { pattern: /\b(?:tomorrow|morgen)\b/iu, english: 'tomorrow', dutch: 'morgen' },
];

/** "next week", "tomorrow", "next Friday", "on Friday": in the draft's language; a weekday alone takes "on". */
function findRelativeDate(text: string, language: Language): { date: string; start: number; relative: boolean } | null {
  const found: Array<{ date: string; start: number; relative: boolean }> = [];
  for (const { pattern, english, dutch } of RELATIVE) {
    const m = pattern.exec(text);
    if (m) found.push({ date: language === 'dutch' ? dutch : english, start: m.index, relative: true });
  }
  for (let day = 0; day < 7; day++) {
    const names = `${WEEKDAY_NAMES.english[day]}|${WEEKDAY_NAMES.dutch[day]}`;
    const m = new RegExp(`\\b(?:(next|this|coming|volgende|komende|deze)\\s+)?(?:${names})\\b`, 'iu').exec(text);
    if (!m) continue;
    const name = WEEKDAY_NAMES[language][day];
    const next = m[1] ? (language === 'dutch' ? 'volgende ' : 'next ') : '';
    found.push({ date: `${next}${name}`, start: m.index, relative: Boolean(m[1]) });
  }
  return found.sort((a, b) => a.start - b.start)[0] ?? null;
}

// ---- Places and events: capitalised names after the words that introduce them ----

/** `words` as a regex alternation, each also with a capital first letter (no 'i' flag: it would make \p{Lu} match any letter). */
function anyCase(words: string): string {
  return words.split(' ').map((word) => `[${word[0]}${word[0].toUpperCase()}]${word.slice(1)}`).join('|');
}

const CAPITALISED = `(?:'s-)?\\p{Lu}[\\p{L}\\d&'+.-]*`;
const NAME_RUN = `${CAPITALISED}(?:\\s+(?:(?:aan|den|de|op|upon|on|am|der)\\s+)*${CAPITALISED}){0,3}`;
const PLACE = new RegExp(`(?:^|[\\s(,])(?:${anyCase('in around near rond nabij omgeving regio te')})\\s+(${NAME_RUN})`, 'gu');
/** Capitalised words after "in" that are no place. */
const NOT_A_PLACE = new RegExp(`^(?:${MONTH}|english|dutch|engels|nederlands|german|duits|french|frans|monday|tuesday|wednesday|thursday|friday|saturday|sunday|` +
  'maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag|q[1-4]|spring|summer|autumn|fall|winter|person)$', 'iu');

const SKILL_BEFORE = /\b(?:experienced?|skilled|expert|expertise|proficient|interested|fluent|specialised|specialized|background|ervaring|ervaren|gespecialiseerd|geïnteresseerd|thuis|vloeiend)\s*$/iu;

function findPlace(text: string): { location: string; start: number } | null {
  for (const m of text.matchAll(PLACE)) {
    // "experienced in React", "ervaring in Python": a skill, not a place.
    if (SKILL_BEFORE.test(text.slice(0, m.index + 1))) continue;
    const words = m[1].split(/\s+/);
    // "in Utrecht React Night": a run that goes on into the event's name is cut before it.
    const place = words.filter((word, index) => index === 0 || !EVENT_WORDS.has(word.toLowerCase()));
    if (NOT_A_PLACE.test(place[0])) continue;
    return { location: place.join(' ').replace(/[.,]+$/, ''), start: m.index + m[0].indexOf(m[1]) };
  }
  return null;
}

const EVENT_WORDS = new Set(('meetup meet-up night day event webinar workshop conference hackathon borrel drinks evening avond dag fair ' +
  'summit festival session sessie talk talks breakfast lunch dinner bbq party masterclass bootcamp open-day kennissessie congres beurs ' +
  'coffee koffie')
  .split(' '));
const EVENT_WORD = [...EVENT_WORDS].join('|');
const QUOTED = /["“”«»„]([^"“”«»„\n]{2,80})["“”«»„]/u;
const EVENT_AFTER = new RegExp(
  `\\b(?:${anyCase('to for at join attend naar voor op bij tijdens')})\\s+(?:(our|the|this|next|onze|ons|de|het|deze|volgende)\\s+)?` +
  `((?:${CAPITALISED}|\\d+|(?:\\p{Ll}[\\p{L}\\d-]*\\s+){0,2}(?:${EVENT_WORD})\\b)(?:\\s+(?:(?:of|the|and|&|van|voor)\\s+)?(?:${CAPITALISED}|\\d+|(?:${EVENT_WORD}))){0,5})`, 'gu');

/** A prompt that opens with the event: "Coffee next week about…", "Lunch on Friday with…", "Koffie volgende week". */
const EVENT_FIRST = new RegExp(`^(?:(?:a|an|een)\\s+)?((?:\\p{L}[\\p{L}\\d-]*\\s+)?(?:${EVENT_WORD}))\\b`, 'iu');

function findEvent(text: string, dateStart: number | null): { eventName: string } | null {
  const quoted = QUOTED.exec(text);
  if (quoted) return { eventName: quoted[1].trim() };
  const first = EVENT_FIRST.exec(text);
  if (first) return { eventName: first[1].split(/\s+/).map((word) => word[0].toUpperCase() + word.slice(1)).join(' ') };
  for (const m of text.matchAll(EVENT_AFTER)) {
    let name = m[2];
    const nameStart = m.index + m[0].length - name.length;
    // The date is not part of the name ("React Night 12 March").
    if (dateStart !== null && dateStart > nameStart && dateStart < nameStart + name.length) name = name.slice(0, dateStart - nameStart).trim();
    const words = name.split(/\s+/).filter(Boolean);
    while (words.length && /^\d+$/.test(words.at(-1)!)) words.pop();
    if (!words.length) continue;
    const hasEventWord = words.some((word) => EVENT_WORDS.has(word.toLowerCase()));
    const capitalised = words.filter((word) => /^\p{Lu}/u.test(word)).length;
    if (roleNounOf(words.at(-1)!)) continue;
    if (!hasEventWord && (capitalised < 2 || !m[1])) continue;
    const eventName = capitalised ? words.join(' ') : words.map((word) => word[0].toUpperCase() + word.slice(1)).join(' ');
    return { eventName };
  }
  return null;
}

const COMPANY_AFTER_ROLE = new RegExp(`^\\s+(?:role\\s+|position\\s+|job\\s+|vacancy\\s+|opening\\s+)?(?:at|bij)\\s+(${NAME_RUN})`, 'u');
const COMPANY_AFTER_WORD = new RegExp(`\\b(?:${anyCase('role position vacancy opening job functie vacature rol')})\\s+(?:at|bij)\\s+(${NAME_RUN})`, 'u');

/** What `prompt` names; `language` is the draft's (dates are written in it). */
export function factsFromPrompt(prompt: string, language: Language): PromptFacts {
  const text = prompt.replace(/\s+/g, ' ').trim();
  if (!text) return {};
  const facts: PromptFacts = {};
  const date = findDate(text, language) ?? findRelativeDate(text, language);
  if (date) facts.eventDate = date.date;
  if (date && 'relative' in date && date.relative) facts.eventDateRelative = true;
  const place = findPlace(text);
  if (place) facts.location = place.location;
  const event = findEvent(text, date?.start ?? null);
  if (event && event.eventName !== facts.location) facts.eventName = event.eventName;
  const role = findRole(text) ?? roleBeforeJobWord(text);
  if (role) {
    facts.role = role.role;
    facts.roleSingular = role.roleSingular;
    const company = COMPANY_AFTER_ROLE.exec(text.slice(role.end))?.[1];
    if (company) facts.company = company;
  }
  facts.company ??= COMPANY_AFTER_WORD.exec(text)?.[1];
  if (!facts.company) delete facts.company;
  return facts;
}
