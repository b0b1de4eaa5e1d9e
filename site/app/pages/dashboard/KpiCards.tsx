// The period's KPIs, one card each; a card with a list behind it is a link to
// that list. The human open rate shows the raw rate (machine opens included)
// beside it, so a recruiter sees which is which.
import { Card, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Dashboard } from '#domain/dashboard/schemas.ts';
import { appLinkProps } from '#app/router/Link.tsx';
import { campaignsHref, meetingsHref, threadsHref } from './dashboardLinks.ts';
import { formatCount, formatRate } from './format.ts';

interface Kpi {
  key: string;
  label: string;
  value: string;
  detail?: ReactNode;
  href?: string;
}

export function kpiList({ kpis, scope }: Pick<Dashboard, 'kpis' | 'scope'>): Kpi[] {
  return [
    { key: 'sent', label: 'Emails sent', value: formatCount(kpis.sent), href: campaignsHref() },
    {
      key: 'human-open-rate', label: 'Human open rate', value: formatRate(kpis.humanOpenRate),
      detail: <><span data-testid="raw-open-rate">{formatRate(kpis.rawOpenRate)}</span> incl. machine opens</>,
    },
    { key: 'click-rate', label: 'Click rate', value: formatRate(kpis.clickRate) },
    { key: 'reply-rate', label: 'Reply rate', value: formatRate(kpis.replyRate), href: threadsHref() },
    { key: 'positive-reply-share', label: 'Positive replies', value: formatRate(kpis.positiveReplyShare), detail: 'of all replies', href: threadsHref('positive') },
    { key: 'meetings-booked', label: 'Meetings booked', value: formatCount(kpis.meetingsBooked), href: meetingsHref(scope) },
    { key: 'unsubscribes', label: 'Unsubscribes', value: formatCount(kpis.unsubscribes) },
  ];
}

function KpiCard({ kpi }: { kpi: Kpi }) {
  const link = kpi.href ? { component: 'a' as const, ...appLinkProps(kpi.href) } : {};
  return (
    <Card withBorder padding="sm" data-testid={`kpi-${kpi.key}`} {...link}>
      <Text size="sm" c="dimmed">{kpi.label}</Text>
      <Text fz={26} fw={700} lh={1.2} data-testid="kpi-value">{kpi.value}</Text>
      {kpi.detail && <Text size="xs" c="dimmed">{kpi.detail}</Text>}
    </Card>
  );
}

export function KpiCards({ dashboard }: { dashboard: Pick<Dashboard, 'kpis' | 'scope'> }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm" component="section" aria-label="Key figures">
      {kpiList(dashboard).map((kpi) => <KpiCard key={kpi.key} kpi={kpi} />)}
    </SimpleGrid>
  );
}
