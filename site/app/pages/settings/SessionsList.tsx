import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { errorText } from '#app/api/ApiError.ts';
import { formatDateTime } from '#app/lib/formatDate.ts';
import { useT } from '#app/i18n/useT.ts';
import { toast } from '#app/toast/toast.ts';
import { useRevokeOtherSessions, useRevokeSession, useSessions, type SessionInfo } from './securityQueries.ts';

function SessionRow({ session }: { session: SessionInfo }) {
  const t = useT();
  const revoke = useRevokeSession();
  const signOut = () => revoke.mutate(session.id, {
    onSuccess: () => toast({ title: t('settings.sessions.signedOut'), description: session.device, variant: 'success' }),
    onError: (error) => toast({ title: t('settings.sessions.signOutFailed'), description: errorText(error), variant: 'destructive' }),
  });
  return (
    <Paper withBorder p="sm" component="li" data-testid="session-row">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <div style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600}>{session.device}</Text>
            {session.current && <Badge variant="light" color="green">{t('settings.sessions.thisDevice')}</Badge>}
          </Group>
          <Text size="sm" c="dimmed">
            {t('settings.sessions.lastActive', { address: session.ipAddress ?? t('settings.sessions.unknownAddress'), date: formatDateTime(session.lastSeenAt) })}
          </Text>
        </div>
        {!session.current && (
          <Button size="xs" variant="default" onClick={signOut} loading={revoke.isPending}
            aria-label={t('settings.sessions.signOutLabel', { device: session.device, date: formatDateTime(session.lastSeenAt) })}>
            {t('settings.sessions.signOut')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/** The user's sessions, this one marked; sign out one, or all the others. */
export function SessionsList() {
  const t = useT();
  const sessions = useSessions();
  const revokeOthers = useRevokeOtherSessions();

  if (sessions.error) return <Alert color="red" title={t('settings.sessions.loadFailed')}>{errorText(sessions.error)}</Alert>;
  if (sessions.isPending) return <Center py="md"><Loader size="sm" aria-label={t('settings.sessions.loading')} /></Center>;

  const list = sessions.data?.sessions ?? [];
  const others = list.filter((session) => !session.current).length;
  const signOutOthers = () => revokeOthers.mutate(undefined, {
    onSuccess: ({ revoked }) => toast({
      title: t('settings.sessions.signedOutElsewhere'), description: t('settings.sessions.othersEnded', { count: revoked }), variant: 'success',
    }),
    onError: (error) => toast({ title: t('settings.sessions.othersFailed'), description: errorText(error), variant: 'destructive' }),
  });

  return (
    <Stack gap="sm">
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('settings.security.sessions')}>
        {list.map((session) => <SessionRow key={session.id} session={session} />)}
      </Stack>
      <div>
        <Button variant="light" color="red" onClick={signOutOthers} loading={revokeOthers.isPending} disabled={others === 0}>
          {t('settings.sessions.signOutElsewhere')}
        </Button>
      </div>
    </Stack>
  );
}
