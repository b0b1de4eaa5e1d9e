// Create a talent pool, or rename one (with its description).
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { errorText } from '#app/api/ApiError.ts';
import { useT } from '#app/i18n/useT.ts';
import { useCreatePool, useRenamePool } from './peopleQueries.ts';
import type { TalentPool } from '#domain/talent-pools/schemas.ts';
import { poolFormSchema, type PoolFormInput, type PoolFormValues } from './poolFormSchema.ts';
import { issueText } from '#app/i18n/serverText.ts';
import { serverFieldError } from './serverFieldError.ts';

interface PoolFormModalProps {
  opened: boolean;
  /** The pool to rename; none to create one. */
  pool: TalentPool | null;
  onClose: () => void;
  onCreated?: (pool: TalentPool) => void;
}

export function PoolFormModal({ opened, pool, onClose, onCreated }: PoolFormModalProps) {
  const t = useT();
  const createPool = useCreatePool();
  const renamePool = useRenamePool();
  const { register, handleSubmit, reset, setError, formState: { errors } } = useForm<PoolFormInput, unknown, PoolFormValues>({
    resolver: zodResolver(poolFormSchema),
    defaultValues: { name: '', description: '' },
  });

  useEffect(() => {
    if (opened) reset({ name: pool?.name ?? '', description: pool?.description ?? '' });
  }, [opened, pool, reset]);

  const onError = (error: unknown) => {
    const field = serverFieldError(error, ['name', 'description']);
    setError(field ?? 'name', { message: errorText(error) });
  };

  const onSubmit = handleSubmit((values) => {
    const body = { name: values.name, description: values.description ?? null };
    if (pool) renamePool.mutate({ id: pool.id, ...body }, { onSuccess: onClose, onError });
    else createPool.mutate(body, { onSuccess: (created) => { onCreated?.(created); onClose(); }, onError });
  });

  return (
    <Modal opened={opened} onClose={onClose} title={pool ? t('people.pools.renameTitle') : t('people.pools.newTitle')} centered>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="sm">
          <TextInput label={t('people.pools.name')} withAsterisk data-autofocus {...register('name')} error={issueText(errors.name?.message)} />
          <Textarea label={t('people.pools.description')} rows={2} {...register('description')} error={issueText(errors.description?.message)} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>{t('people.actions.cancel')}</Button>
            <Button type="submit" loading={createPool.isPending || renamePool.isPending}>{pool ? t('people.actions.save') : t('people.pools.createPool')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
