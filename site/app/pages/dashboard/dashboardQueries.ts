// GET /api/dashboard through the typed client. While another period or scope
// loads, the figures shown stay those of the last answer (no flash of empty).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, call } from '#app/api/client.ts';
import type { Dashboard, DashboardQuery } from '#domain/dashboard/schemas.ts';

export const DASHBOARD_KEY = '/api/dashboard';

export function useDashboard(query: DashboardQuery) {
  return useQuery({
    queryKey: [DASHBOARD_KEY, query],
    queryFn: ({ signal }): Promise<Dashboard> => call((o) => api.dashboard.$get({ query }, o), { signal }),
    placeholderData: keepPreviousData,
  });
}
