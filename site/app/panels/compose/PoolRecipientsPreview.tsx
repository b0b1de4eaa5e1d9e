// Who a pool send reaches: up to 5 names, then "+ N more"; an amber warning
// when nobody in the pool can be emailed (spec §2).
import { Alert, Badge, Group, Paper, Text } from '@mantine/core';
import { moreLabel, poolPreview } from '#app/messaging/recipients.ts';
import { useT } from '#app/i18n/useT.ts';
import type { Candidate } from '#domain/candidates/schemas.ts';

export function PoolRecipientsPreview({ recipients, loading }: { recipients: Candidate[]; loading: boolean }) {
  const t = useT();
  if (loading) return <Text size="sm" c="dimmed">{t('panels.compose.loadingRecipients')}</Text>;
  if (recipients.length === 0) {
    return (
      <Alert color="yellow" title={t('panels.compose.noEligible')} data-testid="pool-no-recipients">
        {t('panels.compose.noEligibleBody')}
      </Alert>
    );
  }
  const { names, more } = poolPreview(recipients);
  return (
    <Paper withBorder p="sm" data-testid="pool-preview">
      <Text size="sm" fw={500} mb={6}>
        {t('panels.compose.recipients', { count: recipients.length })}
      </Text>
      <Group gap={6}>
        {names.map((name, index) => <Badge key={`${name}-${index}`} variant="light" tt="none">{name}</Badge>)}
        {more > 0 && <Text size="sm" c="dimmed" data-testid="pool-preview-more">{moreLabel(more)}</Text>}
      </Group>
    </Paper>
  );
}
