// What the content field holds while the AI writes (spec §4), and how to tell
// an AI failure caused by the time-out from any other (spec §8).

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

/** "Generation Timeout" rather than "Generation Failed" (spec §8). */
export function isGenerationTimeout(message: string | null | undefined): boolean {
  const text = (message ?? '').toLowerCase();
  return text.includes('timed out') || text.includes('taking longer than expected');
}
