// The date an automatic reply says its sender is back, or away until, in
// English, Dutch, German and French ("back on 14 December", "I will return on
// Monday 12 January", "terug op 3 januari", "vanaf 12-01 weer aanwezig", "bis
// zum 12.01.", "ab dem 5. Januar wieder im Büro", "de retour le 12 janvier").
// A date without a year is read from the mail's date: this year's, or next
// year's when this year's is more than 30 days past. Pure: no clock but the
// reference it is given.
import { normalise } from './text.ts';

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
// "to" only after "from <date>" ("from 19/12 to 03/01"): alone it is too common a word.
const UNTIL_BEFORE = /(?:\b(?:until|till|til|through|thru|up to and including|tot en met|t\/m|tot|bis|bis zum|bis einschlie\S+|jusqu'au|jusqu'a|jusqu'|au)\b|\bfrom [^.\n]{1,25} to\b)[^.\n]{0,25}$/;

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
