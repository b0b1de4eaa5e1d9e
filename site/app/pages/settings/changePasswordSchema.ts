// The API's password-change schema (domain/schemas/auth.ts) plus the form's
// "type it again" field, so the form and the server can never disagree.
import { z } from 'zod';
import { changePasswordSchema, PASSWORD_MIN_LENGTH } from '#domain/auth/schemas.ts';
import { i18n } from '#app/i18n/i18n.ts';

export { PASSWORD_MIN_LENGTH };

export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((value) => value.confirmPassword === value.newPassword, {
    // A function: the message is read in the interface's language when the check runs.
    error: () => i18n.t('settings.security.passwordsDoNotMatch'), path: ['confirmPassword'],
  });

export type ChangePasswordValues = z.infer<typeof changePasswordFormSchema>;

export const CHANGE_PASSWORD_DEFAULTS: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };
