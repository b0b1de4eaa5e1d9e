// Talent pools, campaigns, templates and meetings for the palette. Names and
// titles are found by trigram word similarity (`<%`, which also finds "borrel"
// in "Kerstborrel"), best first; those lookups run in security-definer
// functions (under RLS the trigram indexes could not be used) and the rows are
// read here, by id, under RLS. Meetings are also found by their candidate and their hosts.
import type { Tx } from '../../platform/db/request.server.ts';
import type { SearchResult } from './schemas.ts';
import { campaignPath } from '../campaigns/paths.ts';

export const RECORD_LIMITS = { pools: 5, campaigns: 5, templates: 5, meetings: 5 };

const CAMPAIGN_TYPES: Record<string, string> = {
  nurture: 'Nurture Campaign', announcement: 'Job Announcement', followup: 'Follow-up Campaign',
  event: 'Event Invitation', quick: 'Quick Message',
};

interface RecordRow {
  type: 'pool' | 'campaign' | 'template'; id: number; name: string; kind: string | null; state: string | null;
  template_id: string | null; description: string | null;
}

/** Pools, then campaigns, then templates whose names have a word like `doc` (search_doc of the query). */
export async function searchNamedRecords(tx: Tx, doc: string): Promise<SearchResult[]> {
  const { rows } = await tx.query<RecordRow>(
    `(select 'pool' as type, p.id, p.name, null as kind, null as state, null as template_id, p.description
        from public.search_pool_ids($1, $2) m join public.talent_pools p on p.id = m.id
       order by m.distance, p.name)
     union all
     (select 'campaign', c.id, c.name, c.campaign_type, c.status, null, null
        from public.search_campaign_ids($1, $3) m join public.campaigns c on c.id = m.id
       order by m.distance, c.scheduled_at desc)
     union all
     (select 'template', t.id, t.name, t.category, t.language, t.template_id, t.description
        from public.search_template_ids($1, $4) m join public.ai_templates t on t.id = m.id
       order by m.distance, t.name)`,
    [doc, RECORD_LIMITS.pools, RECORD_LIMITS.campaigns, RECORD_LIMITS.templates]);
  return rows.map((row): SearchResult => {
    if (row.type === 'pool') {
      return {
        id: `pool:${row.id}`, type: 'pool', title: row.name, subtitle: 'Talent pool',
        ...(row.description ? { description: row.description } : {}),
        url: `/app/people?talentPoolId=${row.id}`, action: 'navigate', icon: 'Users',
      };
    }
    if (row.type === 'campaign') {
      return {
        id: `campaign:${row.id}`, type: 'campaign', title: row.name,
        subtitle: `${CAMPAIGN_TYPES[row.kind!] ?? row.kind} · ${row.state}`,
        url: campaignPath(row.id), action: 'navigate', icon: 'Mail',
      };
    }
    return {
      id: `template:${row.template_id}`, type: 'template', title: row.name,
      subtitle: `${row.kind} · ${row.state === 'dutch' ? 'Dutch' : 'English'}`,
      ...(row.description ? { description: row.description } : {}),
      url: `/app/communications?template=${encodeURIComponent(row.template_id!)}`, action: 'navigate', icon: 'FileText',
    };
  });
}

const STATUS_LABELS: Record<string, string> = {
  confirmed: 'Confirmed', rescheduled: 'Rescheduled', cancelled: 'Cancelled', completed: 'Completed', no_show: 'No-show',
};

interface MeetingRow { id: number; title: string; status: string; candidate: string | null; hosts: string | null; local: string; week: string }

/**
 * Meetings whose title has a word like `doc`, whose candidate is one of `candidateIds` (the candidates
 * whose names matched every query word), or whose host's name is like `doc` (a collective meeting's every
 * host: meeting_hosts, the names from team_members()); the closest first, then the latest. The subtitle
 * names the hosts (the meeting's recruiter first); the url opens the meeting in its week, everyone's
 * meetings shown, at the date in its recruiter's time zone. A host's name is matched over the team's (a few
 * dozen) and their latest meetings read through meeting_hosts_host, in search_host_meeting_ids.
 */
export async function searchMeetings(tx: Tx, doc: string, candidateIds: number[]): Promise<SearchResult[]> {
  if (doc.length < 2 && !candidateIds.length) return [];
  const { rows } = await tx.query<MeetingRow>(
    `with found as (
       select id, distance from public.search_meeting_ids($1, $3) where length($1) >= 2
       union all
       (select id, 0 from public.meetings where candidate_id = any($2::bigint[]) order by starts_at desc limit $3)
       union all
       select id, distance from public.search_host_meeting_ids($1, $3) where length($1) >= 2
     ), picked as (
       select id, min(distance) as distance from found group by id
     ), team as materialized (
       select id, name from public.team_members()
     )
     select m.id, m.title, m.status, c.name as candidate,
            (select string_agg(t.name, ', ' order by t.id <> m.recruiter_id, t.name)
               from public.meeting_hosts mh join team t on t.id = mh.host_id where mh.meeting_id = m.id) as hosts,
            to_char(m.starts_at at time zone z.zone, 'YYYY-MM-DD HH24:MI') as local,
            to_char(m.starts_at at time zone z.zone, 'YYYY-MM-DD') as week
       from picked p
       join public.meetings m on m.id = p.id
       left join public.candidates c on c.id = m.candidate_id
       cross join lateral (select coalesce((select b.time_zone from public.booking_settings b where b.recruiter_id = m.recruiter_id),
                                           'Europe/Amsterdam') as zone) z
      order by p.distance, m.starts_at desc
      limit $3`, [doc, candidateIds, RECORD_LIMITS.meetings]);
  return rows.map((row) => ({
    id: `meeting:${row.id}`, type: 'meeting',
    title: row.candidate ? `${row.title} with ${row.candidate}` : row.title,
    subtitle: [row.local, STATUS_LABELS[row.status] ?? row.status, ...(row.hosts ? [row.hosts] : [])].join(' · '),
    url: `/app/meetings?view=week&week=${row.week}&recruiter=all&meeting=${row.id}`, action: 'navigate', icon: 'CalendarClock',
  }));
}
