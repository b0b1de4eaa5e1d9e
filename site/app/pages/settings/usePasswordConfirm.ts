import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { errorText } from '#app/api/ApiError.ts';
import { i18n } from '#app/i18n/i18n.ts';

/**
 * A sensitive action that asks for the password again (start or turn off
 * two-factor, new backup codes): "Enter your password" when it is blank, the
 * server's refusal on the field, and the field cleared once the action is done.
 */
export function usePasswordConfirm<T>(action: UseMutationResult<T, Error, string>, onDone: (result: T) => void) {
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setFieldError(i18n.t('settings.security.enterPassword'));
      return;
    }
    setFieldError(null);
    action.mutate(password, {
      onSuccess: (result) => {
        setPassword('');
        onDone(result);
      },
      onError: (error) => setFieldError(errorText(error)),
    });
  };

  const reset = () => {
    setPassword('');
    setFieldError(null);
  };

  /** Spread onto the PasswordInput. */
  const field = {
    value: password,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setPassword(event.currentTarget.value),
    error: fieldError,
  };
  return { field, submit, reset, isPending: action.isPending };
}
