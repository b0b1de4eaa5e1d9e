// What a sender's mails fill when they are written: {{recruiterName}}, {{signature}} and {{company}}
// (domain/placeholders sendTimeValues) from the sender's profile (title, signature) and the
// organisation's settings, read then, so a corrected signature or company name applies to every mail
// written later. The one reader for a message (domain/messages) and a campaign's steps
// (domain/campaigns sendPlan).
import type { Tx } from '../../platform/db/request.server.ts';
import { sendTimeValues, type SendTimeValues } from '../placeholders/placeholders.ts';
import { organisationSettings } from './organisation.server.ts';
import type { OrganisationSettings } from './schemas.ts';

/**
 * The send-time values of `sender` (their display name as the caller has it; no id: a campaign whose
 * creator was removed, signed with the organisation's signature or company alone). `organisation`: the
 * settings when the caller read them already.
 */
export async function sendTimeValuesOf(tx: Tx, sender: { id: string | null; name: string | null },
  organisation?: OrganisationSettings): Promise<SendTimeValues> {
  const { rows: [profile] } = sender.id
    ? await tx.query<{ title: string | null; signature: string | null }>('select title, signature from public.profiles where id = $1', [sender.id])
    : { rows: [] };
  return sendTimeValues({ name: sender.name, title: profile?.title ?? null, signature: profile?.signature ?? null },
    organisation ?? await organisationSettings(tx));
}
