// A user's own settings: display name, title and signature (public.profiles) and
// time zone, which is their booking settings' zone (public.booking_settings.time_zone,
// one zone per recruiter; the row is made with the booking defaults when missing).
import type { Auth } from '../auth/better-auth.ts';
import type { Tx } from '../db/request.ts';
import { DEFAULT_BOOKING_SETTINGS } from '../meetings/booking-settings.ts';
import type { ProfileSettings, ProfileSettingsInput } from './schemas.ts';

export async function profileSettings(tx: Tx, userId: string): Promise<ProfileSettings> {
  const { rows } = await tx.query<ProfileSettings>(
    `select p.username::text as username, p.email::text as email, p.display_name as "displayName", p.title, p.signature,
            coalesce(b.time_zone, $2) as "timeZone"
       from public.profiles p left join public.booking_settings b on b.recruiter_id = p.id
      where p.id = $1`, [userId, DEFAULT_BOOKING_SETTINGS.timeZone]);
  if (!rows[0]) throw new Error(`No profile for the signed-in user ${userId}`);
  return rows[0];
}

/**
 * Saves the fields given (left-out fields keep their value) for the signed-in user:
 * the profile through public.save_own_profile (which changes nothing else of the row),
 * the zone in their booking settings.
 */
export async function saveProfileSettings(tx: Tx, userId: string, input: ProfileSettingsInput): Promise<ProfileSettings> {
  const current = await profileSettings(tx, userId);
  const pick = <K extends 'displayName' | 'title' | 'signature'>(key: K) => (input[key] === undefined ? current[key] : input[key]);
  await tx.query('select public.save_own_profile($1, $2, $3)', [pick('displayName'), pick('title'), pick('signature')]);
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
 * better-auth keeps its own copy of the name (user.name); it follows the profile, as
 * when an admin renames someone (domain/auth/users.ts). Called after the profile is saved.
 */
export async function syncAuthName(auth: Auth, userId: string, displayName: string): Promise<void> {
  const ctx = await auth.$context;
  await ctx.internalAdapter.updateUser(userId, { name: displayName });
}
