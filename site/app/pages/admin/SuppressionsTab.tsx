// The suppression list: how many addresses opted out (kept as hashes, so they
// cannot be listed), whether one address is on it and why, and lifting one
// with a reason (audited). Lifting does not opt anyone back in: it only lets a
// recruiter record consent again for that address.
import { Alert, Button, Group, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, call } from '#app/api/client.ts';
import { errorText } from '#app/api/ApiError.ts';
import type { SuppressionEntry } from '#domain/consent/schemas.ts';
import { formatDateTime } from '#app/lib/formatDate.ts';
import { sourceLabel } from '../people/consentLabels.ts';
import { i18n } from '#app/i18n/i18n.ts';
import { useT } from '#app/i18n/useT.ts';
import { toast } from '#app/toast/toast.ts';
import { AUDIT_LOG_KEY } from './adminQueries.ts';
import { QueryState } from './QueryState.tsx';

const KEY = ['/api/admin/suppressions'] as const;

/** The count, and with `email` whether that address is on the list. */
function fetchSuppressions(email?: string, signal?: AbortSignal) {
  return call((o) => api.admin.suppressions.$get({ query: { email } }, o), { signal });
}

export function SuppressionsTab() {
  const t = useT();
  const queryClient = useQueryClient();
  const summary = useQuery({ queryKey: KEY, queryFn: ({ signal }) => fetchSuppressions(undefined, signal), retry: false });
  const [email, setEmail] = useState('');
  const [reason, setReason] = useState('');
  const [lookup, setLookup] = useState<SuppressionEntry | null>(null);
  const find = useMutation({
    mutationFn: (address: string) => fetchSuppressions(address),
    onSuccess: (result) => setLookup(result.entry ?? null),
  });
  const remove = useMutation({
    mutationFn: (entry: SuppressionEntry) => call((o) => api.admin.suppressions.remove.$post({ json: { email: entry.email, reason } }, o)),
    onSuccess: async (_removed, entry) => {
      toast({
        title: i18n.t('admin.suppressions.removed'), description: i18n.t('admin.suppressions.removedBody', { email: entry.email }), variant: 'success',
      });
      setLookup(null); setReason(''); setEmail('');
      await queryClient.invalidateQueries({ queryKey: KEY });
      await queryClient.invalidateQueries({ queryKey: AUDIT_LOG_KEY });
    },
  });
  return (
    <QueryState isPending={summary.isPending} error={summary.error}>
      <Stack maw={560}>
        <Text data-testid="suppression-count">
          <b>{summary.data?.count ?? 0}</b> {t(summary.data?.count === 1 ? 'admin.suppressions.countOne' : 'admin.suppressions.countOther')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('admin.suppressions.explanation')}
        </Text>
        <form onSubmit={(event) => { event.preventDefault(); if (email.trim()) find.mutate(email.trim()); }}>
          <Group align="flex-end">
            <TextInput label={t('admin.suppressions.lookUpLabel')} type="email" placeholder={t('admin.suppressions.lookUpPlaceholder')} value={email}
              onChange={(event) => setEmail(event.currentTarget.value)} style={{ flex: 1 }} required />
            <Button type="submit" variant="default" loading={find.isPending}>{t('admin.suppressions.lookUp')}</Button>
          </Group>
        </form>
        {find.error && <Alert color="red">{errorText(find.error)}</Alert>}
        {lookup && !lookup.suppressed && <Alert color="green" data-testid="suppression-lookup">
          {t('admin.suppressions.notOnList', { email: lookup.email })}
        </Alert>}
        {lookup?.suppressed && (
          <Stack gap="xs" data-testid="suppression-lookup">
            <Title order={4}>{lookup.email}</Title>
            <Text size="sm">
              {t('admin.suppressions.onListSince', {
                date: formatDateTime(lookup.since), source: sourceLabel(lookup.source),
                self: lookup.byCandidate ? t('admin.suppressions.bySelf') : '',
              })}
            </Text>
            <Textarea label={t('admin.suppressions.whyLabel')} required minLength={3} maxLength={500}
              value={reason} onChange={(event) => setReason(event.currentTarget.value)}
              placeholder={t('admin.suppressions.reasonPlaceholder')} />
            {remove.error && <Alert color="red">{errorText(remove.error)}</Alert>}
            <Group>
              <Button color="red" disabled={reason.trim().length < 3} loading={remove.isPending} onClick={() => remove.mutate(lookup)}>
                {t('admin.suppressions.remove')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </QueryState>
  );
}
