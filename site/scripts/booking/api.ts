// The public booking API as the page calls it (plain fetch: hono/client would cost
// the page more script than the whole island). Answers are typed by the API's schemas.
import type { PublicMeeting, SlotsAnswer } from '#domain/meetings/booking-schemas.ts';
import type { Slot } from '#domain/meetings/schemas.ts';
import { postJson } from '../form.ts';
import { serverText } from '../server-text.ts';
import { ENGLISH_BOOKING, type BookingTexts, type ErrorTexts } from '../texts.ts';

/** A refusal or failure, in words for the candidate. `field` names the input it is about; `slots` come with a 409. */
export interface Failure {
  ok: false;
  status: number;
  message: string;
  field: string | null;
  slots: Slot[] | null;
}

/** The page's words for a failure without a message of the server's, and the server's error texts (setBookingTexts). */
let texts: BookingTexts = ENGLISH_BOOKING;
let errors: ErrorTexts | null = null;
export function setBookingTexts(pageTexts: BookingTexts, pageErrors: ErrorTexts | null = null): void {
  texts = pageTexts;
  errors = pageErrors;
}

const path = (token: string, rest = '') => `/api/public/booking/${encodeURIComponent(token)}${rest}`;

function failure(status: number, data: Record<string, unknown> | null): Failure {
  const message = serverText(data, errors) ?? (status === 429 ? texts.tooManyTries : status === 0 ? texts.networkError : texts.failed);
  return {
    ok: false,
    status,
    message,
    field: typeof data?.field === 'string' ? data.field : null,
    slots: Array.isArray(data?.slots) ? data.slots as Slot[] : null,
  };
}

const offline = (): Failure => failure(0, null);

/** GET .../slots for [from, to), read on a clock in `timeZone`. */
export async function fetchSlots(token: string, week: { from: number; to: number }, timeZone: string, signal: AbortSignal)
  : Promise<{ ok: true; answer: SlotsAnswer } | Failure> {
  const query = new URLSearchParams({ from: new Date(week.from).toISOString(), to: new Date(week.to).toISOString(), timeZone });
  let res: Response;
  try {
    res = await fetch(path(token, `/slots?${query}`), { headers: { Accept: 'application/json' }, signal });
  } catch (error) {
    if (signal.aborted) throw error;
    return offline();
  }
  const data = await res.json().catch(() => null) as Record<string, unknown> | null;
  return res.ok && data ? { ok: true, answer: data as unknown as SlotsAnswer } : failure(res.status, data);
}

export interface BookingInput { start: string; name: string; email: string; note?: string; timeZone: string }

/** POST: book (201), or move the link's meeting (200). */
export async function postBooking(token: string, input: BookingInput): Promise<{ ok: true; moved: boolean; meeting: PublicMeeting } | Failure> {
  try {
    const res = await postJson<{ meeting: PublicMeeting }>(path(token), input);
    return res.ok && res.data ? { ok: true, moved: res.status === 200, meeting: res.data.meeting } : failure(res.status, res.ok ? null : res.data);
  } catch {
    return offline();
  }
}

/** POST .../cancel */
export async function postCancel(token: string, reason: string): Promise<{ ok: true; meeting: PublicMeeting } | Failure> {
  try {
    const res = await postJson<{ meeting: PublicMeeting }>(path(token, '/cancel'), reason ? { reason } : {});
    return res.ok && res.data ? { ok: true, meeting: res.data.meeting } : failure(res.status, res.ok ? null : res.data);
  } catch {
    return offline();
  }
}
