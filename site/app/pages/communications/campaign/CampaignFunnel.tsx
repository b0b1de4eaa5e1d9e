// The campaign's funnel: each step's distinct recipients as a bar, with the
// count and its share of the sent. Machine opens are shown beside human ones.
import { Group, Progress, Stack, Text } from '@mantine/core';
import { useT } from '#app/i18n/useT.ts';
import { activeLanguage } from '#app/i18n/i18n.ts';
import { formatNumber } from '#app/i18n/format.ts';
import type { CampaignDetail } from '#domain/campaigns/schemas.ts';

type Funnel = CampaignDetail['funnel'];

// Labels: communications.funnel.steps in i18n/en/communications.ts.
const STEPS: Array<{ key: keyof Funnel; color: string }> = [
  { key: 'sent', color: 'blue' },
  { key: 'delivered', color: 'blue' },
  { key: 'opened', color: 'gray' },
  { key: 'humanOpened', color: 'teal' },
  { key: 'clicked', color: 'teal' },
  { key: 'replied', color: 'green' },
  { key: 'positive', color: 'green' },
  { key: 'booked', color: 'grape' },
  { key: 'unsubscribed', color: 'red' },
];

/** Share of the sent, in whole percent (one decimal below 10 %). */
export function shareOfSent(count: number, sent: number): string {
  if (!sent) return '0%';
  const percent = (count / sent) * 100;
  const rounded = percent < 10 && percent > 0 ? percent.toFixed(1) : String(Math.round(percent));
  // Dutch writes the decimal comma ("4,5%").
  return `${activeLanguage() === 'en' ? rounded : formatNumber(Number(rounded))}%`;
}

export function CampaignFunnel({ funnel }: { funnel: Funnel }) {
  const t = useT();
  return (
    <Stack gap={6} data-testid="campaign-funnel" role="list" aria-label={t('communications.funnel.label')}>
      {STEPS.map((step) => {
        const label = t(`communications.funnel.steps.${step.key}`);
        const count = funnel[step.key];
        const share = shareOfSent(count, funnel.sent);
        return (
          <div key={step.key} role="listitem" data-testid={`funnel-${step.key}`}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm">{label}</Text>
              <Text size="sm" fw={600} data-testid="funnel-figure">{count} · {share}</Text>
            </Group>
            <Progress value={funnel.sent ? (count / funnel.sent) * 100 : 0} color={step.color} size="sm"
              aria-label={t('communications.funnel.barLabel', { label, count, sent: funnel.sent, share })} />
          </div>
        );
      })}
    </Stack>
  );
}
