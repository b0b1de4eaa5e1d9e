// The field a 400 names (domain/schemas/text.ts fieldName): never empty, even for a key
// that is the empty string (found by the fuzz test: {"": "a\u0000b"} got an answer without a field).
import { describe, expect, it } from 'vitest';
import { fieldName, findUnstorableText } from '#domain/schemas/text.ts';

describe('fieldName', () => {
  it('joins the path with dots, and names the input as a whole by its root', () => {
    expect(fieldName(['steps', 0, 'content'], 'body')).toBe('steps.0.content');
    expect(fieldName([], 'body')).toBe('body');
  });

  it('spells an empty key as "" so that the answer names a field', () => {
    const bad = findUnstorableText({ '': 'a\u0000b' });
    expect(bad?.path).toEqual(['']);
    expect(fieldName(bad!.path, 'body')).toBe('""');
    expect(fieldName(['steps', '', 'x'], 'body')).toBe('steps."".x');
  });
});
