// Add or edit a meeting type: name, duration, description, location, colour.
import { Alert, Button, Group, Modal, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { errorText } from '#app/api/ApiError.ts';
import { serverFieldError } from '#app/pages/people/serverFieldError.ts';
import { toast } from '#app/toast/toast.ts';
import { LOCATION_KINDS, type LocationKind, type MeetingType } from '#domain/meetings/booking-schemas.ts';
import { useSaveMeetingType } from './bookingQueries.ts';
import { ColourPicker } from './ColourPicker.tsx';
import { DurationField } from './DurationField.tsx';
import {
  LOCATION_LABELS, MEETING_TYPE_FIELDS, meetingTypeFormValues, meetingTypeResolver, type MeetingTypeFormOutput, type MeetingTypeFormValues,
} from './meetingTypeForm.ts';

interface MeetingTypeModalProps {
  opened: boolean;
  /** The type to edit; null to add one. */
  meetingType: MeetingType | null;
  onClose: () => void;
}

const DETAIL_LABELS: Partial<Record<LocationKind, { label: string; placeholder: string }>> = {
  phone: { label: 'Phone number to call', placeholder: '+31 6 12345678' },
  in_person: { label: 'Address', placeholder: 'Herengracht 1, Amsterdam' },
};

export function MeetingTypeModal({ opened, meetingType, onClose }: MeetingTypeModalProps) {
  const saveType = useSaveMeetingType();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, control, handleSubmit, reset, setError, formState: { errors } } =
    useForm<MeetingTypeFormValues, unknown, MeetingTypeFormOutput>({ resolver: meetingTypeResolver, defaultValues: meetingTypeFormValues(meetingType) });

  useEffect(() => {
    if (opened) reset(meetingTypeFormValues(meetingType));
  }, [opened, meetingType, reset]);

  const close = () => {
    setFormError(null);
    onClose();
  };

  const detail = DETAIL_LABELS[useWatch({ control, name: 'locationKind' })];

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    // Teams needs no detail; a detail left from another kind is not kept.
    const body = { ...values, locationDetail: values.locationKind === 'teams' ? null : values.locationDetail ?? null, description: values.description ?? null };
    try {
      const answer = await saveType.mutateAsync({ id: meetingType?.id ?? null, values: body });
      const title = meetingType ? 'Meeting type saved' : 'Meeting type added';
      if (answer.warnings.length > 0) toast({ title, description: answer.warnings.map((w) => w.message).join(' '), variant: 'warning' });
      else toast({ title, variant: 'success' });
      close();
    } catch (error) {
      const field = serverFieldError(error, MEETING_TYPE_FIELDS);
      if (field) setError(field, { message: errorText(error) }, { shouldFocus: true });
      else setFormError(errorText(error));
    }
  });

  return (
    <Modal opened={opened} onClose={close} title={meetingType ? 'Edit meeting type' : 'Add meeting type'} centered size="lg">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          {formError && <Alert color="red" title="Could not save">{formError}</Alert>}
          <TextInput label="Name" withAsterisk data-autofocus placeholder="Intro call" {...register('name')} error={errors.name?.message} />
          <Controller control={control} name="durationMinutes" render={({ field }) => (
            <DurationField value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errors.durationMinutes?.message} />
          )} />
          <Textarea label="Description" description="Shown to the candidate on the booking page." rows={3}
            {...register('description')} error={errors.description?.message} />
          <Controller control={control} name="locationKind" render={({ field }) => (
            <Radio.Group label="Location" value={field.value} onChange={field.onChange}
              error={errors.locationKind?.message}>
              <Group gap="lg" mt={6}>
                {LOCATION_KINDS.map((kind) => <Radio key={kind} value={kind} label={LOCATION_LABELS[kind]} />)}
              </Group>
            </Radio.Group>
          )} />
          {detail && (
            <TextInput label={detail.label} placeholder={detail.placeholder} withAsterisk {...register('locationDetail')}
              error={errors.locationDetail?.message} />
          )}
          <Controller control={control} name="colour" render={({ field }) => (
            <ColourPicker value={field.value} onChange={field.onChange} error={errors.colour?.message} />
          )} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>Cancel</Button>
            <Button type="submit" loading={saveType.isPending}>{meetingType ? 'Save' : 'Add meeting type'}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
