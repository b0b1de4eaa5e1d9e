// Whether and how a WhatsApp message can go to a candidate now: configured,
// consent (the one eligibility rule, public.contact_blockers), a number that
// reads as E.164, and WhatsApp's 24-hour customer-service window (from the
// candidate's last WhatsApp message to us): a text inside it, only an approved
// template outside it. The API answers it before a send (GET
// /api/candidates/{id}/whatsapp) and createMessage checks the same.
import type { Tx } from '../../platform/db/request.server.ts';
import { isoTimestamp } from '../../platform/db/sql-time.server.ts';
import { DomainError } from '../errors.ts';
import { BLOCKER_TEXT, type ContactBlocker } from '../consent/eligibility.ts';
import { NOT_CONFIGURED, whatsappConfigured, type WhatsAppConfig } from './config.server.ts';
import { candidateWhatsAppNumber, INVALID_NUMBER } from './numbers.ts';
import { sameTemplate, type WhatsAppChannel, type WhatsAppState, type WhatsAppTemplate } from './schemas.ts';
import { safeAddress } from '../url.ts';
import { withoutText } from './template-texts.ts';

/** WhatsApp's customer-service window. */
export const WINDOW_HOURS = 24;
export const OUTSIDE_WINDOW = "Outside WhatsApp's 24-hour window: only an approved template can be sent";

interface Facts {
  whatsappNumber: string | null; phone: string | null; blockers: ContactBlocker[]; lastInboundAt: string | null; closesAt: string | null; open: boolean;
}

/** The candidate's WhatsApp facts, or null for an unknown candidate. `now` is the database's unless given. */
async function facts(tx: Tx, candidateId: number, now: Date | null): Promise<Facts | null> {
  const { rows } = await tx.query<Facts>(
    `select c.whatsapp_number as "whatsappNumber", c.phone, public.contact_blockers(c, 'whatsapp') as blockers,
            ${isoTimestamp('w.last_in')} as "lastInboundAt", ${isoTimestamp(`(w.last_in + interval '${WINDOW_HOURS} hours')`)} as "closesAt",
            coalesce(w.last_in + interval '${WINDOW_HOURS} hours' > coalesce($2::timestamptz, now()), false) as open
       from public.candidates c
       left join lateral (select max(m.created_at) as last_in from public.messages m
                           where m.candidate_id = c.id and m.direction = 'in' and m.channel = 'whatsapp') w on true
      where c.id = $1`, [candidateId, now]);
  return rows[0] ?? null;
}

export async function whatsappChannel(tx: Tx, candidateId: number, config: WhatsAppConfig, now: Date | null = null): Promise<WhatsAppChannel | null> {
  const found = await facts(tx, candidateId, now);
  if (!found) return null;
  const configured = whatsappConfigured(config);
  const number = candidateWhatsAppNumber(found);
  const reason = !configured ? NOT_CONFIGURED
    : found.blockers.length ? BLOCKER_TEXT[found.blockers[0]]
      : !number ? INVALID_NUMBER
        : found.open ? null : OUTSIDE_WINDOW;
  const allowed = configured && !found.blockers.length && number !== null;
  return {
    configured, allowed, number, blockers: found.blockers,
    window: { open: found.open, closesAt: found.closesAt, lastInboundAt: found.lastInboundAt },
    mode: allowed ? (found.open ? 'text' : 'template') : null,
    reason,
    // Their texts are added by the route (./template-texts.ts): Meta is asked only when a recruiter looks.
    templates: configured ? config.templates.map(withoutText) : [],
  };
}

/**
 * Before a WhatsApp message is stored (the consent blockers were checked by the caller): a valid
 * number, and inside the window a text or a template, outside it a template; a template must be one
 * of the approved ones with its parameters. Not configured: nothing can be judged, the message is
 * stored and fails with "WhatsApp not configured" when the worker takes it (nothing pretends to send).
 */
export async function checkWhatsAppSend(tx: Tx, candidateId: number, template: WhatsAppTemplate | null, config: WhatsAppConfig): Promise<void> {
  if (!whatsappConfigured(config)) return;
  const channel = await whatsappChannel(tx, candidateId, config);
  if (!channel) throw new DomainError(404, 'Candidate not found', 'candidateId');
  if (!channel.number) throw new DomainError(422, channel.reason ?? 'No valid WhatsApp number', 'channel');
  if (template) checkTemplate(template, config);
  else if (!channel.window.open) throw new DomainError(422, `${OUTSIDE_WINDOW}: choose one under whatsappTemplate`, 'whatsappTemplate');
}

/** One of the configured templates, with as many parameters as its body has. */
export function checkTemplate(template: WhatsAppTemplate, config: WhatsAppConfig): void {
  const known = config.templates.find((t) => sameTemplate(t, template));
  if (!known) {
    throw new DomainError(422, `${template.name} (${template.language}) is not an approved template (WHATSAPP_TEMPLATES)`, 'whatsappTemplate.name');
  }
  if (known.parameters !== template.parameters.length) {
    throw new DomainError(422, `${template.name} takes ${known.parameters} parameter${known.parameters === 1 ? '' : 's'}, not ${template.parameters.length}`,
      'whatsappTemplate.parameters');
  }
}

/** The channel's state, Integrations-style (never a secret). */
export function whatsappState(config: WhatsAppConfig): WhatsAppState {
  const set = (value: string | undefined) => (value ? 'Set (not shown)' : 'Not set');
  if (!whatsappConfigured(config)) {
    return {
      configured: false, mode: NOT_CONFIGURED,
      summary: 'WhatsApp messages are not sent. Set WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID (and WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN for replies) to connect the WhatsApp Business Cloud API.',
      details: [], templates: [], problems: config.templateProblems,
    };
  }
  return {
    configured: true, mode: 'WhatsApp Business Cloud API',
    summary: 'WhatsApp messages go out from this business number: text inside the 24-hour window, approved templates outside it.',
    details: [
      { label: 'Server', value: `${safeAddress(config.apiUrl)}/v${config.apiVersion}` },
      { label: 'Phone number id', value: config.phoneNumberId! },
      { label: 'Access token', value: set(config.token) },
      { label: 'App secret (webhook signatures)', value: set(config.appSecret) },
      { label: 'Verify token (webhook handshake)', value: set(config.verifyToken) },
      { label: 'Business account id (template texts)', value: config.businessAccountId ?? 'Not set' },
    ],
    templates: config.templates.map(withoutText), problems: config.templateProblems,
  };
}
