// A candidate's time zone set by hand (issue 12): create and edit take
// `timeZone` (an IANA name, or null to infer it from the location again); a
// zone set by hand survives a move; the detail says where the zone comes from.
// On the real API and database; the database's zone check and the API's
// (ianaTimeZone) are compared on every zone the browser offers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ianaTimeZone } from '#domain/schemas/time-zone.ts';
import type { CandidateDetail } from '#domain/candidates/schemas.ts';
import { signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { newCandidate } from '../support/test-data.ts';

let app: TestApp;
let recruiter: TestClient;
let organisationZone: string;

beforeAll(async () => {
  app = await startTestApp();
  recruiter = app.client({ ip: '10.52.0.1' });
  await signInRecruiter(recruiter);
  organisationZone = (await app.pools.owner.query<{ zone: string }>('select time_zone as zone from public.organisation_settings')).rows[0].zone;
});
afterAll(async () => { await app?.close(); });

async function zoneOf(id: number): Promise<CandidateDetail['timeZone']> {
  const detail = await recruiter.get(`/api/candidates/${id}`);
  expect(detail.status, detail.text).toBe(200);
  return (detail.json as CandidateDetail).timeZone;
}

async function edit(id: number, change: Record<string, unknown>): Promise<CandidateDetail['timeZone']> {
  const changed = await recruiter.patch(`/api/candidates/${id}`, change);
  expect(changed.status, changed.text).toBe(200);
  return (changed.json as CandidateDetail).timeZone;
}

const manual = (zone: string) => ({ zone, fromLocation: false, source: 'manual' });
const fromLocation = (zone: string) => ({ zone, fromLocation: true, source: 'location' });

describe('creating a candidate', () => {
  it('keeps a zone given by hand over the location, in its usual spelling', async () => {
    const person = await newCandidate(recruiter, { location: 'Amsterdam', timeZone: 'america/new_york' });
    expect(person.timeZone).toEqual(manual('America/New_York'));
    expect(await zoneOf(person.id)).toEqual(manual('America/New_York'));
  });

  it('infers the zone from the location when none is given, or null or blank', async () => {
    for (const given of [{}, { timeZone: null }, { timeZone: '  ' }]) {
      const person = await newCandidate(recruiter, { location: 'Utrecht, Netherlands', ...given });
      expect(person.timeZone, JSON.stringify(given)).toEqual(fromLocation('Europe/Amsterdam'));
    }
  });

  it('says the organisation\'s zone is used when the location names none', async () => {
    const person = await newCandidate(recruiter, { location: 'Remote' });
    expect(person.timeZone).toEqual({ zone: organisationZone, fromLocation: false, source: 'organisation' });
  });
});

describe('refusing a zone that is not one', () => {
  const BAD = ['Mars/Olympus', '+01:00', 'UTC+3', 'Europe/Amsterdam; drop table candidates', 42, true, ['Europe/Amsterdam']];

  it('on create: 400 naming timeZone, and nothing is stored', async () => {
    for (const timeZone of BAD) {
      const name = `Zone Refused ${String(timeZone)}`;
      const created = await recruiter.post('/api/candidates', { name, timeZone });
      expect(created.status, `${JSON.stringify(timeZone)}: ${created.text}`).toBe(400);
      expect(created.json).toMatchObject({ field: 'timeZone', error: expect.stringContaining('timeZone') });
    }
    const { rows } = await app.pools.owner.query(`select 1 from public.candidates where name like 'Zone Refused %'`);
    expect(rows).toEqual([]);
  });

  it('on edit: 400 naming timeZone, and the zone stays as it was', async () => {
    const person = await newCandidate(recruiter, { location: 'Berlin', timeZone: 'Europe/Lisbon' });
    for (const timeZone of BAD) {
      const changed = await recruiter.patch(`/api/candidates/${person.id}`, { location: 'Paris', timeZone });
      expect(changed.status, `${JSON.stringify(timeZone)}: ${changed.text}`).toBe(400);
      expect(changed.json).toMatchObject({ field: 'timeZone', error: expect.stringContaining('timeZone') });
    }
    expect(await zoneOf(person.id)).toEqual(manual('Europe/Lisbon'));
  });
});

describe('editing the zone', () => {
  it('a zone set by hand stays when the location changes; clearing it infers from the location again', async () => {
    const person = await newCandidate(recruiter, { location: 'Amsterdam' });
    expect(person.timeZone).toEqual(fromLocation('Europe/Amsterdam'));

    expect(await edit(person.id, { timeZone: 'Asia/Tokyo' })).toEqual(manual('Asia/Tokyo'));
    expect(await edit(person.id, { location: 'London' })).toEqual(manual('Asia/Tokyo'));
    expect(await edit(person.id, { name: 'Renamed Zone Person', location: 'Remote' })).toEqual(manual('Asia/Tokyo'));

    expect(await edit(person.id, { timeZone: null })).toEqual({ zone: organisationZone, fromLocation: false, source: 'organisation' });
    expect(await edit(person.id, { location: 'Chicago' })).toEqual(fromLocation('America/Chicago'));
    expect(await edit(person.id, { location: 'Berlin', timeZone: '' })).toEqual(fromLocation('Europe/Berlin'));
  });

  it('choosing the zone the location already gives pins it against a later move', async () => {
    const person = await newCandidate(recruiter, { location: 'Rotterdam' });
    expect(await edit(person.id, { timeZone: 'Europe/Amsterdam' })).toEqual(manual('Europe/Amsterdam'));
    expect(await edit(person.id, { location: 'New York' })).toEqual(manual('Europe/Amsterdam'));
  });

  it('the zone in use is what send windows read (candidates.time_zone), with its source', async () => {
    const person = await newCandidate(recruiter, { location: 'Seattle' });
    await edit(person.id, { timeZone: 'Pacific/Auckland' });
    await edit(person.id, { location: 'Madrid' });
    const { rows } = await app.pools.owner.query(
      'select time_zone, time_zone_source from public.candidates where id = $1', [person.id]);
    expect(rows).toEqual([{ time_zone: 'Pacific/Auckland', time_zone_source: 'manual' }]);
  });
});

describe('the database keeps the same rule', () => {
  it('a zone written straight into the table is set by hand and checked; null infers it again', async () => {
    const person = await newCandidate(recruiter, { location: 'Boston' });
    const row = async () => (await app.pools.owner.query(
      'select time_zone, time_zone_source from public.candidates where id = $1', [person.id])).rows[0] as unknown;
    await app.pools.owner.query(`update public.candidates set time_zone = 'Europe/Oslo' where id = $1`, [person.id]);
    await app.pools.owner.query(`update public.candidates set location = 'Miami' where id = $1`, [person.id]);
    expect(await row()).toEqual({ time_zone: 'Europe/Oslo', time_zone_source: 'manual' });
    await expect(app.pools.owner.query(`update public.candidates set time_zone = 'Mars/Olympus' where id = $1`, [person.id]))
      .rejects.toMatchObject({ code: '23514', constraint: 'candidates_time_zone_known' });
    await app.pools.owner.query(`update public.candidates set time_zone = null where id = $1`, [person.id]);
    expect(await row()).toEqual({ time_zone: 'America/New_York', time_zone_source: 'location' });
  });

  it('public.is_iana_time_zone and ianaTimeZone() agree on every zone the form offers, aliases and non-zones', async () => {
    const names = [...Intl.supportedValuesOf('timeZone'), 'UTC', 'Asia/Calcutta', 'US/Eastern', 'europe/amsterdam',
      'Mars/Olympus', '+01:00', '-05:00', 'UTC+3', 'XYZ+3', 'Europe', ''];
    // What the API stores is ianaTimeZone's answer; a name it refuses is checked as given.
    const stored = names.map((name) => ianaTimeZone(name) ?? name);
    const { rows } = await app.pools.owner.query<{ name: string; known: boolean }>(
      'select name, public.is_iana_time_zone(name) as known from unnest($1::text[]) as n(name)', [stored]);
    const disagree = rows.filter((row, i) => row.known !== (ianaTimeZone(names[i]) !== null)).map((row) => row.name);
    expect(disagree).toEqual([]);
  });

  it('a zone missing from the stored names (one a newer PostgreSQL adds) is still known, from PostgreSQL itself', async () => {
    const known = async () => (await app.pools.owner.query<{ known: boolean }>("select public.is_iana_time_zone('America/Ciudad_Juarez') as known")).rows[0].known;
    await app.pools.owner.query("delete from private.time_zone_names where name = 'America/Ciudad_Juarez'");
    try {
      expect(await known()).toBe(true);
    } finally {
      await app.pools.owner.query("insert into private.time_zone_names (name) values ('America/Ciudad_Juarez') on conflict do nothing");
    }
    expect(await known()).toBe(true);
  });
});
