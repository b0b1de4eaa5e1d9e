// The recruiter's meetings (/api/meetings: a no-show's new booking link too), booking links (/api/booking-links,
// /api/candidates/{id}/booking-links) and the booking page preview
// (/api/booking-settings/slots). Routes stay thin: domain/meetings does the work.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  bookingLinkCreatedSchema, bookingLinkCreateSchema, bookingLinkListSchema, cancelRequestSchema, slotsAnswerSchema, slotsQuerySchema,
} from '#domain/meetings/booking-schemas.ts';
import {
  meetingAnswerSchema, meetingListQuerySchema, meetingListSchema, meetingPatchSchema, rebookAnswerSchema, rebookRequestSchema, rescheduleRequestSchema,
} from '#domain/meetings/meeting-schemas.ts';
import { candidateBookingLinks, createBookingLink } from '#domain/meetings/booking-links.server.ts';
import { getMeeting, listMeetings, patchMeeting } from '#domain/meetings/meetings.server.ts';
import { msg } from '#domain/schemas/issues.ts';
import { cancelByRecruiter, rescheduleByRecruiter, slotsForMeeting, type ActionDeps } from '#domain/meetings/meeting-actions.server.ts';
import { freeSlots, slotWindow } from '#domain/meetings/booking.server.ts';
import { defaultMeetingType, mayOffer, meetingTypeById } from '#domain/meetings/meeting-types.server.ts';
import { bookingHosts } from '#domain/meetings/hosts.server.ts';
import { loadBookingSettings } from '#domain/meetings/booking-settings.server.ts';
import { retryTeams } from '#domain/meetings/teams-sync.server.ts';
import { rebookNoShow } from '#domain/messages/rebook.server.ts';
import { enqueueQuietly, mailJob, meetingTeamsJob, QUEUES } from '#platform/runtime/jobs.server.ts';
import { DomainError } from '#domain/errors.ts';
import type { AppEnv } from '../context.ts';
import { asUser, requireUser } from '../guards.ts';
import { body, doc, idParam, query, reply } from '../contract.ts';

const actions = (c: Context<AppEnv>): ActionDeps => ({
  run: (work) => asUser(c, work), calendar: c.var.deps.calendar, jobs: c.var.deps.jobs,
});

export const meetingRoutes = new Hono<AppEnv>()
  .use('*', requireUser)

  .get('/', doc({ summary: 'Meetings starting in [from, to), by status, candidate, and yours or everyone\'s (by start, at most 500)', response: meetingListSchema }),
  query(meetingListQuerySchema), async (c) => {
    const meetings = await asUser(c, (tx) => listMeetings(tx, c.var.user.id, c.req.valid('query')));
    return reply(c, meetingListSchema, { meetings });
  })

  .patch('/:id', doc({ summary: 'Mark a meeting completed, no-show or confirmed, or keep notes', response: meetingAnswerSchema }),
  idParam(), body(meetingPatchSchema), async (c) => {
    const meeting = await asUser(c, (tx) => patchMeeting(tx, c.req.valid('param').id, c.req.valid('json')));
    return reply(c, meetingAnswerSchema, { meeting });
  })

  .post('/:id/cancel', doc({ summary: 'Cancel a meeting (the candidate is emailed, the Outlook event cancelled)', response: meetingAnswerSchema }),
  idParam(), body(cancelRequestSchema), async (c) => {
    const meeting = await cancelByRecruiter(actions(c), c.req.valid('param').id, c.req.valid('json').reason);
    return reply(c, meetingAnswerSchema, { meeting });
  })

  .post('/:id/reschedule', doc({ summary: 'Move a meeting to another free time (409 with fresh slots when it was just taken)', response: meetingAnswerSchema }),
  idParam(), body(rescheduleRequestSchema), async (c) => {
    const meeting = await rescheduleByRecruiter(actions(c), c.req.valid('param').id, c.req.valid('json').start);
    return reply(c, meetingAnswerSchema, { meeting });
  })

  .get('/:id/slots', doc({ summary: 'Free times to move this meeting to', response: slotsAnswerSchema }),
  idParam(), query(slotsQuerySchema), async (c) => {
    return reply(c, slotsAnswerSchema, await slotsForMeeting(actions(c), c.req.valid('param').id, c.req.valid('query')));
  })

  .post('/:id/rebook', doc({ summary: 'After a no-show: a new booking link (the meeting\'s type) sent to the candidate by email, in their thread '
    + '(409 unless no-show, or when the candidate may not be emailed; 422 without a candidate)', response: rebookAnswerSchema, status: 201 }),
  idParam(), body(rebookRequestSchema), async (c) => {
    const answer = await asUser(c, (tx) => rebookNoShow(tx, c.req.valid('param').id, c.var.user, c.var.deps.config.publicUrl));
    await enqueueQuietly(c.var.deps.jobs, QUEUES.mailSend, [mailJob(answer.messageId)]);
    return reply(c, rebookAnswerSchema, answer, 201);
  })

  .post('/:id/teams-retry', doc({ summary: 'Try again to create the meeting\'s Teams link', response: meetingAnswerSchema }),
  idParam(), async (c) => {
    const id = c.req.valid('param').id;
    const meeting = await asUser(c, (tx) => getMeeting(tx, id));
    if (meeting.teams.state !== 'failed') throw new DomainError(409, 'teams_retry_only_failed', 'id');
    const sequence = await retryTeams(c.var.deps.pools, id);
    await enqueueQuietly(c.var.deps.jobs, QUEUES.meetingTeams, [meetingTeamsJob(id, sequence, Date.now())]);
    return reply(c, meetingAnswerSchema, { meeting: await asUser(c, (tx) => getMeeting(tx, id)) });
  });

export const bookingLinkRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  .post('/', doc({ summary: 'A booking link for a candidate (your first meeting type unless one is named); expires in 14 days unless said',
    response: bookingLinkCreatedSchema, status: 201 }),
  body(bookingLinkCreateSchema), async (c) => {
    const link = await asUser(c, (tx) => createBookingLink(tx, c.var.user.id, c.req.valid('json'), c.var.deps.config.publicUrl));
    return reply(c, bookingLinkCreatedSchema, link, 201);
  });

export const candidateBookingLinkRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  .get('/:id/booking-links', doc({ summary: 'A candidate\'s booking links with their state (sent, opened, booked, expired...)', tag: 'booking-links',
    response: bookingLinkListSchema }),
  idParam(), async (c) => {
    const bookingLinks = await asUser(c, (tx) => candidateBookingLinks(tx, c.req.valid('param').id, c.var.deps.config.publicUrl));
    return reply(c, bookingLinkListSchema, { bookingLinks });
  });

const TYPE_ID = msg('validation.meeting_type_id', { field: 'meetingTypeId' });
const previewQuerySchema = slotsQuerySchema.extend({
  meetingTypeId: z.coerce.number({ error: TYPE_ID }).int(TYPE_ID)
    .positive(TYPE_ID).optional(),
});

export const bookingPreviewRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  .get('/slots', doc({ summary: 'Your free times as a candidate would see them (saved settings, real meetings), for a meeting type', tag: 'booking-settings',
    response: slotsAnswerSchema }),
  query(previewQuerySchema), async (c) => {
    const input = c.req.valid('query');
    const recruiterId = c.var.user.id;
    const answer = await asUser(c, async (tx) => {
      const asked = input.meetingTypeId ? await meetingTypeById(tx, input.meetingTypeId) : null;
      if (asked && !mayOffer(asked, recruiterId)) throw new DomainError(422, 'meeting_type_not_yours', 'meetingTypeId');
      const type = asked ?? (input.meetingTypeId ? null : await defaultMeetingType(tx, recruiterId));
      if (!type) throw new DomainError(422, input.meetingTypeId ? 'meeting_type_not_yours' : 'meeting_type_first', 'meetingTypeId');
      const { from, to } = slotWindow(input, Date.now());
      const hosts = await bookingHosts(tx, { recruiterId, meetingTypeId: type.id, heldMeetingId: null });
      const slots = await freeSlots(tx, { hostIds: hosts.hostIds, needed: hosts.needed, durationMinutes: type.durationMinutes, from, to, calendar: c.var.deps.calendar });
      return { timeZone: input.timeZone ?? (await loadBookingSettings(tx, recruiterId)).settings.timeZone, slots };
    });
    return reply(c, slotsAnswerSchema, answer);
  });
