import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { ApiError } from '#app/api/ApiError.ts';
import type { UserSummary } from '#domain/auth/schemas.ts';
import { useCreateUser } from './adminQueries.ts';
import { NEW_USER_DEFAULTS, newUserSchema, PASSWORD_MIN_LENGTH, type NewUserInput, type NewUserValues } from './newUserSchema.ts';

export const ROLE_OPTIONS: { value: UserSummary['role']; label: string }[] = [
  { value: 'recruiter', label: 'Recruiter' },
  { value: 'admin', label: 'Admin' },
];

export function NewUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
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
    <Modal opened={opened} onClose={close} title="New user" centered>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="sm">
          <TextInput label="Username" autoComplete="off" withAsterisk {...register('username')} error={errors.username?.message} />
          <TextInput label="Display name" withAsterisk {...register('displayName')} error={errors.displayName?.message} />
          <TextInput label="Email" type="email" withAsterisk {...register('email')} error={errors.email?.message} />
          <PasswordInput
            label="Password"
            description={`At least ${PASSWORD_MIN_LENGTH} characters`}
            autoComplete="new-password"
            withAsterisk
            {...register('password')}
            error={errors.password?.message}
          />
          <Controller
            control={control}
            name="role"
            render={({ field }) => (
              <Select
                label="Role"
                data={ROLE_OPTIONS}
                allowDeselect={false}
                value={field.value}
                onChange={(value) => field.onChange(value ?? 'recruiter')}
                onBlur={field.onBlur}
                error={errors.role?.message}
                withAsterisk
              />
            )}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>Cancel</Button>
            <Button type="submit" loading={createUser.isPending}>Create user</Button>
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
