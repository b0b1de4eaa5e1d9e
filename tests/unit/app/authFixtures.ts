// API answers for the auth, admin and settings tests (not a test file itself).
// Each one is parsed with the schema its route documents, so a fixture cannot
// drift from what the API really sends.
import {
  accessRequestListSchema, auditLogSchema, backupCodesSchema, revokedCountSchema, sessionListSchema, twoFactorEnrolmentSchema,
  userAnswerSchema, userListSchema,
} from '#domain/auth/schemas.ts';
import { successSchema } from '#domain/schemas/answers.ts';
import { answer } from './answers.ts';
import { admin, recruiter } from './renderWithProviders.tsx';

/** `{ success: true }`: logout, password change, two-factor confirm and disable, a session signed out. */
export const SUCCESS = answer(successSchema, { success: true });

export const revoked = (count: number) => answer(revokedCountSchema, { revoked: count });

export const USERS = answer(userListSchema, {
  users: [
    { ...admin, banned: false, createdAt: '2026-03-05T14:07:00.000Z' },
    { ...recruiter, banned: false, createdAt: '2026-03-06T09:00:00.000Z' },
  ],
});

export const bannedRecruiter = answer(userAnswerSchema, { user: { ...USERS.users[1], banned: true } });

export const ACCESS_REQUESTS = answer(accessRequestListSchema, {
  requests: [{ id: 41, name: 'Nina', email: 'nina@example.com', company: 'Acme', message: 'Hi', status: 'pending', createdAt: '2026-03-01T10:00:00.000Z' }],
});

export const AUDIT_LOG = answer(auditLogSchema, {
  entries: [
    { id: 7, actor: 'ada', action: 'user.create', entity: 'user', entityId: 'u9', subject: 'bram', details: { role: 'recruiter', passwordChanged: false }, createdAt: '2026-03-05T14:07:00.000Z' },
    { id: 8, actor: null, action: 'pipeline.rebuilt', entity: 'pipeline', entityId: null, subject: null, details: { stages: 3 }, createdAt: '2026-03-05T14:08:00.000Z' },
  ],
});

export const SESSIONS = answer(sessionListSchema, {
  sessions: [
    { id: '11111111-1111-4111-8111-111111111111', device: 'Firefox on Windows', ipAddress: '10.0.0.1', lastSeenAt: '2026-11-20T10:00:00.000Z', createdAt: '2026-11-20T09:00:00.000Z', current: true },
    { id: '22222222-2222-4222-8222-222222222222', device: 'Safari on iOS', ipAddress: '10.0.0.2', lastSeenAt: '2026-11-19T08:30:00.000Z', createdAt: '2026-11-19T08:00:00.000Z', current: false },
  ],
});

const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>';
export const ENROLMENT = answer(twoFactorEnrolmentSchema, {
  totpURI: 'otpauth://totp/Talentloop:rita?secret=ABC&issuer=Talentloop', qrCodeSvg: SVG, backupCodes: ['aaaa-1111', 'bbbb-2222'],
});

export const NEW_BACKUP_CODES = answer(backupCodesSchema, { backupCodes: ['AAAAA-11111', 'BBBBB-22222'] });
