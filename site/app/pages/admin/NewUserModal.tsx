import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { ApiError } from '#app/api/ApiError.ts';
import { useT, type AppT } from '#app/i18n/useT.ts';
import type { UserSummary } from '#domain/auth/schemas.ts';
import { useCreateUser } from './adminQueries.ts';
import { issueText } from '#app/i18n/serverText.ts';
import { NEW_USER_DEFAULTS, newUserSchema, PASSWORD_MIN_LENGTH, type NewUserInput, type NewUserValues } from './newUserSchema.ts';

const ROLES: UserSummary['role'][] = ['recruiter', 'admin'];

/** The role choices with their names in the interface's language. */
export function roleOptions(t: AppT): { value: UserSummary['role']; label: string }[] {
  return ROLES.map((value) => ({ value, label: t(`admin.roles.${value}`) }));
}

export function NewUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useT();
  const createUser = useCreateUser();
  const { register, control, handleSubmit, reset, setError, formState: { errors } } =
    useForm<NewUserInput, unknown, NewUserValues>({
      resolver: zodResolver(newUserSchema),
      defaultValues: NEW_USER_DEFAULTS,
    });

  const close = () => {
    reset(NEW_USER_DEFAULTS);
    onClose();
  };

  const onSubmit = handleSubmit((values) => {
    createUser.mutate(values, {
      onSuccess: close,
      onError: (error) => {
        const field = fieldOf(error);
        if (field) setError(field, { message: error instanceof ApiError ? error.detail : String(error) });
      },
    });
  });

  return (
    <Modal opened={opened} onClose={close} title={t('admin.newUser.title')} centered>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="sm">
          <TextInput label={t('admin.newUser.username')} autoComplete="off" withAsterisk data-autofocus {...register('username')}
            error={issueText(errors.username?.message)} />
          <TextInput label={t('admin.newUser.displayName')} withAsterisk {...register('displayName')}
            error={issueText(errors.displayName?.message)} />
          <TextInput label={t('admin.newUser.email')} type="email" withAsterisk {...register('email')} error={issueText(errors.email?.message)} />
          <PasswordInput
            label={t('admin.newUser.password')}
            description={t('admin.newUser.passwordHint', { min: PASSWORD_MIN_LENGTH })}
            autoComplete="new-password"
            withAsterisk
            {...register('password')}
            error={issueText(errors.password?.message)}
          />
          <Controller
            control={control}
            name="role"
            render={({ field }) => (
              <Select
                label={t('admin.newUser.role')}
                data={roleOptions(t)}
                allowDeselect={false}
                value={field.value}
                onChange={(value) => field.onChange(value ?? 'recruiter')}
                onBlur={field.onBlur}
                error={issueText(errors.role?.message)}
                withAsterisk
              />
            )}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>{t('admin.newUser.cancel')}</Button>
            <Button type="submit" loading={createUser.isPending}>{t('admin.newUser.create')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const FORM_FIELDS = ['username', 'displayName', 'email', 'password', 'role'] as const;

/** The form field a 400 reply names (`{ error, field }`), if any. */
function fieldOf(error: unknown): (typeof FORM_FIELDS)[number] | undefined {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return undefined;
  const field = (error.body as { field?: unknown }).field;
  return FORM_FIELDS.find((name) => name === field);
}
