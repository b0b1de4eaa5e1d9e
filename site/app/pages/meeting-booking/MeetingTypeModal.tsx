// Add or edit a meeting type: name, duration, description, location, colour; who hosts it (one-on-one,
// round robin with its distribution, collective) and the candidate's reminders.
import { Alert, Button, Group, Modal, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import { errorText } from '#app/api/ApiError.ts';
import { serverFieldError } from '#app/pages/people/serverFieldError.ts';
import { i18n } from '#app/i18n/i18n.ts';
import { useT } from '#app/i18n/useT.ts';
import { toast } from '#app/toast/toast.ts';
import { useCurrentUser } from '#app/session/CurrentUser.tsx';
import { DISTRIBUTIONS, LOCATION_KINDS, MEETING_KINDS, type LocationKind, type MeetingType } from '#domain/meetings/booking-schemas.ts';
import { useSaveMeetingType, useTeamMembers } from './bookingQueries.ts';
import { HostsField } from './HostsField.tsx';
import { RemindersField } from './RemindersField.tsx';
import { ColourPicker } from './ColourPicker.tsx';
import { DurationField } from './DurationField.tsx';
import { issueText } from '#app/i18n/serverText.ts';
import { warningText } from './SettingsAlerts.tsx';
import {
  locationLabel, meetingTypeFieldPaths, meetingTypeFormValues, meetingTypeResolver, type MeetingTypeFormOutput, type MeetingTypeFormValues,
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
  const user = useCurrentUser();
  const ownerId = meetingType?.ownerId ?? user.id;
  const saveType = useSaveMeetingType();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, control, handleSubmit, reset, setError, getValues, formState: { errors } } =
    useForm<MeetingTypeFormValues, unknown, MeetingTypeFormOutput>({ resolver: meetingTypeResolver, defaultValues: meetingTypeFormValues(meetingType, ownerId) });

  useEffect(() => {
    if (opened) reset(meetingTypeFormValues(meetingType, ownerId));
  }, [opened, meetingType, ownerId, reset]);

  const kind = useWatch({ control, name: 'kind' });
  const members = useTeamMembers({ enabled: opened && kind !== 'one_on_one' });
  const knownHosts = meetingType?.hosts ?? [{ id: user.id, name: user.displayName || user.username }];

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
      const field = serverFieldError(error, meetingTypeFieldPaths(getValues()));
      if (field) setError(field as Path<MeetingTypeFormValues>, { message: errorText(error) }, { shouldFocus: true });
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
          <Controller control={control} name="kind" render={({ field }) => (
            <Radio.Group label={t('meetingBooking.typeForm.kind')} value={field.value} onChange={field.onChange}
              error={issueText(errors.kind?.message)}>
              <Stack gap="xs" mt={6}>
                {MEETING_KINDS.map((value) => (
                  <Radio key={value} value={value} label={t(`meetingBooking.typeForm.kinds.${value}`)}
                    description={t(`meetingBooking.typeForm.kindHints.${value}`)} />
                ))}
              </Stack>
            </Radio.Group>
          )} />
          {kind !== 'one_on_one' && (
            <Controller control={control} name="hostIds" render={({ field }) => (
              <HostsField value={field.value} onChange={field.onChange} ownerId={ownerId} kind={kind} members={members.data ?? []}
                known={knownHosts} loading={members.isPending} error={issueText(errors.hostIds?.message ?? errors.hostIds?.root?.message)}
                inputRef={field.ref} />
            )} />
          )}
          {kind === 'round_robin' && (
            <Controller control={control} name="distribution" render={({ field }) => (
              <Radio.Group label={t('meetingBooking.typeForm.distribution')} value={field.value} onChange={field.onChange}
                error={issueText(errors.distribution?.message)}>
                <Stack gap="xs" mt={6}>
                  {DISTRIBUTIONS.map((value) => (
                    <Radio key={value} value={value} label={t(`meetingBooking.typeForm.distributions.${value}`)}
                      description={t(`meetingBooking.typeForm.distributionHints.${value}`)} />
                  ))}
                </Stack>
              </Radio.Group>
            )} />
          )}
          <RemindersField control={control} errors={errors} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>{t('meetingBooking.typeForm.cancel')}</Button>
            <Button type="submit" loading={saveType.isPending}>{meetingType ? t('meetingBooking.typeForm.save') : t('meetingBooking.typeForm.add')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
