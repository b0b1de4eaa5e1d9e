// TOTP enrolment: start (otpauth URI as a QR code, backup codes shown once),
// confirm with a first code, and the demo admin's fixed secret. Sign-in checks:
// the pending challenge's user, the second-factor lock, and one use per code.
import QRCode from 'qrcode';
import * as OTPAuth from 'otpauth';
import { symmetricEncrypt } from 'better-auth/crypto';
import type pg from 'pg';
import type { Auth } from '../../platform/auth/better-auth.server.ts';
import type { TwoFactorEnrolment } from './schemas.ts';
import type { AuthRequest, IdentityProvider } from '../../platform/auth/identity.server.ts';

/** Starts enrolment through the identity provider and draws its URI as a QR code; null: wrong password. */
export async function startEnrolment(identity: IdentityProvider, request: AuthRequest, userId: string, password: string):
  Promise<TwoFactorEnrolment | null> {
  const started = await identity.startTwoFactor(request, userId, password);
  if (!started.ok) return null;
  const { totpURI, backupCodes } = started.value;
  const qrCodeSvg = await QRCode.toString(totpURI, { type: 'svg', margin: 1, width: 220 });
  return { totpURI, qrCodeSvg, backupCodes };
}

/** A backup code looks like "AbCdE-12345"; a TOTP code is six digits. */
export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/\s+/g, ''));
}

/**
 * Enrols a user with a known TOTP secret and known backup codes. Only for the
 * demo admin, so that the README can give what a tester types into an app.
 */
export async function enrolWithKnownSecret(auth: Auth, owner: pg.Pool, user: { id: string; email: string },
  rawSecret: string, backupCodes: string[]): Promise<void> {
  const ctx = await auth.$context;
  const secret = await symmetricEncrypt({ key: ctx.secretConfig, data: rawSecret });
  const codes = await symmetricEncrypt({ key: ctx.secretConfig, data: JSON.stringify(backupCodes) });
  await ctx.adapter.deleteMany({ model: 'twoFactor', where: [{ field: 'userId', value: user.id }] });
  await ctx.adapter.create({ model: 'twoFactor', data: { userId: user.id, secret, backupCodes: codes, verified: true } });
  await ctx.internalAdapter.updateUser(user.id, { twoFactorEnabled: true });
  await owner.query('update public.profiles set two_factor_enabled = true where id = $1', [user.id]);
}

/** TOTP as both providers use it: 6 digits, 30-second steps, one step either side. */
const TOTP_PERIOD_SECONDS = 30;
const TOTP_WINDOW = 1;

/** The time step `code` belongs to, within the providers' window, or null if it matches none. */
function matchingStep(secret: OTPAuth.Secret, code: string, now = Date.now()): number | null {
  const totp = new OTPAuth.TOTP({ secret, digits: 6, period: TOTP_PERIOD_SECONDS, algorithm: 'SHA1' });
  const delta = totp.validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

export type TotpClaim = 'claimed' | 'reused' | 'no-match';

/**
 * A TOTP code works once (ASVS 2.8.4). The providers accept a code for its whole
 * window, so before handing a right code to it we claim its time step: the claim
 * succeeds only for a step later than the last one this user signed in with, in
 * one statement, so two requests racing with the same code cannot both win.
 * A wrong code claims nothing ('no-match') and the provider counts the failure.
 */
export async function claimTotpCode(identity: IdentityProvider, owner: pg.Pool, userId: string, code: string): Promise<TotpClaim> {
  const secret = await identity.totpSecret(userId);
  if (!secret) return 'no-match';
  const step = matchingStep(secret, code);
  if (step === null) return 'no-match';
  const { rowCount } = await owner.query(
    `insert into private.totp_used_steps as used (user_id, last_step) values ($1, $2)
     on conflict (user_id) do update set last_step = excluded.last_step, used_at = now()
       where used.last_step < excluded.last_step
     returning 1`, [userId, step]);
  return rowCount ? 'claimed' : 'reused';
}
