// A chart's drawing from its own chunk; until it arrives, a placeholder of the
// drawing's own height, so the cards below do not move when it does.
import { Skeleton } from '@mantine/core';
import { Suspense } from 'react';
import { useT } from '#app/i18n/useT.ts';
import { preloadableLazy } from '#app/lib/preloadableLazy.ts';
import type { ChartDrawingProps } from './ChartDrawings.tsx';

export const ChartDrawing = preloadableLazy(() => import('./ChartDrawings.tsx').then((m) => m.ChartDrawing));

export function LazyChartDrawing(props: ChartDrawingProps) {
  const t = useT();
  return (
    <Suspense fallback={<Skeleton h={props.height} aria-busy="true" aria-label={t('dashboard.loadingCharts')} data-testid="chart-loading" />}>
      <ChartDrawing {...props} />
    </Suspense>
  );
}
