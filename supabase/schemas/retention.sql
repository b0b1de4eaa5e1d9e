-- Retention (issue 30, decision 043): the rules that say when a candidate's data goes (inactive for N
-- months, no consent for N months, erasure requested), each with a grace period; the people an admin exempts,
-- with the reason; and retention_due(), the one definition of who is due, by which rule and on which date,
-- which the admin's preview, the worker's erasure (through erase_candidates(), consent.sql) and the admins'
-- weekly preview email (whose ledger is private.retention_digests) read. It reads messages, engagement events,
-- meetings and data requests, so it comes after their files.
--
-- The current schema, not its history: supabase/migrations/ is what databases apply. A change
-- is a new migration plus the same change here (by hand, or npm run schema:files);
-- tests/db/declarative-schema.test.ts fails until both make the same schema (decision 031).

-- ---------------------------------------------------------------- tables

create table public.retention_rules (
  id bigint generated always as identity primary key,
  kind text not null unique check (kind in ('inactive', 'no_consent', 'erasure_requested')),
  months integer check (months between 1 and 240),
  grace_days integer default 30 not null check (grace_days between 0 and 365),
  enabled boolean default true not null,
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamp with time zone default now() not null,
  updated_by uuid references public.profiles (id) on delete set null,
  updated_at timestamp with time zone default now() not null,
  constraint retention_rules_months check ((kind = 'erasure_requested'::text) = (months is null))
);
comment on table public.retention_rules is
  'When candidates are erased (issue 30): one rule per kind, with a grace period. Policy '
  'retention_rules_admin (admins read and write); the worker reads as service_role. Changes are audited '
  'by the API (retention_rule.*).';

create table public.retention_exemptions (
  candidate_id bigint primary key references public.candidates (id) on delete cascade,
  reason text not null check (length(btrim(reason)) between 3 and 500),
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamp with time zone default now() not null
);
comment on table public.retention_exemptions is
  'Candidates the inactive and no-consent rules never erase, and why. Policy retention_exemptions_admin '
  '(admins read and write); the worker reads as service_role. An erasure request is not stopped by an '
  'exemption: an admin who must keep the data refuses the request with the reason.';

create table private.retention_digests (
  week date not null,
  profile_id uuid not null references public.profiles (id) on delete cascade,
  status text default 'sending'::text not null check (status in ('sending', 'sent', 'failed', 'nothing_due')),
  attempts integer default 1 not null,
  claimed_at timestamp with time zone default now() not null,
  sent_at timestamp with time zone,
  due integer,
  error text,
  constraint retention_digests_pkey primary key (week, profile_id)
);
comment on table private.retention_digests is
  'One row per admin and week (the Monday, in the organisation''s zone) of the weekly erasure preview '
  'email: claimed by the worker (sending), then sent, failed (tried again within the week, 3 attempts) '
  'or nothing_due.';

create table private.retention_due_counts (
  until date primary key,
  due integer not null,
  counted_at timestamp with time zone default now() not null
);
comment on table private.retention_due_counts is
  'How many people retention_due(until) returns, as counted at counted_at: the dashboard''s Data rights '
  'card (through retention_due_count()). Emptied when the rules, exemptions or data requests change or '
  'a candidate is deleted; candidates'' activity and consent age it at most p_max_age (decision 061).';

-- ---------------------------------------------------------------- functions

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
revoke all on function public.retention_due(p_until date, p_now timestamp with time zone, p_candidate_ids bigint[]) from public, anon, authenticated, service_role;
grant execute on function public.retention_due(p_until date, p_now timestamp with time zone, p_candidate_ids bigint[]) to authenticated, service_role;
comment on function public.retention_due(p_until date, p_now timestamp with time zone, p_candidate_ids bigint[]) is
  'Who the retention rules erase up to p_until (default: today in the organisation''s zone), by which '
  'rule, since when and on which date (issue 30; the definition is the migration''s comment). Admins and '
  'service_role.';

create or replace function public.retention_due_count(p_until date, p_max_age interval default '01:00:00'::interval)
  returns table(due integer, counted_at timestamp with time zone)
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $$
declare
  kept private.retention_due_counts;
begin
  if not (public.is_admin() or auth.role() = 'service_role' or current_setting('role', true) = 'service_role') then
    raise exception 'only admins can see who is due for erasure' using errcode = 'insufficient_privilege';
  end if;
  select * into kept from private.retention_due_counts k where k.until = p_until and k.counted_at > now() - p_max_age;
  if not found then
    insert into private.retention_due_counts as k (until, due, counted_at)
    select p_until, count(*)::integer, now() from public.retention_due(p_until)
    on conflict (until) do update set due = excluded.due, counted_at = excluded.counted_at
    returning * into kept;
  end if;
  return query select kept.due, kept.counted_at;
end
$$;
revoke all on function public.retention_due_count(p_until date, p_max_age interval) from public, anon, authenticated, service_role;
grant execute on function public.retention_due_count(p_until date, p_max_age interval) to authenticated, service_role;
comment on function public.retention_due_count(p_until date, p_max_age interval) is
  'How many people retention_due(p_until) returns: the kept count when it is younger than p_max_age, '
  'else counted now and kept (decision 061). Admins and service_role.';

create or replace function private.forget_retention_due_counts()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $$
begin
  delete from private.retention_due_counts;
  return null;
end
$$;
revoke all on function private.forget_retention_due_counts() from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------- triggers

create trigger candidates_forget_due_counts after delete on public.candidates
  for each statement execute function private.forget_retention_due_counts();

create trigger data_requests_forget_due_counts after insert or delete or update on public.data_requests
  for each statement execute function private.forget_retention_due_counts();

create trigger retention_rules_forget_due_counts after insert or delete or update on public.retention_rules
  for each statement execute function private.forget_retention_due_counts();

create trigger retention_exemptions_forget_due_counts after insert or delete or update on public.retention_exemptions
  for each statement execute function private.forget_retention_due_counts();

-- ---------------------------------------------------------------- row-level security, privileges and policies

alter table public.retention_rules enable row level security;
revoke all on public.retention_rules from anon, authenticated, service_role;
grant select, insert, update, delete on public.retention_rules to authenticated;
grant select on public.retention_rules to service_role;
revoke all on sequence public.retention_rules_id_seq from anon, authenticated, service_role;
grant usage on sequence public.retention_rules_id_seq to authenticated;
create policy retention_rules_admin on public.retention_rules for all to authenticated
  using ((select is_admin()))
  with check ((select is_admin()));

alter table public.retention_exemptions enable row level security;
revoke all on public.retention_exemptions from anon, authenticated, service_role;
grant select, insert, delete on public.retention_exemptions to authenticated;
grant select on public.retention_exemptions to service_role;
create policy retention_exemptions_admin on public.retention_exemptions for all to authenticated
  using ((select is_admin()))
  with check ((select is_admin()) and (created_by = (select auth.uid())));
