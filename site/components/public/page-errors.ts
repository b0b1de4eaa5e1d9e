// What a public page hands its script to show the server's errors in the page's language (decision
// 032): the texts of the codes its requests may be answered with, from the catalogue's `errors`,
// and `errorTerms` (a field's name in that language). The script renders an answer's `code` with
// them (site/scripts/server-text.ts); a code not handed (a newer server's) shows the server's English.
// Server-side (Astro frontmatter): it reads the whole catalogue, the page gets only these codes.
import type { ErrorCode } from '#domain/i18n/codes.ts';
import type { Locale } from '#domain/i18n/locale.ts';
import { catalogue } from '#domain/i18n/translate.ts';
import type { ErrorTexts } from '../../scripts/texts.ts';

/** What any public JSON request may be answered with: the request itself, the database, the rate limit. */
const ANY_REQUEST = [
  'internal', 'database_unavailable', 'database_slow', 'server_restarting', 'too_many_requests', 'origin_refused', 'no_route',
  'not_json', 'not_utf8', 'invalid_json', 'duplicate_key', 'body_too_large',
  'validation.required', 'validation.wrong_type', 'validation.unknown_fields', 'validation.not_valid', 'validation.too_long',
  'validation.must_be_text', 'validation.at_most_characters', 'validation.nul_character', 'validation.broken_unicode',
  'validation.nul_in_field_name', 'validation.broken_unicode_in_field_name',
] as const satisfies readonly ErrorCode[];

/** The codes each page's requests may be answered with (edge-functions/routes/auth.ts, access-requests, public-booking.ts). */
export const PAGE_ERRORS = {
  login: [...ANY_REQUEST, 'invalid_login', 'too_many_attempts'],
  verify: [...ANY_REQUEST, 'sign_in_expired', 'two_factor_locked', 'code_reused', 'too_many_codes', 'invalid_code', 'too_many_attempts'],
  requestAccess: [...ANY_REQUEST, 'too_many_access_requests', 'validation.email_address'],
  booking: [
    ...ANY_REQUEST, 'booking_link_invalid', 'booking_link_expired', 'meeting_already_taken_place', 'nothing_to_cancel', 'slot_taken',
    'start_in_past', 'start_not_offered', 'slots_to_after_from', 'slots_window_too_long', 'validation.instant', 'validation.time_zone',
    'validation.email_text', 'validation.email_address_like', 'validation.booking_token',
  ],
} as const satisfies Record<string, readonly ErrorCode[]>;

type Tree = { [key: string]: string | Tree };

/** The texts of `codes` (a plural one's `_one` and `_other` too) out of a language's `errors`, as a tree of the same shape. */
function pick(errors: Tree, codes: readonly string[]): Tree {
  const picked: Tree = {};
  for (const code of codes) {
    const path = code.split('.');
    const last = path.pop()!;
    let from: Tree | string | undefined = errors;
    let to = picked;
    for (const part of path) {
      from = typeof from === 'object' ? from[part] : undefined;
      to = (to[part] ??= {}) as Tree;
    }
    for (const key of [last, `${last}_one`, `${last}_other`]) {
      const text = typeof from === 'object' ? from[key] : undefined;
      if (typeof text === 'string') to[key] = text;
    }
  }
  return picked;
}

/** The error texts for a page's script in `locale`: `errors` with only these codes, and `errorTerms`. */
export function errorTexts(locale: Locale, codes: readonly ErrorCode[]): ErrorTexts {
  const texts = catalogue(locale);
  return { lang: locale, errors: pick(texts.errors, codes), errorTerms: texts.errorTerms };
}
