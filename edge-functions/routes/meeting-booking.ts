// The recruiter's booking settings and meeting types (/app/meeting-booking).
// Mounted at /api/booking-settings and /api/meeting-types.
import { Hono } from 'hono';
import {
  bookingSettingsAnswerSchema, bookingSettingsInputSchema, meetingTypeAnswerSchema, meetingTypeCreateSchema, meetingTypeListSchema,
  meetingTypePatchSchema, teamMembersSchema,
} from '#domain/meetings/booking-schemas.ts';
import { saveBookingSettings } from '#domain/meetings/booking-settings.server.ts';
import { bookingSettingsAnswer } from '#domain/meetings/booking-settings-answer.server.ts';
import {
  archiveMeetingType, createMeetingType, listMeetingTypes, meetingTypeNotFound, teamMembers, updateMeetingType,
} from '#domain/meetings/meeting-types.server.ts';
import { successSchema } from '#domain/schemas/answers.ts';
import type { AppEnv } from '../context.ts';
import { asUser, requireUser } from '../guards.ts';
import { body, doc, idParam, reply } from '../contract.ts';

export const bookingSettingsRoutes = new Hono<AppEnv>()
  .use('*', requireUser)

  .get('/', doc({ summary: 'My booking settings (the defaults until saved), with warnings and whether Teams is on', response: bookingSettingsAnswerSchema }),
    async (c) => {
      const answer = await asUser(c, (tx) => bookingSettingsAnswer(tx, c.var.user.id, Boolean(c.var.deps.calendar)));
      return reply(c, bookingSettingsAnswerSchema, answer);
    })

  /** The whole settings object; allowed but probably unmeant settings are saved and come back as warnings. */
  .put('/', doc({ summary: 'Save my booking settings (time zone, weekly hours, overrides, buffers, notice, horizon, step, daily maximum)',
    response: bookingSettingsAnswerSchema }), body(bookingSettingsInputSchema), async (c) => {
    const answer = await asUser(c, async (tx) => {
      await saveBookingSettings(tx, c.var.user.id, c.req.valid('json'));
      return bookingSettingsAnswer(tx, c.var.user.id, Boolean(c.var.deps.calendar));
    });
    return reply(c, bookingSettingsAnswerSchema, answer);
  });

export const meetingTypeRoutes = new Hono<AppEnv>()
  .use('*', requireUser)

  .get('/', doc({ summary: 'My meeting types, oldest first (archived ones left out)', response: meetingTypeListSchema }), async (c) =>
    reply(c, meetingTypeListSchema, { meetingTypes: await asUser(c, (tx) => listMeetingTypes(tx, c.var.user.id)) }))

  .get('/hosts', doc({ summary: 'Who can host a meeting type: the active users of the organisation (id and name)', response: teamMembersSchema }),
    async (c) => reply(c, teamMembersSchema, { members: await asUser(c, (tx) => teamMembers(tx)) }))

  /** A duration that fits in no range of my saved availability is a 422 naming durationMinutes. */
  .post('/', doc({ summary: 'Create a meeting type', response: meetingTypeAnswerSchema, status: 201 }), body(meetingTypeCreateSchema),
    async (c) => {
      const answer = await asUser(c, (tx) => createMeetingType(tx, c.var.user.id, c.req.valid('json')));
      return reply(c, meetingTypeAnswerSchema, answer, 201);
    })

  .patch('/:id', doc({ summary: 'Change one of my meeting types', response: meetingTypeAnswerSchema }), idParam(), body(meetingTypePatchSchema),
    async (c) => {
      const answer = await asUser(c, (tx) => updateMeetingType(tx, c.var.user.id, c.req.valid('param').id, c.req.valid('json')));
      return reply(c, meetingTypeAnswerSchema, answer);
    })

  /** Archives it: booking links and meetings that name it keep it. */
  .delete('/:id', doc({ summary: 'Delete (archive) one of my meeting types', response: successSchema }), idParam(), async (c) => {
    const archived = await asUser(c, (tx) => archiveMeetingType(tx, c.var.user.id, c.req.valid('param').id));
    if (!archived) throw meetingTypeNotFound();
    return reply(c, successSchema, { success: true });
  });
