// Sequences (issue 12, decision 018): a campaign's first email and its
// follow-ups, one ledger row (public.messages, unique per campaign, step and
// candidate) per email, written queued with its send_after before any send.
// - writeFirstStep: step 1 for pool members (the dispatch, and late joiners);
// - advanceSequences: the next step for every active recipient whose previous
//   step was SENT and whose delay has passed at `now`;
// - exits are database triggers (migration 20261126000300): a recipient who
//   left has an exit_reason and is never advanced;
// - an out-of-office pauses (trigger of migration 20261129000900, decision
//   038): no step is written before the day after paused_until, in the zone
//   the step is timed in; writing the next step ends the pause.
import type { Tx } from '../../platform/db/request.server.ts';
import { DomainError } from '../errors.ts';
import { personalise, usesBookingLink, type Language, type SendTimeValues } from '../placeholders/placeholders.ts';
import { organisationSettings } from '../settings/organisation.server.ts';
import { sendTimeValuesOf } from '../settings/send-time.server.ts';
import { bookingUrl, createBookingLinks } from '../meetings/booking-links.server.ts';
import type { ContactBlocker } from '../consent/eligibility.ts';
import { addDays, dayAfter, nextInWindow, type Window } from './send-window.ts';
import { candidateWhatsAppNumber } from '../whatsapp/numbers.ts';
import { templateText } from '../whatsapp/cloud-api.server.ts';
import type { WhatsAppTemplate } from '../whatsapp/schemas.ts';

/** How a campaign sends: who signs, in which language, and when (its send window and zones). */
export interface SendPlan {
  id: number;
  talentPoolId: number | null;
  language: Language;
  senderId: string | null;
  window: Window | null;
  /** Send in each candidate's own zone when they have one. */
  candidateZone: boolean;
  /** The zone otherwise: the campaign's, else the organisation's. */
  zone: string;
  /** {{recruiterName}}, {{signature}} and {{company}} of the campaign's creator, read when the mails are written. */
  values: SendTimeValues;
  /** Step 1 by this WhatsApp template to members who may get WhatsApp (issue 14); null: email only. */
  whatsappTemplate: WhatsAppTemplate | null;
}

export const PLAN_COLUMNS = `k.id, k.talent_pool_id as "talentPoolId", k.language, p.display_name as sender, k.created_by as "senderId",
  to_char(k.send_window_start, 'HH24:MI') as "windowStart", to_char(k.send_window_end, 'HH24:MI') as "windowEnd",
  k.send_window_weekdays_only as "weekdaysOnly", k.send_window_candidate_zone as "candidateZone", k.send_window_time_zone as "timeZone",
  k.whatsapp_template as "whatsappTemplate"`;

export interface PlanRow {
  id: number; talentPoolId: number | null; language: Language; sender: string | null; senderId: string | null;
  windowStart: string | null; windowEnd: string | null; weekdaysOnly: boolean; candidateZone: boolean; timeZone: string | null;
  whatsappTemplate: WhatsAppTemplate | null;
}

export async function sendPlan(tx: Tx, row: PlanRow): Promise<SendPlan> {
  // Read when the mails are written (not stored with the campaign): a corrected signature or company name applies to every step written later.
  const organisation = await organisationSettings(tx);
  return {
    id: row.id, talentPoolId: row.talentPoolId, language: row.language, senderId: row.senderId,
    window: row.windowStart && row.windowEnd ? { start: row.windowStart, end: row.windowEnd, weekdaysOnly: row.weekdaysOnly } : null,
    candidateZone: row.candidateZone,
    zone: row.timeZone ?? organisation.timeZone,
    values: await sendTimeValuesOf(tx, { id: row.senderId, name: row.sender }, organisation),
    whatsappTemplate: row.whatsappTemplate,
  };
}

/** The zone a candidate's mail is timed in. */
export const zoneOf = (plan: SendPlan, candidateZone: string | null) => (plan.candidateZone && candidateZone ? candidateZone : plan.zone);

/** When a message due at `due` may go out: then (null: at once) without a window, else the window's next moment. */
export function sendAfterOf(plan: SendPlan, due: Date, now: Date, candidateZone: string | null): Date | null {
  if (!plan.window) return due > now ? due : null;
  return nextInWindow(due > now ? due : now, plan.window, zoneOf(plan, candidateZone));
}

export interface Member {
  id: number; name: string; jobFunction: string | null; skillTags: string[]; location: string | null; timeZone: string | null;
  /** public.contact_blockers(c, 'email'): the one eligibility rule. */
  blockers: ContactBlocker[];
  /** public.contact_blockers(c, 'whatsapp') and the numbers: for a first step by WhatsApp template. */
  whatsappBlockers: ContactBlocker[];
  whatsappNumber: string | null;
  phone: string | null;
}

export const MEMBER_COLUMNS = `c.id, c.name, c.job_function as "jobFunction", c.skill_tags as "skillTags", c.location,
  c.time_zone as "timeZone", public.contact_blockers(c, 'email') as blockers,
  public.contact_blockers(c, 'whatsapp') as "whatsappBlockers", c.whatsapp_number as "whatsappNumber", c.phone`;

/** Whether a member can get a WhatsApp template: nothing blocks WhatsApp and the number on file reads as one. */
export const reachableByWhatsApp = (member: Pick<Member, 'whatsappBlockers' | 'whatsappNumber' | 'phone'>) =>
  !member.whatsappBlockers.length && candidateWhatsAppNumber(member) !== null;

/** Whether this member gets step 1 by the campaign's WhatsApp template. */
const byWhatsApp = (plan: SendPlan, member: Member) => plan.whatsappTemplate !== null && reachableByWhatsApp(member);

/** Joins a template's parameters into one text to fill placeholders in once (a character no one types). */
const PARAMETER_SEPARATOR = '\u241e';

/**
 * Why a pool member is skipped, as kept in campaign_recipients.skip_reason: the first blocker's code
 * (errors.blockers.<blocker>, decision 032; english.ts storedReason reads it), or null when they get the mail.
 */
export function skipReason(member: Pick<Member, 'blockers'>): string | null {
  return member.blockers.length ? `blockers.${member.blockers[0]}` : null;
}

/**
 * Each person's subject and content (domain/placeholders personalise, in the campaign's language): their own
 * placeholders filled, {{bookingLink}} a link of their own, and the campaign's send-time values.
 */
type Person = Pick<Member, 'id' | 'name' | 'jobFunction' | 'skillTags' | 'location' | 'timeZone'>;

async function personaliseAll(tx: Tx, plan: SendPlan, step: { subject: string; content: string }, people: Person[],
  publicUrl: string) {
  const links = usesBookingLink(step.subject, step.content) && plan.senderId
    ? await createBookingLinks(tx, plan.senderId, people.map((m) => m.id), { sent: true })
    : new Map<number, { token: string }>();
  const linkOf = (person: Person) => {
    const link = links.get(person.id);
    return link ? bookingUrl(publicUrl, link.token) : undefined;
  };
  return {
    subjects: people.map((p) => personalise(step.subject, p, plan.language, plan.values, linkOf(p))),
    contents: people.map((p) => personalise(step.content, p, plan.language, plan.values, linkOf(p))),
  };
}

export interface Queued { id: number; sendAfter: Date | null }

/**
 * Step 1 for these pool members: a recipient row each (skipped with a reason, or pending) and a
 * queued message for the eligible, timed by the send window. Safe to run twice (the ledger's key).
 */
export async function writeFirstStep(tx: Tx, plan: SendPlan, step: { subject: string; content: string }, members: Member[],
  publicUrl: string, now: Date): Promise<Queued[]> {
  const whatsapp = members.filter((member) => byWhatsApp(plan, member));
  const eligible = members.filter((member) => !byWhatsApp(plan, member) && !skipReason(member));
  const { subjects, contents } = await personaliseAll(tx, plan, step, eligible, publicUrl);
  const inserted = await tx.query<{ id: number; candidate_id: number; send_after: Date | null }>(
    `insert into public.messages (candidate_id, campaign_id, campaign_step, direction, channel, subject, content, status, send_after)
     select candidate_id, $1, 1, 'out', 'email', subject, content, 'queued', send_after
       from unnest($2::bigint[], $3::text[], $4::text[], $5::timestamptz[]) as t(candidate_id, subject, content, send_after)
     on conflict (campaign_id, campaign_step, candidate_id) where campaign_step is not null do nothing
     returning id, candidate_id, send_after`,
    [plan.id, eligible.map((m) => m.id), subjects, contents, eligible.map((m) => sendAfterOf(plan, now, now, m.timeZone))]);
  const byTemplate = await writeWhatsAppFirstStep(tx, plan, whatsapp, publicUrl, now);
  const messageOf = new Map([...inserted.rows, ...byTemplate].map((row) => [row.candidate_id, row.id]));
  await tx.query(
    `insert into public.campaign_recipients (campaign_id, candidate_id, message_id, status, skip_reason)
     select $1, candidate_id, message_id, case when message_id is null then 'skipped' else 'pending' end, case when message_id is null then skip_reason end
       from unnest($2::bigint[], $3::bigint[], $4::text[]) as t(candidate_id, message_id, skip_reason)
     on conflict (campaign_id, candidate_id) do nothing`,
    [plan.id, members.map((m) => m.id), members.map((m) => messageOf.get(m.id) ?? null), members.map((m) => skipReason(m))]);
  return [...inserted.rows, ...byTemplate].map((row) => ({ id: row.id, sendAfter: row.send_after }));
}

/** Step 1 by the campaign's WhatsApp template, its parameters filled for each member as the email's text is. */
async function writeWhatsAppFirstStep(tx: Tx, plan: SendPlan, members: Member[], publicUrl: string, now: Date) {
  const template = plan.whatsappTemplate;
  if (!template || !members.length) return [];
  const { contents } = await personaliseAll(tx, plan, { subject: '', content: template.parameters.join(PARAMETER_SEPARATOR) }, members, publicUrl);
  const templates = contents.map((filled) => ({ ...template, parameters: template.parameters.length ? filled.split(PARAMETER_SEPARATOR) : [] }));
  const { rows } = await tx.query<{ id: number; candidate_id: number; send_after: Date | null }>(
    `insert into public.messages (candidate_id, campaign_id, campaign_step, direction, channel, subject, content, status, send_after, whatsapp_template)
     select candidate_id, $1, 1, 'out', 'whatsapp', null, content, 'queued', send_after, template::jsonb
       from unnest($2::bigint[], $3::text[], $4::timestamptz[], $5::text[]) as t(candidate_id, content, send_after, template)
     on conflict (campaign_id, campaign_step, candidate_id) where campaign_step is not null do nothing
     returning id, candidate_id, send_after`,
    [plan.id, members.map((m) => m.id), templates.map(templateText), members.map((m) => sendAfterOf(plan, now, now, m.timeZone)),
      templates.map((t) => JSON.stringify(t))]);
  return rows;
}

/**
 * Late joiners: members added to the pool of a sending campaign with joinLate, who are no
 * recipient yet, start at step 1 (or are recorded skipped). `limit` members per call.
 */
export async function joinLate(tx: Tx, publicUrl: string, now: Date, limit = 500): Promise<Queued[]> {
  const { rows: campaigns } = await tx.query<PlanRow & { subject: string; content: string }>(
    `select ${PLAN_COLUMNS}, k.email_subject as subject, k.email_content as content
       from public.campaigns k left join public.profiles p on p.id = k.created_by
      where k.status = 'sending' and k.dispatch_cursor is null and k.join_late and exists (
        select 1 from public.talent_pool_members m where m.talent_pool_id = k.talent_pool_id
           and not exists (select 1 from public.campaign_recipients r where r.campaign_id = k.id and r.candidate_id = m.candidate_id))
      order by k.id for update of k skip locked`);
  const queued: Queued[] = [];
  for (const row of campaigns) {
    // FOR SHARE: as the dispatch, so that the consent trigger on messages cannot refuse a row judged eligible.
    const { rows: members } = await tx.query<Member>(
      `select ${MEMBER_COLUMNS} from public.talent_pool_members m join public.candidates c on c.id = m.candidate_id
        where m.talent_pool_id = $1
          and not exists (select 1 from public.campaign_recipients r where r.campaign_id = $2 and r.candidate_id = m.candidate_id)
        order by c.id limit $3 for share of c`, [row.talentPoolId, row.id, limit]);
    queued.push(...await writeFirstStep(tx, await sendPlan(tx, row), row, members, publicUrl, now));
  }
  return queued;
}

interface DueRow extends PlanRow {
  recipientId: number; candidateId: number; name: string; jobFunction: string | null; skillTags: string[]; location: string | null;
  candidateTimeZone: string | null; step: number; previousId: number; threadId: number; sentAt: Date;
  delayDays: number; businessDaysOnly: boolean; subject: string; content: string;
  /** YYYY-MM-DD: the last day of an out-of-office pause. */
  pausedUntil: string | null;
}

/**
 * The next step for each active recipient (no exit) of a sending campaign whose previous
 * step's message was sent at least its delay before `now` (calendar or business days in
 * the candidate's zone) and whose out-of-office pause is over at `now` (the day after
 * paused_until began in that zone), queued with send_after from the send window and threaded under
 * the previous message (In-Reply-To). Set-based per batch; the ledger's key makes a
 * second run write nothing. Returns the queued messages and the recipient id to continue after.
 */
export async function advanceSequences(tx: Tx, publicUrl: string, now: Date, page: { after?: number; limit?: number } = {}):
  Promise<{ queued: Queued[]; next: number | null }> {
  const limit = page.limit ?? 1000;
  // A lower bound in SQL (a local day is at least 23 hours); the exact due time below, per zone.
  const { rows } = await tx.query<DueRow>(
    `select r.id as "recipientId", r.current_step + 1 as step, ${PLAN_COLUMNS}, c.id as "candidateId", c.name,
            c.job_function as "jobFunction", c.skill_tags as "skillTags", c.location, c.time_zone as "candidateTimeZone",
            prev.id as "previousId", coalesce(prev.thread_id, prev.id) as "threadId", prev.sent_at as "sentAt",
            s.delay_days as "delayDays", s.business_days_only as "businessDaysOnly", s.subject, s.content,
            to_char(r.paused_until, 'YYYY-MM-DD') as "pausedUntil"
       from public.campaign_recipients r
       join public.campaigns k on k.id = r.campaign_id and k.status = 'sending'
       left join public.profiles p on p.id = k.created_by
       join public.campaign_steps s on s.campaign_id = r.campaign_id and s.position = r.current_step + 1
       join public.messages prev on prev.campaign_id = r.campaign_id and prev.campaign_step = r.current_step
                                 and prev.candidate_id = r.candidate_id and prev.status = 'sent'
       join public.candidates c on c.id = r.candidate_id
      where r.exit_reason is null and r.id > $3 and public.can_contact(c, 'email')
        and prev.sent_at <= $1::timestamptz - (s.delay_days * interval '1 day' - interval '2 hours')
        -- A pause ends at a local midnight, at the earliest (UTC+14) 14 hours before that day begins in UTC.
        and (r.paused_until is null or r.paused_until < (($1::timestamptz + interval '14 hours') at time zone 'UTC')::date)
      order by r.id limit $2
      for update of r skip locked`, [now, limit, page.after ?? 0]);
  const plans = new Map<number, SendPlan>();
  const due: Array<DueRow & { sendAfter: Date | null }> = [];
  for (const row of rows) {
    if (!plans.has(row.id)) plans.set(row.id, await sendPlan(tx, row));
    const plan = plans.get(row.id)!;
    const zone = zoneOf(plan, row.candidateTimeZone);
    const afterDelay = addDays(row.sentAt, row.delayDays, row.businessDaysOnly, zone);
    const resumes = row.pausedUntil ? dayAfter(row.pausedUntil, zone) : null;
    const dueAt = resumes && resumes > afterDelay ? resumes : afterDelay;
    if (dueAt <= now) due.push({ ...row, sendAfter: sendAfterOf(plan, dueAt, now, row.candidateTimeZone) });
  }
  const queued: Queued[] = [];
  // One insert per campaign and step (the texts and sender are the campaign's).
  const groups = Map.groupBy(due, (row) => `${row.id}:${row.step}`);
  for (const group of groups.values()) {
    const [first] = group;
    const people = group.map((g) => ({ id: g.candidateId, name: g.name, jobFunction: g.jobFunction, skillTags: g.skillTags,
      location: g.location, timeZone: g.candidateTimeZone }));
    const { subjects, contents } = await personaliseAll(tx, plans.get(first.id)!, first, people, publicUrl);
    const inserted = await tx.query<{ id: number; send_after: Date | null }>(
      `insert into public.messages (candidate_id, campaign_id, campaign_step, thread_id, original_message_id, direction, channel,
                                    subject, content, status, send_after)
       select candidate_id, $1, $2, thread_id, original_id, 'out', 'email', subject, content, 'queued', send_after
         from unnest($3::bigint[], $4::bigint[], $5::bigint[], $6::text[], $7::text[], $8::timestamptz[])
              as t(candidate_id, thread_id, original_id, subject, content, send_after)
       on conflict (campaign_id, campaign_step, candidate_id) where campaign_step is not null do nothing
       returning id, send_after`,
      [first.id, first.step, group.map((g) => g.candidateId), group.map((g) => g.threadId), group.map((g) => g.previousId), subjects, contents, group.map((g) => g.sendAfter)]);
    await tx.query(`update public.campaign_recipients set current_step = $2, paused_until = null, pause_reason = null
                     where id = any($1) and current_step = $2 - 1`,
      [group.map((g) => g.recipientId), first.step]);
    queued.push(...inserted.rows.map((row) => ({ id: row.id, sendAfter: row.send_after })));
  }
  // Not yet due rows (a weekend before a business day) must not hide later ones: the caller pages on.
  return { queued, next: rows.length === limit ? rows[rows.length - 1].recipientId : null };
}

/**
 * The recruiter takes one recipient out of the sequence (exit 'manual'): their queued messages of
 * this campaign are stopped and no later step is written. 404 without such a recipient; 409 when
 * they already left or the campaign is not running (sending or paused).
 */
export async function removeRecipient(tx: Tx, campaignId: number, candidateId: number): Promise<void> {
  const { rows: [found] } = await tx.query<{ status: string | null; exitReason: string | null; recipient: boolean }>(
    `select k.status, r.exit_reason as "exitReason", r.id is not null as recipient
       from public.campaigns k left join public.campaign_recipients r on r.campaign_id = k.id and r.candidate_id = $2
      where k.id = $1`, [campaignId, candidateId]);
  if (!found) throw new DomainError(404, 'campaign_not_found', 'id');
  if (!found.recipient) throw new DomainError(404, 'not_a_recipient', 'candidateId');
  if (found.exitReason) throw new DomainError(409, 'already_left_sequence', 'candidateId');
  if (found.status !== 'sending' && found.status !== 'paused') {
    throw new DomainError(409, 'cannot_remove_recipient', 'status');
  }
  await tx.query('select public.remove_campaign_recipient($1, $2)', [campaignId, candidateId]);
}
