// Date overrides: on a date, a day off or different hours (replacing that weekday's).
import { Button, Flex, Paper, Stack, Switch, Text, TextInput } from '@mantine/core';
import { Controller, useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { DEFAULT_RANGE, type AvailabilityFormValues } from './availabilityForm.ts';
import { RangesEditor } from './RangesEditor.tsx';

interface OverridesEditorProps {
  control: Control<AvailabilityFormValues>;
  register: UseFormRegister<AvailabilityFormValues>;
  errors: FieldErrors<AvailabilityFormValues>;
}

export function OverridesEditor({ control, register, errors }: OverridesEditorProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'overrides' });
  return (
    <Stack gap="sm">
      {fields.length === 0 && <Text size="sm" c="dimmed">No date overrides: every date follows the weekly hours.</Text>}
      {fields.map((item, index) => {
        const number = index + 1;
        const dateError = errors.overrides?.[index]?.date?.message;
        return (
          <Paper key={item.id} withBorder p="sm" data-testid={`override-${index}`}>
            <Flex direction={{ base: 'column', sm: 'row' }} gap="sm" align={{ base: 'stretch', sm: 'flex-start' }}>
              <TextInput type="date" label="Date" aria-label={`Date of override ${number}`} w={{ sm: 170 }} style={{ flexShrink: 0 }}
                {...register(`overrides.${index}.date`)} data-field={`overrides.${index}.date`} error={dateError} />
              <Controller control={control} name={`overrides.${index}.ranges`} render={({ field }) => (
                <Stack gap="xs" pt={{ sm: 28 }} style={{ flexGrow: 1 }}>
                  <Switch label="Day off" checked={field.value.length === 0}
                    aria-label={`Day off for override ${number}`}
                    onChange={(event) => field.onChange(event.currentTarget.checked ? [] : [DEFAULT_RANGE])} />
                  {field.value.length > 0 && (
                    <RangesEditor ranges={field.value} onChange={field.onChange} path={`overrides.${index}.ranges`}
                      where={`for override ${number}`} errors={errors} />
                  )}
                </Stack>
              )} />
              <Button variant="subtle" color="red" size="compact-sm" mt={{ sm: 28 }} aria-label={`Remove override ${number}`}
                onClick={() => remove(index)}>
                Remove
              </Button>
            </Flex>
          </Paper>
        );
      })}
      <div>
        <Button variant="light" size="xs" onClick={() => append({ date: '', ranges: [] })}>Add date override</Button>
      </div>
    </Stack>
  );
}
