// Add or edit a meeting type: name, duration, description, location, colour.
import { Alert, Button, Group, Modal, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { errorText } from '#app/api/ApiError.ts';
import { serverFieldError } from '#app/pages/people/serverFieldError.ts';
import { i18n } from '#app/i18n/i18n.ts';
import { useT } from '#app/i18n/useT.ts';
import { toast } from '#app/toast/toast.ts';
import { LOCATION_KINDS, type LocationKind, type MeetingType } from '#domain/meetings/booking-schemas.ts';
import { useSaveMeetingType } from './bookingQueries.ts';
import { ColourPicker } from './ColourPicker.tsx';
import { DurationField } from './DurationField.tsx';
import { issueText } from '#app/i18n/serverText.ts';
import { warningText } from './SettingsAlerts.tsx';
import {
  locationLabel, MEETING_TYPE_FIELDS, meetingTypeFormValues, meetingTypeResolver, type MeetingTypeFormOutput, type MeetingTypeFormValues,
} from './meetingTypeForm.ts';

interface MeetingTypeModalProps {
  opened: boolean;
  /** The type to edit; null to add one. */
  meetingType: MeetingType | null;
  onClose: () => void;
}

const DETAIL_FIELDS: Partial<Record<LocationKind, { label: 'phoneNumber' | 'address'; placeholder: string }>> = {
  phone: { label: 'phoneNumber', placeholder: '+31 6 12345678' },
  in_person: { label: 'address', placeholder: 'Herengracht 1, Amsterdam' },
};

export function MeetingTypeModal({ opened, meetingType, onClose }: MeetingTypeModalProps) {
  const t = useT();
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

  const detail = DETAIL_FIELDS[useWatch({ control, name: 'locationKind' })];

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    // Teams needs no detail; a detail left from another kind is not kept.
    const body = { ...values, locationDetail: values.locationKind === 'teams' ? null : values.locationDetail ?? null, description: values.description ?? null };
    try {
      const answer = await saveType.mutateAsync({ id: meetingType?.id ?? null, values: body });
      const title = i18n.t(meetingType ? 'meetingBooking.typeForm.saved' : 'meetingBooking.typeForm.added');
      if (answer.warnings.length > 0) toast({ title, description: answer.warnings.map(warningText).join(' '), variant: 'warning' });
      else toast({ title, variant: 'success' });
      close();
    } catch (error) {
      const field = serverFieldError(error, MEETING_TYPE_FIELDS);
      if (field) setError(field, { message: errorText(error) }, { shouldFocus: true });
      else setFormError(errorText(error));
    }
  });

  return (
    <Modal opened={opened} onClose={close} title={meetingType ? t('meetingBooking.typeForm.editTitle') : t('meetingBooking.typeForm.addTitle')} centered size="lg">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          {formError && <Alert color="red" title={t('meetingBooking.typeForm.couldNotSave')}>{formError}</Alert>}
          <TextInput label={t('meetingBooking.typeForm.name')} withAsterisk data-autofocus placeholder={t('meetingBooking.typeForm.namePlaceholder')}
            {...register('name')} error={issueText(errors.name?.message)} />
          <Controller control={control} name="durationMinutes" render={({ field }) => (
            <DurationField value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={issueText(errors.durationMinutes?.message)} />
          )} />
          <Textarea label={t('meetingBooking.typeForm.description')} description={t('meetingBooking.typeForm.descriptionHint')} rows={3}
            {...register('description')} error={issueText(errors.description?.message)} />
          <Controller control={control} name="locationKind" render={({ field }) => (
            <Radio.Group label={t('meetingBooking.typeForm.location')} value={field.value} onChange={field.onChange}
              error={issueText(errors.locationKind?.message)}>
              <Group gap="lg" mt={6}>
                {LOCATION_KINDS.map((kind) => <Radio key={kind} value={kind} label={locationLabel(kind)} />)}
              </Group>
            </Radio.Group>
          )} />
          {detail && (
            <TextInput label={t(`meetingBooking.typeForm.${detail.label}`)} placeholder={detail.placeholder} withAsterisk {...register('locationDetail')}
              error={issueText(errors.locationDetail?.message)} />
          )}
          <Controller control={control} name="colour" render={({ field }) => (
            <ColourPicker value={field.value} onChange={field.onChange} error={issueText(errors.colour?.message)} />
          )} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>{t('meetingBooking.typeForm.cancel')}</Button>
            <Button type="submit" loading={saveType.isPending}>{meetingType ? t('meetingBooking.typeForm.save') : t('meetingBooking.typeForm.add')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
