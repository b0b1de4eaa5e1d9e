// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, retryDelay } from '#app/api/queryClient.ts';
import { jsonResponse } from './renderWithProviders.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('query client defaults (spec §9)', () => {
  it('uses the documented defaults', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries?.staleTime).toBe(60_000);
    expect(queries?.gcTime).toBe(5 * 60_000);
    expect(queries?.retry).toBe(1);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.refetchInterval).toBe(false);
    expect(mutations?.retry).toBe(0);
  });

  it('doubles the retry delay from 1 s up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('reads [path, params] query keys with the default reader', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(jsonResponse([{ id: 7 }])));
    vi.stubGlobal('fetch', fetchMock);
    const client = createQueryClient();
    const data = await client.fetchQuery({ queryKey: ['/api/search', { q: 'ab' }] });
    expect(data).toEqual([{ id: 7 }]);
    expect(fetchMock).toHaveBeenCalledWith('/api/search?q=ab', expect.objectContaining({ credentials: 'include', method: 'GET' }));
  });
});
