// Campaigns: the list with progress and results, live while one is sending (no Refresh to press); each name
// links to the campaign's own page.
import { Alert, Center, Loader, Stack, Table, Text } from '@mantine/core';
import { errorText } from '#app/api/ApiError.ts';
import { useT } from '#app/i18n/useT.ts';
import { useCampaigns } from '#app/messaging/queries.ts';
import { CampaignCard, CampaignRow } from './CampaignRow.tsx';
import { usePhone } from '#app/lib/usePhone.ts';

export function CampaignsTab() {
  const campaigns = useCampaigns();
  const phone = usePhone();
  const t = useT();
  return (
    <Stack gap="md">
      {campaigns.isError ? (
        <Alert color="red" title={t('communications.campaigns.loadFailed')}>{errorText(campaigns.error)}</Alert>
      ) : campaigns.isPending ? (
        <Center py="xl"><Loader aria-label={t('communications.campaigns.loading')} /></Center>
      ) : campaigns.data.length === 0 ? (
        <Text c="dimmed" size="sm">{t('communications.campaigns.none')}</Text>
      ) : phone ? (
        <Stack gap="xs" data-testid="campaign-list">
          {campaigns.data.map((c) => <CampaignCard key={c.id} campaign={c} />)}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table data-testid="campaign-list" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>{(['campaign', 'status', 'scheduled', 'progress', 'results'] as const).map((column) => <Table.Th key={column}>{t(`communications.campaigns.columns.${column}`)}</Table.Th>)}</Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {campaigns.data.map((c) => <CampaignRow key={c.id} campaign={c} />)}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
