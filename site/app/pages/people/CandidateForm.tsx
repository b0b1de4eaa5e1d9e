// Create or edit a candidate: react-hook-form with the API's zod schema; the
// schema's messages (email, phone, name; codes shown in the interface's language, i18n/serverText.ts)
// and a server's 400 `{ error, field }` show on the fields.
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Checkbox, Group, MultiSelect, NumberInput, Select, SimpleGrid, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import {
  candidateCreateSchema, CONTACT_METHODS, SENIORITY_LEVELS, type CandidateCreate,
} from '#domain/candidates/schemas.ts';
import type { TalentPool } from '#domain/talent-pools/schemas.ts';
import { errorText } from '#app/api/ApiError.ts';
import { useT } from '#app/i18n/useT.ts';
import { LANGUAGES } from '#domain/schemas/language.ts';
import { TimeZoneSelect } from '../meeting-booking/TimeZoneSelect.tsx';
import { CANDIDATE_FORM_FIELDS, candidateFormDefaults, type CandidateFormValues, type FormCandidate } from './candidateFormValues.ts';
import { seniorityLabel } from './peopleLabels.ts';
import { issueText } from '#app/i18n/serverText.ts';
import { serverFieldError } from './serverFieldError.ts';

/** The language Select's "Not known" (the form's '', the API's null). */
const UNKNOWN_LANGUAGE = 'unknown' as const;
const LANGUAGE_CHOICES = [...LANGUAGES, UNKNOWN_LANGUAGE] as const;

const resolver = zodResolver(candidateCreateSchema) as unknown as Resolver<CandidateFormValues, unknown, CandidateCreate>;

interface CandidateFormProps {
  formId: string;
  candidate: FormCandidate | null;
  pools: TalentPool[];
  defaultPoolId: number | null;
  /** Resolves when saved; rejects with the API error. */
  onSubmit: (values: CandidateCreate) => Promise<unknown>;
}

export function CandidateForm({ formId, candidate, pools, defaultPoolId, onSubmit }: CandidateFormProps) {
  const t = useT();
  const message = (text: string | undefined) => issueText(text);
  const contactOptions = CONTACT_METHODS.map((value) => ({ value, label: t(`people.contactMethods.${value}`) }));
  const seniorityOptions = SENIORITY_LEVELS.map((value) => ({ value, label: seniorityLabel(value) }));
  // "Not known" is a choice of its own (a Select's value is text): the form holds it as '' (null for the API).
  const languageOptions = LANGUAGE_CHOICES.map((value) => ({ value, label: t(`people.languages.${value}`) }));
  const creating = candidate === null;
  // A save error belongs to the candidate and pool it was shown for: another one starts without it
  // (derived here rather than cleared in the reset effect below).
  const [saveError, setSaveError] = useState<{ candidate: FormCandidate | null; defaultPoolId: number | null; message: string } | null>(null);
  const formError = saveError?.candidate === candidate && saveError.defaultPoolId === defaultPoolId ? saveError.message : null;
  const setFormError = (message: string | null) => setSaveError(message === null ? null : { candidate, defaultPoolId, message });
  const { register, control, handleSubmit, reset, setError, formState: { errors } } =
    useForm<CandidateFormValues, unknown, CandidateCreate>({ resolver, defaultValues: candidateFormDefaults(candidate, defaultPoolId) });

  useEffect(() => {
    reset(candidateFormDefaults(candidate, defaultPoolId));
  }, [candidate, defaultPoolId, reset]);

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values);
    } catch (error) {
      const field = serverFieldError(error, CANDIDATE_FORM_FIELDS);
      if (field) setError(field, { message: errorText(error) }, { shouldFocus: true });
      else setFormError(errorText(error));
    }
  });

  return (
    <form id={formId} onSubmit={(event) => void submit(event)} noValidate data-testid="candidate-form">
      <Stack gap="sm">
        {formError && <Alert color="red" title={t('people.form.couldNotSave')}>{formError}</Alert>}
        <TextInput label={t('people.form.name')} withAsterisk data-autofocus {...register('name')} error={message(errors.name?.message)} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={t('people.form.email')} type="email" {...register('email')} error={message(errors.email?.message)} />
          <TextInput label={t('people.form.phone')} type="tel" placeholder="+31 6 12345678" {...register('phone')} error={message(errors.phone?.message)} />
          <TextInput label={t('people.form.whatsappNumber')} type="tel" placeholder="+31 6 12345678" {...register('whatsappNumber')} error={message(errors.whatsappNumber?.message)} />
          <Controller control={control} name="preferredContactMethod" render={({ field }) => (
            <Select label={t('people.form.preferredContactMethod')} data={contactOptions} allowDeselect={false} value={field.value}
              onChange={(value) => field.onChange(value ?? 'email')} onBlur={field.onBlur} error={message(errors.preferredContactMethod?.message)} />
          )} />
          <TextInput label={t('people.form.jobFunction')} {...register('jobFunction')} error={message(errors.jobFunction?.message)} />
          <Controller control={control} name="seniorityLevel" render={({ field }) => (
            <Select label={t('people.form.seniority')} data={seniorityOptions} clearable value={field.value}
              onChange={field.onChange} onBlur={field.onBlur} error={message(errors.seniorityLevel?.message)} />
          )} />
          <TextInput label={t('people.form.location')} {...register('location')} error={message(errors.location?.message)} />
          <TextInput label={t('people.form.preferredRole')} {...register('preferredRole')} error={message(errors.preferredRole?.message)} />
        </SimpleGrid>
        <Controller control={control} name="timeZone" render={({ field }) => (
          <TimeZoneSelect label={t('people.form.timeZone')} emptyLabel={t('people.form.inferFromLocation')} hintBrowserZone={false}
            value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={message(errors.timeZone?.message)}
            description={timeZoneHint(t, candidate)} />
        )} />
        <Controller control={control} name="language" render={({ field }) => (
          <Select label={t('people.form.language')} data={languageOptions} allowDeselect={false} value={field.value || UNKNOWN_LANGUAGE}
            onChange={(value) => field.onChange(value === UNKNOWN_LANGUAGE || !value ? '' : value)} onBlur={field.onBlur}
            description={t('people.form.languageHint')} error={message(errors.language?.message)} />
        )} />
        <Controller control={control} name="skillTags" render={({ field }) => (
          <TagsInput label={t('people.form.skillTags')} placeholder={t('people.form.skillPlaceholder')} value={field.value} onChange={field.onChange}
            onBlur={field.onBlur} error={message(errors.skillTags?.message ?? errors.skillTags?.root?.message ?? firstItemError(errors.skillTags))} clearable />
        )} />
        <Controller control={control} name="leadScore" render={({ field }) => (
          <NumberInput label={t('people.form.leadScore')} min={0} max={100} allowDecimal={false} value={field.value}
            onChange={(value) => field.onChange(typeof value === 'number' ? value : Number(value) || 0)}
            onBlur={field.onBlur} error={message(errors.leadScore?.message)} w={160} />
        )} />
        {creating && <>
          <Controller control={control} name="talentPoolIds" render={({ field }) => (
            <MultiSelect label={t('people.form.talentPools')} data={pools.map((pool) => ({ value: String(pool.id), label: pool.name }))}
              value={field.value.map(String)} onChange={(ids) => field.onChange(ids.map(Number))} onBlur={field.onBlur}
              searchable clearable error={message(errors.talentPoolIds?.message)} />
          )} />
          <Group gap="xl">
            <Controller control={control} name="allowsEmail" render={({ field }) => (
              <Checkbox label={t('people.form.allowsEmail')} checked={field.value} onChange={(event) => field.onChange(event.currentTarget.checked)} />
            )} />
            <Controller control={control} name="allowsWhatsapp" render={({ field }) => (
              <Checkbox label={t('people.form.allowsWhatsapp')} checked={field.value} onChange={(event) => field.onChange(event.currentTarget.checked)} />
            )} />
          </Group>
        </>}
        <Textarea label={t('people.form.notes')} rows={4} {...register('notes')} error={message(errors.notes?.message)} />
      </Stack>
    </form>
  );
}

/** What the empty choice means for this candidate now. */
function timeZoneHint(t: ReturnType<typeof useT>, candidate: FormCandidate | null): string {
  const hint = t('people.form.timeZoneHint');
  const zone = candidate?.timeZone;
  if (!zone || zone.source === 'manual') return hint;
  return t('people.form.timeZoneHintNow', { hint, zone: zone.zone, source: t(`people.timeZoneSources.${zone.source}`) });
}

/** A bad tag's message (errors on array items sit at their index). */
function firstItemError(error: unknown): string | undefined {
  if (!Array.isArray(error)) return undefined;
  const items: unknown[] = error;
  for (const item of items) {
    const message: unknown = typeof item === 'object' && item !== null && 'message' in item ? item.message : undefined;
    if (typeof message === 'string' && message) return message;
  }
  return undefined;
}
