// @vitest-environment jsdom
// The catalogue's `errors` are not in /app's first load (decision 052): App.tsx fetches them after the first
// paint, and an API error only goes on once they are there, so no toast or alert shows it without its words.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errors } from '#domain/i18n/en/errors.ts';

// The texts' load is held at a gate this test opens; otherwise (and for the files that share this worker's
// modules after it, the ui project runs without isolation) it is the real load.
let gate: Promise<void> | null = null;
let release: () => void = () => {};
const loadErrorTexts = vi.fn(async () => { await gate; });
vi.mock('#app/i18n/i18n.ts', async (original) => {
  const real = await original<typeof import('#app/i18n/i18n.ts')>();
  return { ...real, loadErrorTexts: () => loadErrorTexts().then(() => real.loadErrorTexts()) };
});

// The ui project shares modules between files: an earlier file may have loaded apiClient with the real i18n
// module, so this file loads its own copies, which take the mock above.
vi.resetModules();
const { getJson, TIMEOUT_MESSAGE } = await import('#app/api/apiClient.ts');
const { ApiError, errorText } = await import('#app/api/ApiError.ts');

afterEach(() => {
  release();
  gate = null;
  vi.unstubAllGlobals();
});

describe('error texts loaded with the first error', () => {
  it('an API error waits for the error texts before it reaches the interface', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify({ error: 'Candidate not found', code: 'candidate_not_found' }),
      { status: 404, headers: { 'Content-Type': 'application/json' } }))));
    gate = new Promise<void>((resolve) => { release = resolve; });
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
