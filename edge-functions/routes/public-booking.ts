// The candidate's booking link, no sign-in: the token is the credential.
// Mounted at /api/public/booking. Rate-limited per address (an IPv6 /64) and per link
// and address (decision 015); an unknown token costs the same lookup as a real one and learns nothing.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  BOOKING_CHANGES_PER_READER, BOOKING_CHANGES_PER_TOKEN, BOOKING_PER_IP, BOOKING_PER_READER,
} from '#platform/http/rate-limit.server.ts';
import {
  bookingAnswerSchema, bookingRequestSchema, cancelRequestSchema, publicBookingSchema, slotsAnswerSchema, slotsQuerySchema,
} from '#domain/meetings/booking-schemas.ts';
import { bookByToken, cancelByToken, publicBooking, publicSlots, type BookingDeps } from '#domain/meetings/public-booking.server.ts';
import type { AppEnv } from '../context.ts';
import { msg } from '#domain/schemas/issues.ts';
import { body, doc, pathParams, query, reply } from '../contract.ts';
import { limitTokenPage } from '../token-limits.ts';

const tokenParam = z.object({ token: z.string().max(200, msg('validation.booking_token')) });

const BOOKING_LIMITS = {
  perIp: BOOKING_PER_IP, perReader: BOOKING_PER_READER, changesPerReader: BOOKING_CHANGES_PER_READER, changesPerToken: BOOKING_CHANGES_PER_TOKEN,
};

/** Every request counts for its address and for the link read from that address; changes per reader and per link (token-limits.ts). */
const guard = (c: Context<AppEnv>, token: string, options?: { change?: boolean }) => limitTokenPage(c, BOOKING_LIMITS, token, options);

const deps = (c: Context<AppEnv>): BookingDeps => ({ pool: c.var.deps.pools.app, calendar: c.var.deps.calendar, jobs: c.var.deps.jobs });

export const publicBookingRoutes = new Hono<AppEnv>()
  .get('/:token', doc({ summary: 'What a booking link offers: who, what, how long, and its meeting (404: not a link)', access: 'public', tag: 'booking',
    response: publicBookingSchema }),
  pathParams(tokenParam), async (c) => {
    const { token } = c.req.valid('param');
    await guard(c, token);
    return reply(c, publicBookingSchema, await publicBooking(deps(c), token));
  })

  .get('/:token/slots', doc({ summary: 'Free times for the link\'s meeting in [from, to) (default: the coming 7 days; at most 35)', access: 'public', tag: 'booking',
    response: slotsAnswerSchema }),
  pathParams(tokenParam), query(slotsQuerySchema), async (c) => {
    const { token } = c.req.valid('param');
    await guard(c, token);
    return reply(c, slotsAnswerSchema, await publicSlots(deps(c), token, c.req.valid('query')));
  })

  .post('/:token', doc({ summary: 'Book a time (201); on a link that booked already, move that meeting (200). 409 with fresh slots when the time was just taken',
    access: 'public', tag: 'booking', response: bookingAnswerSchema, status: 201, alsoAnswers: { 200: bookingAnswerSchema } }),
  pathParams(tokenParam), body(bookingRequestSchema), async (c) => {
    const { token } = c.req.valid('param');
    await guard(c, token, { change: true });
    const { meeting, created } = await bookByToken(deps(c), token, c.req.valid('json'));
    return created ? reply(c, bookingAnswerSchema, { meeting }, 201) : reply(c, bookingAnswerSchema, { meeting }, 200);
  })

  .post('/:token/cancel', doc({ summary: 'Cancel the link\'s meeting, with an optional reason', access: 'public', tag: 'booking', response: bookingAnswerSchema }),
  pathParams(tokenParam), body(cancelRequestSchema), async (c) => {
    const { token } = c.req.valid('param');
    await guard(c, token, { change: true });
    const meeting = await cancelByToken(deps(c), token, c.req.valid('json').reason);
    return reply(c, bookingAnswerSchema, { meeting });
  });
