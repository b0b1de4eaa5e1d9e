// The funnel sent → opened → clicked → replied → booked as a list of bars
// (plain text and links, so it needs no chart code and reads well aloud).
// Each step with a list behind it links there.
import { Anchor, Group, Progress, Stack, Text } from '@mantine/core';
import type { Dashboard } from '#domain/dashboard/schemas.ts';
import { appLinkProps } from '#app/router/Link.tsx';
import { DashboardCard } from './DashboardCard.tsx';
import { campaignsHref, meetingsHref, threadsHref } from './dashboardLinks.ts';
import { formatCount, formatRate, shareOf } from './format.ts';

export function funnelSteps({ funnel, scope }: Pick<Dashboard, 'funnel' | 'scope'>) {
  return [
    { key: 'sent', label: 'Sent', value: funnel.sent, href: campaignsHref() },
    { key: 'opened', label: 'Opened', value: funnel.opened },
    { key: 'clicked', label: 'Clicked', value: funnel.clicked },
    { key: 'replied', label: 'Replied', value: funnel.replied, href: threadsHref() },
    { key: 'booked', label: 'Booked', value: funnel.booked, href: meetingsHref(scope) },
  ];
}

export function FunnelCard({ dashboard }: { dashboard: Pick<Dashboard, 'funnel' | 'scope'> }) {
  const sent = dashboard.funnel.sent;
  return (
    <DashboardCard id="dashboard-funnel" title="Funnel">
      <Stack gap="xs" component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
        {funnelSteps(dashboard).map((step) => {
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
