// TanStack Query defaults (spec §9). The default query function is the
// "default reader": queryKey [path, params?] → GET path?params.
import { QueryClient, type QueryFunctionContext } from '@tanstack/react-query';
import { getJson, type QueryParams } from './apiClient.ts';

export const ONE_MINUTE = 60_000;
export const FIVE_MINUTES = 5 * ONE_MINUTE;

export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

export function defaultQueryFn({ queryKey, signal }: QueryFunctionContext): Promise<unknown> {
  const [path, params] = queryKey as [string, QueryParams | undefined];
  return getJson(path, params, { signal });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        staleTime: ONE_MINUTE,
        gcTime: FIVE_MINUTES,
        retry: 1,
        retryDelay,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: {
        retry: 0,
      },
    },
  });
}
