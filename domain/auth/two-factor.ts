// TOTP enrolment: start (otpauth URI as a QR code, backup codes shown once),
// confirm with a first code, and the demo admin's fixed secret.
import QRCode from 'qrcode';
import { symmetricEncrypt } from 'better-auth/crypto';
import type pg from 'pg';
import type { Auth } from './better-auth.ts';

export interface Enrolment {
  totpURI: string;
  qrCodeSvg: string;
  backupCodes: string[];
}

export async function startEnrolment(auth: Auth, headers: Headers, password: string): Promise<Enrolment> {
  const result = await auth.api.enableTwoFactor({ body: { password }, headers });
  if (!('totpURI' in result) || !result.totpURI) throw new Error('two-factor enrolment returned no TOTP URI');
  const qrCodeSvg = await QRCode.toString(result.totpURI, { type: 'svg', margin: 1, width: 220 });
  return { totpURI: result.totpURI, qrCodeSvg, backupCodes: result.backupCodes ?? [] };
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
