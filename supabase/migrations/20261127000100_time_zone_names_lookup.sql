-- public.is_iana_time_zone read pg_timezone_names on every call, and that view opens and
-- parses every zone file of PostgreSQL's tz database each time (15 to 30 ms a call). The
-- candidate trigger calls it for each zone set by hand, so a CSV import with a time zone
-- column spent that on every row. The names are now kept in a table, filled here from the
-- same view; a name not in it is still looked up in the view, so a zone that a newer
-- PostgreSQL knows is accepted as before. Zones are never removed from the tz database
-- (a retired name stays as a link), so a name in the table stays a name PostgreSQL knows.

create table private.time_zone_names (name text primary key);
insert into private.time_zone_names (name)
  select name from pg_catalog.pg_timezone_names on conflict do nothing;
revoke all on private.time_zone_names from public, anon, authenticated, service_role;

-- The same rule as before (mirrored by ianaTimeZone() in domain/schemas/time-zone.ts, tested);
-- security definer so the caller's role need not read the private table.
create or replace function public.is_iana_time_zone(zone text) returns boolean
  language sql stable parallel safe security definer set search_path = pg_catalog
  as $$
  select zone is not null and zone !~ '^[+-]'
     and (exists (select 1 from private.time_zone_names t where t.name = zone)
          or exists (select 1 from pg_catalog.pg_timezone_names n where n.name = zone))
$$;
revoke all on function public.is_iana_time_zone(text) from public;
grant execute on function public.is_iana_time_zone(text) to anon, authenticated, service_role;
