// The period (7, 30, 90 days) and whose activity (me or the whole team).
// SegmentedControl is a radio group: arrow keys move the choice.
import { Group, SegmentedControl } from '@mantine/core';
import type { DashboardQuery } from '#domain/dashboard/schemas.ts';
import { PERIODS, SCOPES } from './pageParams.ts';

const PERIOD_LABELS: Record<DashboardQuery['period'], string> = { '7d': '7 days', '30d': '30 days', '90d': '90 days' };
const SCOPE_LABELS: Record<DashboardQuery['scope'], string> = { me: 'Me', team: 'Team' };

export function DashboardControls({ query, onChange }: { query: DashboardQuery; onChange: (changes: Partial<DashboardQuery>) => void }) {
  return (
    <Group gap="sm" wrap="wrap">
      <SegmentedControl aria-label="Period" value={query.period}
        data={PERIODS.map((value) => ({ value, label: PERIOD_LABELS[value] }))}
        onChange={(value) => onChange({ period: PERIODS.find((p) => p === value) })} />
      <SegmentedControl aria-label="Whose activity" value={query.scope}
        data={SCOPES.map((value) => ({ value, label: SCOPE_LABELS[value] }))}
        onChange={(value) => onChange({ scope: SCOPES.find((s) => s === value) })} />
    </Group>
  );
}
