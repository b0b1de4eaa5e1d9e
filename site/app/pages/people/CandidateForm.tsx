// Create or edit a candidate: react-hook-form with the API's zod schema; the
// schema's messages (email, phone, name) and a server's 400 `{ error, field }`
// show on the fields.
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Checkbox, Group, MultiSelect, NumberInput, Select, SimpleGrid, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import {
  candidateCreateSchema, CONTACT_METHODS, SENIORITY_LEVELS, type CandidateCreate,
} from '#domain/candidates/schemas.ts';
import type { TalentPool } from '#domain/talent-pools/schemas.ts';
import { errorText } from '#app/api/ApiError.ts';
import { TimeZoneSelect } from '../meeting-booking/TimeZoneSelect.tsx';
import { TIME_ZONE_SOURCE_TEXT } from './CandidateFacts.tsx';
import { CANDIDATE_FORM_FIELDS, candidateFormDefaults, type CandidateFormValues, type FormCandidate } from './candidateFormValues.ts';
import { capitalize } from './capitalize.ts';
import { serverFieldError } from './serverFieldError.ts';

const resolver = zodResolver(candidateCreateSchema) as unknown as Resolver<CandidateFormValues, unknown, CandidateCreate>;
const CONTACT_OPTIONS = CONTACT_METHODS.map((value) => ({ value, label: value === 'whatsapp' ? 'WhatsApp' : capitalize(value) }));
const SENIORITY_OPTIONS = SENIORITY_LEVELS.map((value) => ({ value, label: capitalize(value) }));

interface CandidateFormProps {
  formId: string;
  candidate: FormCandidate | null;
  pools: TalentPool[];
  defaultPoolId: number | null;
  /** Resolves when saved; rejects with the API error. */
  onSubmit: (values: CandidateCreate) => Promise<unknown>;
}

export function CandidateForm({ formId, candidate, pools, defaultPoolId, onSubmit }: CandidateFormProps) {
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
        {formError && <Alert color="red" title="Could not save">{formError}</Alert>}
        <TextInput label="Name" withAsterisk data-autofocus {...register('name')} error={errors.name?.message} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Email" type="email" {...register('email')} error={errors.email?.message} />
          <TextInput label="Phone" type="tel" placeholder="+31 6 12345678" {...register('phone')} error={errors.phone?.message} />
          <TextInput label="WhatsApp number" type="tel" placeholder="+31 6 12345678" {...register('whatsappNumber')} error={errors.whatsappNumber?.message} />
          <Controller control={control} name="preferredContactMethod" render={({ field }) => (
            <Select label="Preferred contact method" data={CONTACT_OPTIONS} allowDeselect={false} value={field.value}
              onChange={(value) => field.onChange(value ?? 'email')} onBlur={field.onBlur} error={errors.preferredContactMethod?.message} />
          )} />
          <TextInput label="Job function" {...register('jobFunction')} error={errors.jobFunction?.message} />
          <Controller control={control} name="seniorityLevel" render={({ field }) => (
            <Select label="Seniority" data={SENIORITY_OPTIONS} clearable value={field.value}
              onChange={field.onChange} onBlur={field.onBlur} error={errors.seniorityLevel?.message} />
          )} />
          <TextInput label="Location" {...register('location')} error={errors.location?.message} />
          <TextInput label="Preferred role" {...register('preferredRole')} error={errors.preferredRole?.message} />
        </SimpleGrid>
        <Controller control={control} name="timeZone" render={({ field }) => (
          <TimeZoneSelect label="Time zone" emptyLabel="Infer from location" hintBrowserZone={false}
            value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errors.timeZone?.message}
            description={timeZoneHint(candidate)} />
        )} />
        <Controller control={control} name="skillTags" render={({ field }) => (
          <TagsInput label="Skill tags" placeholder="Type a skill and press Enter" value={field.value} onChange={field.onChange}
            onBlur={field.onBlur} error={errors.skillTags?.message ?? errors.skillTags?.root?.message ?? firstItemError(errors.skillTags)} clearable />
        )} />
        <Controller control={control} name="leadScore" render={({ field }) => (
          <NumberInput label="Lead score" min={0} max={100} allowDecimal={false} value={field.value}
            onChange={(value) => field.onChange(typeof value === 'number' ? value : Number(value) || 0)}
            onBlur={field.onBlur} error={errors.leadScore?.message} w={160} />
        )} />
        {creating && <>
          <Controller control={control} name="talentPoolIds" render={({ field }) => (
            <MultiSelect label="Talent pools" data={pools.map((pool) => ({ value: String(pool.id), label: pool.name }))}
              value={field.value.map(String)} onChange={(ids) => field.onChange(ids.map(Number))} onBlur={field.onBlur}
              searchable clearable error={errors.talentPoolIds?.message} />
          )} />
          <Group gap="xl">
            <Controller control={control} name="allowsEmail" render={({ field }) => (
              <Checkbox label="Allows email" checked={field.value} onChange={(event) => field.onChange(event.currentTarget.checked)} />
            )} />
            <Controller control={control} name="allowsWhatsapp" render={({ field }) => (
              <Checkbox label="Allows WhatsApp" checked={field.value} onChange={(event) => field.onChange(event.currentTarget.checked)} />
            )} />
          </Group>
        </>}
        <Textarea label="Notes" rows={4} {...register('notes')} error={errors.notes?.message} />
      </Stack>
    </form>
  );
}

/** What the empty choice means for this candidate now. */
function timeZoneHint(candidate: FormCandidate | null): string {
  const base = 'For send windows. Empty: from the location when it names one place, else the organisation\'s zone.';
  const zone = candidate?.timeZone;
  if (!zone || zone.source === 'manual') return base;
  return `${base} Now: ${zone.zone} (${TIME_ZONE_SOURCE_TEXT[zone.source]}).`;
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
