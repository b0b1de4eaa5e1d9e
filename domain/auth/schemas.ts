// Schemas written once and shared by the forms, the API and the tests.
import { z } from 'zod';

export const loginSchema = z.object({
  username: z.string({ error: 'username is required' }).trim().min(1, 'username is required').max(64, 'username is too long'),
  password: z.string({ error: 'password is required' }).min(1, 'password is required').max(256, 'password is too long'),
});

export const verifyTwoFactorSchema = z.object({
  code: z.string({ error: 'code is required' }).trim().min(1, 'code is required').max(64, 'code is too long'),
});

export const passwordOnlySchema = z.object({
  password: z.string({ error: 'password is required' }).min(1, 'password is required').max(256),
});

export const PASSWORD_MIN_LENGTH = 12;

export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: 'currentPassword is required' }).min(1, 'currentPassword is required').max(256, 'currentPassword is too long'),
  newPassword: z.string({ error: 'newPassword is required' })
    .min(PASSWORD_MIN_LENGTH, `newPassword must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(256, 'newPassword is too long'),
}).refine((value) => value.newPassword !== value.currentPassword, {
  message: 'newPassword must differ from the current password', path: ['newPassword'],
});
export type ChangePassword = z.infer<typeof changePasswordSchema>;

/** POST /api/auth/two-factor/backup-codes: the password again, then the new codes once. */
export const regenerateBackupCodesSchema = passwordOnlySchema;

/** POST /api/auth/sessions/revoke-others takes an empty JSON object. */
export const revokeOtherSessionsSchema = z.object({}).strict();

/** DELETE /api/auth/sessions/:id */
export const sessionIdSchema = z.object({
  id: z.uuid({ error: 'id must be a session id' }),
});

export const roleSchema = z.enum(['admin', 'recruiter'], { error: 'role must be admin or recruiter' });

export const newUserSchema = z.object({
  // better-auth's username rule (its default validator, 3-30 characters): a looser one here would pass names it refuses.
  username: z.string({ error: 'username is required' }).trim()
    .regex(/^[a-zA-Z0-9_.]{3,30}$/, 'username must be 3-30 letters, digits, dots or underscores'),
  displayName: z.string({ error: 'displayName is required' }).trim().min(1, 'displayName is required').max(120),
  email: z.email({ error: 'email must be a valid email address' }),
  password: z.string({ error: 'password is required' }).min(12, 'password must be at least 12 characters').max(256),
  role: roleSchema,
});
export type NewUser = z.infer<typeof newUserSchema>;

export const userUpdateSchema = z.object({
  displayName: z.string().trim().min(1, 'displayName is required').max(120).optional(),
  role: roleSchema.optional(),
  banned: z.boolean({ error: 'banned must be true or false' }).optional(),
  password: z.string().min(12, 'password must be at least 12 characters').max(256).optional(),
}).refine((value) => Object.keys(value).length > 0, { message: 'nothing to update' });
export type UserUpdate = z.infer<typeof userUpdateSchema>;

export const accessRequestSchema = z.object({
  name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(120, 'name is too long'),
  email: z.email({ error: 'email must be a valid email address' }),
  company: z.string().trim().max(120, 'company is too long').optional().or(z.literal('')),
  message: z.string().trim().max(2000, 'message is too long').optional().or(z.literal('')),
});

export const accessRequestDecisionSchema = z.object({
  status: z.enum(['approved', 'rejected'], { error: 'status must be approved or rejected' }),
});
