// A sequence's steps (GET /api/campaigns/{id} `steps`): when each goes out,
// its subject, and how many got it, wait for it or left before it; then the
// send window and whether late joiners come in.
import { List, Stack, Text } from '@mantine/core';
import { i18n } from '#app/i18n/i18n.ts';
import { formatClockTime } from '#app/i18n/format.ts';
import { useT } from '#app/i18n/useT.ts';
import type { CampaignDetail } from '#domain/campaigns/schemas.ts';

type Step = CampaignDetail['steps'][number];

// Called while rendering CampaignSteps (which follows the language through useT).
function when(step: Step): string {
  if (step.position === 1) return i18n.t('communications.steps.firstEmail');
  const options = { count: step.delayDays, previous: step.position - 1 };
  return step.businessDaysOnly ? i18n.t('communications.steps.afterBusinessDays', options) : i18n.t('communications.steps.afterDays', options);
}

function windowText(window: NonNullable<CampaignDetail['sendWindow']>): string {
  const days = window.weekdaysOnly ? i18n.t('communications.steps.windowWeekdays') : '';
  const zone = window.candidateTimeZone ? i18n.t('communications.steps.windowCandidateZone') : '';
  return i18n.t('communications.steps.window', { start: formatClockTime(window.start), end: formatClockTime(window.end), days, zone });
}

export function CampaignSteps({ campaign }: { campaign: Pick<CampaignDetail, 'steps' | 'sendWindow' | 'joinLate'> }) {
  const t = useT();
  return (
    <Stack gap={4} data-testid="campaign-steps">
      <List type="ordered" size="sm" spacing={4}>
        {campaign.steps.map((step) => (
          <List.Item key={step.position} data-testid={`campaign-step-${step.position}`}>
            <Text size="sm" span fw={500}>{when(step)}</Text>
            <Text size="sm" span c="dimmed"> · {step.subject}</Text>
            <Text size="xs" c="dimmed">
              {t('communications.steps.counts', { sent: step.counts.sent, waiting: step.counts.waiting, failed: step.counts.failed, exited: step.counts.exited })}
            </Text>
          </List.Item>
        ))}
      </List>
      {campaign.sendWindow && <Text size="xs" c="dimmed">{windowText(campaign.sendWindow)}</Text>}
      {campaign.joinLate && <Text size="xs" c="dimmed">{t('communications.steps.joinLate')}</Text>}
    </Stack>
  );
}
