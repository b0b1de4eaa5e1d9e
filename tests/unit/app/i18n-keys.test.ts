// The Dutch texts match the English ones key for key (the type check says so too),
// no Dutch text is empty or a placeholder, and every {{value}} English fills in
// Dutch fills in as well.
import { describe, expect, it } from 'vitest';
import { en } from '#domain/i18n/en.ts';
import { nl } from '#domain/i18n/nl.ts';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const PLACEHOLDER_TEXT = /^(todo|tbd|fixme|xxx+|\.\.\.|…|-+|\?+|\[?nl\]?.*|translate.*)$/i;

describe('interface texts', () => {
  const english = flatten(en);
  const dutch = flatten(nl);

  it('has the same keys in English and Dutch', () => {
    expect([...dutch.keys()].filter((key) => !english.has(key))).toEqual([]);
    expect([...english.keys()].filter((key) => !dutch.has(key))).toEqual([]);
  });

  it('has no empty or placeholder Dutch text', () => {
    const bad = [...dutch].filter(([key, text]) => text.trim() === '' || PLACEHOLDER_TEXT.test(text.trim()) || text === key);
    expect(bad).toEqual([]);
  });

  it('fills in every value of the English text in Dutch too', () => {
    const missing = [...english]
      .filter(([key, text]) => placeholders(text).some((name) => !placeholders(dutch.get(key) ?? '').includes(name)))
      .map(([key]) => key);
    expect(missing).toEqual([]);
  });

  it('has no English text left empty', () => {
    expect([...english].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
  });
});
