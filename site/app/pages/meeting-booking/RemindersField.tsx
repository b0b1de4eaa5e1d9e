// The candidate's reminders of a meeting type: per row a lead time (the usual ones, or a custom
// number of minutes) and a channel; add up to five, remove any. Errors come from the form at
// "reminders" (too many), "reminders.1" (the same reminder twice) and "reminders.1.minutesBefore".
import { Button, CloseButton, Group, Input, NumberInput, Select, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { Controller, get, useFieldArray, useWatch, type Control, type FieldErrors } from 'react-hook-form';
import { issueText } from '#app/i18n/serverText.ts';
import { useT } from '#app/i18n/useT.ts';
import { REMINDER_CHANNELS } from '#domain/meetings/booking-schemas.ts';
import { leadTimeText } from '../meetings/meetingLabels.ts';
import { LEAD_TIME_PRESETS, MAX_REMINDERS, nextReminder, type MeetingTypeFormOutput, type MeetingTypeFormValues } from './meetingTypeForm.ts';

interface RemindersFieldProps {
  control: Control<MeetingTypeFormValues, unknown, MeetingTypeFormOutput>;
  errors: FieldErrors<MeetingTypeFormValues>;
}

const ID = 'meeting-type-reminders';
const CUSTOM = 'custom';

function messageAt(errors: FieldErrors<MeetingTypeFormValues>, path: string): string | undefined {
  const error: unknown = get(errors, path);
  const message: unknown = typeof error === 'object' && error !== null && 'message' in error ? error.message : undefined;
  return typeof message === 'string' && message ? issueText(message) : undefined;
}

export function RemindersField({ control, errors }: RemindersFieldProps) {
  const t = useT();
  const { fields, append, remove } = useFieldArray({ control, name: 'reminders' });
  const reminders = useWatch({ control, name: 'reminders' });
  const addButton = useRef<HTMLButtonElement>(null);
  const listError = messageAt(errors, 'reminders') ?? messageAt(errors, 'reminders.root');
  const full = fields.length >= MAX_REMINDERS;

  return (
    <Input.Wrapper id={ID} label={t('meetingBooking.typeForm.reminders')} description={t('meetingBooking.typeForm.remindersHint')}
      error={listError} labelElement="div" inputWrapperOrder={['label', 'description', 'input', 'error']}>
      <Stack gap="xs" mt={6} role="group" aria-labelledby={`${ID}-label`}>
        {fields.length === 0 && <Text size="sm" c="dimmed">{t('meetingBooking.typeForm.noReminders')}</Text>}
        {fields.map((row, index) => (
          <ReminderRow key={row.id} control={control} errors={errors} index={index} initialMinutes={row.minutesBefore}
            onRemove={() => {
              remove(index);
              requestAnimationFrame(() => addButton.current?.focus());
            }} />
        ))}
        <Group gap="sm">
          <Button ref={addButton} variant="subtle" size="compact-sm" disabled={full}
            onClick={() => append(nextReminder(reminders), { shouldFocus: true })}>
            {t('meetingBooking.typeForm.addReminder')}
          </Button>
          {full && <Text size="xs" c="dimmed">{t('meetingBooking.typeForm.atMostReminders', { count: MAX_REMINDERS })}</Text>}
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}

interface ReminderRowProps extends RemindersFieldProps {
  index: number;
  /** The row's lead time when it was added: a custom one shows its minutes. */
  initialMinutes: number;
  onRemove: () => void;
}

function ReminderRow({ control, errors, index, initialMinutes, onRemove }: ReminderRowProps) {
  const t = useT();
  const number = index + 1;
  const at = `reminders.${index}` as const;
  const minutesError = messageAt(errors, `${at}.minutesBefore`);
  const channelError = messageAt(errors, `${at}.channel`);
  const rowError = messageAt(errors, at);
  const messages = [rowError, minutesError, channelError].filter((message) => message !== undefined);
  const messageId = `error-reminders-${index}`;
  const describedBy = messages.length > 0 ? messageId : undefined;
  const [custom, setCustom] = useState(!(LEAD_TIME_PRESETS as readonly number[]).includes(initialMinutes));
  const customInput = useRef<HTMLInputElement>(null);

  return (
    <Stack gap={2} data-testid={`reminder-${index}`}>
      <Group gap={6} wrap="wrap" align="center">
        <Controller control={control} name={`${at}.minutesBefore`} render={({ field }) => <>
          <Select
            ref={field.ref}
            aria-label={t('meetingBooking.typeForm.reminderWhen', { number })}
            data={[
              ...LEAD_TIME_PRESETS.map((minutes) => ({
                value: String(minutes), label: t('meetingBooking.typeForm.leadBefore', { lead: leadTimeText(minutes) }),
              })),
              { value: CUSTOM, label: t('meetingBooking.typeForm.custom') },
            ]}
            value={custom ? CUSTOM : String(field.value)}
            onChange={(choice) => {
              if (choice === null) return;
              if (choice === CUSTOM) {
                setCustom(true);
                requestAnimationFrame(() => customInput.current?.focus());
              } else {
                setCustom(false);
                field.onChange(Number(choice));
              }
            }}
            onBlur={field.onBlur}
            allowDeselect={false}
            error={Boolean(rowError ?? (custom ? undefined : minutesError))}
            aria-errormessage={describedBy}
            w={150}
          />
          {custom && (
            <NumberInput
              ref={customInput}
              aria-label={t('meetingBooking.typeForm.reminderMinutes', { number })}
              suffix={t('meetingBooking.typeForm.minutesSuffix')}
              min={5}
              max={10080}
              step={5}
              allowDecimal={false}
              allowNegative={false}
              value={Number.isNaN(field.value) ? '' : field.value}
              onChange={(next) => field.onChange(typeof next === 'number' ? next : Number.NaN)}
              onBlur={field.onBlur}
              error={Boolean(minutesError)}
              aria-errormessage={describedBy}
              w={110}
            />
          )}
        </>} />
        <Controller control={control} name={`${at}.channel`} render={({ field }) => (
          <Select
            ref={field.ref}
            aria-label={t('meetingBooking.typeForm.reminderChannel', { number })}
            data={REMINDER_CHANNELS.map((channel) => ({ value: channel, label: t(`meetingBooking.typeForm.channels.${channel}`) }))}
            value={field.value}
            onChange={(channel) => channel && field.onChange(channel)}
            onBlur={field.onBlur}
            allowDeselect={false}
            error={Boolean(rowError ?? channelError)}
            aria-errormessage={describedBy}
            w={120}
          />
        )} />
        <CloseButton aria-label={t('meetingBooking.typeForm.removeReminder', { number })} onClick={onRemove} />
      </Group>
      {messages.length > 0 && <Text size="xs" c="red" id={messageId}>{messages.join(' ')}</Text>}
    </Stack>
  );
}
