// Schemas written once and shared by the forms, the API and the tests:
// what the /api/auth and /api/admin routes take, and (at the bottom) what they answer.
import { z } from 'zod';
import { msg } from '../i18n/codes.ts';
import { timestamp } from '../schemas/answers.ts';

export const loginSchema = z.object({
  username: z.string({ error: msg('validation.required', { field: 'username' }) }).trim().min(1, msg('validation.required', { field: 'username' })).max(64, msg('validation.too_long', { field: 'username' })),
  password: z.string({ error: msg('validation.required', { field: 'password' }) }).min(1, msg('validation.required', { field: 'password' })).max(256, msg('validation.too_long', { field: 'password' })),
});

export const verifyTwoFactorSchema = z.object({
  code: z.string({ error: msg('validation.required', { field: 'code' }) }).trim().min(1, msg('validation.required', { field: 'code' })).max(64, msg('validation.too_long', { field: 'code' })),
});

export const passwordOnlySchema = z.object({
  password: z.string({ error: msg('validation.required', { field: 'password' }) }).min(1, msg('validation.required', { field: 'password' })).max(256),
});

export const PASSWORD_MIN_LENGTH = 12;

export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: msg('validation.required', { field: 'currentPassword' }) }).min(1, msg('validation.required', { field: 'currentPassword' })).max(256, msg('validation.too_long', { field: 'currentPassword' })),
  newPassword: z.string({ error: msg('validation.required', { field: 'newPassword' }) })
    .min(PASSWORD_MIN_LENGTH, msg('validation.at_least_characters', { field: 'newPassword', limit: PASSWORD_MIN_LENGTH }))
    .max(256, msg('validation.too_long', { field: 'newPassword' })),
}).refine((value) => value.newPassword !== value.currentPassword, {
  message: msg('validation.new_password_differs'), path: ['newPassword'],
});
export type ChangePassword = z.infer<typeof changePasswordSchema>;

/** POST /api/auth/two-factor/backup-codes: the password again, then the new codes once. */
export const regenerateBackupCodesSchema = passwordOnlySchema;

/** POST /api/auth/sessions/revoke-others takes an empty JSON object. */
export const revokeOtherSessionsSchema = z.object({}).strict();

/** DELETE /api/auth/sessions/:id */
export const sessionIdSchema = z.object({
  id: z.uuid({ error: msg('validation.session_id', { field: 'id' }) }),
});

/** PATCH /api/admin/users/:id */
export const userIdSchema = z.object({
  id: z.uuid({ error: msg('validation.user_id', { field: 'id' }) }),
});

export const roleSchema = z.enum(['admin', 'recruiter'], { error: msg('validation.role') });

export const newUserSchema = z.object({
  // better-auth's username rule (its default validator, 3-30 characters): a looser one here would pass names it refuses.
  username: z.string({ error: msg('validation.required', { field: 'username' }) }).trim()
    .regex(/^[a-zA-Z0-9_.]{3,30}$/, msg('validation.username_rule')),
  displayName: z.string({ error: msg('validation.required', { field: 'displayName' }) }).trim().min(1, msg('validation.required', { field: 'displayName' })).max(120),
  email: z.email({ error: msg('validation.email_address') }),
  password: z.string({ error: msg('validation.required', { field: 'password' }) }).min(12, msg('validation.password_length')).max(256),
  role: roleSchema,
});
export type NewUser = z.infer<typeof newUserSchema>;

export const userUpdateSchema = z.object({
  displayName: z.string().trim().min(1, msg('validation.required', { field: 'displayName' })).max(120).optional(),
  role: roleSchema.optional(),
  banned: z.boolean({ error: msg('validation.true_or_false', { field: 'banned' }) }).optional(),
  password: z.string().min(12, msg('validation.password_length')).max(256).optional(),
}).refine((value) => Object.keys(value).length > 0, { message: msg('validation.nothing_to_update') });
export type UserUpdate = z.infer<typeof userUpdateSchema>;

/** POST /api/access-requests: anyone asks for an account. */
export const accessRequestCreateSchema = z.object({
  name: z.string({ error: msg('validation.required', { field: 'name' }) }).trim().min(1, msg('validation.required', { field: 'name' })).max(120, msg('validation.too_long', { field: 'name' })),
  email: z.email({ error: msg('validation.email_address') }),
  company: z.string().trim().max(120, msg('validation.too_long', { field: 'company' })).optional().or(z.literal('')),
  message: z.string().trim().max(2000, msg('validation.too_long', { field: 'message' })).optional().or(z.literal('')),
});

export const accessRequestDecisionSchema = z.object({
  status: z.enum(['approved', 'rejected'], { error: msg('validation.choice', { field: 'status', choices: 'approved or rejected' }) }),
});
export type AccessRequestDecision = z.infer<typeof accessRequestDecisionSchema>['status'];

// ---- Answers (the API's responses; the browser reads these types) ----

/** The signed-in user as the API and the browser see them (GET /api/auth/me). */
export const sessionUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  email: z.string(),
  role: roleSchema,
  twoFactorEnabled: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** GET /api/auth/me */
export const meSchema = z.object({ user: sessionUserSchema });

/** POST /api/auth/login: signed in, or a second factor is needed first (/verify-2fa). */
export const loginResultSchema = z.object({ requiresTwoFactor: z.boolean() });
export type LoginResult = z.infer<typeof loginResultSchema>;

/** POST /api/auth/verify-2fa: the session cookie is set. */
export const twoFactorVerifiedSchema = z.object({ user: z.object({ id: z.string(), username: z.string().optional() }) });
export type TwoFactorVerified = z.infer<typeof twoFactorVerifiedSchema>;

/** POST /api/auth/two-factor/setup: what the authenticator app needs, and the backup codes (shown once). */
export const twoFactorEnrolmentSchema = z.object({
  totpURI: z.string(),
  /** The otpauth URI as a QR code. */
  qrCodeSvg: z.string(),
  backupCodes: z.array(z.string()),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;

/** POST /api/auth/two-factor/backup-codes: the new codes, shown once. */
export const backupCodesSchema = z.object({ backupCodes: z.array(z.string()) });

/** One of the user's sessions (Settings → Security). */
export const sessionInfoSchema = z.object({
  id: z.string(),
  /** e.g. "Firefox on Windows", from the user agent. */
  device: z.string(),
  ipAddress: z.string().nullable(),
  lastSeenAt: timestamp,
  createdAt: timestamp,
  /** The session of this request. */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/** GET /api/auth/sessions, most recently used first. */
export const sessionListSchema = z.object({ sessions: z.array(sessionInfoSchema) });

/** POST /api/auth/sessions/revoke-others: how many sessions ended. */
export const revokedCountSchema = z.object({ revoked: z.number() });

/** A user in the Admin Portal: the signed-in view plus account state. */
export const userSummarySchema = sessionUserSchema.extend({
  banned: z.boolean(),
  createdAt: timestamp,
});
export type UserSummary = z.infer<typeof userSummarySchema>;

/** GET /api/admin/users */
export const userListSchema = z.object({ users: z.array(userSummarySchema) });
/** POST /api/admin/users, PATCH /api/admin/users/:id */
export const userAnswerSchema = z.object({ user: userSummarySchema });

export const ACCESS_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** A filed access request, as admins see it. */
export const accessRequestSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  message: z.string().nullable(),
  status: z.enum(ACCESS_REQUEST_STATUSES),
  createdAt: timestamp,
});
export type AccessRequest = z.infer<typeof accessRequestSchema>;

/** GET /api/admin/access-requests: pending first, newest first. */
export const accessRequestListSchema = z.object({ requests: z.array(accessRequestSchema) });
/** PATCH /api/admin/access-requests/:id */
export const accessRequestAnswerSchema = z.object({ request: accessRequestSchema });

/** One line of the audit log: who (null: the system or a deleted user) did what to which record. */
export const auditEntrySchema = z.object({
  id: z.number(),
  actor: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  /** Who or what the entry is about, by name: the user's username, the candidate's or pool's name (null when gone or none). */
  subject: z.string().nullable().optional(),
  details: z.record(z.string(), z.unknown()),
  createdAt: timestamp,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /api/admin/audit-log: the newest 200 entries. */
export const auditLogSchema = z.object({ entries: z.array(auditEntrySchema) });
