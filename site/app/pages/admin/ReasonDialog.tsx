// Asks why before an audited decision: exempting someone from the retention rules, keeping the data of
// someone who asked for erasure, refusing a request. The reason follows the API's own rule
// (reasonSchema: 3 to 500 characters); the server's refusal shows under the field.
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorText } from '#app/api/ApiError.ts';
import { useT } from '#app/i18n/useT.ts';
import { issueText } from '#app/i18n/serverText.ts';
import { REASON_LENGTH, reasonSchema } from '#domain/data-rights/schemas.ts';

const reasonFormSchema = z.object({ reason: reasonSchema('reason') });
type ReasonValues = z.output<typeof reasonFormSchema>;

interface ReasonDialogProps {
  opened: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  loading: boolean;
  /** The server's refusal, shown above the buttons. */
  error: unknown;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

export function ReasonDialog({ opened, title, body, confirmLabel, loading, error, onConfirm, onCancel }: ReasonDialogProps) {
  const t = useT();
  const { register, handleSubmit, reset, formState: { errors } } = useForm<z.input<typeof reasonFormSchema>, unknown, ReasonValues>({
    resolver: zodResolver(reasonFormSchema), defaultValues: { reason: '' },
  });
  useEffect(() => { if (opened) reset({ reason: '' }); }, [opened, reset]);
  const submit = handleSubmit(({ reason }) => onConfirm(reason));
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <Text size="sm">{body}</Text>
          <Textarea label={t('dataRights.reasonDialog.reason')} withAsterisk rows={3} maxLength={REASON_LENGTH.max}
            data-autofocus {...register('reason')} error={issueText(errors.reason?.message)} />
          {Boolean(error) && <Alert color="red" p="xs">{errorText(error)}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>{t('dataRights.reasonDialog.cancel')}</Button>
            <Button type="submit" color="red" loading={loading}>{confirmLabel}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
