// An IANA time zone name, checked with Intl (browser-safe, no Temporal): the
// one rule for every zone the API takes (booking settings, profiles, the
// organisation, campaign send windows) and the browser's own checks.
import { z } from 'zod';
import { msg } from '../i18n/codes.ts';

/**
 * The IANA name of a time zone in its usual spelling ("europe/amsterdam" →
 * "Europe/Amsterdam"), or null when `name` is not one. Fixed offsets such as
 * "+01:00" are refused: they have no DST rules, so local hours would drift.
 */
export function ianaTimeZone(name: string): string | null {
  const known = answers.get(name);
  if (known !== undefined) return known;
  const answer = resolveTimeZone(name);
  if (answers.size >= MAX_ANSWERS) answers.clear();
  answers.set(name, answer);
  return answer;
}

/**
 * Answers by name. Each check builds an Intl.DateTimeFormat, whose ICU memory lies outside V8's heap and
 * its limits: a 100,000-row import with a time zone column grew the server by about 80 MB (bench/import.ts).
 * There are some 600 zone names; the cap bounds what names that are not zones can add.
 */
const answers = new Map<string, string | null>();
const MAX_ANSWERS = 2_000;

function resolveTimeZone(name: string): string | null {
  if (!name || /^[+-]/.test(name)) return null;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  // ICU answers some zones by their old names (Asia/Kolkata → Asia/Calcutta): keep the name as given,
  // only its spelling corrected when that is all that differs.
  return resolved.toLowerCase() === name.toLowerCase() ? resolved : name;
}

const ZONE_MESSAGE = msg('validation.time_zone');

/** An IANA zone in a query or body (?timeZone=Europe/Amsterdam), answered in its canonical spelling. */
export const timeZoneParam = z.string({ error: ZONE_MESSAGE })
  .transform((name, ctx) => {
    const zone = ianaTimeZone(name);
    if (zone === null) ctx.addIssue({ code: 'custom', message: ZONE_MESSAGE });
    return zone ?? name;
  });
