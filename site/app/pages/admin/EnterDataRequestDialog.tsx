// "Enter a request": an access, correction or erasure request that came by email, phone or letter.
// It names the candidate (searched by name) or who asked; the date it arrived starts its month.
// Checked with the API's own schema (dataRequestCreateSchema); the server's refusal shows under its field.
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { api, call } from '#app/api/client.ts';
import { ApiError, errorText } from '#app/api/ApiError.ts';
import { useT } from '#app/i18n/useT.ts';
import { issueText } from '#app/i18n/serverText.ts';
import { DATA_REQUEST_KINDS, HAND_SOURCES, dataRequestCreateSchema } from '#domain/data-rights/schemas.ts';
import { useEnterDataRequest } from './dataRightsQueries.ts';

type EnterInput = z.input<typeof dataRequestCreateSchema>;
type EnterValues = z.output<typeof dataRequestCreateSchema>;
const FIELDS = ['candidateId', 'requesterName', 'requesterEmail', 'kind', 'source', 'details', 'receivedAt'] as const;
const DEFAULTS: EnterInput = { candidateId: null, requesterName: '', requesterEmail: '', kind: 'access', source: 'email', details: '' };

/** YYYY-MM-DD of a moment, in this browser's calendar. */
const localDay = (at: Date) => `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;

/** The moment a chosen day stands for: now for today, else that day at noon. */
function receivedAtOf(day: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  return day === localDay(new Date()) ? new Date().toISOString() : new Date(`${day}T12:00:00`).toISOString();
}

/** Candidates whose name or address matches what was typed (the server's search), as options. */
function useCandidateOptions(typed: string) {
  const [search] = useDebouncedValue(typed.trim(), 250);
  return useQuery({
    queryKey: ['/api/candidates', 'data-request-picker', search],
    enabled: search.length >= 2,
    queryFn: ({ signal }) => call((o) => api.candidates.$get({ query: { q: search, limit: '20', fields: 'id,name,email' } }, o), { signal }),
    select: (rows) => rows.flatMap((row) => (row.id === undefined ? [] : [{ value: String(row.id), label: row.email ? `${row.name} (${row.email})` : row.name ?? '' }])),
    retry: false,
  });
}

export function EnterDataRequestDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useT();
  // The form is made anew each time the dialog opens: empty, dated today.
  return (
    <Modal opened={opened} onClose={onClose} title={t('dataRights.enterDialog.title')} centered>
      {opened && <EnterDataRequestForm onClose={onClose} />}
    </Modal>
  );
}

function EnterDataRequestForm({ onClose }: { onClose: () => void }) {
  const t = useT();
  const enter = useEnterDataRequest();
  const [typed, setTyped] = useState('');
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const [today] = useState(() => localDay(new Date()));
  const [receivedOn, setReceivedOn] = useState(today);
  const candidates = useCandidateOptions(typed);
  const { control, register, handleSubmit, setError, formState: { errors } } = useForm<EnterInput, unknown, EnterValues>({
    resolver: zodResolver(dataRequestCreateSchema), defaultValues: DEFAULTS,
  });
  const submit = handleSubmit((values) => {
    enter.mutate({ ...values, receivedAt: receivedAtOf(receivedOn) }, {
      onSuccess: onClose,
      onError: (error) => {
        const field = error instanceof ApiError ? FIELDS.find((name) => name === (error.body as { field?: string } | null)?.field) : undefined;
        if (field) setError(field, { message: errorText(error) });
      },
    });
  });
  const options = [...(picked ? [picked] : []), ...(candidates.data ?? []).filter((option) => option.value !== picked?.value)];
  const failed = enter.error && !FIELDS.some((name) => errors[name]);

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <Controller control={control} name="candidateId" render={({ field }) => (
          <Select label={t('dataRights.enterDialog.candidate')} placeholder={t('dataRights.enterDialog.candidatePlaceholder')}
            data={options} searchable clearable data-autofocus openOnFocus={false} filter={({ options: all }) => all}
            searchValue={typed} onSearchChange={setTyped}
            nothingFoundMessage={typed.trim().length >= 2 && candidates.isSuccess ? t('dataRights.enterDialog.noCandidates') : undefined}
            value={field.value ? String(field.value) : null} onBlur={field.onBlur}
            onChange={(value, option) => { setPicked(value ? option : null); field.onChange(value ? Number(value) : null); }}
            error={issueText(errors.candidateId?.message)} comboboxProps={{ withinPortal: true }} />
        )} />
        <TextInput label={t('dataRights.enterDialog.requesterName')} description={t('dataRights.enterDialog.requesterNameHint')}
          maxLength={200} {...register('requesterName')} error={issueText(errors.requesterName?.message)} />
        <TextInput label={t('dataRights.enterDialog.requesterEmail')} type="email" maxLength={254}
          {...register('requesterEmail')} error={issueText(errors.requesterEmail?.message)} />
        <Group grow align="flex-start">
          <Controller control={control} name="kind" render={({ field }) => (
            <Select label={t('dataRights.enterDialog.kind')} withAsterisk allowDeselect={false} value={field.value} onBlur={field.onBlur}
              data={DATA_REQUEST_KINDS.map((value) => ({ value, label: t(`dataRights.requests.kinds.${value}`) }))}
              onChange={(value) => field.onChange(value ?? field.value)} error={issueText(errors.kind?.message)} />
          )} />
          <Controller control={control} name="source" render={({ field }) => (
            <Select label={t('dataRights.enterDialog.source')} withAsterisk allowDeselect={false} value={field.value} onBlur={field.onBlur}
              data={HAND_SOURCES.map((value) => ({ value, label: t(`dataRights.requests.sources.${value}`) }))}
              onChange={(value) => field.onChange(value ?? field.value)} error={issueText(errors.source?.message)} />
          )} />
        </Group>
        <TextInput label={t('dataRights.enterDialog.receivedAt')} type="date" withAsterisk max={today}
          value={receivedOn} onChange={(event) => setReceivedOn(event.currentTarget.value)} error={issueText(errors.receivedAt?.message)} />
        <Textarea label={t('dataRights.enterDialog.details')} rows={3} maxLength={4000}
          {...register('details')} error={issueText(errors.details?.message)} />
        {failed && <Alert color="red" p="xs">{errorText(enter.error)}</Alert>}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose}>{t('dataRights.enterDialog.cancel')}</Button>
          <Button type="submit" loading={enter.isPending}>{t('dataRights.enterDialog.save')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
