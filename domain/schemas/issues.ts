// Wording a zod issue for a person: the schema's own text where it has one,
// else a sentence that names the field. Shared by the API's request parsing
// (edge-functions/http.ts) and the CSV import's row checks (domain/imports.ts).
// Parse with `{ reportInput: true }`: zod 4 keeps the input on an issue only
// then, and "missing" is told from "wrong type" by it.
import type { z } from 'zod';

/** A readable name for a JSON value's type, for "x must be text, not a number". */
function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  switch (typeof value) {
    case 'string': return 'text';
    case 'number': return Number.isNaN(value) ? 'something that is not a number' : 'a number';
    case 'boolean': return 'true or false';
    case 'object': return 'an object';
    default: return typeof value;
  }
}

const EXPECTED: Record<string, string> = {
  string: 'text', number: 'a number', int: 'a whole number', boolean: 'true or false', object: 'a JSON object',
  array: 'a list', record: 'a JSON object', date: 'a date', null: 'null',
};

/** zod's own wording (not one of our schema's texts) starts like this. */
const ZOD_DEFAULT = /^(Invalid|Too big|Too small|Unrecognized)/;

function limitText(issue: z.core.$ZodIssueTooBig | z.core.$ZodIssueTooSmall, field: string): string {
  const big = issue.code === 'too_big';
  const limit = Number(big ? (issue).maximum : (issue).minimum);
  const inclusive = issue.inclusive !== false;
  const unit = issue.origin === 'string' ? ' characters' : issue.origin === 'array' || issue.origin === 'set' ? ' items' : '';
  if (!big && limit === 0 && !inclusive && !unit) return `${field} must be greater than 0`;
  const bound = big ? (inclusive ? 'at most' : 'less than') : (inclusive ? 'at least' : 'more than');
  return `${field} must be ${bound} ${limit}${unit}`;
}

/**
 * The message for a zod issue: our schema's own text where it has one, else one
 * that names the field. zod 4 does not keep the input on an issue unless asked
 * (`reportInput`), so "missing" is told from "wrong type" by the input itself.
 */
export function issueMessage(issue: z.core.$ZodIssue, field: string): string {
  const custom = !ZOD_DEFAULT.test(issue.message);
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return `${field} is required`;
      // "name is required" for `{"name": 5}` would be untrue: say what is wrong.
      if (custom && !/ is required$/.test(issue.message)) return issue.message;
      if (issue.expected === 'int' && typeof issue.input === 'number') return `${field} must be a whole number`;
      return `${field} must be ${EXPECTED[issue.expected] ?? issue.expected}, not ${typeOf(issue.input)}`;
    }
    case 'too_big':
    case 'too_small':
      return custom ? issue.message : limitText(issue, field);
    case 'invalid_value':
      return custom ? issue.message : `${field} must be one of ${issue.values.map(String).join(', ')}`;
    case 'invalid_format':
      return custom ? issue.message : `${field} must be a valid ${issue.format}`;
    case 'unrecognized_keys':
      return `${field} has unknown fields: ${issue.keys.join(', ')}`;
    default:
      return custom ? issue.message : `${field} is not valid`;
  }
}
