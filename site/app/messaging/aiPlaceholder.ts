// What the content field holds while the AI writes (spec §4). Whether a
// failure was the time-out is domain/ai/generation-timeout.ts (shared with the API).

/** Every placeholder starts with this marker, so it is never mistaken for real content. */
export const AI_MARKER = '🤖';
export const AI_GENERATING_TEXT = `${AI_MARKER} AI is generating content...`;
export const AI_REGENERATING_TEXT = `${AI_MARKER} AI is regenerating content with fresh perspective...`;

export function aiPlaceholderText(regenerate: boolean): string {
  return regenerate ? AI_REGENERATING_TEXT : AI_GENERATING_TEXT;
}

export function isAiPlaceholder(content: string | null | undefined): boolean {
  return (content ?? '').trimStart().startsWith(AI_MARKER);
}

/** Regenerate appears only when there is content and it is not the placeholder. */
export function canRegenerate(content: string | null | undefined): boolean {
  return Boolean(content?.trim()) && !isAiPlaceholder(content);
}
