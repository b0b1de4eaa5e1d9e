// Text that cannot be stored as it was sent is refused where input arrives,
// never cleaned silently: a NUL character (PostgreSQL refuses it: error 22021)
// and a lone UTF-16 surrogate (it would be stored as U+FFFD, changing the text).
// Used by parse() in edge-functions/http.ts for every body, query and path
// value, and by the candidate schema for CSV rows, which do not pass there.

export type InputPath = Array<string | number>;

type Problem = 'validation.nul_character' | 'validation.broken_unicode' | 'validation.nul_in_field_name' | 'validation.broken_unicode_in_field_name';

export interface TextProblem {
  /** Where the bad text is: the key path of a value, or of the object whose field name holds it. */
  path: InputPath;
  /** What is wrong, as a code whose text names the field ("{{field}} must not contain a NUL character"). */
  problem: Problem;
}

function problemOf(text: string): 'nul' | 'unicode' | null {
  if (text.includes('\u0000')) return 'nul';
  if (!text.isWellFormed()) return 'unicode';
  return null;
}

interface Visit { value: unknown; key: string | number | null; parent: Visit | null }

function pathOf(visit: Visit): InputPath {
  const path: InputPath = [];
  for (let at: Visit | null = visit; at && at.key !== null; at = at.parent) path.unshift(at.key);
  return path;
}

/**
 * The first string (value or field name) in JSON-like data that cannot be stored.
 * Iterative, with parent links instead of copied paths, so deeply nested input
 * costs neither stack nor quadratic memory.
 */
export function findUnstorableText(data: unknown): TextProblem | null {
  const stack: Visit[] = [{ value: data, key: null, parent: null }];
  while (stack.length) {
    const visit = stack.pop()!;
    const { value } = visit;
    if (typeof value === 'string') {
      const problem = problemOf(value);
      if (problem) return { path: pathOf(visit), problem: problem === 'nul' ? 'validation.nul_character' : 'validation.broken_unicode' };
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], key: i, parent: visit });
    } else if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value)) {
      const entries = Object.entries(value);
      for (const [key] of entries) {
        const problem = problemOf(key);
        if (problem) {
          return { path: pathOf(visit), problem: problem === 'nul' ? 'validation.nul_in_field_name' : 'validation.broken_unicode_in_field_name' };
        }
      }
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i][1], key: entries[i][0], parent: visit });
    }
  }
  return null;
}

/**
 * The field name shown to the caller: the dotted path, or `root` for the input as a whole. A key
 * that is the empty string is spelled `""`, so that the answer still names a field.
 */
export function fieldName(path: ReadonlyArray<PropertyKey>, root: string): string {
  return path.length ? path.map((key) => (key === '' ? '""' : String(key))).join('.') : root;
}
