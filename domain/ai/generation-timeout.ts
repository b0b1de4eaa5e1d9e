// "Generation Timeout" (spec §8): an AI draft that took too long, whether the API's provider call
// timed out (504, code ai_timeout) or the browser gave up on its own 60 s limit (the same code,
// site/app/api/apiClient.ts), and how the browser tells it from other failures: by the code, not by
// the words (decision 032). Browser-safe: no imports.

/** "Generation Timeout" rather than "Generation Failed": the error's code says the draft took too long. */
export function isGenerationTimeout(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ai_timeout';
}
