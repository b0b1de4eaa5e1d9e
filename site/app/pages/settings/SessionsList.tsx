import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { errorText } from '#app/api/ApiError.ts';
import { formatDateTime } from '#app/lib/formatDate.ts';
import { toast } from '#app/toast/toast.ts';
import { useRevokeOtherSessions, useRevokeSession, useSessions, type SessionInfo } from './securityQueries.ts';

function SessionRow({ session }: { session: SessionInfo }) {
  const revoke = useRevokeSession();
  const signOut = () => revoke.mutate(session.id, {
    onSuccess: () => toast({ title: 'Session signed out', description: session.device, variant: 'success' }),
    onError: (error) => toast({ title: 'Could not sign out that session', description: errorText(error), variant: 'destructive' }),
  });
  return (
    <Paper withBorder p="sm" component="li" data-testid="session-row">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <div style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600}>{session.device}</Text>
            {session.current && <Badge variant="light" color="green">This device</Badge>}
          </Group>
          <Text size="sm" c="dimmed">
            {session.ipAddress ?? 'Unknown address'} · Last active {formatDateTime(session.lastSeenAt)}
          </Text>
        </div>
        {!session.current && (
          <Button size="xs" variant="default" onClick={signOut} loading={revoke.isPending}
            aria-label={`Sign out ${session.device}, last active ${formatDateTime(session.lastSeenAt)}`}>
            Sign out
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/** The user's sessions, this one marked; sign out one, or all the others. */
export function SessionsList() {
  const sessions = useSessions();
  const revokeOthers = useRevokeOtherSessions();

  if (sessions.error) return <Alert color="red" title="Could not load your sessions">{errorText(sessions.error)}</Alert>;
  if (sessions.isPending) return <Center py="md"><Loader size="sm" aria-label="Loading sessions" /></Center>;

  const list = sessions.data?.sessions ?? [];
  const others = list.filter((session) => !session.current).length;
  const signOutOthers = () => revokeOthers.mutate(undefined, {
    onSuccess: ({ revoked }) => toast({
      title: 'Signed out elsewhere', description: `${revoked} other session${revoked === 1 ? '' : 's'} ended.`, variant: 'success',
    }),
    onError: (error) => toast({ title: 'Could not sign out other sessions', description: errorText(error), variant: 'destructive' }),
  });

  return (
    <Stack gap="sm">
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Active sessions">
        {list.map((session) => <SessionRow key={session.id} session={session} />)}
      </Stack>
      <div>
        <Button variant="light" color="red" onClick={signOutOthers} loading={revokeOthers.isPending} disabled={others === 0}>
          Sign out elsewhere
        </Button>
      </div>
    </Stack>
  );
}
