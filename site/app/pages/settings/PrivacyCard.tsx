// The organisation's privacy setting (decision 017): whether opens and clicks
// are tracked. Admins switch it; everyone sees how it stands.
import { Card, Loader, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '#app/api/client.ts';
import { isAdmin } from '#app/session/CurrentUser.tsx';
import { toast } from '#app/toast/toast.ts';
import type { SessionUser } from '#domain/auth/schemas.ts';

const PRIVACY_KEY = ['/api/settings/privacy'] as const;

export function PrivacyCard({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: PRIVACY_KEY,
    queryFn: ({ signal }) => call((o) => api.settings.privacy.$get(undefined, o), { signal }),
  });
  const save = useMutation({
    mutationFn: (trackingEnabled: boolean) => call((o) => api.settings.privacy.$put({ json: { trackingEnabled } }, o)),
    onSuccess: (saved) => {
      queryClient.setQueryData(PRIVACY_KEY, saved);
      toast({ title: saved.trackingEnabled ? 'Tracking turned on' : 'Tracking turned off', variant: 'success',
        description: saved.trackingEnabled ? 'New emails carry an open pixel and tracked links.' : 'New emails go out without a pixel or tracked links.' });
    },
    onError: (error) => toast({ title: 'Could not save the privacy setting', description: error.message, variant: 'destructive' }),
  });
  const enabled = save.isPending ? save.variables : settings.data?.trackingEnabled;
  return (
    <Card withBorder padding="lg" data-testid="privacy-card">
      <Title order={2} size="h3" mb="xs">Privacy</Title>
      <Text size="sm" c="dimmed" mb="md">
        Opens are counted with a 1-pixel image and clicks through tracked links. Opens by mail privacy features and
        link scanners are kept apart as machine opens. Turned off, new emails go out without either.
      </Text>
      {settings.isPending ? <Loader size="sm" aria-label="Loading the privacy setting" /> : settings.isError ? (
        <Text size="sm" c="red">Could not load the privacy setting: {settings.error.message}</Text>
      ) : (
        <Switch
          label="Track opens and clicks for the whole organisation"
          description={isAdmin(user) ? undefined : 'Only an administrator can change this.'}
          checked={Boolean(enabled)}
          disabled={!isAdmin(user) || save.isPending}
          onChange={(event) => save.mutate(event.currentTarget.checked)}
        />
      )}
    </Card>
  );
}
