// One outbox mail: its headers and body, and the "reply as the candidate" form.
import { Alert, Center, Code, Divider, Loader, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { errorText } from '#app/api/ApiError.ts';
import { formatDateTime } from '#app/lib/formatDate.ts';
import { useT } from '#app/i18n/useT.ts';
import { useOutboxMail } from '#app/messaging/queries.ts';
import { OutboxReplyForm } from './OutboxReplyForm.tsx';

export function OutboxMailView({ id }: { id: number }) {
  const mail = useOutboxMail(id);
  const t = useT();
  if (mail.isError) return <Alert color="red" title={t('communications.outbox.mailLoadFailed')}>{errorText(mail.error)}</Alert>;
  if (!mail.data) return <Center py="xl"><Loader aria-label={t('communications.outbox.mailLoading')} /></Center>;
  const m = mail.data;
  return (
    <Paper withBorder p="md" data-testid="outbox-mail">
      <Stack gap="sm">
        <Title order={3}>{m.subject}</Title>
        <Text size="xs" c="dimmed">{formatDateTime(m.createdAt)}</Text>
        {/* Long headers scroll: the keyboard can reach and scroll them too. */}
        <ScrollArea.Autosize mah={220} type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('communications.outbox.headers') }}>
          <Table withTableBorder fz="xs" data-testid="outbox-headers">
            <Table.Tbody>
              {Object.entries(m.headers).map(([name, value]) => (
                <Table.Tr key={name}><Table.Th w={140}>{name}</Table.Th><Table.Td style={{ wordBreak: 'break-all' }}>{value}</Table.Td></Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
        <Code block data-testid="outbox-body" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{m.text ?? t('communications.outbox.noTextBody')}</Code>
        <Divider />
        <OutboxReplyForm key={m.id} outboxId={m.id} />
      </Stack>
    </Paper>
  );
}
