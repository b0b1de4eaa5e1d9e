// The candidate's reminders of a meeting (public.meeting_reminders: scheduled, moved and cancelled
// with their meeting by trigger meetings_reminders_follow), sent by the worker once each. The claim
// (scheduled and due → sending, `for update skip locked`) gives each reminder to one worker however
// many run; a 'sending' row left for 5 minutes by a worker that died is claimed again, as meeting
// emails are (meeting-mail.server.ts), and goes out with the same Message-ID.
// By email: as the meeting emails go (the same sender rules, transactional: no unsubscribe footer,
// to the candidate on record only), with the time in the candidate's zone, where, and the booking
// page's links to move or cancel. By WhatsApp: the approved template WHATSAPP_REMINDER_TEMPLATE names,
// only to a candidate who allows WhatsApp (the one eligibility rule, whatsapp/channel.server.ts).
// What cannot go by its channel is 'skipped', a meeting that started or no longer holds its time
// 'cancelled', each with its reason as a code (errors.reminder.*, blockers.*); a temporary failure is
// tried again a few times, then 'failed'.
import type { Pools } from '../../platform/db/pools.server.ts';
import { asService, type Tx } from '../../platform/db/request.server.ts';
import type { WorkerIdentity } from '../../platform/runtime/workers.server.ts';
import { MailDeliveryError, type MailPort, type OutgoingMail } from '../../platform/mail/port.server.ts';
import { coded, say, type Coded, type Said } from '../i18n/codes.ts';
import type { Language } from '../schemas/language.ts';
import { englishText, isErrorCode } from '../i18n/english.ts';
import type { Locale } from '../i18n/locale.ts';
import { domainOf, privacyPageUrl } from '../mail/compose.server.ts';
import { whatsappChannel } from '../whatsapp/channel.server.ts';
import { loadWhatsAppConfig, type WhatsAppConfig } from '../whatsapp/config.server.ts';
import { sendWhatsApp, type WhatsAppPort } from '../whatsapp/delivery.server.ts';
import type { WhatsAppTemplateInfo } from '../whatsapp/schemas.ts';
import { composeMeetingReminder, REMINDER_TEMPLATE_VALUES, reminderTemplateValues, type MeetingReminderFacts } from './meeting-mail-text.ts';
import {
  meetingMailLocale, MEETING_SENDER_COLUMNS, meetingLinks, ownMailbox, senderAs, STALE_MEETING_MAIL_CLAIM,
  type MeetingMailOptions, type MeetingSenderFacts,
} from './meeting-mail.server.ts';

/** Tries of one reminder (a temporary failure waits a minute longer after each). */
export const REMINDER_ATTEMPTS = 3;
/** Reminders one claim takes; they are sent at once. */
const CLAIM_SIZE = 10;

export type ReminderChannel = 'email' | 'whatsapp';

/** claimedAt is cut to milliseconds, so that it compares equal after the round trip through a JS Date. */
interface Claim { id: number; channel: ReminderChannel; dueAt: Date; claimedAt: Date; attempts: number }

interface ReminderRow extends Omit<MeetingReminderFacts, 'links' | 'calendarConfigured'>, MeetingSenderFacts {
  status: string;
  /** The candidate's language (null: not known). */
  language: Language | null;
  /** The privacy page's token of this reminder's email (meeting_reminders.privacy_token). */
  privacyToken: string;
  /** The meeting has not started yet. */
  upcoming: boolean;
  candidateId: number | null;
  token: string | null;
}

export type ReminderOutcome =
  | { id: number; state: 'sent' }
  /** 'scheduled': failed for now, tried again; the others are final. */
  | { id: number; state: 'scheduled' | 'skipped' | 'cancelled' | 'failed'; error: string; said: Coded };

export interface ReminderDeps {
  pools: Pick<Pools, 'app'>;
  mail: MailPort;
  /** The WhatsApp adapter; absent: WhatsApp reminders are skipped as "WhatsApp not configured". */
  whatsapp?: WhatsAppPort;
  /** This worker: it starts no send while it could not tell the database it is alive. */
  worker?: WorkerIdentity;
  options: MeetingMailOptions;
  /** Read at each run (WHATSAPP_*); tests switch it. */
  whatsappConfig?: () => WhatsAppConfig;
}

/**
 * Claims up to `limit` due reminders for this worker: scheduled ones whose moment has come (a retry a
 * minute per earlier try later), and 'sending' ones a dead worker left. One left on its last try fails.
 */
export async function claimDueReminders(pools: Pick<Pools, 'app'>, limit = CLAIM_SIZE): Promise<Claim[]> {
  return asService(pools.app, async (tx) => {
    const lost = coded('delivery.worker_lost_contact');
    await tx.query(
      `update public.meeting_reminders set state = 'failed', error = $2, error_code = $3, error_params = null
        where state = 'sending' and claimed_at < now() - ${STALE_MEETING_MAIL_CLAIM} and attempts >= $1`,
      [REMINDER_ATTEMPTS, englishText(lost), lost.code]);
    const { rows } = await tx.query<Claim>(
      `update public.meeting_reminders r
          set state = 'sending', claimed_at = date_trunc('milliseconds', clock_timestamp()), attempts = r.attempts + 1
        where r.id in (
          select id from public.meeting_reminders
           where (state = 'scheduled' and due_at <= now() and (claimed_at is null or claimed_at <= now() - make_interval(mins => attempts)))
              or (state = 'sending' and claimed_at < now() - ${STALE_MEETING_MAIL_CLAIM})
           order by due_at
           limit $1
           for update skip locked)
        returning r.id::int, r.channel, r.due_at as "dueAt", r.claimed_at as "claimedAt", r.attempts`, [limit]);
    return rows;
  });
}

async function readReminder(tx: Tx, id: number): Promise<ReminderRow> {
  const { rows } = await tx.query<ReminderRow>(
    `select m.status, m.starts_at > now() as upcoming,
            m.title, m.starts_at as start, m.ends_at as "end", m.time_zone as "timeZone", m.candidate_time_zone as "candidateTimeZone",
            m.location_kind as "locationKind", m.location_detail as "locationDetail", m.teams_join_url as "joinUrl",
            m.candidate_note as note, t.description as "typeDescription",
            json_build_object('name', p.display_name, 'email', p.email::text) as recruiter,
            c.id::int as "candidateId", json_build_object('name', coalesce(c.name, ''), 'email', c.email::text) as candidate, c.language,
            r.privacy_token as "privacyToken",
            l.token, ${MEETING_SENDER_COLUMNS}
       from public.meeting_reminders r
       join public.meetings m on m.id = r.meeting_id
       join public.profiles p on p.id = m.recruiter_id
       left join public.candidates c on c.id = m.candidate_id
       left join public.meeting_types t on t.id = m.meeting_type_id
       left join public.booking_links l on l.id = m.booking_link_id
       left join public.organisation_settings s on true
      where r.id = $1`, [id]);
  return rows[0];
}

/** The reminder template in the candidate's language (else its first language), or why there is none to send. */
export function reminderTemplate(config: Pick<WhatsAppConfig, 'reminderTemplate' | 'templates'>, locale: Locale): WhatsAppTemplateInfo | Said {
  const name = config.reminderTemplate;
  if (!name) return 'reminder.whatsapp_no_template';
  const listed = config.templates.filter((template) => template.name === name);
  const chosen = listed.find((template) => template.language === locale) ?? listed[0];
  if (!chosen) return say('reminder.whatsapp_template_not_approved', { name });
  if (chosen.parameters > REMINDER_TEMPLATE_VALUES) {
    return say('reminder.whatsapp_template_parameters', { name, count: chosen.parameters, max: REMINDER_TEMPLATE_VALUES });
  }
  return chosen;
}

/** Stable per reminder and moment: a resend after a crash is recognisable; a moved meeting's reminder is a new mail. */
export function reminderMessageId(id: number, dueAt: Date, from: string): string {
  return `<talentloop.reminder.${id}.${dueAt.getTime()}@${domainOf(from)}>`;
}

function reminderMail(claim: Claim, row: ReminderRow, facts: MeetingReminderFacts, options: MeetingMailOptions, via: MailPort['kind']): OutgoingMail {
  const content = composeMeetingReminder(facts, meetingMailLocale(row.language));
  return {
    messageRowId: null,
    messageId: reminderMessageId(claim.id, claim.dueAt, options.from),
    from: senderAs(row, options.from, via),
    to: { name: row.candidate.name, address: row.candidate.email! },
    replyTo: row.recruiter.email,
    mailbox: ownMailbox(row, via)?.mailbox,
    subject: content.subject,
    text: content.text,
    html: content.html,
    headers: { 'X-Talentloop-Meeting-Reminder': String(claim.id) },
  };
}

type Plan =
  | { send: 'email' }
  | { send: 'whatsapp'; to: string; template: WhatsAppTemplateInfo }
  | { state: 'skipped' | 'cancelled'; said: Said | Coded };

/** Whether and how the reminder goes: read in the claim's aftermath, in one transaction. */
async function plan(tx: Tx, claim: Claim, row: ReminderRow, config: () => WhatsAppConfig, port: WhatsAppPort | undefined): Promise<Plan> {
  if (row.status !== 'confirmed' && row.status !== 'rescheduled') return { state: 'cancelled', said: 'reminder.meeting_moved_on' };
  if (!row.upcoming) return { state: 'cancelled', said: 'reminder.meeting_started' };
  if (row.candidateId === null) return { state: 'skipped', said: 'reminder.no_candidate' };
  if (claim.channel === 'email') return row.candidate.email ? { send: 'email' } : { state: 'skipped', said: 'blockers.no_email' };
  if (!port) return { state: 'skipped', said: 'whatsapp_not_configured' };
  const whatsapp = config();
  const channel = (await whatsappChannel(tx, row.candidateId, whatsapp))!;
  if (!channel.allowed || !channel.number) {
    const code = channel.reasonCode && isErrorCode(channel.reasonCode) ? channel.reasonCode : 'whatsapp_not_configured';
    return { state: 'skipped', said: { code } };
  }
  const template = reminderTemplate(whatsapp, meetingMailLocale(row.language));
  if (typeof template === 'string' || 'code' in template) return { state: 'skipped', said: template };
  return { send: 'whatsapp', to: channel.number, template };
}

/**
 * The outcome, recorded while the claim is still ours. A sent reminder is recorded even if its meeting was
 * cancelled meanwhile (it did go out), not if it was moved: that scheduled it afresh (claimed_at cleared), and
 * the reminder of the new time is another mail.
 */
async function record(pools: Pick<Pools, 'app'>, claim: Claim, outcome: ReminderOutcome): Promise<ReminderOutcome> {
  if (outcome.state === 'sent') {
    await asService(pools.app, (tx) => tx.query(
      `update public.meeting_reminders set state = 'sent', sent_at = now(), error = null, error_code = null, error_params = null
        where id = $1 and claimed_at = $2`, [claim.id, claim.claimedAt]));
    return outcome;
  }
  const { said } = outcome;
  await asService(pools.app, (tx) => tx.query(
    `update public.meeting_reminders set state = $3, error = $4, error_code = $5, error_params = $6
      where id = $1 and state = 'sending' and claimed_at = $2`,
    [claim.id, claim.claimedAt, outcome.state, outcome.error.slice(0, 1000), said.code, said.params ? JSON.stringify(said.params) : null]));
  return outcome;
}

const notSent = (id: number, state: Exclude<ReminderOutcome['state'], 'sent'>, said: Said | Coded): ReminderOutcome =>
  ({ id, state, error: englishText(said), said: coded(said) });

/** A temporary failure: tried again while tries are left, else given up with its last words. */
function failure(claim: Claim, said: Coded, permanent: boolean): ReminderOutcome {
  if (permanent) return notSent(claim.id, 'failed', said);
  if (claim.attempts >= REMINDER_ATTEMPTS) {
    return notSent(claim.id, 'failed', say('reminder.gave_up', { detail: englishText(said).slice(0, 1000), attempts: claim.attempts }));
  }
  return notSent(claim.id, 'scheduled', said);
}

/** Sends one claimed reminder and records what happened. */
export async function sendReminder(deps: ReminderDeps, claim: Claim): Promise<ReminderOutcome> {
  const config = deps.whatsappConfig ?? (() => loadWhatsAppConfig());
  const { row, decided } = await asService(deps.pools.app, async (tx) => {
    const found = await readReminder(tx, claim.id);
    return { row: found, decided: await plan(tx, claim, found, config, deps.whatsapp) };
  });
  if ('state' in decided) return record(deps.pools, claim, notSent(claim.id, decided.state, decided.said));
  // A worker that could not tell the database it is alive may already have lost this claim to another.
  if (deps.worker && !deps.worker.holdsClaims()) return record(deps.pools, claim, failure(claim, coded('delivery.worker_lost_contact'), false));

  const facts: MeetingReminderFacts = { ...row, links: meetingLinks(deps.options.publicUrl, row.token), calendarConfigured: deps.options.calendarConfigured,
    privacyUrl: privacyPageUrl(deps.options.publicUrl, row.privacyToken) };
  if (decided.send === 'whatsapp') {
    const template = { name: decided.template.name, language: decided.template.language,
      parameters: reminderTemplateValues(facts, meetingMailLocale(row.language)).slice(0, decided.template.parameters) };
    const sent = await sendWhatsApp(deps.whatsapp!, { content: '', whatsapp_number: decided.to, phone: null, whatsapp_template: template }, false);
    return record(deps.pools, claim, sent.status === 'sent' ? { id: claim.id, state: 'sent' } : failure(claim, sent.said, sent.status === 'failed'));
  }
  try {
    await deps.mail.send(reminderMail(claim, row, facts, deps.options, deps.mail.kind));
    return record(deps.pools, claim, { id: claim.id, state: 'sent' });
  } catch (error) {
    const refused = error instanceof MailDeliveryError ? error : new MailDeliveryError((error as Error).message, false, { cause: error });
    const said = refused.refusedMailbox
      ? coded(say('delivery.mailbox_refused', { mailbox: refused.refusedMailbox.mailbox, status: refused.refusedMailbox.status, detail: refused.refusedMailbox.detail.slice(0, 1000) }))
      : coded(say('delivery.provider_failed', { detail: refused.message.slice(0, 1000) }));
    return record(deps.pools, claim, failure(claim, said, refused.permanent || Boolean(refused.refusedMailbox)));
  }
}

/**
 * Sends the reminders that are due, a claim of CLAIM_SIZE at a time, until none is left or `limit` went
 * (the next run goes on). Safe to run in several workers at once: each reminder is claimed by one.
 */
export async function sendDueReminders(deps: ReminderDeps, { limit = 500 } = {}): Promise<ReminderOutcome[]> {
  const outcomes: ReminderOutcome[] = [];
  while (outcomes.length < limit) {
    if (deps.worker && !deps.worker.holdsClaims()) break;
    const claims = await claimDueReminders(deps.pools, Math.min(CLAIM_SIZE, limit - outcomes.length));
    if (!claims.length) break;
    // One that could not be read or recorded (the database) stays 'sending' and is claimed again in 5 minutes.
    const settled = await Promise.allSettled(claims.map((claim) => sendReminder(deps, claim)));
    for (const result of settled) if (result.status === 'fulfilled') outcomes.push(result.value);
    const failed = settled.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  }
  return outcomes;
}
