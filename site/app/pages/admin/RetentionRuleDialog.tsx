// Adds a retention rule or changes one: its kind (one rule per kind), months (not for an erasure
// request, whose date is the request's), grace period and whether it runs. Checked with the API's
// own schema; a refusal from the server shows under its field.
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Switch, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError, errorText } from '#app/api/ApiError.ts';
import { useT } from '#app/i18n/useT.ts';
import { issueText } from '#app/i18n/serverText.ts';
import {
  GRACE_DAYS, RETENTION_RULE_KINDS, RULE_MONTHS, retentionRuleCreateSchema, type RetentionRule, type RetentionRuleKind,
} from '#domain/data-rights/schemas.ts';
import { useCreateRetentionRule, useUpdateRetentionRule } from './dataRightsQueries.ts';

type RuleInput = z.input<typeof retentionRuleCreateSchema>;
type RuleValues = z.output<typeof retentionRuleCreateSchema>;
const FIELDS = ['kind', 'months', 'graceDays', 'enabled'] as const;

interface RetentionRuleDialogProps {
  opened: boolean;
  /** The rule to change; absent: a new one. */
  rule?: RetentionRule;
  /** Kinds that have a rule already (a new rule picks another). */
  taken: RetentionRuleKind[];
  onClose: () => void;
}

const defaults = (rule: RetentionRule | undefined, free: RetentionRuleKind | undefined): RuleInput => rule
  ? { kind: rule.kind, months: rule.months, graceDays: rule.graceDays, enabled: rule.enabled }
  : { kind: free ?? 'inactive', months: free === 'erasure_requested' ? null : 24, graceDays: 30, enabled: true };

export function RetentionRuleDialog({ opened, rule, taken, onClose }: RetentionRuleDialogProps) {
  const t = useT();
  const create = useCreateRetentionRule();
  const update = useUpdateRetentionRule();
  const free = RETENTION_RULE_KINDS.filter((kind) => !taken.includes(kind));
  const { control, handleSubmit, reset, setError, setValue, formState: { errors } } = useForm<RuleInput, unknown, RuleValues>({
    resolver: zodResolver(retentionRuleCreateSchema), defaultValues: defaults(rule, free[0]),
  });
  const kind = useWatch({ control, name: 'kind' });
  useEffect(() => {
    if (opened) { reset(defaults(rule, free[0])); create.reset(); update.reset(); }
    // Reset when the dialog opens (for another rule), not on every render's new `free` list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, rule?.id]);

  const failed = (error: unknown) => {
    const field = error instanceof ApiError ? FIELDS.find((name) => name === (error.body as { field?: string } | null)?.field) : undefined;
    if (field) setError(field, { message: errorText(error) });
  };
  const submit = handleSubmit((values) => {
    if (rule) {
      const change = { graceDays: values.graceDays, enabled: values.enabled, ...(values.months == null ? {} : { months: values.months }) };
      update.mutate({ id: rule.id, change }, { onSuccess: onClose, onError: failed });
    } else {
      create.mutate(values, { onSuccess: onClose, onError: failed });
    }
  });
  const pending = create.isPending || update.isPending;
  const error = create.error ?? update.error;
  const kindName = (value: RetentionRuleKind) => t(`dataRights.kinds.${value}`);

  return (
    <Modal opened={opened} onClose={onClose} centered
      title={rule ? t('dataRights.ruleDialog.editTitle', { rule: kindName(rule.kind) }) : t('dataRights.ruleDialog.addTitle')}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <Controller control={control} name="kind" render={({ field }) => (
            <Select label={t('dataRights.ruleDialog.kind')} withAsterisk allowDeselect={false} disabled={Boolean(rule)}
              data={(rule ? [rule.kind] : free).map((value) => ({ value, label: kindName(value) }))}
              value={field.value} onBlur={field.onBlur} data-autofocus={rule ? undefined : true}
              onChange={(value) => {
                const next = value ?? field.value;
                field.onChange(next);
                setValue('months', next === 'erasure_requested' ? null : 24);
              }}
              error={issueText(errors.kind?.message)} />
          )} />
          <Text size="sm" c="dimmed">{t(`dataRights.ruleDialog.help.${kind}`)}</Text>
          {kind !== 'erasure_requested' && (
            <Controller control={control} name="months" render={({ field }) => (
              <NumberInput label={t('dataRights.ruleDialog.months')} withAsterisk min={RULE_MONTHS.min} max={RULE_MONTHS.max} allowDecimal={false}
                value={field.value ?? ''} onBlur={field.onBlur} data-autofocus={rule ? true : undefined}
                onChange={(value) => field.onChange(value === '' ? null : Number(value))} error={issueText(errors.months?.message)} />
            )} />
          )}
          <Controller control={control} name="graceDays" render={({ field }) => (
            <NumberInput label={t('dataRights.ruleDialog.graceDays')} description={t('dataRights.ruleDialog.graceHint')} withAsterisk
              min={GRACE_DAYS.min} max={GRACE_DAYS.max} allowDecimal={false} value={field.value ?? ''} onBlur={field.onBlur}
              onChange={(value) => field.onChange(value === '' ? undefined : Number(value))} error={issueText(errors.graceDays?.message)} />
          )} />
          <Controller control={control} name="enabled" render={({ field }) => (
            <Switch label={t('dataRights.ruleDialog.enabled')} checked={field.value ?? true} onBlur={field.onBlur}
              onChange={(event) => field.onChange(event.currentTarget.checked)} />
          )} />
          {Boolean(error) && !FIELDS.some((name) => errors[name]) && <Alert color="red" p="xs">{errorText(error)}</Alert>}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>{t('dataRights.ruleDialog.cancel')}</Button>
            <Button type="submit" loading={pending}>{rule ? t('dataRights.ruleDialog.save') : t('dataRights.ruleDialog.add')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
