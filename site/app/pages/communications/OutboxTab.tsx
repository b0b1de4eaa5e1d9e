// Dev outbox: mail "sent" while no mail server is configured (GET /api/outbox).
import { Alert, Anchor, Button, Center, Grid, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '#app/api/ApiError.ts';
import { formatDateTime } from '#app/lib/formatDate.ts';
import { useT } from '#app/i18n/useT.ts';
import { useOutbox } from '#app/messaging/queries.ts';
import { OutboxMailView } from './OutboxMailView.tsx';

export function OutboxTab() {
  const outbox = useOutbox();
  const t = useT();
  const [openId, setOpenId] = useState<number | null>(null);
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="sm">
          <Group justify="space-between">
            <Text size="sm" c="dimmed">{t('communications.outbox.intro')}</Text>
            <Button size="xs" variant="subtle" onClick={() => void outbox.refetch()} loading={outbox.isFetching}>{t('communications.refresh')}</Button>
          </Group>
          {outbox.data?.transport && outbox.data.transport !== 'outbox' && (
            <Alert color="blue">{t('communications.outbox.transport', { transport: outbox.data.transport })}</Alert>
          )}
          {outbox.isError ? (
            <Alert color="red" title={t('communications.outbox.loadFailed')}>{errorText(outbox.error)}</Alert>
          ) : outbox.isPending ? (
            <Center py="xl"><Loader aria-label={t('communications.outbox.loading')} /></Center>
          ) : outbox.data.emails.length === 0 ? (
            <Text c="dimmed" size="sm">{t('communications.outbox.empty')}</Text>
          ) : (
            <Table data-testid="outbox-list" verticalSpacing="xs" highlightOnHover>
              <Table.Tbody>
                {outbox.data.emails.map((mail) => (
                  <Table.Tr key={mail.id} data-testid={`outbox-row-${mail.id}`} bg={mail.id === openId ? 'var(--mantine-color-blue-light)' : undefined}>
                    <Table.Td>
                      <Anchor component="button" type="button" size="sm" fw={500} onClick={() => setOpenId(mail.id)}>{mail.subject}</Anchor>
                      <Text size="xs" c="dimmed">{t('communications.outbox.to', { to: mail.to, date: formatDateTime(mail.createdAt) })}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        {openId ? <OutboxMailView id={openId} /> : <Text c="dimmed" ta="center" py="xl">{t('communications.outbox.openMail')}</Text>}
      </Grid.Col>
    </Grid>
  );
}
