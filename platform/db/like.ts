// LIKE patterns from what a user typed: their %, _ and \ match themselves.

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** `%text%`: the text anywhere in the value (with ilike, in any case). */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}
