// 200 candidates, each with their own link, book the same time at once through the
// real booking path (domain/meetings/public-booking.ts → slot check → insert under
// the exclusion constraint). The figure that must hold: exactly one is confirmed;
// the others get "This time was just taken" with fresh slots. Also: how long the
// losers wait for that answer (p50/p95), with the app pool's 10 connections.
// Then a round-robin type of 3 hosts (issue 29): 200 candidates, each with their own
// link to it, book one time at once: exactly 3 meetings, one per host.
import { randomUUID } from 'node:crypto';
import { openDatabase } from '#platform/db/pools.server.ts';
import { loadConfig } from '#platform/runtime/config.server.ts';
import { DomainError } from '#domain/errors.ts';
import { asService } from '#platform/db/request.server.ts';
import { saveBookingSettings } from '#domain/meetings/booking-settings.server.ts';
import { availabilitySettingsSchema } from '#domain/meetings/schemas.ts';
import { WEEKDAYS } from '#domain/meetings/availability.ts';
import { bookByToken, publicSlots } from '#domain/meetings/public-booking.server.ts';
import { benchDatabase } from './support/database.ts';

const ATTEMPTS = 200;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export async function run() {
  const database = await benchDatabase('bookingrace');
  const pools = await openDatabase(database.url, loadConfig().appSecret);
  try {
    const recruiterId = randomUUID();
    await pools.owner.query(`insert into public.profiles (id, username, display_name, email) values ($1, 'bench', 'Bench Recruiter', 'bench@example.com')`, [recruiterId]);
    await asService(pools.app, (tx) => saveBookingSettings(tx, recruiterId, availabilitySettingsSchema.parse({
      timeZone: 'Europe/Amsterdam', availability: Object.fromEntries(WEEKDAYS.map((day) => [day, [{ start: '00:00', end: '24:00' }]])),
      overrides: [], bufferBeforeMinutes: 0, bufferAfterMinutes: 10, minimumNoticeMinutes: 60, horizonDays: 30, slotStepMinutes: 30, maxPerDay: null,
    })));
    await pools.owner.query(`insert into public.meeting_types (recruiter_id, name, duration_minutes) values ($1, 'Intro call', 30)`, [recruiterId]);
    await pools.owner.query(
      `insert into public.candidates (name, email) select 'Candidate ' || g, 'candidate' || g || '@example.com' from generate_series(1, $1) g`, [ATTEMPTS]);
    const { rows: links } = await pools.owner.query<{ token: string }>(
      `insert into public.booking_links (recruiter_id, candidate_id, title, duration_minutes)
       select $1, id, 'Intro call', 30 from public.candidates returning token`, [recruiterId]);
    const deps = { pool: pools.app };
    const { slots } = await publicSlots(deps, links[0].token, {});
    const start = slots[5].start;

    const outcomes = await Promise.all(links.map(async ({ token }, i) => {
      const began = performance.now();
      try {
        await bookByToken(deps, token, { start, name: `Candidate ${i + 1}`, email: `candidate${i + 1}@example.com` });
        return { confirmed: true, ms: performance.now() - began, freshSlots: 0 };
      } catch (error) {
        if (!(error instanceof DomainError) || error.status !== 409) throw error;
        return { confirmed: false, ms: performance.now() - began, freshSlots: (error.extra.slots as unknown[]).length };
      }
    }));
    const held = await pools.owner.query<{ n: number }>(
      `select count(*)::int as n from public.meetings where recruiter_id = $1 and status <> 'cancelled'`, [recruiterId]);
    const roundRobin = await roundRobinRace(pools, recruiterId, start);
    const losers = outcomes.filter((o) => !o.confirmed).map((o) => o.ms).sort((a, b) => a - b);
    return {
      bench: 'booking-race',
      attempts: ATTEMPTS,
      confirmed: outcomes.filter((o) => o.confirmed).length,
      meetingsInDatabase: held.rows[0].n,
      slotTakenAnswers: losers.length,
      everyLoserGotFreshSlots: outcomes.every((o) => o.confirmed || o.freshSlots > 0),
      loserAnswerMs: { p50: Math.round(percentile(losers, 50)), p95: Math.round(percentile(losers, 95)), max: Math.round(losers[losers.length - 1]) },
      appPoolConnections: 10,
      roundRobin,
    };
  } finally {
    await pools.owner.end();
    await pools.app.end();
    await database.stop();
  }
}

/** 200 bookings of one time through round-robin links of 3 hosts (the first host is `ownerId`). */
async function roundRobinRace(pools: Awaited<ReturnType<typeof openDatabase>>, ownerId: string, taken: string) {
  const hostIds = [ownerId, randomUUID(), randomUUID()];
  for (const [i, id] of hostIds.slice(1).entries()) {
    await pools.owner.query(`insert into public.profiles (id, username, display_name, email) values ($1, $2, $3, $4)`,
      [id, `host${i}`, `Host ${i}`, `host${i}@example.com`]);
    await pools.owner.query(`insert into public.booking_settings (recruiter_id, time_zone, availability, slot_step_minutes, minimum_notice_minutes)
      select $1, time_zone, availability, slot_step_minutes, minimum_notice_minutes from public.booking_settings where recruiter_id = $2`, [id, ownerId]);
  }
  const { rows: [type] } = await pools.owner.query<{ id: number }>(
    `insert into public.meeting_types (recruiter_id, name, duration_minutes, kind) values ($1, 'Team intro', 30, 'round_robin') returning id::int`, [ownerId]);
  await pools.owner.query(`insert into public.meeting_type_hosts (meeting_type_id, host_id, priority)
    select $1, host, ordinality - 1 from unnest($2::uuid[]) with ordinality as host
    on conflict (meeting_type_id, host_id) do update set priority = excluded.priority`, [type.id, hostIds]);
  await pools.owner.query(
    `insert into public.candidates (name, email) select 'Team candidate ' || g, 'team' || g || '@example.com' from generate_series(1, $1) g`, [ATTEMPTS]);
  const { rows: links } = await pools.owner.query<{ token: string }>(
    `insert into public.booking_links (recruiter_id, candidate_id, title, duration_minutes, meeting_type_id)
     select $1, id, 'Team intro', 30, $2 from public.candidates where email like 'team%' returning token`, [ownerId, type.id]);
  const deps = { pool: pools.app };
  // A time an hour after the first race's: every host is free then.
  const start = new Date(Date.parse(taken) + 3_600_000).toISOString();
  const began = performance.now();
  const outcomes = await Promise.all(links.map(async ({ token }, i) => {
    try {
      await bookByToken(deps, token, { start, name: `Team candidate ${i + 1}`, email: `team${i + 1}@example.com` });
      return true;
    } catch (error) {
      if (!(error instanceof DomainError) || error.status !== 409) throw error;
      return false;
    }
  }));
  const wallMs = performance.now() - began;
  const { rows } = await pools.owner.query<{ host: string; n: number }>(
    `select recruiter_id::text as host, count(*)::int as n from public.meetings where meeting_type_id = $1 and status <> 'cancelled' group by 1`, [type.id]);
  return {
    hosts: hostIds.length,
    attempts: ATTEMPTS,
    confirmed: outcomes.filter(Boolean).length,
    meetingsPerHost: hostIds.map((id) => rows.find((row) => row.host === id)?.n ?? 0),
    allAnsweredMs: Math.round(wallMs),
  };
}
