// The suppression list: how many addresses opted out (kept as hashes, so they
// cannot be listed), whether one address is on it and why, and lifting one
// with a reason (audited). Lifting does not opt anyone back in: it only lets a
// recruiter record consent again for that address.
import { Alert, Button, Group, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest } from '#app/api/apiClient.ts';
import { errorText } from '#app/api/ApiError.ts';
import { formatDateTime } from '#app/lib/formatDate.ts';
import { sourceLabel } from '../people/consentLabels.ts';
import { toast } from '#app/toast/toast.ts';
import { AUDIT_LOG_KEY } from './adminQueries.ts';
import { QueryState } from './QueryState.tsx';

const KEY = ['/api/admin/suppressions'] as const;

interface Lookup {
  count: number;
  entry?: { email: string; suppressed: boolean; source?: string; byCandidate?: boolean; since?: string };
}

export function SuppressionsTab() {
  const queryClient = useQueryClient();
  const summary = useQuery<Lookup>({ queryKey: KEY, retry: false });
  const [email, setEmail] = useState('');
  const [reason, setReason] = useState('');
  const [lookup, setLookup] = useState<Lookup['entry'] | null>(null);
  const find = useMutation({
    mutationFn: (address: string) => apiRequest<Lookup>('GET', `/api/admin/suppressions?email=${encodeURIComponent(address)}`),
    onSuccess: (result) => setLookup(result.entry ?? null),
  });
  const remove = useMutation({
    mutationFn: () => apiRequest<{ removed: boolean; count: number }>('POST', '/api/admin/suppressions/remove', { email: lookup!.email, reason }),
    onSuccess: async () => {
      toast({ title: 'Suppression removed', description: `${lookup!.email} may be given consent again by a recruiter.`, variant: 'success' });
      setLookup(null); setReason(''); setEmail('');
      await queryClient.invalidateQueries({ queryKey: KEY });
      await queryClient.invalidateQueries({ queryKey: AUDIT_LOG_KEY });
    },
  });
  return (
    <QueryState isPending={summary.isPending} error={summary.error}>
      <Stack maw={560}>
        <Text data-testid="suppression-count">
          <b>{summary.data?.count ?? 0}</b> {summary.data?.count === 1 ? 'address is' : 'addresses are'} on the suppression list.
        </Text>
        <Text size="sm" c="dimmed">
          Every opt-out (unsubscribe link, one-click, reply, bounce, recruiter) adds the address, stored as a hash.
          It outlives the candidate: someone deleted and imported again comes back without email consent.
        </Text>
        <form onSubmit={(event) => { event.preventDefault(); if (email.trim()) find.mutate(email.trim()); }}>
          <Group align="flex-end">
            <TextInput label="Look up an address" type="email" placeholder="name@example.com" value={email}
              onChange={(event) => setEmail(event.currentTarget.value)} style={{ flex: 1 }} required />
            <Button type="submit" variant="default" loading={find.isPending}>Look up</Button>
          </Group>
        </form>
        {find.error && <Alert color="red">{errorText(find.error)}</Alert>}
        {lookup && !lookup.suppressed && <Alert color="green" data-testid="suppression-lookup">{lookup.email} is not on the suppression list.</Alert>}
        {lookup?.suppressed && (
          <Stack gap="xs" data-testid="suppression-lookup">
            <Title order={4}>{lookup.email}</Title>
            <Text size="sm">
              On the list since {formatDateTime(lookup.since)}, from: {sourceLabel(lookup.source ?? '')}
              {lookup.byCandidate ? ' (the candidate opted out themselves)' : ''}.
            </Text>
            <Textarea label="Why may this address be emailed again?" required minLength={3} maxLength={500}
              value={reason} onChange={(event) => setReason(event.currentTarget.value)}
              placeholder="The address now belongs to someone else" />
            {remove.error && <Alert color="red">{errorText(remove.error)}</Alert>}
            <Group>
              <Button color="red" disabled={reason.trim().length < 3} loading={remove.isPending} onClick={() => remove.mutate()}>
                Remove from the suppression list
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </QueryState>
  );
}
