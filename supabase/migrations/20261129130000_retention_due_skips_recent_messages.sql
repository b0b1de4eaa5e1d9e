-- Retention's inactive rule at 1,000,000 candidates (decision 048): the Data rights card counted who is due in the
-- next 7 days in 16 s, past the 15 s statement limit, because every candidate created more than ~2 years ago had
-- their last message, event and meeting looked up. A candidate with a message inside the rule's window cannot be
-- due (since is at least that message), so that one probe now comes first, and the rule's bound is computed once
-- per rule instead of once per candidate. Same answer, same definition.
create or replace function public.retention_due(p_until date default null::date, p_now timestamp with time zone default now(), p_candidate_ids bigint[] default null::bigint[])
  returns table(candidate_id bigint, rule_id bigint, rule_kind text, months integer, grace_days integer, since timestamp with time zone, erase_on date, erase_after timestamp with time zone, data_request_id bigint)
  language plpgsql
  stable security definer
  set search_path to 'pg_catalog'
as $$
-- A time-based rule (inactive, no_consent) makes someone due `months` after `since` (a date in the
-- organisation's zone); they are erased `grace_days` later (erase_on), from the start of that day (erase_after).
--   inactive:   since = the last of: the candidate's creation, their last edit (updated_at), their last
--               message in or out (messages.created_at), their last engagement event that is not a
--               machine's (opens, clicks, replies, bookings...), their meetings' booking (created_at) and
--               start once it has begun.
--   no_consent: the candidate may be contacted on no channel (neither email nor WhatsApp consent);
--               since = the last of their creation and their last consent ledger entry.
-- Never due by these rules: an exempted candidate, or one with a confirmed or moved meeting still to
-- come. The suppression list is not people: no rule touches it.
--   erasure_requested: an erasure data request in state scheduled (its undo window set); since = when it was
--               received, erase_after = execute_after + grace_days. Withdrawn, refused (kept) and done
--               requests are not due; neither an exemption nor a meeting stops a candidate's own request.
-- A candidate due by several rules appears once, by the earliest date. p_until: up to which erase_on (null:
-- today in the organisation's zone); p_candidate_ids: only these (null: everyone). Admins and service_role.
declare
  v_zone text := private.organisation_zone();
  v_until date;
begin
  if not (public.is_admin() or auth.role() = 'service_role' or current_setting('role', true) = 'service_role') then
    raise exception 'only admins can see who is due for erasure' using errcode = 'insufficient_privilege';
  end if;
  v_until := coalesce(p_until, public.organisation_today(p_now));
  return query
  with rules as (
    -- bound: a time-based rule's cheap bound, once per rule rather than per candidate (a zone conversion each).
    select r.*, ((v_until - r.grace_days + 4)::timestamp - make_interval(months => r.months)) at time zone v_zone as bound
      from public.retention_rules r where r.enabled
  ),
  timed as (
    select c.id as cid, r.id as rid, r.kind, r.months as m, r.grace_days as g,
           greatest(c.created_at, c.updated_at,
             (select max(ms.created_at) from public.messages ms where ms.candidate_id = c.id),
             (select max(e.occurred_at) from public.engagement_events e where e.candidate_id = c.id and not e.machine),
             (select max(greatest(mt.created_at, case when mt.starts_at <= p_now then mt.starts_at end))
                from public.meetings mt where mt.candidate_id = c.id)) as since_at
      from rules r
      join public.candidates c on r.kind = 'inactive'
       -- A cheap bound first: the row itself must be old enough (a few days' slack for month arithmetic).
       and greatest(c.created_at, c.updated_at) < r.bound
       -- The same bound on their last message (one index probe) leaves out everyone still being written to
       -- before the three look-ups below run for them. A scalar subquery, not "not exists": that would become an
       -- anti-join applied after the look-ups.
       and coalesce((select max(ms.created_at) from public.messages ms where ms.candidate_id = c.id), '-infinity') < r.bound
     where p_candidate_ids is null or c.id = any (p_candidate_ids)
    union all
    select c.id, r.id, r.kind, r.months, r.grace_days,
           greatest(c.created_at, (select max(ce.created_at) from public.consent_events ce where ce.candidate_id = c.id))
      from rules r
      join public.candidates c on r.kind = 'no_consent' and not c.allows_email and not c.allows_whatsapp
     where p_candidate_ids is null or c.id = any (p_candidate_ids)
  ),
  timed_due as (
    select t.cid, t.rid, t.kind, t.m, t.g, t.since_at,
           (((t.since_at at time zone v_zone)::date + make_interval(months => t.m))::date + t.g) as on_day,
           null::bigint as request_id
      from timed t
     where not exists (select 1 from public.retention_exemptions x where x.candidate_id = t.cid)
       and not exists (select 1 from public.meetings mt where mt.candidate_id = t.cid and mt.starts_at > p_now
                        and mt.status in ('confirmed', 'rescheduled'))
  ),
  requested as (
    select d.candidate_id as cid, r.id as rid, r.kind, null::integer as m, r.grace_days as g, d.received_at as since_at,
           coalesce(d.execute_after, d.received_at) + make_interval(days => r.grace_days) as after_at, d.id as request_id
      from rules r
      join public.data_requests d on r.kind = 'erasure_requested' and d.kind = 'erasure' and d.state = 'scheduled'
       and d.candidate_id is not null
     where p_candidate_ids is null or d.candidate_id = any (p_candidate_ids)
  ),
  every_due as (
    select td.cid, td.rid, td.kind, td.m, td.g, td.since_at, td.on_day,
           (td.on_day::timestamp at time zone v_zone) as after_at, td.request_id, 1 as rank
      from timed_due td
    union all
    select q.cid, q.rid, q.kind, q.m, q.g, q.since_at, (q.after_at at time zone v_zone)::date, q.after_at, q.request_id, 0
      from requested q
  )
  select distinct on (d.cid) d.cid, d.rid, d.kind, d.m, d.g, d.since_at, d.on_day, d.after_at, d.request_id
    from every_due d
   where d.on_day <= v_until
   order by d.cid, d.on_day, d.rank, d.after_at, d.request_id;
end
$$;
