// Out-of-office and other automatic replies, in English, Dutch, German and
// French, and the date the sender is back when the reply states one ("back on
// 14 December", "terug op 3 januari", "ab dem 5. Januar wieder im Büro", "de
// retour le 12 janvier"). An auto-reply says nothing about the candidate's
// interest: its sentiment is 'other'.
import { normalise } from './text.ts';

export interface AutoReply {
  autoReply: boolean;
  /** Said so by its headers or in so many words ("Automatic reply"), not only inferred from an absence. */
  certain: boolean;
  /** The return (or "away until") date as YYYY-MM-DD, when the reply states one. */
  returnDate: string | null;
}

/** The headers RFC 3834 and the big mail systems put on automatic replies. */
export interface AutoReplyHeaders {
  autoSubmitted?: string | null;
  xAutoreply?: string | null;
  xAutorespond?: string | null;
  precedence?: string | null;
}

// Decisive: the reply says it is automatic.
const AUTOMATIC = new RegExp([
  String.raw`\b(?:automatic|automated|auto)[- ]?(?:reply|response|answer|message|antwort)\b`, String.raw`\bautoreply\b`,
  String.raw`\bautomatische?n? (?:antwoord|bericht|beantwoording|reactie|antwort)\b`, String.raw`\babwesenheits(?:notiz|nachricht|meldung|assistent)\b`,
  String.raw`\bafwezigheids(?:bericht|melding|assistent)\b`, String.raw`\breponse automatique\b`, String.raw`\bmessage (?:d'absence|automatique)\b`,
  String.raw`\bthis is an automatic\b`, String.raw`\bdit is een automatisch\b`, String.raw`\bceci est un message automatique\b`,
  String.raw`\bdies ist eine automatische\b`,
].join('|'));
// "Out of office": usually automatic, but a person may write it too ("I'm out of office, but yes, let's talk").
const OUT_OF_OFFICE = /\bout[- ]of[- ](?:the[- ])?office\b|\booo\b|\bafwezig:|\babwesend:|\babsent ?:|^(?:afwezig|abwesend|absente?|away|niet aanwezig|nicht im buro|nicht im haus)\b(?! from)/;

const ABSENT = new RegExp([
  // English
  String.raw`\b(?:i am|i'm|i will be|i'll be|i shall be)(?: currently| now)? (?:away|out|off|absent|travelling|traveling|not in the office|out of the country|unavailable|not available|on (?:annual |parental |maternity |paternity |sick |study |holiday |garden |medical )?(?:leave|holidays?|vacation|pto|a business trip|business travel|sabbatical|a course|a training|a conference)|off work)\b`,
  String.raw`\b(?:limited|no|without|intermittent|sporadic) (?:access to (?:my )?e-?mail|e-?mail access)\b`,
  String.raw`\b(?:i am|i'm) (?:currently )?away from (?:my desk|the office|work)\b`,
  // Dutch
  String.raw`\b(?:ik ben|ben ik|ik zal|zal ik)\b.{0,40}\b(?:afwezig|met vakantie|op vakantie|met verlof|op reis|niet aanwezig|niet op kantoor|niet bereikbaar|beperkt bereikbaar|beperkt aanwezig|ziek|op cursus|op een congres)\b`,
  String.raw`\b(?:beperkte? toegang|geen toegang) tot (?:mijn )?(?:e-?mail|mail)\b`, String.raw`\b(?:zwangerschaps|ouderschaps|vakantie|studie|zorg|bevallings)verlof\b`,
  // German
  String.raw`\b(?:ich bin|bin ich|ich befinde mich)\b.{0,40}\b(?:abwesend|nicht im buro|im urlaub|auf urlaub|ausser haus|auser haus|außer haus|nicht im haus|nicht im hause|nicht am arbeitsplatz|nicht erreichbar|in elternzeit|in mutterschutz|auf dienstreise|krank)\b`,
  // French
  String.raw`\b(?:je suis|je serai)\b.{0,30}\b(?:absente?|en conges?|en vacances|en deplacement|hors du bureau|indisponible|en formation)\b`,
].join('|'));

// What an automatic reply adds around the absence: a colleague to contact, mail not read or forwarded.
const AUTO_CONTEXT = new RegExp([
  String.raw`\burgent\b`, String.raw`\bdringende?n?\b`, String.raw`\bspoed\b`, String.raw`\burgente?s?\b`, String.raw`\bcolleague\b`,
  String.raw`\bcollega\b`, String.raw`\bkollegin?\b`, String.raw`\bcollegue\b`, String.raw`\bwill (?:reply|respond|answer|get back|read)\b`,
  String.raw`\b(?:upon|on|after) my return\b`, String.raw`\bwhen i (?:am |'m )?back\b`, String.raw`\bna (?:mijn|terugkomst)\b`,
  String.raw`\b(?:reageer|beantwoord|antwoord|lees)\b.{0,30}\b(?:zo snel mogelijk|na|bij terugkomst|niet|beperkt)\b`,
  String.raw`\b(?:antworte|beantworte)\b`, String.raw`\brepondrai\b`, String.raw`\b(?:not be )?forwarded\b`, String.raw`\bdoorgestuurd\b`,
  String.raw`\bweitergeleitet\b`, String.raw`\btransmis\b`, String.raw`\bthank you for your (?:e-?mail|message)\b`,
  String.raw`\b(?:bedankt|dank) voor (?:je|uw) (?:e-?mail|bericht|mail)\b`, String.raw`\bvielen dank fur ihre\b`, String.raw`\bmerci (?:pour|de) votre\b`,
  String.raw`\bno (?:e-?mail )?access\b`, String.raw`\blimited (?:e-?mail )?access\b`, String.raw`\b(?:as soon as possible|asap|zo snel mogelijk|zsm|so schnell wie moglich|baldmoglichst|des que possible|dans les meilleurs delais)\b`,
  String.raw`\bacces limite\b`, String.raw`\b(?:pas|sans) acces\b`, String.raw`\bkeinen zugriff\b`, String.raw`\b(?:wordt|worden) niet (?:gelezen|beantwoord)\b`, String.raw`\bbeperkte? toegang\b`, String.raw`\bgeen toegang\b`,
  String.raw`\bin (?:my|mijn) absence\b`, String.raw`\btijdens mijn afwezigheid\b`, String.raw`\bwahrend meiner abwesenheit\b`,
  String.raw`\ben mon absence\b`, String.raw`\bwill not be (?:reading|checking|monitoring)\b`,
].join('|'));

// A person writing back themselves ("I'm travelling until the 5th, let's reconnect after that").
const ENGAGED = /\b(?:can you send|could you send|send me|stuur me|kun je (?:me )?(?:de|het|meer)|schicken sie mir|envoyez-moi|details|interested|interest|interesse|geinteresseerd|interessant|interessiert|interesse|sounds|klinkt|klingt|let's|lets|laten we|zullen we|call me|bel me|the role|the position|the job|this role|de functie|de vacature|die stelle|le poste|salary|salaris|happy to|graag (?:een|even|bellen|praten|meer)|love to|would like to|wil ik|count me|keen|yes)\b/;

const MONTHS: Record<string, number> = {};
const addMonths = (names: string) => names.split(' ').forEach((name, i) => { for (const n of name.split('/')) MONTHS[n] = i + 1; });
addMonths('january/jan/januari/januar/janvier/janv february/feb/februari/februar/fevrier/fevr/febr march/mar/maart/mrt/marz/maerz/mars/maer ' +
  'april/apr/avril/avr may/mei/mai june/jun/juni/juin july/jul/juli/juillet/juil august/aug/augustus/aout ' +
  'september/sep/sept/septembre october/oct/oktober/okt/octobre november/nov/novembre december/dec/dezember/dez/decembre');
const MONTH = `(${Object.keys(MONTHS).sort((a, b) => b.length - a.length).join('|')})`;
const WEEKDAYS: Record<string, number> = {};
['sunday/zondag/sonntag/dimanche/zo/sun', 'monday/maandag/montag/lundi/ma/mon', 'tuesday/dinsdag/dienstag/mardi/di/tue/tues',
  'wednesday/woensdag/mittwoch/mercredi/wo/wed', 'thursday/donderdag/donnerstag/jeudi/do/thu/thur/thurs', 'friday/vrijdag/freitag/vendredi/vr/fri',
  'saturday/zaterdag/samstag/samedi/za/sat'].forEach((names, day) => names.split('/').forEach((n) => { WEEKDAYS[n] = day; }));

const DATE_PATTERNS: Array<{ re: RegExp; read(m: RegExpExecArray): { day: number; month?: number; year?: number; weekday?: number } }> = [
  { re: /\b(\d{4})-(\d{2})-(\d{2})\b/g, read: (m) => ({ year: +m[1], month: +m[2], day: +m[3] }) },
  { re: new RegExp(String.raw`\b(\d{1,2})(?:st|nd|rd|th|e|er|ste|de|eme)?\.?(?: of| de)? ${MONTH}\b\.?(?:,? '?(\d{4}|\d{2})\b)?`, 'g'),
    read: (m) => ({ day: +m[1], month: MONTHS[m[2]], year: m[3] ? +m[3] : undefined }) },
  { re: new RegExp(String.raw`\b${MONTH}\.? (\d{1,2})(?:st|nd|rd|th)?\b(?:,? (\d{4})\b)?`, 'g'),
    read: (m) => ({ day: +m[2], month: MONTHS[m[1]], year: m[3] ? +m[3] : undefined }) },
  { re: /\b(\d{1,2})[./-](\d{1,2})(?:[./-](\d{4}|\d{2}))?\b(?![./:-]?\d)/g, read: (m) => {
    let [day, month] = [+m[1], +m[2]];
    if (month > 12 && day <= 12) [day, month] = [month, day]; // 12/14/2026
    return { day, month, year: m[3] ? +m[3] : undefined };
  } },
  { re: /\b(?:the |de |den |le )(\d{1,2})(?:st|nd|rd|th|e|ste|de|er|\.)(?=\W|$)/g, read: (m) => ({ day: +m[1] }) },
  { re: new RegExp(String.raw`\b(${Object.keys(WEEKDAYS).filter((w) => w.length > 3).join('|')})\b(?! \d)`, 'g'), read: (m) => ({ day: 0, weekday: WEEKDAYS[m[1]] }) },
  { re: /\b(tomorrow|morgen)\b/g, read: () => ({ day: -1 }) },
];

const RETURN_BEFORE = /\b(?:back|return|returning|returns|terug|retour|zuruck|again|weer|wieder|reviens|reviendrai|rentre)\b[^.\n]{0,40}$/;
const RETURN_AFTER = /^[^.\n]{0,30}\b(?:weer|wieder|terug|back|de retour|zuruck)\b/;
const UNTIL_BEFORE = /\b(?:until|till|til|through|thru|up to and including|tot en met|t\/m|tot|bis|bis zum|bis einschlie\S+|jusqu'au|jusqu'a|jusqu'|au)\b[^.\n]{0,25}$/;

const iso = (d: Date) => d.toISOString().slice(0, 10);

function resolve(found: { day: number; month?: number; year?: number; weekday?: number }, reference: Date): string | null {
  const ref = new Date(Date.UTC(reference.getUTCFullYear(), reference.getUTCMonth(), reference.getUTCDate()));
  if (found.day === -1) return iso(new Date(ref.getTime() + 86_400_000));
  if (found.weekday !== undefined) {
    const ahead = ((found.weekday - ref.getUTCDay() + 7) % 7) || 7;
    return iso(new Date(ref.getTime() + ahead * 86_400_000));
  }
  const build = (year: number, month: number) => {
    const date = new Date(Date.UTC(year, month - 1, found.day));
    return date.getUTCMonth() === month - 1 && date.getUTCDate() === found.day ? date : null;
  };
  if (found.month === undefined) {
    // "the 3rd": the next 3rd of a month from the reference on.
    for (let k = 0; k < 3; k++) {
      const month = ref.getUTCMonth() + k; // 0-based, may pass 11
      const date = build(ref.getUTCFullYear() + Math.floor(month / 12), (month % 12) + 1);
      if (date && date >= ref) return iso(date);
    }
    return null;
  }
  if (found.month < 1 || found.month > 12 || found.day < 1 || found.day > 31) return null;
  if (found.year !== undefined) {
    const year = found.year < 100 ? 2000 + found.year : found.year;
    const date = build(year, found.month);
    return date && Math.abs(date.getTime() - ref.getTime()) < 2 * 365 * 86_400_000 ? iso(date) : null;
  }
  // No year: this year's date, or next year's when that one is long past ("terug op 3 januari" in December).
  const thisYear = build(ref.getUTCFullYear(), found.month);
  if (thisYear && thisYear.getTime() >= ref.getTime() - 30 * 86_400_000) return iso(thisYear);
  const next = build(ref.getUTCFullYear() + 1, found.month);
  return next ? iso(next) : null;
}

/** The date the sender is back, or away until, as stated in the text; null when none is stated. */
export function returnDate(text: string, reference: Date = new Date()): string | null {
  const t = normalise(text).replace(/\s+/g, ' ');
  let until: string | null = null;
  let backAfter: string | null = null;
  for (const pattern of DATE_PATTERNS) {
    for (const match of t.matchAll(pattern.re)) {
      const before = t.slice(Math.max(0, match.index - 60), match.index);
      const after = t.slice(match.index + match[0].length, match.index + match[0].length + 40);
      // "Tot en met 1 januari … weer aanwezig op 4 januari", "from 30 November to 11 December … back on 14 December":
      // a date after "back" wins over one before it, and an "until" date stays one even when "back" follows it.
      const linked = RETURN_BEFORE.test(before) ? 'return' : UNTIL_BEFORE.test(before) ? 'until' : RETURN_AFTER.test(after) ? 'returnAfter' : null;
      if (!linked) continue;
      const date = resolve(pattern.read(match), reference);
      if (!date) continue;
      if (linked === 'return') return date;
      if (linked === 'returnAfter') backAfter ??= date;
      else until ??= date;
    }
  }
  return backAfter ?? until;
}

export function detectAutoReply(input: { text: string; subject?: string | null; headers?: AutoReplyHeaders; receivedAt?: Date | null }): AutoReply {
  const h = input.headers ?? {};
  const byHeader = Boolean(h.autoSubmitted && !/^\s*no\b/i.test(h.autoSubmitted)) || Boolean(h.xAutoreply) || Boolean(h.xAutorespond)
    || /auto[_-]?reply/i.test(h.precedence ?? '');
  const subject = normalise(input.subject ?? '');
  const text = normalise(input.text).replace(/\s+/g, ' ');
  const absent = ABSENT.test(text);
  const reference = input.receivedAt ?? new Date();
  const certain = byHeader || AUTOMATIC.test(subject) || AUTOMATIC.test(text);
  const auto = certain || (!ENGAGED.test(text) && (
    OUT_OF_OFFICE.test(subject) || OUT_OF_OFFICE.test(text) || (absent && (AUTO_CONTEXT.test(text) || returnDate(text, reference) !== null))));
  return { autoReply: auto, certain, returnDate: auto ? returnDate(`${input.subject ?? ''}\n${input.text}`, reference) : null };
}
