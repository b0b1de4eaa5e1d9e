-- A candidate's time zone set by hand (issue 12): the recruiter knows better
-- than the location ("Remote", a city we do not list, someone who moved).
-- candidates.time_zone stays the one zone in use (what send windows read);
-- time_zone_source says where it came from. A zone set by hand stays when the
-- location changes; clearing it (null) goes back to inferring from the location.

alter table public.candidates
  add column time_zone_source text not null default 'location'
    constraint candidates_time_zone_source check (time_zone_source in ('location', 'manual')),
  add constraint candidates_time_zone_manual_set check (time_zone_source = 'location' or time_zone is not null);
comment on column public.candidates.time_zone_source is
  'How time_zone was set: location (public.location_time_zone; null time_zone means the organisation''s zone) or manual (by a recruiter).';
comment on column public.candidates.time_zone is
  'IANA time zone in use: set by hand (time_zone_source = manual) or inferred from the location when it is unambiguous; null: the organisation''s zone.';

-- Whether PostgreSQL knows `zone` by that IANA name: a zone it cannot use would stop
-- every send window that reads it. Fixed offsets ("+01:00", "UTC+3") are refused,
-- as by ianaTimeZone() in domain/schemas/time-zone.ts, which mirrors this (tested).
create or replace function public.is_iana_time_zone(zone text) returns boolean
  language sql stable parallel safe set search_path = pg_catalog
  as $$
  select zone is not null and zone !~ '^[+-]'
     and exists (select 1 from pg_catalog.pg_timezone_names n where n.name = zone)
$$;
grant execute on function public.is_iana_time_zone(text) to anon, authenticated, service_role;

-- The one rule for the zone:
--  * a statement that writes a zone without saying how (time_zone_source unchanged) sets it by hand,
--    or, when it writes null, goes back to inferring;
--  * a zone set by hand is kept whatever the location does, and checked;
--  * otherwise the zone follows the location.
create or replace function public.candidates_infer_time_zone() returns trigger
  language plpgsql set search_path = pg_catalog
  as $$
begin
  if tg_op = 'INSERT' then
    if new.time_zone is not null then new.time_zone_source := 'manual'; end if;
  elsif new.time_zone is distinct from old.time_zone and new.time_zone_source is not distinct from old.time_zone_source then
    new.time_zone_source := case when new.time_zone is null then 'location' else 'manual' end;
  end if;
  if new.time_zone_source = 'manual' and new.time_zone is null then
    new.time_zone_source := 'location';
  end if;
  if new.time_zone_source = 'manual' then
    if (tg_op = 'INSERT' or new.time_zone is distinct from old.time_zone) and not public.is_iana_time_zone(new.time_zone) then
      raise exception 'time zone "%" is not known', new.time_zone
        using errcode = 'check_violation', constraint = 'candidates_time_zone_known', column = 'time_zone';
    end if;
  else
    new.time_zone := public.location_time_zone(new.location);
  end if;
  return new;
end
$$;
drop trigger candidates_infer_time_zone on public.candidates;
create trigger candidates_infer_time_zone before insert or update of location, time_zone, time_zone_source on public.candidates
  for each row execute function public.candidates_infer_time_zone();

-- Requests and jobs write every field of a candidate but the consent flags (20261123000010).
grant insert (time_zone, time_zone_source), update (time_zone, time_zone_source) on public.candidates to authenticated, service_role;
