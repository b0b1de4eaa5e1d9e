// The charts as their own chunk (with @mantine/charts, recharts and the charts'
// CSS): the KPIs and lists paint first, the charts follow. The placeholder
// keeps the grid's height so the page does not jump.
import { Card, Skeleton } from '@mantine/core';
import { Suspense } from 'react';
import { useT } from '#app/i18n/useT.ts';
import { preloadableLazy } from '#app/lib/preloadableLazy.ts';

export const DashboardCharts = preloadableLazy(() => import('./DashboardCharts.tsx').then((m) => m.DashboardCharts));

function ChartsLoading() {
  const t = useT();
  return (
    <Card withBorder padding="md" aria-busy="true" aria-label={t('dashboard.loadingCharts')} data-testid="charts-loading">
      <Skeleton h={240} />
    </Card>
  );
}

export function LazyDashboardCharts(props: Parameters<typeof DashboardCharts>[0]) {
  return <Suspense fallback={<ChartsLoading />}><DashboardCharts {...props} /></Suspense>;
}
