// The candidate's booking link on the real database: what it offers, its slots,
// booking, a second booking that moves the first, cancelling, expired and used
// links, the 409 with fresh slots, concurrent bookings, and bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobQueue, JobRequest } from '#platform/runtime/jobs.server.ts';
import { QUEUES } from '#platform/runtime/jobs.server.ts';
import { TEAMS_NOT_CONFIGURED } from '#domain/meetings/calendar-port.ts';
import type { PublicBooking } from '#domain/meetings/booking-schemas.ts';
import { asService } from '#platform/db/request.server.ts';
import { dispatchCampaign } from '#domain/campaigns/campaigns.server.ts';
import { signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { newPool } from '../support/test-data.ts';
import { newBookableRecruiter, newLink, roundTheClock, slotsOf, type BookableRecruiter } from '../support/meeting-data.ts';

let app: TestApp;
let candidateBrowser: TestClient;
const queued: Array<{ queue: string; job: JobRequest }> = [];
// The job queue is a port: this one records what the API hands the worker.
const jobs: JobQueue = { send: (queue, requests) => { queued.push(...requests.map((job) => ({ queue, job }))); return Promise.resolve(); } };

beforeAll(async () => {
  app = await startTestApp({ jobs });
  candidateBrowser = app.client({ ip: '10.61.0.1' });
});
afterAll(async () => { await app?.close(); });

const book = (token: string, start: string, more: Record<string, unknown> = {}, client = candidateBrowser) =>
  client.post(`/api/public/booking/${token}`, { start, name: 'Jane Candidate', email: 'jane@example.org', ...more });
const meetingRows = async (linkId: number) => (await app.pools.owner.query<{ id: number; status: string; sequence: number }>(
  'select id::int, status, sequence from public.meetings where booking_link_id = $1', [linkId])).rows;
const notifications = async (meetingId: number) => (await app.pools.owner.query<{ kind: string; sequence: number }>(
  'select kind, sequence from public.meeting_notifications where meeting_id = $1 order by id', [meetingId])).rows;

describe('a booking link', () => {
  let recruiter: BookableRecruiter;
  beforeAll(async () => { recruiter = await newBookableRecruiter(app); });

  it('is made for a candidate with an unguessable token that expires in 14 days', async () => {
    const link = await newLink(recruiter);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.url).toBe(`${app.config.publicUrl}/book/${link.token}`);
    expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(13.9 * 24 * 3600_000);
    const missing = await recruiter.client.post('/api/booking-links', { candidateId: 99_999_999 });
    expect(missing).toMatchObject({ status: 404, json: { field: 'candidateId' } });
    const foreign = await recruiter.client.post('/api/booking-links', { candidateId: link.candidate.id, meetingTypeId: 99_999_999 });
    expect(foreign).toMatchObject({ status: 422, json: { error: 'meetingTypeId must be one of your meeting types', field: 'meetingTypeId' } });
  });

  it('greets the candidate, names the recruiter and the meeting, and counts as opened', async () => {
    const link = await newLink(recruiter, { name: 'Jane van Dijk' });
    const page = await candidateBrowser.get(`/api/public/booking/${link.token}`);
    expect(page.status).toBe(200);
    expect(page.json).toMatchObject({
      state: 'open', candidate: { firstName: 'Jane', name: 'Jane van Dijk', language: null },
      recruiter: { name: `Test ${recruiter.user.username}`, email: `${recruiter.user.username}@example.com`, timeZone: 'Europe/Amsterdam' },
      meetingType: { name: 'Intro call', durationMinutes: 30, locationKind: 'teams' }, meeting: null,
    });
    const links = await recruiter.client.get(`/api/candidates/${link.candidate.id}/booking-links`);
    expect(links.json.bookingLinks).toEqual([expect.objectContaining({ id: link.id, state: 'opened', url: link.url })]);
    // The candidate's language, which the page speaks unless the visitor switches (BookingPage.astro).
    const dutch = await newLink(recruiter, { name: 'Joost de Wit', language: 'dutch' });
    expect((await candidateBrowser.get(`/api/public/booking/${dutch.token}`)).json.candidate).toMatchObject({ firstName: 'Joost', language: 'dutch' });
  });

  it('offers slots on the grid, after the notice, in the window asked', async () => {
    const link = await newLink(recruiter);
    const { timeZone, slots } = await slotsOf(candidateBrowser, link.token, '?timeZone=america/new_york');
    expect(timeZone).toBe('America/New_York');
    expect(slots.length).toBeGreaterThan(250);
    for (const slot of slots) {
      expect(Date.parse(slot.end) - Date.parse(slot.start)).toBe(30 * 60_000);
      expect(new Date(slot.start).getUTCMinutes() % 30).toBe(0);
      expect(Date.parse(slot.start)).toBeGreaterThanOrEqual(Date.now() + 59 * 60_000);
    }
    const bad = await candidateBrowser.get(`/api/public/booking/${link.token}/slots?timeZone=Mars/Olympus`);
    expect(bad).toMatchObject({ status: 400, json: { field: 'timeZone' } });
    const wide = await candidateBrowser.get(`/api/public/booking/${link.token}/slots?from=2030-01-01T00:00:00Z&to=2030-03-01T00:00:00Z`);
    expect(wide).toMatchObject({ status: 422, json: { error: 'to must be at most 35 days after from', field: 'to' } });
  });

  it('keeps nothing the candidate typed on a meeting once the candidate is erased', async () => {
    const link = await newLink(recruiter);
    const [slot] = (await slotsOf(candidateBrowser, link.token)).slots.slice(12);
    expect((await book(link.token, slot.start, { note: 'Call my mobile' })).status).toBe(201);
    const [meeting] = await meetingRows(link.id);
    expect((await recruiter.client.send('DELETE', `/api/candidates/${link.candidate.id}`)).status).toBe(200);
    const { rows } = await app.pools.owner.query(
      'select candidate_id, attendee_name, attendee_email, candidate_note from public.meetings where id = $1', [meeting.id]);
    expect(rows).toEqual([{ candidate_id: null, attendee_name: null, attendee_email: null, candidate_note: null }]);
  });

  it('books once: a second booking moves the same meeting, with a higher sequence', async () => {
    const link = await newLink(recruiter);
    const [first, second] = (await slotsOf(candidateBrowser, link.token)).slots.slice(10);
    const booked = await book(link.token, first.start, { note: 'Looking forward', timeZone: 'America/New_York' });
    expect(booked.status).toBe(201);
    expect(booked.json.meeting).toMatchObject({ start: first.start, end: first.end, status: 'confirmed', name: 'Jane Candidate',
      note: 'Looking forward', recruiterTimeZone: 'Europe/Amsterdam', candidateTimeZone: 'America/New_York', joinUrl: null });
    const [meeting] = await meetingRows(link.id);
    expect(queued).toContainEqual({ queue: QUEUES.meetingTeams, job: expect.objectContaining({ data: { meetingId: meeting.id } }) });

    const moved = await book(link.token, second.start);
    expect(moved.status).toBe(200);
    expect(moved.json.meeting).toMatchObject({ start: second.start, status: 'rescheduled' });
    expect(await meetingRows(link.id)).toEqual([{ id: meeting.id, status: 'rescheduled', sequence: 1 }]);
    expect(await notifications(meeting.id)).toEqual([{ kind: 'confirmed', sequence: 0 }, { kind: 'rescheduled', sequence: 1 }]);
    const page = await candidateBrowser.get(`/api/public/booking/${link.token}`);
    expect((page.json as PublicBooking).state).toBe('booked');
    const events = await app.pools.owner.query(`select 1 from public.engagement_events where candidate_id = $1 and kind = 'meeting_booked'`, [link.candidate.id]);
    expect(events.rowCount).toBe(1);
    // The slot it left is free again; the one it holds is not offered to anyone else.
    const after = (await slotsOf(candidateBrowser, (await newLink(recruiter)).token)).slots.map((s) => s.start);
    expect(after).toContain(first.start);
    expect(after).not.toContain(second.start);
  });

  it('answers 409 with fresh slots when the time was just taken', async () => {
    const [a, b] = [await newLink(recruiter), await newLink(recruiter)];
    const wanted = (await slotsOf(candidateBrowser, a.token)).slots[20];
    expect((await book(a.token, wanted.start)).status).toBe(201);
    const taken = await book(b.token, wanted.start);
    expect(taken.status).toBe(409);
    expect(taken.json).toMatchObject({ error: 'This time was just taken, please pick another', field: 'start' });
    expect(taken.json.slots.length).toBeGreaterThan(0);
    expect(taken.json.slots.map((s: { start: string }) => s.start)).not.toContain(wanted.start);
  });

  it('lets exactly one of many simultaneous bookings of one time through', async () => {
    const links = await Promise.all(Array.from({ length: 12 }, () => newLink(recruiter)));
    const wanted = (await slotsOf(candidateBrowser, links[0].token)).slots[40];
    const answers = await Promise.all(links.map((link, i) => book(link.token, wanted.start, {}, app.client({ ip: `10.62.0.${i + 1}` }))));
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(11).fill(409)]);
    const held = await app.pools.owner.query(`select count(*)::int as n from public.meetings where recruiter_id = $1 and starts_at = $2 and status <> 'cancelled'`,
      [recruiter.user.id, wanted.start]);
    expect(held.rows[0].n).toBe(1);
  });

  it('makes one meeting when the same link is booked twice at once', async () => {
    const link = await newLink(recruiter);
    const slots = (await slotsOf(candidateBrowser, link.token)).slots;
    const answers = await Promise.all([book(link.token, slots[60].start), book(link.token, slots[62].start)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    expect(await meetingRows(link.id)).toHaveLength(1);
  });

  it('cancels with a reason, then books a new time on the same meeting', async () => {
    const link = await newLink(recruiter);
    const slots = (await slotsOf(candidateBrowser, link.token)).slots;
    await book(link.token, slots[70].start);
    const cancelled = await candidateBrowser.post(`/api/public/booking/${link.token}/cancel`, { reason: 'I took another job' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.meeting.status).toBe('cancelled');
    const [meeting] = await meetingRows(link.id);
    const row = await app.pools.owner.query('select cancel_reason, cancelled_by from public.meetings where id = $1', [meeting.id]);
    expect(row.rows[0]).toEqual({ cancel_reason: 'I took another job', cancelled_by: 'candidate' });
    expect((await candidateBrowser.get(`/api/public/booking/${link.token}`)).json.state).toBe('cancelled');
    const again = await book(link.token, slots[72].start);
    expect(again.status).toBe(200);
    expect(again.json.meeting.status).toBe('confirmed');
    expect(await notifications(meeting.id)).toEqual([
      { kind: 'confirmed', sequence: 0 }, { kind: 'cancelled', sequence: 1 }, { kind: 'confirmed', sequence: 2 }]);
  });

  it('says when a link expired or its meeting took place, and refuses to book on it', async () => {
    const expired = await newLink(recruiter);
    const slot = (await slotsOf(candidateBrowser, expired.token)).slots[0];
    await app.pools.owner.query(`update public.booking_links set expires_at = now() - interval '1 minute' where id = $1`, [expired.id]);
    const page = await candidateBrowser.get(`/api/public/booking/${expired.token}`);
    expect(page).toMatchObject({ status: 200, json: { state: 'expired', recruiter: { email: `${recruiter.user.username}@example.com` } } });
    expect((await candidateBrowser.get(`/api/public/booking/${expired.token}/slots`)).status).toBe(410);
    expect((await book(expired.token, slot.start)).status).toBe(410);

    const used = await newLink(recruiter);
    await book(used.token, (await slotsOf(candidateBrowser, used.token)).slots[80].start);
    await app.pools.owner.query(`update public.meetings set starts_at = now() - interval '2 hours', ends_at = now() - interval '90 minutes',
      status = 'completed' where booking_link_id = $1`, [used.id]);
    expect((await candidateBrowser.get(`/api/public/booking/${used.token}`)).json.state).toBe('used');
    expect((await candidateBrowser.post(`/api/public/booking/${used.token}/cancel`, {})).status).toBe(410);
  });

  it('refuses times that are not offered, and unknown tokens, naming the field', async () => {
    const link = await newLink(recruiter);
    const slot = (await slotsOf(candidateBrowser, link.token)).slots[5];
    const offGrid = new Date(Date.parse(slot.start) + 10 * 60_000).toISOString();
    expect(await book(link.token, offGrid)).toMatchObject({ status: 422, json: { field: 'start' } });
    expect(await book(link.token, '2020-01-06T09:00:00Z')).toMatchObject({ status: 422, json: { field: 'start' } });
    const beyond = new Date(Date.now() + 60 * 24 * 3600_000);
    beyond.setUTCMinutes(0, 0, 0);
    expect(await book(link.token, beyond.toISOString())).toMatchObject({ status: 422, json: { field: 'start' } });
    expect(await book(link.token, 'tomorrow at nine')).toMatchObject({ status: 400, json: { field: 'start' } });
    expect(await book(link.token, slot.start, { email: 'not-an-address' })).toMatchObject({ status: 400, json: { field: 'email' } });
    expect(await book(link.token, slot.start, { name: '' })).toMatchObject({ status: 400, json: { field: 'name' } });
    const unknown = await candidateBrowser.get('/api/public/booking/not-a-real-token-at-all');
    expect(unknown).toMatchObject({ status: 404, json: { error: 'This booking link is not valid', field: 'token' } });
    expect(await meetingRows(link.id)).toEqual([]);
  });

  it('keeps the buffers free around a booked meeting', async () => {
    const buffered = await newBookableRecruiter(app, roundTheClock('UTC', { bufferAfterMinutes: 15 }), '10.60.0.2');
    const link = await newLink(buffered);
    const slots = (await slotsOf(candidateBrowser, link.token)).slots;
    const first = slots[10];
    await book(link.token, first.start);
    const next = (await slotsOf(candidateBrowser, (await newLink(buffered)).token)).slots.map((s) => s.start);
    expect(next).not.toContain(first.end);
    expect(next).toContain(new Date(Date.parse(first.end) + 30 * 60_000).toISOString());
  });

  it('limits changes per link and reader: one abuser does not stop the candidate booking; all readers together stop at 60', async () => {
    const link = await newLink(recruiter);
    const cancels = async (ip: string, times: number) => {
      const statuses: number[] = [];
      for (let i = 0; i < times; i++) statuses.push((await app.client({ ip }).post(`/api/public/booking/${link.token}/cancel`, {})).status);
      return statuses;
    };
    // Cancelling a link with no meeting changes nothing, but counts as a change.
    expect(await cancels('2001:db8:64:1::1', 21)).toEqual([...Array<number>(20).fill(409), 429]);
    const slot = (await slotsOf(candidateBrowser, link.token)).slots[90];
    expect((await book(link.token, slot.start)).status).toBe(201);
    // Two more networks (the first cancels the meeting) reach the link's ceiling, 20 + 1 + 20 + 19:
    // then nobody changes it for a while, and the page still reads.
    expect(await cancels('2001:db8:64:2::1', 20)).not.toContain(429);
    expect(await cancels('2001:db8:64:3::1', 19)).not.toContain(429);
    expect((await book(link.token, slot.start)).status).toBe(429);
    expect((await candidateBrowser.get(`/api/public/booking/${link.token}`)).status).toBe(200);
  });

  it('limits reads per link and reader network: 121 reads from one /64 do not lock the candidate out of their page', async () => {
    const link = await newLink(recruiter);
    const statuses: number[] = [];
    for (let n = 1; n <= 121; n++) {
      statuses.push((await app.client({ ip: `2001:db8:65:1::${n.toString(16)}` }).get(`/api/public/booking/${link.token}`)).status);
    }
    expect(statuses).toEqual([...Array<number>(120).fill(200), 429]);
    expect((await app.client({ ip: '2001:db8:65:1:ffff::1' }).get(`/api/public/booking/${link.token}/slots`)).status).toBe(429);
    // The candidate, elsewhere, reads and books as usual.
    expect((await app.client({ ip: '2001:db8:65:2::1' }).get(`/api/public/booking/${link.token}`)).status).toBe(200);
    const slot = (await slotsOf(candidateBrowser, link.token)).slots[95];
    expect((await book(link.token, slot.start)).status).toBe(201);
  });
});

describe('the recruiter’s meetings', () => {
  let recruiter: BookableRecruiter;
  beforeAll(async () => { recruiter = await newBookableRecruiter(app, roundTheClock(), '10.63.0.1'); });

  it('lists a booked meeting with its Teams state, keeps notes, moves and cancels it', async () => {
    const link = await newLink(recruiter);
    const slots = (await slotsOf(candidateBrowser, link.token)).slots;
    await book(link.token, slots[3].start);
    const list = await recruiter.client.get(`/api/meetings?from=${new Date().toISOString()}&status=confirmed,rescheduled`);
    expect(list.status).toBe(200);
    const [meeting] = list.json.meetings;
    expect(meeting).toMatchObject({
      start: slots[3].start, status: 'confirmed', candidate: { id: link.candidate.id }, meetingType: { name: 'Intro call', colour: 'blue' },
      location: { kind: 'teams', detail: null }, joinUrl: null, teams: { state: 'not_configured', error: TEAMS_NOT_CONFIGURED },
      attendee: { name: 'Jane Candidate', email: 'jane@example.org' },
    });
    const noted = await recruiter.client.patch(`/api/meetings/${meeting.id}`, { notes: 'Ask about notice period' });
    expect(noted.json.meeting.notes).toBe('Ask about notice period');
    expect(await recruiter.client.patch(`/api/meetings/${meeting.id}`, { status: 'completed' }))
      .toMatchObject({ status: 422, json: { field: 'status' } });

    const meetingSlots = await recruiter.client.get(`/api/meetings/${meeting.id}/slots`);
    expect(meetingSlots.json.slots.map((s: { start: string }) => s.start)).toContain(slots[3].start);
    const moved = await recruiter.client.post(`/api/meetings/${meeting.id}/reschedule`, { start: slots[8].start });
    expect(moved.json.meeting).toMatchObject({ start: slots[8].start, status: 'rescheduled' });
    const cancelled = await recruiter.client.post(`/api/meetings/${meeting.id}/cancel`, { reason: 'Role filled' });
    expect(cancelled.json.meeting).toMatchObject({ status: 'cancelled', cancelReason: 'Role filled', cancelledBy: 'recruiter' });
    expect(await notifications(meeting.id)).toEqual([
      { kind: 'confirmed', sequence: 0 }, { kind: 'rescheduled', sequence: 1 }, { kind: 'cancelled', sequence: 2 }]);
    expect(await recruiter.client.post(`/api/meetings/${meeting.id}/teams-retry`)).toMatchObject({ status: 409, json: { field: 'id' } });
    const byCandidate = await recruiter.client.get(`/api/meetings?candidateId=${link.candidate.id}`);
    expect(byCandidate.json.meetings).toHaveLength(1);
    expect(await recruiter.client.get('/api/meetings?status=maybe')).toMatchObject({ status: 400, json: { field: 'status' } });
  });
});

describe('{{bookingLink}} in a message', () => {
  let recruiter: BookableRecruiter;
  beforeAll(async () => { recruiter = await newBookableRecruiter(app, roundTheClock(), '10.66.0.1'); });

  it('gives one candidate their own link, counted as sent', async () => {
    const { candidate } = await newLink(recruiter);
    const sent = await recruiter.client.post(`/api/candidates/${candidate.id}/messages`, {
      subject: 'Shall we talk?', content: 'Hi {{firstName}},\n\nPick a time here: {{bookingLink}}', channel: 'email', platform: 'email' });
    expect(sent.status).toBe(201);
    const url = /https?:\/\/\S+\/book\/([A-Za-z0-9_-]{43})/.exec(sent.json.message.content as string);
    expect(url).not.toBeNull();
    const links = (await recruiter.client.get(`/api/candidates/${candidate.id}/booking-links`)).json.bookingLinks;
    expect(links.find((l: { url: string }) => l.url === url![0])).toMatchObject({ state: 'sent' });
  });

  it('makes the link of the meeting type the recruiter chose, and none before the message is sent', async () => {
    const { candidate } = await newLink(recruiter);
    const deepDive = await recruiter.client.post('/api/meeting-types', { name: 'Deep dive', durationMinutes: 60, locationKind: 'teams', colour: 'teal' });
    expect(deepDive.status, deepDive.text).toBe(201);
    const typeId = deepDive.json.meetingType.id;
    const before = (await recruiter.client.get(`/api/candidates/${candidate.id}/booking-links`)).json.bookingLinks.length;
    const sent = await recruiter.client.post(`/api/candidates/${candidate.id}/messages`, {
      subject: 'A longer talk?', content: 'Pick a time here: {{bookingLink}}', channel: 'email', bookingMeetingTypeId: typeId });
    expect(sent.status, sent.text).toBe(201);
    const links = (await recruiter.client.get(`/api/candidates/${candidate.id}/booking-links`)).json.bookingLinks;
    expect(links).toHaveLength(before + 1);
    expect(links[0]).toMatchObject({ meetingTypeId: typeId, title: 'Deep dive', durationMinutes: 60, state: 'sent' });
    expect(sent.json.message.content).toContain(links[0].url);
  });

  it('gives every campaign recipient a link of their own', async () => {
    const members = [(await newLink(recruiter)).candidate, (await newLink(recruiter)).candidate];
    const pool = await newPool(recruiter.client, members.map((m) => m.id));
    const created = await recruiter.client.post('/api/campaigns', {
      name: 'Book a chat', campaignType: 'nurture', talentPoolId: pool.id, language: 'english',
      emailSubject: 'A chat, {{firstName}}?', emailContent: 'Hi {{firstName}},\n\nBook a time: {{bookingLink}}',
      messageTemplate: 'Hi {{firstName}},\n\nBook a time: {{bookingLink}}', scheduledAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect(created.status, created.text).toBe(201);
    await asService(app.pools.app, (tx) => dispatchCampaign(tx, created.json.campaign.id, app.config.publicUrl));
    const { rows } = await app.pools.owner.query<{ candidate_id: number; token: string }>(
      `select m.candidate_id::int, b.token from public.messages m
         join public.booking_links b on b.candidate_id = m.candidate_id and strpos(m.content, '/book/' || b.token) > 0
        where m.campaign_id = $1 and b.sent_at is not null`, [created.json.campaign.id]);
    expect(rows.map((r) => r.candidate_id).sort()).toEqual(members.map((m) => m.id).sort());
    expect(new Set(rows.map((r) => r.token)).size).toBe(2);
  });

  it('refuses a campaign with {{bookingLink}} from a recruiter without a meeting type', async () => {
    const { rows: [demo] } = await app.pools.owner.query<{ id: string }>(`select id from public.profiles where username = 'recruiter'`);
    await app.pools.owner.query('update public.meeting_types set archived_at = now() where recruiter_id = $1', [demo.id]);
    const demoClient = app.client({ ip: '10.66.0.2' });
    await signInRecruiter(demoClient);
    const pool = await newPool(demoClient, []);
    const refused = await demoClient.post('/api/campaigns', {
      name: 'No type', campaignType: 'nurture', talentPoolId: pool.id, language: 'english', emailSubject: 'Hi',
      emailContent: 'Book: {{bookingLink}}', messageTemplate: 'Book: {{bookingLink}}', scheduledAt: new Date().toISOString(),
    });
    expect(refused).toMatchObject({ json: { error: 'Create a meeting type under Meeting booking before using {{bookingLink}}', field: 'emailContent' } });
  });
});
