// Bookable slots (domain/meetings/slots.ts): one 30-day computation for a busy
// recruiter in Europe/Amsterdam, across the October DST change, with 500 confirmed
// meetings, 100 external busy blocks and 20 date overrides; and the same for a team of
// 5 such hosts, collective (every host free) and round-robin (any host free), each host
// with their own 500 meetings and 100 busy blocks (teamSlots). Goal: p95 <= 20 ms each.
import os from 'node:os';
import { availabilitySettingsSchema } from '#domain/meetings/schemas.ts';
import { bookableSlots, teamSlots, type HostsNeeded, type SlotQuery } from '#domain/meetings/slots.ts';

const RUNS = 300;
const DAYS = 30;
const HOUR = 3_600_000;

/** A small deterministic generator, so every run measures the same input. */
function random(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
}

function benchQuery(seed = 10): SlotQuery {
  const next = random(seed);
  const workday = [{ start: '08:00', end: '12:00' }, { start: '13:00', end: '18:00' }];
  const now = Date.parse('2025-10-10T06:00:00Z');
  const settings = availabilitySettingsSchema.parse({
    timeZone: 'Europe/Amsterdam',
    availability: {
      monday: workday, tuesday: workday, wednesday: workday, thursday: workday, friday: workday,
      saturday: [{ start: '10:00', end: '14:00' }], sunday: [{ start: '01:00', end: '04:00' }],
    },
    // 20 dates: days off and short days.
    overrides: Array.from({ length: 20 }, (_, i) => ({
      date: new Date(now + (i * 1.5 + 1) * 24 * HOUR).toISOString().slice(0, 10),
      ranges: i % 3 === 0 ? [] : [{ start: '09:30', end: '11:30' }, { start: '14:00', end: '16:45' }],
    })).filter((o, i, all) => all.findIndex((other) => other.date === o.date) === i),
    bufferBeforeMinutes: 10,
    bufferAfterMinutes: 5,
    minimumNoticeMinutes: 240,
    horizonDays: 60,
    slotStepMinutes: 15,
    maxPerDay: 20,
  });
  const at = (hours: number) => new Date(now + hours * HOUR).toISOString();
  const spanHours = DAYS * 24;
  const confirmedMeetings = Array.from({ length: 500 }, () => {
    const start = Math.floor(next() * spanHours * 4) / 4; // on the quarter hour
    return { start: at(start), end: at(start + 0.5) };
  });
  const externalBusy = Array.from({ length: 100 }, () => {
    const start = Math.floor(next() * spanHours * 4) / 4;
    return { start: at(start), end: at(start + 0.25 + Math.floor(next() * 8) / 4) };
  });
  return { settings, durationMinutes: 30, confirmedMeetings, externalBusy, now: at(0), from: at(0), to: at(spanHours) };
}

const ms = (t: number) => Number(t.toFixed(2));
const percentile = (sorted: number[], p: number) => ms(sorted[Math.floor(sorted.length * p)]);

/** Wall and CPU time (this process) of `work`, RUNS times after a warm-up: what a request waits, and the work itself. */
function measure(work: () => number) {
  let offered = 0;
  for (let i = 0; i < 30; i++) offered = work(); // warm up the JIT
  const times: number[] = [];
  const cpuTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    work();
    times.push(performance.now() - started);
    const cpu = process.cpuUsage(cpuBefore);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);
  return {
    slots_offered: offered,
    per_computation_ms: { p50: percentile(times, 0.5), p95: percentile(times, 0.95), max: ms(times[times.length - 1]) },
    cpu_per_computation_ms: { p50: percentile(cpuTimes, 0.5), p95: percentile(cpuTimes, 0.95) },
  };
}

const team = (queries: SlotQuery[], needed: HostsNeeded) => () => teamSlots(queries.map((query) => bookableSlots(query)), needed).length;

export function run() {
  const query = benchQuery();
  const hosts = [10, 11, 12, 13, 14].map((seed) => benchQuery(seed));
  return {
    name: 'slots',
    runs: RUNS,
    window_days: DAYS,
    confirmed_meetings: query.confirmedMeetings.length,
    external_busy: query.externalBusy.length,
    overrides: query.settings.overrides.length,
    ...measure(() => bookableSlots(query).length),
    collective_5_hosts: { hosts: hosts.length, ...measure(team(hosts, 'all')) },
    round_robin_5_hosts: { hosts: hosts.length, ...measure(team(hosts, 'any')) },
    load_average_1m: Number(os.loadavg()[0].toFixed(1)),
    goal_p95_ms: 20,
  };
}
