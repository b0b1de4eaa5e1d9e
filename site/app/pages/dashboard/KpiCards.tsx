// The period's KPIs, one card each; a card with a list behind it is a link to
// that list. The human open rate shows the raw rate (machine opens included)
// beside it, so a recruiter sees which is which.
import { Card, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Dashboard } from '#domain/dashboard/schemas.ts';
import { useT, type AppT } from '#app/i18n/useT.ts';
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

export function kpiList({ kpis, scope }: Pick<Dashboard, 'kpis' | 'scope'>, t: AppT): Kpi[] {
  return [
    { key: 'sent', label: t('dashboard.kpi.sent'), value: formatCount(kpis.sent), href: campaignsHref() },
    {
      key: 'human-open-rate', label: t('dashboard.kpi.humanOpenRate'), value: formatRate(kpis.humanOpenRate),
      detail: <><span data-testid="raw-open-rate">{formatRate(kpis.rawOpenRate)}</span> {t('dashboard.kpi.inclMachineOpens')}</>,
    },
    { key: 'click-rate', label: t('dashboard.kpi.clickRate'), value: formatRate(kpis.clickRate) },
    { key: 'reply-rate', label: t('dashboard.kpi.replyRate'), value: formatRate(kpis.replyRate), href: threadsHref() },
    { key: 'positive-reply-share', label: t('dashboard.kpi.positiveReplies'), value: formatRate(kpis.positiveReplyShare), detail: t('dashboard.kpi.ofAllReplies'), href: threadsHref('positive') },
    { key: 'meetings-booked', label: t('dashboard.kpi.meetingsBooked'), value: formatCount(kpis.meetingsBooked), href: meetingsHref(scope) },
    { key: 'unsubscribes', label: t('dashboard.kpi.unsubscribes'), value: formatCount(kpis.unsubscribes) },
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
  const t = useT();
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm" component="section" aria-label={t('dashboard.keyFigures')}>
      {kpiList(dashboard, t).map((kpi) => <KpiCard key={kpi.key} kpi={kpi} />)}
    </SimpleGrid>
  );
}
