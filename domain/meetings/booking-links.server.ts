// Booking links: one candidate, one recruiter, one meeting type; an unguessable
// token (32 random bytes, made by the database), an expiry, and one meeting at most.
// Made from the drawer, the compose dialog, and per recipient by {{bookingLink}}.
import type { Tx } from '../../platform/db/request.server.ts';
import { isoTimestamp } from '../../platform/db/sql-time.server.ts';
import { DomainError } from '../errors.ts';
import type { BookingLink, BookingLinkCreate, BookingLinkCreated } from './booking-schemas.ts';
import { defaultMeetingType, mayOffer, meetingTypeById } from './meeting-types.server.ts';

export const DEFAULT_LINK_DAYS = 14;

/** The public page of a token. */
export const bookingUrl = (publicUrl: string, token: string) => `${publicUrl}/book/${token}`;

/** The meeting type a new link offers: the one asked (the caller's own, not deleted) or the caller's first. */
async function linkMeetingType(tx: Tx, recruiterId: string, meetingTypeId: number | undefined) {
  if (meetingTypeId !== undefined) {
    const type = await meetingTypeById(tx, meetingTypeId);
    if (!type || !mayOffer(type, recruiterId)) {
      throw new DomainError(422, 'meeting_type_not_yours', 'meetingTypeId');
    }
    return type;
  }
  const type = await defaultMeetingType(tx, recruiterId);
  if (!type) throw new DomainError(422, 'meeting_type_first_booking', 'meetingTypeId');
  return type;
}

/** New links for several candidates at once (a campaign's recipients); returns each candidate's token. */
export async function createBookingLinks(tx: Tx, recruiterId: string, candidateIds: number[],
  options: { meetingTypeId?: number; expiresInDays?: number; sent?: boolean } = {}): Promise<Map<number, { id: number; token: string; expiresAt: string }>> {
  if (!candidateIds.length) return new Map();
  const type = await linkMeetingType(tx, recruiterId, options.meetingTypeId);
  const { rows } = await tx.query<{ id: number; candidateId: number; token: string; expiresAt: string }>(
    `insert into public.booking_links (recruiter_id, candidate_id, meeting_type_id, title, duration_minutes, location_kind,
                                       location_detail, expires_at, sent_at)
     select $1, candidate_id, $3, $4, $5, $6, $7, now() + make_interval(days => $8), case when $9 then now() end
       from unnest($2::bigint[]) as t(candidate_id)
     returning id::int, candidate_id::int as "candidateId", token, ${isoTimestamp('expires_at')} as "expiresAt"`,
    [recruiterId, candidateIds, type.id, type.name, type.durationMinutes, type.locationKind, type.locationDetail,
      options.expiresInDays ?? DEFAULT_LINK_DAYS, options.sent ?? false]);
  return new Map(rows.map((row) => [row.candidateId, row]));
}

/** POST /api/booking-links */
export async function createBookingLink(tx: Tx, recruiterId: string, input: BookingLinkCreate, publicUrl: string): Promise<BookingLinkCreated> {
  const candidate = await tx.query('select 1 from public.candidates where id = $1', [input.candidateId]);
  if (!candidate.rowCount) throw new DomainError(404, 'candidate_not_found', 'candidateId');
  const links = await createBookingLinks(tx, recruiterId, [input.candidateId], input);
  const link = links.get(input.candidateId)!;
  return { id: link.id, token: link.token, url: bookingUrl(publicUrl, link.token), expiresAt: link.expiresAt };
}

/** A message carrying a link's URL was queued: the link counts as sent. */
export async function markLinksSent(tx: Tx, candidateId: number, content: string): Promise<void> {
  if (!content.includes('/book/')) return;
  await tx.query(
    `update public.booking_links set sent_at = now()
      where candidate_id = $1 and sent_at is null and strpos($2, '/book/' || token) > 0`, [candidateId, content]);
}

/** GET /api/candidates/{id}/booking-links: newest first, with each link's state. */
export async function candidateBookingLinks(tx: Tx, candidateId: number, publicUrl: string): Promise<BookingLink[]> {
  const { rows } = await tx.query<BookingLink & { token: string }>(
    `select b.id::int, b.token,
            case when m.id is not null and m.status <> 'cancelled' then 'booked'
                 when b.expires_at <= now() then 'expired'
                 when m.id is not null then 'cancelled'
                 when b.opened_at is not null then 'opened'
                 when b.sent_at is not null then 'sent'
                 else 'created' end as state,
            b.title, b.duration_minutes as "durationMinutes", b.meeting_type_id::int as "meetingTypeId",
            p.display_name as "recruiterName", ${isoTimestamp('b.created_at')} as "createdAt",
            ${isoTimestamp('b.expires_at')} as "expiresAt", ${isoTimestamp('b.sent_at')} as "sentAt",
            ${isoTimestamp('b.opened_at')} as "openedAt",
            case when m.id is null then null else json_build_object('id', m.id::int, 'start', ${isoTimestamp('m.starts_at')},
              'end', ${isoTimestamp('m.ends_at')}, 'status', m.status) end as meeting
       from public.booking_links b
       join public.profiles p on p.id = b.recruiter_id
       left join public.meetings m on m.booking_link_id = b.id
      where b.candidate_id = $1
      order by b.created_at desc, b.id desc limit 50`, [candidateId]);
  return rows.map(({ token, ...link }) => ({ ...link, url: bookingUrl(publicUrl, token) }));
}
