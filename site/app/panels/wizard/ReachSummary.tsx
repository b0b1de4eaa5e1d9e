// The Launch step's recipient count (issue 12): how many of the pool get the campaign
// now and how many are skipped, grouped by the reason dispatch will record.
import { Alert, Group, List, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorText } from '#app/api/ApiError.ts';
import type { PoolReach } from '#domain/talent-pools/schemas.ts';

const candidates = (n: number) => `${n} candidate${n === 1 ? '' : 's'}`;

export function ReachSummary({ reach }: { reach: UseQueryResult<PoolReach> }) {
  if (reach.isPending && reach.fetchStatus === 'idle') return null;
  if (reach.isPending) return <Group gap="xs"><Loader size="xs" /><Text size="sm" c="dimmed">Counting recipients...</Text></Group>;
  if (reach.isError) return <Alert color="red" title="Could not count the recipients">{errorText(reach.error)}</Alert>;
  const { eligible, skipped } = reach.data;
  const skippedTotal = skipped.reduce((sum, group) => sum + group.count, 0);
  return (
    <Alert color={eligible === 0 ? 'orange' : 'blue'} title={`${candidates(eligible)} will receive it now`} data-testid="campaign-reach">
      {skippedTotal === 0 ? (
        <Text size="sm">No one in the pool is skipped.</Text>
      ) : (
        <>
          <Text size="sm">{candidates(skippedTotal)} skipped:</Text>
          <List size="sm" spacing={2}>
            {skipped.map(({ reason, count }) => <List.Item key={reason}>{reason}: {count}</List.Item>)}
          </List>
        </>
      )}
    </Alert>
  );
}
