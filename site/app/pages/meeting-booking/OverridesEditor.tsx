// Date overrides: on a date, a day off or different hours (replacing that weekday's).
import { Button, Flex, Paper, Stack, Switch, Text, TextInput } from '@mantine/core';
import { Controller, useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useT } from '#app/i18n/useT.ts';
import { DEFAULT_RANGE, type AvailabilityFormValues } from './availabilityForm.ts';
import { issueText } from '#app/i18n/serverText.ts';
import { RangesEditor } from './RangesEditor.tsx';

interface OverridesEditorProps {
  control: Control<AvailabilityFormValues>;
  register: UseFormRegister<AvailabilityFormValues>;
  errors: FieldErrors<AvailabilityFormValues>;
}

export function OverridesEditor({ control, register, errors }: OverridesEditorProps) {
  const t = useT();
  const { fields, append, remove } = useFieldArray({ control, name: 'overrides' });
  return (
    <Stack gap="sm">
      {fields.length === 0 && <Text size="sm" c="dimmed">{t('meetingBooking.overrides.none')}</Text>}
      {fields.map((item, index) => {
        const number = index + 1;
        const dateError = issueText(errors.overrides?.[index]?.date?.message);
        return (
          <Paper key={item.id} withBorder p="sm" data-testid={`override-${index}`}>
            <Flex direction={{ base: 'column', sm: 'row' }} gap="sm" align={{ base: 'stretch', sm: 'flex-start' }}>
              <TextInput type="date" label={t('meetingBooking.overrides.date')} aria-label={t('meetingBooking.overrides.dateOf', { number })} w={{ sm: 170 }} style={{ flexShrink: 0 }}
                {...register(`overrides.${index}.date`)} data-field={`overrides.${index}.date`} error={dateError} />
              <Controller control={control} name={`overrides.${index}.ranges`} render={({ field }) => (
                <Stack gap="xs" pt={{ sm: 28 }} style={{ flexGrow: 1 }}>
                  <Switch label={t('meetingBooking.overrides.dayOff')} checked={field.value.length === 0}
                    aria-label={t('meetingBooking.overrides.dayOffFor', { number })}
                    onChange={(event) => field.onChange(event.currentTarget.checked ? [] : [DEFAULT_RANGE])} />
                  {field.value.length > 0 && (
                    <RangesEditor ranges={field.value} onChange={field.onChange} path={`overrides.${index}.ranges`}
                      where={t('meetingBooking.overrides.forOverride', { number })} errors={errors} />
                  )}
                </Stack>
              )} />
              <Button variant="subtle" color="red" size="compact-sm" mt={{ sm: 28 }} aria-label={t('meetingBooking.overrides.removeLabel', { number })}
                onClick={() => remove(index)}>
                {t('meetingBooking.overrides.remove')}
              </Button>
            </Flex>
          </Paper>
        );
      })}
      <div>
        <Button variant="light" size="xs" onClick={() => append({ date: '', ranges: [] })}>{t('meetingBooking.overrides.add')}</Button>
      </div>
    </Stack>
  );
}
