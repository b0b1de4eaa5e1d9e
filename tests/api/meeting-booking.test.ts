// The recruiter's booking settings and meeting types (/api/booking-settings,
// /api/meeting-types) on the real API and database: defaults until saved, save
// and read back, validation that names the field, warnings for settings that are
// allowed but probably not meant, own types only, and delete = archive.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withClaims, type Tx } from '#platform/db/request.server.ts';
import { DEFAULT_BOOKING_SETTINGS } from '#domain/meetings/booking-settings.server.ts';
import { bookingSettingsAnswer } from '#domain/meetings/booking-settings-answer.server.ts';
import { defaultMeetingType, meetingTypeById } from '#domain/meetings/meeting-types.server.ts';
import type { BookingSettingsAnswer, MeetingType } from '#domain/meetings/booking-schemas.ts';
import type { AvailabilitySettingsInput } from '#domain/meetings/schemas.ts';
import { login, makeUser, type TestUser } from '../support/auth-users.ts';
import { signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';

let app: TestApp;
let demoRecruiter: TestClient;
let ip = 0;

beforeAll(async () => {
  app = await startTestApp();
  demoRecruiter = app.client({ ip: '10.61.0.1' });
  await signInRecruiter(demoRecruiter);
});
afterAll(async () => { await app?.close(); });

/** A recruiter of their own, with nothing saved and no meeting types. */
async function newRecruiter(): Promise<{ user: TestUser; client: TestClient }> {
  const user = await makeUser(app);
  const client = app.client({ ip: `10.61.1.${++ip}` });
  const signedIn = await login(client, user);
  expect(signedIn.status, signedIn.text).toBe(200);
  return { user, client };
}

/** Database work as this recruiter, under row-level security (what a request does). */
const asRecruiter = <T>(user: TestUser, work: (tx: Tx) => Promise<T>) =>
  withClaims(app.pools.app, { role: 'authenticated', sub: user.id, username: user.username, app_role: 'recruiter' }, work);

const weekdays = (ranges: Array<{ start: string; end: string }>) =>
  ({ monday: ranges, tuesday: ranges, wednesday: ranges, thursday: ranges, friday: ranges });

function settings(change: Partial<AvailabilitySettingsInput> = {}): AvailabilitySettingsInput {
  return {
    timeZone: 'Europe/Amsterdam', availability: weekdays([{ start: '09:00', end: '17:00' }]), overrides: [],
    bufferBeforeMinutes: 0, bufferAfterMinutes: 0, minimumNoticeMinutes: 240, horizonDays: 30, slotStepMinutes: 30, maxPerDay: null,
    ...change,
  };
}

const introCall = { name: 'Intro call', durationMinutes: 30, locationKind: 'teams', colour: 'blue' } as const;

describe('booking settings', () => {
  it('answers the defaults until the recruiter saves, and says Teams is not configured', async () => {
    const { client } = await newRecruiter();
    const answer = await client.get('/api/booking-settings');
    expect(answer.status, answer.text).toBe(200);
    const body = answer.json as BookingSettingsAnswer;
    expect(body).toMatchObject({ settings: DEFAULT_BOOKING_SETTINGS, saved: false, warnings: [], calendar: { connected: false } });
    expect(body.settings.availability).toMatchObject({ monday: [{ start: '09:00', end: '17:00' }], saturday: [], sunday: [] });
    expect(body.calendar.message).toMatch(/^Teams is not configured: .*set MS_TENANT_ID, MS_CLIENT_ID and MS_CLIENT_SECRET/);
    expect((await app.client().get('/api/booking-settings')).status).toBe(401);
  });

  it('seeds the demo recruiter with weekday hours, a lunch break and an Intro call', async () => {
    const { settings: seeded, saved } = (await demoRecruiter.get('/api/booking-settings')).json as BookingSettingsAnswer;
    expect(saved).toBe(true);
    expect(seeded).toEqual({
      timeZone: 'Europe/Amsterdam',
      availability: { ...weekdays([{ start: '09:00', end: '12:00' }, { start: '13:00', end: '17:00' }]), saturday: [], sunday: [] },
      overrides: [], bufferBeforeMinutes: 0, bufferAfterMinutes: 10, minimumNoticeMinutes: 240, horizonDays: 30, slotStepMinutes: 30,
      maxPerDay: 6, maxPerWeek: null,
    });
    const { meetingTypes } = (await demoRecruiter.get('/api/meeting-types')).json as { meetingTypes: MeetingType[] };
    expect(meetingTypes[0]).toMatchObject({ ...introCall, locationDetail: null });
  });

  it('saves the whole settings object and reads it back', async () => {
    const { client } = await newRecruiter();
    const sent = settings({
      timeZone: 'america/new_york',
      availability: { monday: [{ start: '13:00', end: '17:00' }, { start: '08:00', end: '12:00' }], saturday: [{ start: '10:00', end: '24:00' }] },
      overrides: [{ date: '2026-12-24', ranges: [] }, { date: '2026-12-31', ranges: [{ start: '09:00', end: '12:00' }] }],
      bufferBeforeMinutes: 5, bufferAfterMinutes: 15, minimumNoticeMinutes: 60, horizonDays: 14, slotStepMinutes: 15, maxPerDay: 4,
    });
    const saved = await client.send('PUT', '/api/booking-settings', { body: sent });
    expect(saved.status, saved.text).toBe(200);
    const expected = {
      ...sent, timeZone: 'America/New_York',
      availability: { monday: sent.availability.monday, tuesday: [], wednesday: [], thursday: [], friday: [], saturday: sent.availability.saturday, sunday: [] },
    };
    expect(saved.json).toMatchObject({ settings: expected, saved: true, warnings: [] });
    expect((await client.get('/api/booking-settings')).json).toMatchObject({ settings: expected, saved: true });

    // Saving again replaces the row.
    const again = await client.send('PUT', '/api/booking-settings', { body: settings({ maxPerDay: null }) });
    expect((again.json as BookingSettingsAnswer).settings).toMatchObject({ timeZone: 'Europe/Amsterdam', maxPerDay: null, overrides: [] });
  });

  it('refuses overlapping ranges, an end before its start and an unknown time zone, naming the field', async () => {
    const { client } = await newRecruiter();
    const refusals: Array<[Partial<AvailabilitySettingsInput>, string, string, object]> = [
      [{ availability: { monday: [{ start: '09:00', end: '12:00' }, { start: '10:00', end: '13:00' }] } },
        'availability.monday.1', 'availability.monday.1 (10:00-13:00) overlaps availability.monday.0 (09:00-12:00)',
        { code: 'validation.range_overlap', params: { field: 'availability.monday.1', times: '10:00-13:00', otherField: 'availability.monday.0', otherTimes: '09:00-12:00' } }],
      [{ availability: { tuesday: [{ start: '10:00', end: '09:00' }] } },
        'availability.tuesday.0.end', 'availability.tuesday.0.end (09:00) must be after availability.tuesday.0.start (10:00)',
        { code: 'validation.range_order', params: { field: 'availability.tuesday.0', end: '09:00', start: '10:00' } }],
      [{ overrides: [{ date: '2026-12-24', ranges: [{ start: '14:00', end: '14:00' }] }] },
        'overrides.0.ranges.0.end', 'overrides.0.ranges.0.end (14:00) must be after overrides.0.ranges.0.start (14:00)',
        { code: 'validation.range_order', params: { field: 'overrides.0.ranges.0', end: '14:00', start: '14:00' } }],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone', 'timeZone must be an IANA time zone like Europe/Amsterdam', { code: 'validation.time_zone' }],
    ];
    for (const [change, field, error, code] of refusals) {
      const refused = await client.send('PUT', '/api/booking-settings', { body: settings(change) });
      expect(refused.status, refused.text).toBe(400);
      expect(refused.json).toEqual({ error, field, ...code });
    }
    // Nothing was saved.
    expect((await client.get('/api/booking-settings')).json).toMatchObject({ saved: false });
  });

  it('saves ranges shorter than a meeting type, and warns about that type by name', async () => {
    const { client } = await newRecruiter();
    const long = (await client.post('/api/meeting-types', { ...introCall, name: 'Deep dive', durationMinutes: 60 })).json.meetingType as MeetingType;
    await client.post('/api/meeting-types', introCall);

    const short = await client.send('PUT', '/api/booking-settings', { body: settings({ availability: weekdays([{ start: '09:00', end: '09:45' }]) }) });
    expect(short.status, short.text).toBe(200);
    expect(short.json).toMatchObject({ saved: true, settings: { availability: { monday: [{ start: '09:00', end: '09:45' }] } } });
    expect((short.json as BookingSettingsAnswer).warnings).toEqual([{
      field: `meetingTypes.${long.id}.durationMinutes`,
      message: 'Deep dive: A 60-minute meeting is longer than every availability range (the longest is 45 minutes): candidates will see no times to book',
      code: 'type_duration_longer_than_ranges', params: { name: 'Deep dive', minutes: 60, longest: 45 },
    }]);
    expect((await client.get('/api/booking-settings')).json.warnings).toHaveLength(1);

    // No hours at all: one warning, not one per type.
    const none = await client.send('PUT', '/api/booking-settings', { body: settings({ availability: {} }) });
    expect(none.json.warnings).toEqual([{
      field: 'availability', message: 'availability has no time ranges: candidates will see no times to book', code: 'no_availability_ranges',
    }]);
  });

  it('says Outlook and Teams are on when a calendar is connected', async () => {
    const { user } = await newRecruiter();
    const answer = await asRecruiter(user, (tx) => bookingSettingsAnswer(tx, user.id, true));
    expect(answer.calendar).toEqual({ connected: true, message: 'Outlook busy times and Teams links are on', code: 'connected' });
  });
});

describe('meeting types', () => {
  it('creates, lists oldest first and changes the caller\'s own meeting types', async () => {
    const { user, client } = await newRecruiter();
    expect((await client.get('/api/meeting-types')).json).toEqual({ meetingTypes: [] });
    expect(await asRecruiter(user, (tx) => defaultMeetingType(tx, user.id))).toBeNull();

    const created = await client.post('/api/meeting-types', { name: '  Intro call ', durationMinutes: 30, locationKind: 'teams', locationDetail: 'ignored' });
    expect(created.status, created.text).toBe(201);
    const intro = created.json.meetingType as MeetingType;
    expect(created.json).toEqual({
      meetingType: { id: intro.id, name: 'Intro call', durationMinutes: 30, description: null, locationKind: 'teams', locationDetail: null,
        colour: 'blue', kind: 'one_on_one', distribution: 'availability', ownerId: user.id, hosts: [{ id: user.id, name: expect.any(String) as unknown }],
        reminders: [{ minutesBefore: 1440, channel: 'email' }, { minutesBefore: 60, channel: 'email' }],
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown },
      warnings: [],
    });
    const visit = (await client.post('/api/meeting-types', {
      name: 'Office visit', durationMinutes: 90, locationKind: 'in_person', locationDetail: 'Herengracht 1, Amsterdam', colour: 'teal',
      description: 'Meet the team',
    })).json.meetingType as MeetingType;
    expect((await client.get('/api/meeting-types')).json.meetingTypes.map((type: MeetingType) => type.id)).toEqual([intro.id, visit.id]);
    expect(await asRecruiter(user, (tx) => defaultMeetingType(tx, user.id))).toMatchObject({ id: intro.id });

    const renamed = await client.patch(`/api/meeting-types/${visit.id}`, { name: 'On-site visit', description: null });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json).toEqual({ meetingType: { ...visit, name: 'On-site visit', description: null }, warnings: [] });
    // A Teams meeting has no address.
    const online = await client.patch(`/api/meeting-types/${visit.id}`, { locationKind: 'teams' });
    expect(online.json.meetingType).toMatchObject({ locationKind: 'teams', locationDetail: null });
  });

  it('refuses a phone or on-site type without its detail, also when a change would leave it out', async () => {
    const { client } = await newRecruiter();
    const noNumber = await client.post('/api/meeting-types', { ...introCall, locationKind: 'phone' });
    expect(noNumber.status).toBe(400);
    expect(noNumber.json).toEqual({ error: 'locationDetail must give the phone number to call', code: 'validation.phone_to_call', field: 'locationDetail' });

    const intro = (await client.post('/api/meeting-types', introCall)).json.meetingType as MeetingType;
    const toSite = await client.patch(`/api/meeting-types/${intro.id}`, { locationKind: 'in_person' });
    expect(toSite.status).toBe(400);
    expect(toSite.json).toEqual({ error: 'locationDetail must give the address', code: 'validation.address', field: 'locationDetail' });
    const phone = await client.patch(`/api/meeting-types/${intro.id}`, { locationKind: 'phone', locationDetail: '+31 20 123 4567' });
    expect(phone.json.meetingType).toMatchObject({ locationKind: 'phone', locationDetail: '+31 20 123 4567' });
    const cleared = await client.patch(`/api/meeting-types/${intro.id}`, { locationDetail: null });
    expect(cleared.json).toEqual({ error: 'locationDetail must give the phone number to call', code: 'validation.phone_to_call', field: 'locationDetail' });
    expect((await client.patch(`/api/meeting-types/${intro.id}`, {})).json).toEqual({ error: 'Give at least one field to change', code: 'validation.meeting_type_change', field: 'body' });
  });

  it('refuses a duration that fits in no availability range (422 naming durationMinutes)', async () => {
    const { client } = await newRecruiter();
    await client.send('PUT', '/api/booking-settings', {
      body: settings({ availability: { monday: [{ start: '09:00', end: '10:00' }], friday: [{ start: '14:00', end: '14:45' }] } }),
    });
    const tooLong = await client.post('/api/meeting-types', { ...introCall, durationMinutes: 90 });
    expect(tooLong.status).toBe(422);
    expect(tooLong.json).toEqual({
      error: 'A 90-minute meeting is longer than every availability range (the longest is 60 minutes): candidates will see no times to book',
      code: 'duration_longer_than_ranges', params: { minutes: 90, longest: 60 },
      field: 'durationMinutes',
    });
    const fits = await client.post('/api/meeting-types', { ...introCall, durationMinutes: 60 });
    expect(fits.status, fits.text).toBe(201);
    const longer = await client.patch(`/api/meeting-types/${fits.json.meetingType.id}`, { durationMinutes: 75 });
    expect(longer.status).toBe(422);
    expect(longer.json.field).toBe('durationMinutes');
    expect((await client.get('/api/meeting-types')).json.meetingTypes).toMatchObject([{ durationMinutes: 60 }]);

    // With no hours at all the type is made, with a warning: the hours may come later.
    await client.send('PUT', '/api/booking-settings', { body: settings({ availability: {} }) });
    const noHours = await client.post('/api/meeting-types', { ...introCall, durationMinutes: 90 });
    expect(noHours.status, noHours.text).toBe(201);
    expect(noHours.json.warnings).toEqual([{
      field: 'availability', message: 'availability has no time ranges: candidates will see no times to book', code: 'no_availability_ranges',
    }]);
  });

  it('does not let a recruiter see, change or delete another recruiter\'s meeting type', async () => {
    const owner = await newRecruiter();
    const other = await newRecruiter();
    const mine = (await owner.client.post('/api/meeting-types', introCall)).json.meetingType as MeetingType;
    expect((await other.client.get('/api/meeting-types')).json).toEqual({ meetingTypes: [] });
    for (const attempt of [
      await other.client.patch(`/api/meeting-types/${mine.id}`, { name: 'Taken over' }),
      await other.client.delete(`/api/meeting-types/${mine.id}`),
      await owner.client.patch('/api/meeting-types/999999', { name: 'Nobody\'s' }),
    ]) {
      expect(attempt.status, attempt.text).toBe(404);
      expect(attempt.json).toEqual({ error: 'Meeting type not found', code: 'meeting_type_not_found', field: 'id' });
    }
    expect((await owner.client.get('/api/meeting-types')).json.meetingTypes).toEqual([mine]);
  });

  it('archives on delete: gone from the list, still there for the links and meetings that name it', async () => {
    const { user, client } = await newRecruiter();
    const intro = (await client.post('/api/meeting-types', introCall)).json.meetingType as MeetingType;
    const second = (await client.post('/api/meeting-types', { ...introCall, name: 'Second round', durationMinutes: 60 })).json.meetingType as MeetingType;

    const deleted = await client.delete(`/api/meeting-types/${intro.id}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.json).toEqual({ success: true });
    expect((await client.get('/api/meeting-types')).json.meetingTypes).toEqual([second]);
    const kept = await asRecruiter(user, (tx) => meetingTypeById(tx, intro.id));
    expect(kept).toEqual({ ...intro, recruiterId: user.id, archivedAt: expect.any(String) as unknown });
    expect(await asRecruiter(user, (tx) => defaultMeetingType(tx, user.id))).toMatchObject({ id: second.id });

    // Archived is gone for the API.
    expect((await client.delete(`/api/meeting-types/${intro.id}`)).status).toBe(404);
    expect((await client.patch(`/api/meeting-types/${intro.id}`, { name: 'Back' })).status).toBe(404);
  });
});
