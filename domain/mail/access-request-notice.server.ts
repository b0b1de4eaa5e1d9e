// Admins hear of new access requests (the Request Access page) by email: every 5 minutes the worker takes the
// pending requests nobody was told of yet (filed in the last 7 days) and emails each admin one list of them,
// with the link to the Admin Portal's Access requests tab. The requests are claimed by marking them told, so
// however many workers run it each request is in one email per admin; when no admin could be emailed, they are
// put back for the next run. What the requester wrote is not in the email (anyone can file one): the admin
// reads it in the portal. The organisation can switch it off (organisation_settings.access_request_emails).
import type { Pools } from '../../platform/db/pools.server.ts';
import type { Locale } from '../i18n/locale.ts';
import { translator } from '../i18n/translate.ts';
import { renderParagraphs, type Line } from './paragraphs.ts';
import { STAFF_MAIL_COLUMNS, staffLocale, staffMail, staffRecipients, type StaffMailDeps, type StaffMailSettings } from './staff-mail.server.ts';

/** Where an admin decides them (site/app/pages/admin/pageParams.ts adminTabHref). */
export const ACCESS_REQUESTS_TAB_PATH = '/app/admin?tab=access-requests';
/** Requests per email; more wait for the next run. */
export const NOTICE_BATCH = 50;

export interface NoticeDeps extends StaffMailDeps {
  pools: Pick<Pools, 'owner'>;
}

export interface NoticeRun {
  /** Requests this run told the admins of. */
  requests: number;
  sent: number;
  failed: number;
  waiting?: 'switched_off';
}

interface NewRequest { id: number; name: string; email: string; company: string | null }

/** The email's subject, text and HTML in `locale`. */
export function noticeContent(requests: NewRequest[], facts: { adminName: string; reviewUrl: string }, locale: Locale) {
  const t = translator(locale, 'emails.accessRequests');
  const people: Line[] = requests.map((request) => (request.company
    ? t('itemWithCompany', { name: request.name, email: request.email, company: request.company })
    : t('item', { name: request.name, email: request.email })));
  const paragraphs: Line[][] = [
    [t('greeting', { name: facts.adminName })],
    [t('intro')],
    people,
    [{ label: t('review'), url: facts.reviewUrl }],
    [t('why')],
  ];
  return { subject: t('subject', { count: requests.length }), ...renderParagraphs(paragraphs, locale) };
}

export async function noticeAccessRequests(deps: NoticeDeps): Promise<NoticeRun> {
  const owner = deps.pools.owner;
  const { rows: [settings] } = await owner.query<StaffMailSettings & { enabled: boolean }>(
    `select s.access_request_emails as enabled, ${STAFF_MAIL_COLUMNS} from public.organisation_settings s`);
  const run: NoticeRun = { requests: 0, sent: 0, failed: 0 };
  if (!settings.enabled) return { ...run, waiting: 'switched_off' };
  const { rows: requests } = await owner.query<NewRequest>(
    `with due as (
       select id from public.access_requests
        where status = 'pending' and admins_told_at is null and created_at > now() - interval '7 days'
        order by created_at, id limit $1 for update skip locked)
     update public.access_requests r set admins_told_at = now() from due where r.id = due.id
     returning r.id::int, r.name, r.email::text as email, r.company`, [NOTICE_BATCH]);
  if (!requests.length) return run;
  requests.sort((a, b) => a.id - b.id);
  run.requests = requests.length;
  const admins = await staffRecipients(owner);
  for (const admin of admins) {
    const content = noticeContent(requests, { adminName: admin.name, reviewUrl: `${deps.publicUrl}${ACCESS_REQUESTS_TAB_PATH}` },
      staffLocale(admin, settings));
    const mail = staffMail({
      configuredFrom: deps.from, settings, via: deps.mail.kind, kind: 'access-requests',
      key: `${requests[0].id}-${requests.at(-1)!.id}`, to: admin, ...content,
    });
    try {
      await deps.mail.send(mail);
      run.sent++;
    } catch {
      run.failed++;
    }
  }
  // Nobody could be told (the mail is down): the next run tries again.
  if (admins.length && !run.sent) {
    await owner.query('update public.access_requests set admins_told_at = null where id = any($1::bigint[])', [requests.map((r) => r.id)]);
  }
  return run;
}
