// The campaign's funnel: each step's distinct recipients as a bar, with the
// count and its share of the sent. Machine opens are shown beside human ones.
import { Group, Progress, Stack, Text } from '@mantine/core';
import type { CampaignDetail } from '#domain/campaigns/schemas.ts';

type Funnel = CampaignDetail['funnel'];

const STEPS: Array<{ key: keyof Funnel; label: string; color: string }> = [
  { key: 'sent', label: 'Sent', color: 'blue' },
  { key: 'delivered', label: 'Delivered', color: 'blue' },
  { key: 'opened', label: 'Opened (all, machines included)', color: 'gray' },
  { key: 'humanOpened', label: 'Opened by a person', color: 'teal' },
  { key: 'clicked', label: 'Clicked', color: 'teal' },
  { key: 'replied', label: 'Replied', color: 'green' },
  { key: 'positive', label: 'Replied positively', color: 'green' },
  { key: 'booked', label: 'Booked a meeting', color: 'grape' },
  { key: 'unsubscribed', label: 'Unsubscribed', color: 'red' },
];

/** Share of the sent, in whole percent (one decimal below 10 %). */
export function shareOfSent(count: number, sent: number): string {
  if (!sent) return '0%';
  const percent = (count / sent) * 100;
  return `${percent < 10 && percent > 0 ? percent.toFixed(1) : Math.round(percent)}%`;
}

export function CampaignFunnel({ funnel }: { funnel: Funnel }) {
  return (
    <Stack gap={6} data-testid="campaign-funnel" role="list" aria-label="Campaign funnel">
      {STEPS.map((step) => {
        const count = funnel[step.key];
        const share = shareOfSent(count, funnel.sent);
        return (
          <div key={step.key} role="listitem" data-testid={`funnel-${step.key}`}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm">{step.label}</Text>
              <Text size="sm" fw={600} data-testid="funnel-figure">{count} · {share}</Text>
            </Group>
            <Progress value={funnel.sent ? (count / funnel.sent) * 100 : 0} color={step.color} size="sm"
              aria-label={`${step.label}: ${count} of ${funnel.sent} sent (${share})`} />
          </div>
        );
      })}
    </Stack>
  );
}
