// One day's time ranges (a weekday or a date override): start and end per range,
// add and remove. Errors come from the form at `path` ("availability.monday") and
// below it (".1" overlap, ".1.end" end before start).
import { Button, CloseButton, Group, Stack, Text } from '@mantine/core';
import { get, type FieldErrors } from 'react-hook-form';
import type { TimeRange } from '#domain/meetings/schemas.ts';
import { useT } from '#app/i18n/useT.ts';
import { nextRange, type AvailabilityFormValues } from './availabilityForm.ts';
import { issueText } from '#app/i18n/serverText.ts';
import { TimeSelect } from './TimeSelect.tsx';

interface RangesEditorProps {
  ranges: TimeRange[];
  onChange: (ranges: TimeRange[]) => void;
  path: string;
  /** Ends the inputs' accessible names: "on Monday", "on 2026-12-24". */
  where: string;
  errors: FieldErrors<AvailabilityFormValues>;
}

function messageAt(errors: FieldErrors<AvailabilityFormValues>, path: string): string | undefined {
  const error: unknown = get(errors, path);
  const message: unknown = typeof error === 'object' && error !== null && 'message' in error ? error.message : undefined;
  return typeof message === 'string' && message ? issueText(message) : undefined;
}

export function RangesEditor({ ranges, onChange, path, where, errors }: RangesEditorProps) {
  const t = useT();
  const change = (index: number, range: TimeRange) => onChange(ranges.map((old, i) => (i === index ? range : old)));
  const dayError = messageAt(errors, path);
  return (
    <Stack gap={6}>
      {ranges.map((range, index) => {
        const number = index + 1;
        const at = `${path}.${index}`;
        // Messages name the field path and are long: they go under the row, the inputs turn red.
        const startError = messageAt(errors, `${at}.start`);
        const endError = messageAt(errors, `${at}.end`);
        const rangeError = messageAt(errors, at);
        const messages = [rangeError, startError, endError].filter((message) => message !== undefined);
        const messageId = `error-${at.replaceAll('.', '-')}`;
        const describedBy = messages.length > 0 ? messageId : undefined;
        return (
          <Stack key={index} gap={2}>
            <Group gap={6} wrap="nowrap" align="center">
              <TimeSelect kind="start" label={t('meetingBooking.ranges.start', { number, where })} field={`${at}.start`} value={range.start}
                onChange={(start) => change(index, { ...range, start })} invalid={Boolean(rangeError ?? startError)} describedBy={describedBy} />
              <Text size="sm" aria-hidden="true">{t('meetingBooking.ranges.to')}</Text>
              <TimeSelect kind="end" label={t('meetingBooking.ranges.end', { number, where })} field={`${at}.end`} value={range.end}
                onChange={(end) => change(index, { ...range, end })} invalid={Boolean(rangeError ?? endError)} describedBy={describedBy} />
              <CloseButton aria-label={t('meetingBooking.ranges.remove', { number, where })} onClick={() => onChange(ranges.filter((_, i) => i !== index))} />
            </Group>
            {messages.length > 0 && <Text size="xs" c="red" id={messageId}>{messages.join(' ')}</Text>}
          </Stack>
        );
      })}
      {dayError && <Text size="xs" c="red" id={`error-${path.replaceAll('.', '-')}`}>{dayError}</Text>}
      <Group>
        <Button variant="subtle" size="compact-sm" aria-label={t('meetingBooking.ranges.addLabel', { where })} onClick={() => onChange([...ranges, nextRange(ranges)])}>
          {t('meetingBooking.ranges.add')}
        </Button>
      </Group>
    </Stack>
  );
}
