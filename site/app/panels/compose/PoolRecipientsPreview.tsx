// Who a pool send reaches: up to 5 names, then "+ N more"; an amber warning
// when nobody in the pool can be emailed (spec §2). The count and the names are the
// server's (GET /api/talent-pools/{id}/reach?names=true: dispatch's rule, the
// suppression list included), the same answer the campaign wizard shows.
import { Alert, Badge, Group, Paper, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorText } from '#app/api/ApiError.ts';
import { moreLabel, poolPreview } from '#app/messaging/recipients.ts';
import { useT } from '#app/i18n/useT.ts';
import type { PoolReach } from '#domain/talent-pools/schemas.ts';

export function PoolRecipientsPreview({ reach }: { reach: UseQueryResult<PoolReach> }) {
  const t = useT();
  if (reach.isPending) return <Text size="sm" c="dimmed">{t('panels.compose.loadingRecipients')}</Text>;
  if (reach.isError) return <Alert color="red" title={t('panels.launch.countFailed')}>{errorText(reach.error)}</Alert>;
  const { count, names, more } = poolPreview(reach.data);
  if (count === 0) {
    return (
      <Alert color="yellow" title={t('panels.compose.noEligible')} data-testid="pool-no-recipients">
        {t('panels.compose.noEligibleBody')}
      </Alert>
    );
  }
  return (
    <Paper withBorder p="sm" data-testid="pool-preview">
      <Text size="sm" fw={500} mb={6}>
        {t('panels.compose.recipients', { count })}
      </Text>
      <Group gap={6}>
        {names.map((name, index) => <Badge key={`${name}-${index}`} variant="light" tt="none">{name}</Badge>)}
        {more > 0 && <Text size="sm" c="dimmed" data-testid="pool-preview-more">{moreLabel(more)}</Text>}
      </Group>
    </Paper>
  );
}
