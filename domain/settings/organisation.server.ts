// The organisation's settings (public.organisation_settings, one row): company and
// sender details, signature, default language, time zone, how long email consent lasts, and whether admins get
// the weekly erasure preview and new access requests by email (an admin also reads who gets them). Members read them;
// admins change them (the table's policies; a recruiter's update changes no row).
import type { Tx } from '../../platform/db/request.server.ts';
import { STAFF_RECIPIENTS_SQL } from '../mail/staff-mail.server.ts';
import { isoTimestamp } from '../../platform/db/sql-time.server.ts';
import type { OrganisationSettings, OrganisationSettingsInput } from './schemas.ts';

/** Each setting and its column: one list for the read and the write. */
const COLUMNS = {
  companyName: 'company_name', website: 'website', industry: 'industry', senderName: 'sender_name',
  senderEmail: 'sender_email', signature: 'signature', defaultLanguage: 'default_language', timeZone: 'time_zone', sendFrom: 'send_from',
  consentValidMonths: 'consent_valid_months', renewalLeadDays: 'renewal_lead_days', retentionDigest: 'retention_digest',
  accessRequestEmails: 'access_request_emails',
} as const satisfies Record<keyof OrganisationSettingsInput, string>;

const SELECT = `select ${Object.entries(COLUMNS).map(([key, column]) => `${column} as "${key}"`).join(', ')},
  case when public.is_admin() then coalesce((select json_agg(json_build_object('id', r.id, 'name', r.name) order by r.name, r.id)
    from (${STAFF_RECIPIENTS_SQL}) r), '[]') end as "adminEmailRecipients",
  ${isoTimestamp('updated_at')} as "updatedAt" from public.organisation_settings`;

export async function organisationSettings(tx: Tx): Promise<OrganisationSettings> {
  const { rows } = await tx.query<OrganisationSettings>(SELECT);
  if (!rows[0]) throw new Error('public.organisation_settings has no row (migration 20261124000010 inserts it)');
  return rows[0];
}

/** Saves the fields given (left-out fields keep their value) as the signed-in admin. */
export async function saveOrganisationSettings(tx: Tx, userId: string, input: OrganisationSettingsInput): Promise<OrganisationSettings> {
  const given = (Object.keys(COLUMNS) as Array<keyof typeof COLUMNS>).filter((key) => input[key] !== undefined);
  const sets = given.map((key, index) => `${COLUMNS[key]} = $${index + 2}`);
  await tx.query(
    `update public.organisation_settings set ${[...sets, 'updated_at = now()', 'updated_by = $1'].join(', ')} where id`,
    [userId, ...given.map((key) => input[key])]);
  return organisationSettings(tx);
}
