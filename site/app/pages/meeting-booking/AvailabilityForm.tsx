// The availability settings form: time zone, weekly hours, date overrides and the
// booking rules. Validated with the API's schema before sending; a server 422
// `{ error, field }` lands on the field it names.
import { Alert, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import { errorText } from '#app/api/ApiError.ts';
import { i18n } from '#app/i18n/i18n.ts';
import { useT } from '#app/i18n/useT.ts';
import { toast } from '#app/toast/toast.ts';
import type { AvailabilitySettings } from '#domain/meetings/schemas.ts';
import { serverFieldError } from '#app/pages/people/serverFieldError.ts';
import { availabilityResolver, focusField, settingsFieldPaths, type AvailabilityFormValues } from './availabilityForm.ts';
import { issueText } from '#app/i18n/serverText.ts';
import { BookingRulesFields } from './BookingRulesFields.tsx';
import { useSaveBookingSettings } from './bookingQueries.ts';
import { OverridesEditor } from './OverridesEditor.tsx';
import { TimeZoneSelect } from './TimeZoneSelect.tsx';
import { WeekEditor } from './WeekEditor.tsx';

export function AvailabilityForm({ saved }: { saved: AvailabilityFormValues }) {
  const t = useT();
  const save = useSaveBookingSettings();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, register, handleSubmit, reset, setError, getValues, formState: { errors, isDirty } } =
    useForm<AvailabilityFormValues, unknown, AvailabilitySettings>({
      resolver: availabilityResolver,
      defaultValues: saved,
      // Most inputs here are controlled (no registered ref): the invalid handler below focuses in page order instead.
      shouldFocusError: false,
    });

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const answer = await save.mutateAsync(values);
      reset(answer.settings);
      toast({ title: i18n.t('meetingBooking.availability.saved'), variant: 'success' });
    } catch (error) {
      const field = serverFieldError(error, settingsFieldPaths(getValues()));
      if (field) {
        setError(field as Path<AvailabilityFormValues>, { message: errorText(error) });
        focusField(field);
      } else {
        setFormError(errorText(error));
      }
    }
  }, (_errors, event) => {
    // The first invalid input in page order gets the focus, once the errors have rendered.
    const form: unknown = event?.target;
    if (form instanceof HTMLFormElement) requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('meetingBooking.availability.formLabel')} data-testid="availability-form">
      <Stack gap="lg">
        {formError && <Alert color="red" title={t('meetingBooking.availability.couldNotSave')}>{formError}</Alert>}
        <Controller control={control} name="timeZone" render={({ field }) => (
          <TimeZoneSelect value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={issueText(errors.timeZone?.message)} />
        )} />

        <Stack gap={4}>
          <Title order={3} size="h5">{t('meetingBooking.availability.weeklyHours')}</Title>
          <Text size="sm" c="dimmed">{t('meetingBooking.availability.weeklyHoursIntro')}</Text>
          <WeekEditor control={control} errors={errors} />
        </Stack>

        <Divider />
        <Stack gap="xs">
          <Title order={3} size="h5">{t('meetingBooking.availability.overrides')}</Title>
          <Text size="sm" c="dimmed">{t('meetingBooking.availability.overridesIntro')}</Text>
          <OverridesEditor control={control} register={register} errors={errors} />
        </Stack>

        <Divider />
        <Stack gap="xs">
          <Title order={3} size="h5">{t('meetingBooking.availability.bookingRules')}</Title>
          <BookingRulesFields control={control} errors={errors} />
        </Stack>

        <Group justify="flex-end" gap="sm">
          {isDirty && <Text size="sm" c="dimmed" role="status">{t('meetingBooking.availability.unsaved')}</Text>}
          <Button variant="default" disabled={!isDirty || save.isPending} onClick={() => { setFormError(null); reset(); }}>{t('meetingBooking.availability.discard')}</Button>
          <Button type="submit" loading={save.isPending}>{t('meetingBooking.availability.save')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
