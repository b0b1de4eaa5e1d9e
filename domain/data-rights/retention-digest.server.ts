// The admins' weekly erasure preview (issue 30, decision 043 amended): each Monday from 08:00 in the
// organisation's zone, one email to every admin listing whom the retention rules erase in the week ahead
// (today and the six days after: what the dashboard's card counts), by date, with the rule, and the link to
// the Admin Portal's Retention tab. Nothing due: no email. The organisation can switch it off
// (organisation_settings.retention_digest).
// The worker runs it hourly; the ledger (private.retention_digests, one row per admin and week) makes it one
// email per admin per week however many workers run it, takes back a claim left by a worker that died, and
// tries a failed one again on the next runs of the week (3 attempts). Staff mail (mail/staff-mail.server.ts).
import type { Pools } from '../../platform/db/pools.server.ts';
import { asService } from '../../platform/db/request.server.ts';
import { MailDeliveryError } from '../../platform/mail/port.server.ts';
import { text, translator } from '../i18n/translate.ts';
import type { Locale } from '../i18n/locale.ts';
import { renderParagraphs, type Line } from '../mail/paragraphs.ts';
import {
  STAFF_MAIL_COLUMNS, STAFF_RECIPIENTS_SQL, staffLocale, staffMail, type StaffMailDeps, type StaffMailSettings, type StaffRecipient,
} from '../mail/staff-mail.server.ts';
import { consentDate } from '../privacy/renewal.server.ts';
import { addDays } from '../schemas/local-time.ts';
import { retentionPreview } from './retention.server.ts';
import type { RetentionPreview } from './schemas.ts';

/** The week ahead: today and the 6 days after (retentionPreview's `days`, as the dashboard's card counts). */
export const DIGEST_DAYS_AHEAD = 6;
/** From this hour on Monday (the organisation's zone) the week's email goes. */
export const DIGEST_HOUR = 8;
/** A failed email is tried again on the next hourly runs of the same week, this many times in all. */
export const DIGEST_ATTEMPTS = 3;
/** How many of the week's people the email names; the rest are "… and N more". */
export const DIGEST_LISTED = 25;
/** Where an admin reviews them: the Admin Portal's Retention tab (site/app/pages/admin/pageParams.ts adminTabHref). */
export const RETENTION_TAB_PATH = '/app/admin?tab=retention';

export interface DigestDeps extends StaffMailDeps {
  pools: Pick<Pools, 'owner' | 'app'>;
}

export interface DigestRun {
  /** The week's Monday, YYYY-MM-DD (the organisation's zone). */
  week: string;
  /** Why nothing was tried: before Monday 08:00, or switched off. */
  waiting?: 'before_monday_morning' | 'switched_off';
  sent: number;
  failed: number;
  /** Admins told nothing: nobody due this week. */
  nothingDue: number;
}

interface WeekFacts extends StaffMailSettings {
  week: string;
  ready: boolean;
  enabled: boolean;
}

/** The week `now` is in, whether its email may go yet, and the organisation's settings the email needs. */
async function weekOf(owner: Pools['owner'], now: Date): Promise<WeekFacts> {
  const { rows: [facts] } = await owner.query<WeekFacts>(
    `select to_char(date_trunc('week', $1::timestamptz at time zone z.zone), 'YYYY-MM-DD') as week,
            ($1::timestamptz at time zone z.zone) >= date_trunc('week', $1::timestamptz at time zone z.zone) + make_interval(hours => $2) as ready,
            s.retention_digest as enabled, ${STAFF_MAIL_COLUMNS}
       from (select private.organisation_zone() as zone) z cross join public.organisation_settings s`, [now, DIGEST_HOUR]);
  return facts;
}

/**
 * Claims the week's email for every admin who has not had it: new, failed with attempts left, or left
 * 'sending' for 10 minutes by a worker that died. Returns whom this run must write to.
 */
async function claimAdmins(owner: Pools['owner'], week: string): Promise<StaffRecipient[]> {
  const { rows } = await owner.query<StaffRecipient>(
    `with admins as (${STAFF_RECIPIENTS_SQL}),
          claimed as (
            insert into private.retention_digests as d (week, profile_id)
            select $1::date, a.id from admins a
            on conflict (week, profile_id) do update set status = 'sending', attempts = d.attempts + 1, claimed_at = now(), error = null
             where (d.status = 'failed' and d.attempts < $2) or (d.status = 'sending' and d.claimed_at < now() - interval '10 minutes')
            returning d.profile_id)
     select a.* from claimed c join admins a on a.id = c.profile_id order by a.name, a.id`, [week, DIGEST_ATTEMPTS]);
  return rows;
}

async function record(owner: Pools['owner'], week: string, adminId: string,
  outcome: { status: 'sent' | 'failed' | 'nothing_due'; due: number; error?: string; lastAttempt?: boolean }) {
  await owner.query(
    `update private.retention_digests set status = $3, due = $4, error = $5,
            sent_at = case when $3 = 'sent' then now() end, attempts = case when $6 then $7 else attempts end
      where week = $1::date and profile_id = $2`,
    [week, adminId, outcome.status, outcome.due, outcome.error?.slice(0, 1000) ?? null, outcome.lastAttempt ?? false, DIGEST_ATTEMPTS]);
}

/** The email's subject, text and HTML in `locale`: the week it is for, and whom the preview lists from today to `until`. */
export function digestContent(preview: Pick<RetentionPreview, 'total' | 'items'>, facts: { week: string; until: string; adminName: string; reviewUrl: string },
  locale: Locale): { subject: string; text: string; html: string } {
  const t = translator(locale, 'emails.retentionDigest');
  const day = (date: string) => consentDate(`${date}T12:00:00Z`, locale, 'UTC');
  const listed = preview.items.slice(0, DIGEST_LISTED);
  const people: Line[] = listed.map((item) => t('item', {
    date: day(item.eraseOn), name: item.candidate.name, rule: text(locale, `dataRights.kinds.${item.rule.kind}`),
  }));
  const left = preview.total - listed.length;
  const paragraphs: Line[][] = [
    [t('greeting', { name: facts.adminName })],
    [t('intro', { from: day(addDays(facts.until, -DIGEST_DAYS_AHEAD)), until: day(facts.until) })],
    left > 0 ? [...people, t('more', { count: left })] : people,
    [{ label: t('review'), url: facts.reviewUrl }],
    [t('why')],
  ];
  return { subject: t('subject', { week: day(facts.week), count: preview.total }), ...renderParagraphs(paragraphs, locale) };
}

/**
 * One run: when it is Monday 08:00 or later in the organisation's zone (or later in the week) and the
 * email is on, every admin without this week's email gets it (or is marked "nothing due").
 */
export async function sendRetentionDigests(deps: DigestDeps, now = new Date()): Promise<DigestRun> {
  const week = await weekOf(deps.pools.owner, now);
  const run: DigestRun = { week: week.week, sent: 0, failed: 0, nothingDue: 0 };
  if (!week.enabled) return { ...run, waiting: 'switched_off' };
  if (!week.ready) return { ...run, waiting: 'before_monday_morning' };
  const admins = await claimAdmins(deps.pools.owner, week.week);
  if (!admins.length) return run;
  const preview = await asService(deps.pools.app, (tx) => retentionPreview(tx, { days: DIGEST_DAYS_AHEAD, page: 1 }));
  for (const admin of admins) {
    if (preview.total === 0) {
      await record(deps.pools.owner, week.week, admin.id, { status: 'nothing_due', due: 0 });
      run.nothingDue++;
      continue;
    }
    const content = digestContent(preview, {
      week: week.week, until: preview.until, adminName: admin.name, reviewUrl: `${deps.publicUrl}${RETENTION_TAB_PATH}`,
    }, staffLocale(admin, week));
    const mail = staffMail({ configuredFrom: deps.from, settings: week, via: deps.mail.kind, kind: 'retention-digest', key: week.week, to: admin, ...content });
    try {
      await deps.mail.send(mail);
      await record(deps.pools.owner, week.week, admin.id, { status: 'sent', due: preview.total });
      run.sent++;
    } catch (error) {
      const permanent = error instanceof MailDeliveryError && error.permanent;
      await record(deps.pools.owner, week.week, admin.id, { status: 'failed', due: preview.total, error: (error as Error).message, lastAttempt: permanent });
      run.failed++;
    }
  }
  return run;
}
