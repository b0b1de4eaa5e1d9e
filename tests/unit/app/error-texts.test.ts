// @vitest-environment jsdom
// The catalogue's `errors` are not in /app's first load (decision 052): App.tsx fetches them after the first
// paint, and an API error only goes on once they are there, so no toast or alert shows it without its words.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errors } from '#domain/i18n/en/errors.ts';

let release: () => void = () => {};
const loadErrorTexts = vi.fn(() => new Promise<void>((resolve) => { release = resolve; }));
vi.mock('#app/i18n/i18n.ts', async (original) => ({ ...await original<object>(), loadErrorTexts: () => loadErrorTexts() }));

const { getJson, TIMEOUT_MESSAGE } = await import('#app/api/apiClient.ts');
const { ApiError, errorText } = await import('#app/api/ApiError.ts');

afterEach(() => vi.unstubAllGlobals());

describe('error texts loaded with the first error', () => {
  it('an API error waits for the error texts before it reaches the interface', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify({ error: 'Candidate not found', code: 'candidate_not_found' }),
      { status: 404, headers: { 'Content-Type': 'application/json' } }))));
    let settled = false;
    const failure = getJson('/api/candidates/1').catch((error: unknown) => error).finally(() => { settled = true; });
    await vi.waitFor(() => expect(loadErrorTexts).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    release();
    const error = await failure;
    expect(error).toBeInstanceOf(ApiError);
    expect(errorText(error)).toBe(errors.candidate_not_found);
  });

  it('the time-out message is the catalogue\'s, written out', () => {
    expect(TIMEOUT_MESSAGE).toBe(errors.ai_timeout);
  });
});
