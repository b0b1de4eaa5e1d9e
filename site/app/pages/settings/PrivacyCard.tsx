// The organisation's privacy setting (decision 017): whether opens and clicks
// are tracked. Admins switch it; everyone sees how it stands.
import { Card, Loader, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '#app/api/client.ts';
import { errorText } from '#app/api/ApiError.ts';
import { useT } from '#app/i18n/useT.ts';
import { isAdmin } from '#app/session/CurrentUser.tsx';
import { toast } from '#app/toast/toast.ts';
import type { SessionUser } from '#domain/auth/schemas.ts';

const PRIVACY_KEY = ['/api/settings/privacy'] as const;

export function PrivacyCard({ user }: { user: SessionUser }) {
  const t = useT();
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: PRIVACY_KEY,
    queryFn: ({ signal }) => call((o) => api.settings.privacy.$get(undefined, o), { signal }),
  });
  const save = useMutation({
    mutationFn: (trackingEnabled: boolean) => call((o) => api.settings.privacy.$put({ json: { trackingEnabled } }, o)),
    onSuccess: (saved) => {
      queryClient.setQueryData(PRIVACY_KEY, saved);
      toast({ title: saved.trackingEnabled ? t('settings.privacy.on') : t('settings.privacy.off'), variant: 'success',
        description: saved.trackingEnabled ? t('settings.privacy.onBody') : t('settings.privacy.offBody') });
    },
    onError: (error) => toast({ title: t('settings.privacy.saveFailed'), description: errorText(error), variant: 'destructive' }),
  });
  const enabled = save.isPending ? save.variables : settings.data?.trackingEnabled;
  return (
    <Card withBorder padding="lg" data-testid="privacy-card">
      <Title order={2} size="h3" mb="xs">{t('settings.privacy.title')}</Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('settings.privacy.intro')}
      </Text>
      {settings.isPending ? <Loader size="sm" aria-label={t('settings.privacy.loading')} /> : settings.isError ? (
        <Text size="sm" c="red">{t('settings.privacy.loadFailed', { error: errorText(settings.error) })}</Text>
      ) : (
        <Switch
          label={t('settings.privacy.track')}
          description={isAdmin(user) ? undefined : t('settings.privacy.adminOnly')}
          checked={Boolean(enabled)}
          disabled={!isAdmin(user) || save.isPending}
          onChange={(event) => save.mutate(event.currentTarget.checked)}
        />
      )}
    </Card>
  );
}
