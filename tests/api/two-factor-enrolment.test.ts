import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TwoFactorEnrolment } from '#domain/auth/schemas.ts';
import { signInRecruiter, startTestApp, type TestApp } from '../support/harness.ts';

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); });
afterAll(async () => { await app?.close(); });

describe('two-factor enrolment from settings', () => {
  it('shows a QR code and backup codes, confirms with a code, then sign-in asks for it', async () => {
    const client = app.client({ ip: '10.8.0.1' });
    await signInRecruiter(client);
    const wrongPassword = await client.post('/api/auth/two-factor/setup', { password: 'not-my-password' });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.json).toMatchObject({ field: 'password' });

    const setup = await client.post('/api/auth/two-factor/setup', { password: 'recruiter-demo-password' });
    expect(setup.status).toBe(200);
    const enrolment = setup.json as TwoFactorEnrolment;
    expect(enrolment.totpURI).toMatch(/^otpauth:\/\/totp\/Talentloop/);
    expect(enrolment.qrCodeSvg).toContain('<svg');
    expect(enrolment.backupCodes).toHaveLength(10);

    // Not on until confirmed.
    expect((await client.get('/api/auth/me')).json).toMatchObject({ user: { twoFactorEnabled: false } });
    const totp = OTPAuth.URI.parse(enrolment.totpURI) as OTPAuth.TOTP;
    expect((await client.post('/api/auth/two-factor/confirm', { code: '000000' === totp.generate() ? '111111' : '000000' })).status).toBe(400);
    const confirmed = await client.post('/api/auth/two-factor/confirm', { code: totp.generate() });
    expect(confirmed.status).toBe(200);
    expect((await client.get('/api/auth/me')).json).toMatchObject({ user: { twoFactorEnabled: true } });

    const again = app.client({ ip: '10.8.0.2' });
    const login = await again.post('/api/auth/login', { username: 'recruiter', password: 'recruiter-demo-password' });
    expect(login.json).toMatchObject({ requiresTwoFactor: true });
    expect((await again.post('/api/auth/verify-2fa', { code: enrolment.backupCodes[0] })).status).toBe(200);
  });
});
