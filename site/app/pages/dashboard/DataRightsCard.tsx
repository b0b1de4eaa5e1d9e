// "Data rights", for admins (issue 30): data requests due this week and overdue, and the people the
// retention rules erase in the next 7 days (a count kept up to an hour, and said when it was made: decision 061),
// each linking to its tab of the Admin Portal.
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { formatDateTime } from '#app/i18n/format.ts';
import { useT } from '#app/i18n/useT.ts';
import { appLinkProps } from '#app/router/Link.tsx';
import { useDataRightsSummary } from '../admin/dataRightsQueries.ts';
import { adminTabHref } from '../admin/pageParams.ts';
import { DashboardCard } from './DashboardCard.tsx';

export function DataRightsCard() {
  const t = useT();
  const summary = useDataRightsSummary();
  const data = summary.data;
  return (
    <DashboardCard id="data-rights" title={t('dataRights.card.title')}>
      {summary.isError && <Text size="sm" c="dimmed">{t('dataRights.card.loadFailed')}</Text>}
      {data && (
        <Stack gap={4}>
          <Text size="sm" data-testid="data-rights-due">{t('dataRights.card.dueThisWeek', { count: data.requestsDueThisWeek })}</Text>
          <Text size="sm" data-testid="data-rights-overdue" c={data.requestsOverdue > 0 ? 'red' : undefined} fw={data.requestsOverdue > 0 ? 600 : undefined}>
            {t('dataRights.card.overdue', { count: data.requestsOverdue })}
          </Text>
          <Text size="sm" data-testid="data-rights-erasures">{t('dataRights.card.erasures', { count: data.erasuresNext7Days })}</Text>
          <Text size="xs" c="dimmed" data-testid="data-rights-counted">{t('dataRights.card.countedAt', { time: formatDateTime(data.erasuresCountedAt) })}</Text>
        </Stack>
      )}
      <Group gap="md">
        <Anchor size="sm" {...appLinkProps(adminTabHref('data-requests'))}>{t('dataRights.card.openRequests')}</Anchor>
        <Anchor size="sm" {...appLinkProps(adminTabHref('retention'))}>{t('dataRights.card.openRetention')}</Anchor>
      </Group>
    </DashboardCard>
  );
}
