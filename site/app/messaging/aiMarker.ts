// How the content field's AI placeholder is recognised (aiPlaceholder.ts writes it): by its marker
// alone, so that code which only checks for it (the Advanced Editor's URL, in the first chunk) loads no texts.

/** Every placeholder starts with this marker, so it is never mistaken for real content. */
export const AI_MARKER = '🤖';

export function isAiPlaceholder(content: string | null | undefined): boolean {
  return (content ?? '').trimStart().startsWith(AI_MARKER);
}
