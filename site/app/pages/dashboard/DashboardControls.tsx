// The period (7, 30, 90 days) and whose activity (me or the whole team).
// SegmentedControl is a radio group: arrow keys move the choice.
import { Group, SegmentedControl } from '@mantine/core';
import type { DashboardQuery } from '#domain/dashboard/schemas.ts';
import { useT } from '#app/i18n/useT.ts';
import { PERIODS, SCOPES } from './pageParams.ts';

export function DashboardControls({ query, onChange }: { query: DashboardQuery; onChange: (changes: Partial<DashboardQuery>) => void }) {
  const t = useT();
  return (
    <Group gap="sm" wrap="wrap">
      <SegmentedControl aria-label={t('dashboard.period')} value={query.period}
        data={PERIODS.map((value) => ({ value, label: t(`dashboard.periods.${value}`) }))}
        onChange={(value) => onChange({ period: PERIODS.find((p) => p === value) })} />
      <SegmentedControl aria-label={t('dashboard.whoseActivity')} value={query.scope}
        data={SCOPES.map((value) => ({ value, label: t(`dashboard.scopes.${value}`) }))}
        onChange={(value) => onChange({ scope: SCOPES.find((s) => s === value) })} />
    </Group>
  );
}
