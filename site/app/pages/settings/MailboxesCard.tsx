// Settings → Integrations: the recruiters' own mailboxes (decision 040), each with its state, its last
// sync, why it is not read (the server's code in words) and "Sync now". A recruiter gets their own
// mailbox only (the API decides) and, where an admin reads set-up steps, what to ask their admin.
import { Badge, Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { errorText } from '#app/api/ApiError.ts';
import { formatDateTime } from '#app/lib/formatDate.ts';
import { useT } from '#app/i18n/useT.ts';
import { codeText, stateText } from '#app/i18n/serverText.ts';
import { useAudience } from '#app/session/CurrentUser.tsx';
import { toast } from '#app/toast/toast.ts';
import type { MailboxState } from '#domain/integrations/schemas.ts';
import { useMailboxSync } from './settingsQueries.ts';

const STATE_COLOUR: Record<MailboxState['state'], string> = { syncing: 'green', error: 'red', not_connected: 'gray' };

/** What to do about a mailbox that is not read, by its reason's code (states.mailboxes.*). */
const HELP: Record<string, string> = { 'mailbox.no_graph': 'mailboxes.no_graph', 'mailbox.refused': 'mailboxes.refused', 'mailbox.send_refused': 'mailboxes.refused' };

function MailboxItem({ mailbox }: { mailbox: MailboxState }) {
  const t = useT();
  const audience = useAudience();
  const sync = useMailboxSync();
  const { email, userId, state, lastSyncAt, error, errorCode, errorParams } = mailbox;
  const help = errorCode ? HELP[errorCode] : undefined;
  // Nothing reads a mailbox without Microsoft Graph, and a deleted user's has no one to sync it for.
  const canSync = userId !== null && errorCode !== 'mailbox.no_graph';
  const syncNow = () => sync.mutate(userId!, {
    onSuccess: () => toast({ title: t('settings.integrations.mailboxes.syncStarted'), description: t('settings.integrations.mailboxes.syncStartedBody', { email }), variant: 'success' }),
    onError: (failure) => toast({ title: t('settings.integrations.mailboxes.syncFailed'), description: errorText(failure), variant: 'destructive' }),
  });
  return (
    <Paper component="li" withBorder p="sm" data-testid={`mailbox-${email}`}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>{email}</Text>
          <Text size="xs" c="dimmed">
            {lastSyncAt ? t('settings.integrations.mailboxes.lastSync', { when: formatDateTime(lastSyncAt) }) : t('settings.integrations.mailboxes.neverSynced')}
          </Text>
        </Stack>
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" color={STATE_COLOUR[state]} component="span">{t(`settings.integrations.mailboxes.states.${state}`)}</Badge>
          {canSync && (
            <Button size="xs" variant="default" onClick={syncNow} loading={sync.isPending} aria-label={t('settings.integrations.mailboxes.syncNowLabel', { email })}>
              {t('settings.integrations.mailboxes.syncNow')}
            </Button>
          )}
        </Group>
      </Group>
      {error && (
        <Text size="sm" mt={6} c={state === 'error' ? 'red' : undefined} style={{ overflowWrap: 'anywhere' }} data-testid="mailbox-reason">
          {codeText(errorCode, errorParams, error)}
        </Text>
      )}
      {help && <Text size="sm" mt={4} data-testid="mailbox-help">{stateText(help, null, '', audience)}</Text>}
    </Paper>
  );
}

export function MailboxesCard({ mailboxes }: { mailboxes: MailboxState[] }) {
  const t = useT();
  const audience = useAudience();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="integration-mailboxes-title" data-testid="integration-mailboxes">
      <Title order={2} size="h3" id="integration-mailboxes-title" mb="xs">
        {audience === 'admin' ? t('settings.integrations.mailboxes.title') : t('settings.integrations.mailboxes.titleOwn')}
      </Title>
      {mailboxes.length === 0 ? <Text size="sm">{t('settings.integrations.mailboxes.none')}</Text> : (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {mailboxes.map((mailbox) => <MailboxItem key={mailbox.email} mailbox={mailbox} />)}
        </Stack>
      )}
    </Card>
  );
}
