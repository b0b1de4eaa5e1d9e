// A zod issue as a code of the catalogue (decision 032): the schema's own code where it has one,
// else a code whose text names the field. Shared by the API's request parsing
// (edge-functions/http.ts), the CSV import's row checks (domain/imports) and, through the same
// messages, the browser's forms (site/app/i18n/serverText.ts shows them in the interface's language).
// Parse with `{ reportInput: true }`: zod 4 keeps the input on an issue only then, and "missing" is
// told from "wrong type" by it.
import type { z } from 'zod';
import { codedMessage, type Coded, type ErrorCode } from '../i18n/codes.ts';
import { englishText, isErrorCode } from '../i18n/english.ts';

export { msg } from '../i18n/codes.ts';

/** The code (and params) a message written by `msg` carries; null for any other text (zod's own words). */
export function codeOfMessage(message: string | undefined): Coded | null {
  return codedMessage(message, isErrorCode);
}

/** The code of a JSON value's type, for "x must be text, not a number" (errorTerms.actual). */
function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'list';
  switch (typeof value) {
    case 'string': return 'text';
    case 'number': return Number.isNaN(value) ? 'nan' : 'number';
    case 'boolean': return 'boolean';
    case 'object': return 'object';
    default: return typeof value;
  }
}

/** A message that says a value is missing: a code ending in `required` (en/errors.ts). */
const sayRequired = (code: ErrorCode) => /(^|[._])required$/.test(code);

type Bound = 'at_most' | 'less_than' | 'at_least' | 'more_than';

function limitCode(issue: z.core.$ZodIssueTooBig | z.core.$ZodIssueTooSmall, field: string): Coded {
  const big = issue.code === 'too_big';
  const limit = Number(big ? issue.maximum : issue.minimum);
  const inclusive = issue.inclusive !== false;
  const unit = issue.origin === 'string' ? '_characters' : issue.origin === 'array' || issue.origin === 'set' ? '_items' : '';
  if (!big && limit === 0 && !inclusive && !unit) return { code: 'validation.greater_than_0', params: { field } };
  const bound: Bound = big ? (inclusive ? 'at_most' : 'less_than') : (inclusive ? 'at_least' : 'more_than');
  return { code: `validation.${bound}${unit}` as ErrorCode, params: { field, limit } };
}

/**
 * The code for a zod issue: our schema's own (written with `msg`) where it has one, else one that
 * names the field. zod 4 does not keep the input on an issue unless asked (`reportInput`), so
 * "missing" is told from "wrong type" by the input itself.
 */
export function issueCoded(issue: z.core.$ZodIssue, field: string): Coded {
  const own = codeOfMessage(issue.message);
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return { code: 'validation.required', params: { field } };
      // "name is required" for `{"name": 5}` would be untrue: say what is wrong.
      if (own && !sayRequired(own.code)) return own;
      if (issue.expected === 'int' && typeof issue.input === 'number') return { code: 'validation.whole_number', params: { field } };
      return { code: 'validation.wrong_type', params: { field, expected: issue.expected, actual: typeOf(issue.input) } };
    }
    case 'too_big':
    case 'too_small':
      return own ?? limitCode(issue, field);
    case 'invalid_value':
      return own ?? { code: 'validation.one_of', params: { field, values: issue.values.map(String).join(', ') } };
    case 'invalid_format':
      return own ?? { code: 'validation.invalid_format', params: { field, format: issue.format } };
    case 'unrecognized_keys':
      return { code: 'validation.unknown_fields', params: { field, keys: issue.keys.join(', ') } };
    default:
      return own ?? { code: 'validation.not_valid', params: { field } };
  }
}

/** The issue's English text (what the API answers as `error`). */
export function issueMessage(issue: z.core.$ZodIssue, field: string): string {
  return englishText(issueCoded(issue, field));
}
