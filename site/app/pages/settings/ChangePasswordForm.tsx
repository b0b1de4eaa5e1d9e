import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError, errorText } from '#app/api/ApiError.ts';
import { useT } from '#app/i18n/useT.ts';
import { toast } from '#app/toast/toast.ts';
import {
  CHANGE_PASSWORD_DEFAULTS, changePasswordFormSchema, PASSWORD_MIN_LENGTH, type ChangePasswordValues,
} from './changePasswordSchema.ts';
import { useChangePassword } from './securityQueries.ts';
import { issueText } from '#app/i18n/serverText.ts';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/** The field a 400 reply names (`{ error, field }`), if it is one of ours. */
function fieldOf(error: unknown): (typeof FIELDS)[number] | undefined {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return undefined;
  const field = (error.body as { field?: unknown }).field;
  return FIELDS.find((name) => name === field);
}

/** Current password, new password twice. Signing in elsewhere ends on success. */
export function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const t = useT();
  const change = useChangePassword();
  const { register, handleSubmit, setError, setFocus, formState: { errors } } = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: CHANGE_PASSWORD_DEFAULTS,
  });
  // The form opens on the user's request: start typing the current password right away.
  useEffect(() => setFocus('currentPassword'), [setFocus]);

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) => {
    change.mutate({ currentPassword, newPassword }, {
      onSuccess: () => {
        toast({ title: t('settings.security.passwordChanged'), description: t('settings.security.passwordChangedBody'), variant: 'success' });
        onDone();
      },
      onError: (error) => setError(fieldOf(error) ?? 'currentPassword', { message: errorText(error) }),
    });
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid="change-password-form">
      <Stack gap="sm" maw={420}>
        <PasswordInput
          label={t('settings.security.currentPassword')}
          autoComplete="current-password"
          withAsterisk
          data-autofocus
          {...register('currentPassword')}
          error={issueText(errors.currentPassword?.message)}
        />
        <PasswordInput
          label={t('settings.security.newPassword')}
          description={t('settings.security.atLeast', { count: PASSWORD_MIN_LENGTH })}
          autoComplete="new-password"
          withAsterisk
          {...register('newPassword')}
          error={issueText(errors.newPassword?.message)}
        />
        <PasswordInput
          label={t('settings.security.repeatPassword')}
          autoComplete="new-password"
          withAsterisk
          {...register('confirmPassword')}
          error={issueText(errors.confirmPassword?.message)}
        />
        <Group gap="sm">
          <Button type="submit" loading={change.isPending}>{t('settings.security.changePassword')}</Button>
          <Button variant="subtle" color="gray" onClick={onDone}>{t('settings.cancel')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
