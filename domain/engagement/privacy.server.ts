// The organisation's privacy setting: open and click tracking on or off
// (public.organisation_settings, one row; members read, admins change it under RLS).
import type { Tx } from '../../platform/db/request.server.ts';
import type { PrivacySettings } from './schemas.ts';

export async function privacySettings(tx: Tx): Promise<PrivacySettings> {
  const { rows } = await tx.query<{ tracking_enabled: boolean }>('select tracking_enabled from public.organisation_settings');
  return { trackingEnabled: rows[0]?.tracking_enabled ?? true };
}

/** Saves the setting as the signed-in admin (the policy refuses anyone else: no row changes). */
export async function savePrivacySettings(tx: Tx, userId: string, settings: PrivacySettings): Promise<PrivacySettings> {
  await tx.query(
    'update public.organisation_settings set tracking_enabled = $1, updated_at = now(), updated_by = $2 where id',
    [settings.trackingEnabled, userId]);
  return privacySettings(tx);
}
