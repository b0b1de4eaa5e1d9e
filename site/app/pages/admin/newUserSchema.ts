// The same schema the API validates with (domain/schemas/auth.ts), so the form
// and the server can never disagree.
import type { z } from 'zod';
import { newUserSchema } from '#domain/auth/schemas.ts';

export { newUserSchema };
export const PASSWORD_MIN_LENGTH = 12;

export type NewUserInput = z.input<typeof newUserSchema>;
export type NewUserValues = z.output<typeof newUserSchema>;

export const NEW_USER_DEFAULTS: NewUserInput = {
  username: '',
  displayName: '',
  email: '',
  password: '',
  role: 'recruiter',
};
