// Meetings data a test makes for itself through the real API: a recruiter who can
// be booked around the clock, a meeting type, a candidate and a booking link.
import type { AvailabilitySettingsInput } from '#domain/meetings/schemas.ts';
import type { BookingLinkCreated, MeetingType } from '#domain/meetings/booking-schemas.ts';
import type { SlotsAnswer } from '#domain/meetings/booking-schemas.ts';
import { WEEKDAYS } from '#domain/meetings/availability.ts';
import { login, makeUser, type TestUser } from './auth-users.ts';
import type { TestApp, TestClient } from './harness.ts';
import { newCandidate, type CreatedCandidate } from './test-data.ts';

/** Every day, all day, in `timeZone`; no notice or buffers unless given. */
export function roundTheClock(timeZone = 'Europe/Amsterdam', more: Partial<AvailabilitySettingsInput> = {}): AvailabilitySettingsInput {
  return {
    timeZone,
    availability: Object.fromEntries(WEEKDAYS.map((day) => [day, [{ start: '00:00', end: '24:00' }]])),
    overrides: [],
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    minimumNoticeMinutes: 60,
    horizonDays: 30,
    slotStepMinutes: 30,
    maxPerDay: null,
    ...more,
  };
}

export interface BookableRecruiter {
  user: TestUser;
  client: TestClient;
  meetingType: MeetingType;
}

/** A new recruiter, signed in, with `settings` saved and one 30-minute Teams meeting type. */
export async function newBookableRecruiter(app: TestApp, settings = roundTheClock(), ip = '10.60.0.1'): Promise<BookableRecruiter> {
  const user = await makeUser(app);
  const client = app.client({ ip });
  const signedIn = await login(client, user);
  if (signedIn.status !== 200) throw new Error(`sign-in failed: ${signedIn.text}`);
  const saved = await client.send('PUT', '/api/booking-settings', { body: settings });
  if (saved.status !== 200) throw new Error(`saving booking settings failed: ${saved.status} ${saved.text}`);
  const type = await client.post('/api/meeting-types', { name: 'Intro call', durationMinutes: 30, locationKind: 'teams', colour: 'blue' });
  if (type.status !== 201) throw new Error(`creating a meeting type failed: ${type.status} ${type.text}`);
  return { user, client, meetingType: (type.json as { meetingType: MeetingType }).meetingType };
}

/** A candidate of the recruiter's and a link for them. */
export async function newLink(recruiter: BookableRecruiter, fields: Record<string, unknown> = {}): Promise<BookingLinkCreated & { candidate: CreatedCandidate }> {
  const candidate = await newCandidate(recruiter.client, fields);
  const link = await recruiter.client.post('/api/booking-links', { candidateId: candidate.id });
  if (link.status !== 201) throw new Error(`creating a booking link failed: ${link.status} ${link.text}`);
  return { ...(link.json as BookingLinkCreated), candidate };
}

/** The link's free slots (public API). */
export async function slotsOf(client: TestClient, token: string, query = ''): Promise<SlotsAnswer> {
  const answer = await client.get(`/api/public/booking/${token}/slots${query}`);
  if (answer.status !== 200) throw new Error(`slots failed: ${answer.status} ${answer.text}`);
  return answer.json as SlotsAnswer;
}
