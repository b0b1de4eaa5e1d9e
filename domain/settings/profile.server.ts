// A user's own settings: display name, title, signature, email, interface language and, for an admin, whether
// staff emails reach them (public.profiles) and time zone, which is their booking settings' zone
// (public.booking_settings.time_zone, one zone per recruiter; the row is made with the
// booking defaults when missing).
import type pg from 'pg';
import { UserConflictError } from '../auth/users.server.ts';
import type { Tx } from '../../platform/db/request.server.ts';
import { DEFAULT_BOOKING_SETTINGS } from '../meetings/booking-settings.server.ts';
import type { ProfileSettings, ProfileSettingsInput } from './schemas.ts';

export async function profileSettings(tx: Tx, userId: string): Promise<ProfileSettings> {
  const { rows } = await tx.query<ProfileSettings>(
    `select p.username::text as username, p.email::text as email, p.display_name as "displayName", p.title, p.signature,
            p.language, coalesce(b.time_zone, $2) as "timeZone", p.staff_emails as "staffEmails"
       from public.profiles p left join public.booking_settings b on b.recruiter_id = p.id
      where p.id = $1`, [userId, DEFAULT_BOOKING_SETTINGS.timeZone]);
  if (!rows[0]) throw new Error(`No profile for the signed-in user ${userId}`);
  return rows[0];
}

/**
 * Saves the fields given (left-out fields keep their value) for the signed-in user:
 * the profile through public.save_own_profile and public.save_own_account (which change
 * nothing else of the row), the zone in their booking settings.
 */
export async function saveProfileSettings(tx: Tx, userId: string, input: ProfileSettingsInput): Promise<ProfileSettings> {
  const current = await profileSettings(tx, userId);
  const pick = <K extends 'displayName' | 'title' | 'signature'>(key: K) => (input[key] === undefined ? current[key] : input[key]);
  await tx.query('select public.save_own_profile($1, $2, $3)', [pick('displayName'), pick('title'), pick('signature')]);
  const email = input.email ?? current.email;
  const language = input.language === undefined ? current.language : input.language;
  if (email !== current.email || language !== current.language) {
    await tx.query('select public.save_own_account($1, $2)', [email, language]);
  }
  if (input.staffEmails !== undefined && input.staffEmails !== current.staffEmails) {
    await tx.query('select public.save_own_staff_emails($1)', [input.staffEmails]);
  }
  if (input.timeZone !== undefined) {
    const { availability, overrides } = DEFAULT_BOOKING_SETTINGS;
    await tx.query(
      `insert into public.booking_settings (recruiter_id, time_zone, availability, overrides) values ($1, $2, $3, $4)
       on conflict (recruiter_id) do update set time_zone = excluded.time_zone`,
      [userId, input.timeZone, JSON.stringify(availability), JSON.stringify(overrides)]);
  }
  return profileSettings(tx, userId);
}

/**
 * Refuses an email another account has, in the profiles (as this user may not see every
 * row, the owner pool asks) or in better-auth's accounts: both keep it unique.
 */
export async function assertEmailFree(owner: pg.Pool, userId: string, email: string): Promise<void> {
  const { rowCount } = await owner.query(
    // Profiles and the provider's accounts are written together (domain/auth/users.server.ts), so the profiles say it.
    'select 1 from public.profiles where lower(email::text) = lower($1) and id::text <> $2', [email, userId]);
  if (rowCount) throw new UserConflictError('email', 'email_taken_by_another');
}
