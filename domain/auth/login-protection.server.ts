// Password guessing protection that never locks the real user out (OWASP
// "device cookies", rate-limiter-flexible's login-protection recipe):
// - failures count per account AND client, the client being the account's device
//   cookie when the browser has one, else its address: an attacker's failures
//   block the attacker, not the user signing in from another address or device;
// - every attempt counts per address (clients without a device cookie);
// - an address is its network for every count (client-ip.ts networkOf: an IPv6 /64);
// - failures for one account from new devices count together, so a distributed
//   attack makes new devices wait while known devices still sign in.
// Crossing a threshold is written to the audit log once per window.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import { derivedSecret } from '../../platform/runtime/boot.server.ts';
import type { Config } from '../../platform/runtime/config.server.ts';
import { COOKIE_PREFIX } from '../../platform/auth/names.ts';
import { networkOf } from '../../platform/http/client-ip.server.ts';
import {
  hit, peek, reset, LOGIN_PER_ACCOUNT_CLIENT, LOGIN_PER_ACCOUNT_NEW_DEVICES, LOGIN_PER_IP, type RateDecision,
} from '../../platform/http/rate-limit.server.ts';
import { recordSecurityEvent } from './security-events.server.ts';

export const DEVICE_COOKIE = `${COOKIE_PREFIX}.device`;
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
/** Failures from new devices after which an account counts as attacked (audit only). */
export const ATTACK_ALERT_FAILURES = 10;

export interface LoginAccount {
  username: string;
  /** The profile id, or null for an unknown username. */
  userId: string | null;
}

export interface LoginClient {
  /** The full address (audit log); limits count its network (networkOf). */
  ip: string;
  /** Set only when the browser's device cookie is valid for this account. */
  deviceId: string | null;
}

/** The key device cookies are signed with, derived from the app secret. */
export function deviceCookieSecret(config: Config): string {
  return derivedSecret(config, 'device cookies');
}

function sign(secret: string, deviceId: string, username: string): string {
  return createHmac('sha256', secret).update(`device:${deviceId}:${username.toLowerCase()}`).digest('base64url');
}

/** A new device cookie value for `username`: a random id and its signature. */
export function newDeviceCookie(secret: string, username: string): string {
  const deviceId = randomBytes(16).toString('base64url');
  return `${deviceId}.${sign(secret, deviceId, username)}`;
}

/** The device id, when `cookie` was issued to this browser after `username` signed in. */
export function trustedDeviceId(secret: string, cookie: string | undefined, username: string): string | null {
  if (!cookie) return null;
  const [deviceId, signature, ...rest] = cookie.split('.');
  if (!deviceId || !signature || rest.length) return null;
  const expected = Buffer.from(sign(secret, deviceId, username));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? deviceId : null;
}

function clientKey(account: LoginAccount, client: LoginClient): string {
  const who = client.deviceId ? `device:${client.deviceId}` : `ip:${networkOf(client.ip)}`;
  return `${account.username.toLowerCase()}|${who}`;
}

function audit(owner: pg.Pool, account: LoginAccount, action: 'auth.login.blocked' | 'auth.account.attacked' | 'auth.account.locked',
  details: Record<string, unknown>) {
  return recordSecurityEvent(owner, { action, userId: account.userId, details: { username: account.username, ...details } });
}

/** Counts the attempt; returns the refusing limit, or null when the attempt may go ahead. */
export async function admitLoginAttempt(owner: pg.Pool, account: LoginAccount, client: LoginClient): Promise<RateDecision | null> {
  if (!client.deviceId) {
    const network = networkOf(client.ip);
    const byIp = await hit(owner, LOGIN_PER_IP, network);
    if (!byIp.allowed) {
      if (byIp.hits === LOGIN_PER_IP.limit + 1) await audit(owner, account, 'auth.login.blocked', { scope: 'address', ip: client.ip, network });
      return byIp;
    }
    const fromNewDevices = await peek(owner, LOGIN_PER_ACCOUNT_NEW_DEVICES, account.username);
    if (!fromNewDevices.allowed) return fromNewDevices;
  }
  const byClient = await hit(owner, LOGIN_PER_ACCOUNT_CLIENT, clientKey(account, client));
  if (!byClient.allowed) {
    if (byClient.hits === LOGIN_PER_ACCOUNT_CLIENT.limit + 1) {
      await audit(owner, account, 'auth.login.blocked', { scope: 'account and client', ip: client.ip, knownDevice: Boolean(client.deviceId) });
    }
    return byClient;
  }
  return null;
}

export async function loginFailed(owner: pg.Pool, account: LoginAccount, client: LoginClient, reason: string): Promise<void> {
  await recordSecurityEvent(owner, {
    action: 'auth.login.failure', userId: account.userId,
    details: { username: account.username, ip: client.ip, knownDevice: Boolean(client.deviceId), reason },
  });
  if (client.deviceId) return;
  const failures = await hit(owner, LOGIN_PER_ACCOUNT_NEW_DEVICES, account.username);
  if (failures.hits === ATTACK_ALERT_FAILURES) {
    await audit(owner, account, 'auth.account.attacked', { failures: failures.hits, windowMinutes: LOGIN_PER_ACCOUNT_NEW_DEVICES.windowSeconds / 60 });
  }
  if (failures.hits === LOGIN_PER_ACCOUNT_NEW_DEVICES.limit) {
    await audit(owner, account, 'auth.account.locked', {
      scope: 'new devices', failures: failures.hits, minutes: Math.ceil(failures.retryAfterSeconds / 60),
    });
  }
}

/** The password was right: this client's failure count starts again. */
export async function passwordAccepted(owner: pg.Pool, account: LoginAccount, client: LoginClient): Promise<void> {
  await reset(owner, LOGIN_PER_ACCOUNT_CLIENT, clientKey(account, client));
}
