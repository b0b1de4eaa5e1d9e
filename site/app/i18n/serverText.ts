// What the server says, in the interface's language (decision 032): the one place that turns a code
// of the catalogue's `errors` (an API error's `code`, a blocker, a skip reason, a form's schema
// message written with `msg`) into words. English is what the API's `error` says; Dutch reads the same
// code in nl.ts. A code this browser does not know (a newer server's) shows the server's own English.
import { asSentence, codedMessage, renderCode, type ErrorCode, type Lookup, type Params } from '#domain/i18n/codes.ts';
import { WEEKDAYS, type Weekday } from '#domain/meetings/weekdays.ts';
import { weekdayLabel } from './format.ts';
import { activeLanguage, i18n } from './i18n.ts';

const lookup: Lookup = {
  t: (key, options) => (i18n.t as (key: string, options: object) => string)(key, options),
  exists: (key) => i18n.exists(key),
};

/**
 * A field path as a person reads it in the interface's language (English: as the API names it):
 * "availability.monday.1" → "tijdvak 2 op maandag", "overrides.0.ranges.1" → "tijdvak 2 van
 * uitzondering 1", "overrides.2" → "uitzondering 3", "reminders.1" → "herinnering 2". Undefined: shown as it is.
 */
function fieldInWords(path: string): string | undefined {
  if (activeLanguage() === 'en') return undefined;
  const weekday = /^availability\.(\w+)\.(\d+)$/.exec(path);
  if (weekday && (WEEKDAYS as readonly string[]).includes(weekday[1])) {
    return i18n.t('meetingBooking.rangeNames.weekday', {
      number: Number(weekday[2]) + 1, day: weekdayLabel(weekday[1] as Weekday, { capital: false }),
    });
  }
  const range = /^overrides\.(\d+)\.ranges\.(\d+)$/.exec(path);
  if (range) return i18n.t('meetingBooking.rangeNames.override', { number: Number(range[2]) + 1, override: Number(range[1]) + 1 });
  const override = /^overrides\.(\d+)$/.exec(path);
  if (override) return i18n.t('meetingBooking.rangeNames.overrideOnly', { override: Number(override[1]) + 1 });
  const reminder = /^reminders\.(\d+)$/.exec(path);
  if (reminder) return i18n.t('meetingBooking.rangeNames.reminder', { number: Number(reminder[1]) + 1 });
  return undefined;
}

/** A catalogue text by a key made at run time from what the server stored (an audit action, a detail's name); `fallback` when there is none. */
export function storedKeyText(key: string, fallback: string): string {
  return /^[\w.]+$/.test(key) && i18n.exists(key) ? lookup.t(key, {}) : fallback;
}

/** Whether this browser has a text for the code. */
export function knowsCode(code: string | null | undefined): code is string {
  return typeof code === 'string' && /^[\w.]+$/.test(code) && (i18n.exists(`errors.${code}`) || i18n.exists(`errors.${code}_other`));
}

/**
 * The code's text in the interface's language, its params filled in; `fallback` (the server's English)
 * for a code this browser does not know, or none.
 */
export function codeText(code: string | null | undefined, params?: Params | null, fallback?: string): string {
  if (!knowsCode(code)) return fallback ?? code ?? '';
  return asSentence(renderCode(lookup, code, params ?? undefined, fieldInWords), activeLanguage());
}

/** Who reads a state: a recruiter gets the words without set-up steps where there are such (states.forRecruiters). */
export type Audience = 'admin' | 'recruiter';

/**
 * A state's text (a key of the catalogue's states: Settings → Integrations, "Send a test", the calendar) in
 * the interface's language; `fallback` (the server's English) for a code this browser does not know.
 */
export function stateText(code: string | null | undefined, params?: Params | null, fallback?: string, audience: Audience = 'admin'): string {
  if (typeof code !== 'string' || !/^[\w.]+$/.test(code) || !(i18n.exists(`states.${code}`) || i18n.exists(`states.${code}_other`))) {
    return fallback ?? code ?? '';
  }
  const forRecruiters = `forRecruiters.${code}`;
  const said = audience === 'recruiter' && i18n.exists(`states.${forRecruiters}`) ? forRecruiters : code;
  return renderCode(lookup, said, params ?? undefined, undefined, 'states');
}

/**
 * A form field's message in the interface's language: the schemas write theirs as codes (`msg`); any
 * other text (one the page set itself) shows as it is.
 */
export function issueText(message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  // The browser's own texts say which codes exist (not the server's English catalogue: it stays out of the first load).
  const coded = codedMessage(message, (code): code is ErrorCode => knowsCode(code));
  return coded ? codeText(coded.code, coded.params) : message;
}
