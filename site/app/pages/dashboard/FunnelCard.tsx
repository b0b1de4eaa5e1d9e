// The funnel sent → opened → clicked → replied → booked as a list of bars
// (plain text and links, so it needs no chart code and reads well aloud).
// Each step with a list behind it links there.
import { Anchor, Group, Progress, Stack, Text } from '@mantine/core';
import type { Dashboard } from '#domain/dashboard/schemas.ts';
import { useT, type AppT } from '#app/i18n/useT.ts';
import { appLinkProps } from '#app/router/Link.tsx';
import { DashboardCard } from './DashboardCard.tsx';
import { campaignsHref, meetingsHref, threadsHref } from './dashboardLinks.ts';
import { formatCount, formatRate, shareOf } from './format.ts';

export function funnelSteps({ funnel, scope }: Pick<Dashboard, 'funnel' | 'scope'>, t: AppT) {
  return [
    { key: 'sent', label: t('dashboard.steps.sent'), value: funnel.sent, href: campaignsHref() },
    { key: 'opened', label: t('dashboard.steps.opened'), value: funnel.opened },
    { key: 'clicked', label: t('dashboard.steps.clicked'), value: funnel.clicked },
    { key: 'replied', label: t('dashboard.steps.replied'), value: funnel.replied, href: threadsHref() },
    { key: 'booked', label: t('dashboard.steps.booked'), value: funnel.booked, href: meetingsHref(scope) },
  ];
}

export function FunnelCard({ dashboard }: { dashboard: Pick<Dashboard, 'funnel' | 'scope'> }) {
  const t = useT();
  const sent = dashboard.funnel.sent;
  return (
    <DashboardCard id="dashboard-funnel" title={t('dashboard.funnel')}>
      <Stack gap="xs" component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
        {funnelSteps(dashboard, t).map((step) => {
          const share = shareOf(step.value, sent);
          return (
            <li key={step.key} data-testid={`funnel-${step.key}`}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                {step.href ? <Anchor size="sm" {...appLinkProps(step.href)}>{step.label}</Anchor> : <Text size="sm">{step.label}</Text>}
                <Text size="sm" fw={600}>
                  {formatCount(step.value)}{step.key !== 'sent' && <Text span size="xs" c="dimmed" fw={400}> ({formatRate(share)})</Text>}
                </Text>
              </Group>
              <Progress value={share} size="md" color="blue.8" aria-hidden />
            </li>
          );
        })}
      </Stack>
    </DashboardCard>
  );
}
