// Whether and how a WhatsApp message can go to a candidate now: configured,
// consent (the one eligibility rule, public.contact_blockers), a number that
// reads as E.164, and WhatsApp's 24-hour customer-service window (from the
// candidate's last WhatsApp message to us): a text inside it, only an approved
// template outside it. The API answers it before a send (GET
// /api/candidates/{id}/whatsapp) and createMessage checks the same.
import type { Tx } from '../../platform/db/request.server.ts';
import { isoTimestamp } from '../../platform/db/sql-time.server.ts';
import { DomainError } from '../errors.ts';
import { blockerCode, type ContactBlocker } from '../consent/eligibility.ts';
import { say, type Said, type StateSaid } from '../i18n/codes.ts';
import { englishState, englishText, isErrorCode, stateDetail, stateDetailSaid } from '../i18n/english.ts';
import { whatsappConfigured, type WhatsAppConfig } from './config.server.ts';
import { candidateWhatsAppNumber } from './numbers.ts';
import { sameTemplate, type WhatsAppChannel, type WhatsAppState, type WhatsAppTemplate } from './schemas.ts';
import { safeAddress } from '../url.ts';
import { problemsSaid, withoutText } from './template-texts.ts';

/** WhatsApp's customer-service window. */
export const WINDOW_HOURS = 24;

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
  const why: Said | null = !configured ? 'whatsapp_not_configured'
    : found.blockers.length ? blockerCode(found.blockers[0])
      : !number ? 'whatsapp_number_unreadable'
        : found.open ? null : 'whatsapp_outside_window';
  const allowed = configured && !found.blockers.length && number !== null;
  return {
    configured, allowed, number, blockers: found.blockers,
    window: { open: found.open, closesAt: found.closesAt, lastInboundAt: found.lastInboundAt },
    mode: allowed ? (found.open ? 'text' : 'template') : null,
    reason: why && englishText(why),
    reasonCode: why && (typeof why === 'string' ? why : why.code),
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
  if (!channel) throw new DomainError(404, 'candidate_not_found', 'candidateId');
  if (!channel.number) throw new DomainError(422, channel.reasonCode && isErrorCode(channel.reasonCode) ? { code: channel.reasonCode } : 'whatsapp_invalid_number', 'channel');
  if (template) checkTemplate(template, config);
  else if (!channel.window.open) throw new DomainError(422, 'whatsapp_choose_template', 'whatsappTemplate');
}

/** One of the configured templates, with as many parameters as its body has. */
export function checkTemplate(template: WhatsAppTemplate, config: WhatsAppConfig): void {
  const known = config.templates.find((t) => sameTemplate(t, template));
  if (!known) {
    throw new DomainError(422, say('whatsapp_template_not_approved', { name: template.name, language: template.language }), 'whatsappTemplate.name');
  }
  if (known.parameters !== template.parameters.length) {
    throw new DomainError(422, say('whatsapp_template_parameters', { name: template.name, count: known.parameters, given: template.parameters.length }),
      'whatsappTemplate.parameters');
  }
}

/** The channel's state, Integrations-style (never a secret). */
export function whatsappState(config: WhatsAppConfig): WhatsAppState {
  const set = (value: string | undefined): StateSaid => (value ? 'integrations.values.setNotShown' : 'integrations.values.notSet');
  const texts = (state: 'off' | 'configured') => ({
    code: `integrations.whatsapp.${state}`,
    mode: englishState(`integrations.whatsapp.${state}.mode`),
    summary: englishState(`integrations.whatsapp.${state}.summary`),
  });
  if (!whatsappConfigured(config)) {
    return { configured: false, ...texts('off'), details: [], templates: [], reminderTemplate: config.reminderTemplate ?? null, ...problemsSaid(config.templateProblems) };
  }
  return {
    configured: true, ...texts('configured'),
    details: [
      stateDetail('server', `${safeAddress(config.apiUrl)}/v${config.apiVersion}`),
      stateDetail('phoneNumberId', config.phoneNumberId!),
      stateDetailSaid('accessToken', set(config.token)),
      stateDetailSaid('appSecret', set(config.appSecret)),
      stateDetailSaid('verifyToken', set(config.verifyToken)),
      config.businessAccountId ? stateDetail('businessAccountId', config.businessAccountId) : stateDetailSaid('businessAccountId', 'integrations.values.notSet'),
    ],
    templates: config.templates.map(withoutText), reminderTemplate: config.reminderTemplate ?? null, ...problemsSaid(config.templateProblems),
  };
}
