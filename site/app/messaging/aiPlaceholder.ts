// What the content field holds while the AI writes (spec §4). Whether a
// failure was the time-out is domain/ai/generation-timeout.ts (shared with the API).
// The words follow the interface's language (i18n/en/panels.ts); the marker is what identifies it.
import { panels } from '#domain/i18n/en/panels.ts';
import { i18n } from '#app/i18n/i18n.ts';
import { AI_MARKER, isAiPlaceholder } from './aiMarker.ts';

export { AI_MARKER, isAiPlaceholder };
export const AI_GENERATING_TEXT = `${AI_MARKER} ${panels.compose.aiGenerating}`;
export const AI_REGENERATING_TEXT = `${AI_MARKER} ${panels.compose.aiRegenerating}`;

export function aiPlaceholderText(regenerate: boolean): string {
  return `${AI_MARKER} ${i18n.t(regenerate ? 'panels.compose.aiRegenerating' : 'panels.compose.aiGenerating')}`;
}

/** Regenerate appears only when there is content and it is not the placeholder. */
export function canRegenerate(content: string | null | undefined): boolean {
  return Boolean(content?.trim()) && !isAiPlaceholder(content);
}
