// "Generation Timeout" (spec §8): the text of an AI draft that took too long,
// whether the API's provider call timed out (504) or the browser gave up on
// its own 60 s limit, and how the browser tells it from other failures.
// Browser-safe: no imports.

export const TIMEOUT_MESSAGE = 'Request timed out. AI generation is taking longer than expected.';

/** "Generation Timeout" rather than "Generation Failed": the message says the draft took too long. */
export function isGenerationTimeout(message: string | null | undefined): boolean {
  const text = (message ?? '').toLowerCase();
  return text.includes('timed out') || text.includes('taking longer than expected');
}
