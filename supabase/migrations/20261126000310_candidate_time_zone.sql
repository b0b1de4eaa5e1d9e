-- A candidate's time zone (issue 12): campaigns with a send window send in the
-- candidate's morning. Inferred from the location where the place names one
-- zone; ambiguous or unknown places (Remote, Portland, "the Netherlands or
-- Belgium") stay null and the organisation's zone is used.

alter table public.candidates add column time_zone text;
comment on column public.candidates.time_zone is
  'IANA time zone, set from the location when it is unambiguous (public.location_time_zone); null: the organisation''s zone.';

-- The zone a location names, or null. Looks at each comma-separated part, most
-- specific first ("Utrecht, Netherlands" → Utrecht). A small table on purpose:
-- a wrong zone mails someone at night, no zone mails them in the organisation's morning.
create or replace function public.location_time_zone(location text) returns text
  language sql immutable parallel safe set search_path = pg_catalog
  as $$
  select z.zone
    from unnest(string_to_array(lower(coalesce(location, '')), ',')) with ordinality as part(name, n)
    join (values
      -- The Netherlands, Belgium, Luxembourg
      ('amsterdam', 'Europe/Amsterdam'), ('rotterdam', 'Europe/Amsterdam'), ('utrecht', 'Europe/Amsterdam'),
      ('den haag', 'Europe/Amsterdam'), ('the hague', 'Europe/Amsterdam'), ('''s-gravenhage', 'Europe/Amsterdam'),
      ('eindhoven', 'Europe/Amsterdam'), ('groningen', 'Europe/Amsterdam'), ('delft', 'Europe/Amsterdam'),
      ('leiden', 'Europe/Amsterdam'), ('haarlem', 'Europe/Amsterdam'), ('zwolle', 'Europe/Amsterdam'),
      ('nijmegen', 'Europe/Amsterdam'), ('arnhem', 'Europe/Amsterdam'), ('tilburg', 'Europe/Amsterdam'),
      ('breda', 'Europe/Amsterdam'), ('maastricht', 'Europe/Amsterdam'), ('enschede', 'Europe/Amsterdam'),
      ('amersfoort', 'Europe/Amsterdam'), ('almere', 'Europe/Amsterdam'), ('apeldoorn', 'Europe/Amsterdam'),
      ('den bosch', 'Europe/Amsterdam'), ('''s-hertogenbosch', 'Europe/Amsterdam'), ('hilversum', 'Europe/Amsterdam'),
      ('netherlands', 'Europe/Amsterdam'), ('the netherlands', 'Europe/Amsterdam'), ('nederland', 'Europe/Amsterdam'), ('nl', 'Europe/Amsterdam'),
      ('brussels', 'Europe/Brussels'), ('brussel', 'Europe/Brussels'), ('bruxelles', 'Europe/Brussels'), ('antwerp', 'Europe/Brussels'),
      ('antwerpen', 'Europe/Brussels'), ('gent', 'Europe/Brussels'), ('ghent', 'Europe/Brussels'), ('leuven', 'Europe/Brussels'),
      ('belgium', 'Europe/Brussels'), ('belgië', 'Europe/Brussels'), ('luxembourg', 'Europe/Luxembourg'),
      -- Elsewhere in Europe
      ('london', 'Europe/London'), ('manchester', 'Europe/London'), ('edinburgh', 'Europe/London'), ('bristol', 'Europe/London'),
      ('united kingdom', 'Europe/London'), ('uk', 'Europe/London'), ('dublin', 'Europe/Dublin'), ('ireland', 'Europe/Dublin'),
      ('berlin', 'Europe/Berlin'), ('munich', 'Europe/Berlin'), ('münchen', 'Europe/Berlin'), ('hamburg', 'Europe/Berlin'),
      ('cologne', 'Europe/Berlin'), ('köln', 'Europe/Berlin'), ('düsseldorf', 'Europe/Berlin'), ('frankfurt', 'Europe/Berlin'),
      ('germany', 'Europe/Berlin'), ('deutschland', 'Europe/Berlin'),
      ('paris', 'Europe/Paris'), ('lyon', 'Europe/Paris'), ('france', 'Europe/Paris'),
      ('madrid', 'Europe/Madrid'), ('barcelona', 'Europe/Madrid'), ('lisbon', 'Europe/Lisbon'), ('porto', 'Europe/Lisbon'),
      ('portugal', 'Europe/Lisbon'), ('milan', 'Europe/Rome'), ('rome', 'Europe/Rome'), ('italy', 'Europe/Rome'),
      ('zurich', 'Europe/Zurich'), ('zürich', 'Europe/Zurich'), ('geneva', 'Europe/Zurich'), ('switzerland', 'Europe/Zurich'),
      ('vienna', 'Europe/Vienna'), ('wien', 'Europe/Vienna'), ('austria', 'Europe/Vienna'),
      ('copenhagen', 'Europe/Copenhagen'), ('denmark', 'Europe/Copenhagen'), ('stockholm', 'Europe/Stockholm'), ('sweden', 'Europe/Stockholm'),
      ('oslo', 'Europe/Oslo'), ('norway', 'Europe/Oslo'), ('helsinki', 'Europe/Helsinki'), ('finland', 'Europe/Helsinki'),
      ('warsaw', 'Europe/Warsaw'), ('kraków', 'Europe/Warsaw'), ('krakow', 'Europe/Warsaw'), ('poland', 'Europe/Warsaw'),
      ('prague', 'Europe/Prague'), ('athens', 'Europe/Athens'), ('bucharest', 'Europe/Bucharest'), ('budapest', 'Europe/Budapest'),
      -- North America: cities only where the name is one place (not Portland, not "USA")
      ('new york', 'America/New_York'), ('nyc', 'America/New_York'), ('boston', 'America/New_York'), ('washington dc', 'America/New_York'),
      ('atlanta', 'America/New_York'), ('miami', 'America/New_York'), ('toronto', 'America/Toronto'), ('montreal', 'America/Toronto'),
      ('chicago', 'America/Chicago'), ('austin', 'America/Chicago'), ('dallas', 'America/Chicago'), ('houston', 'America/Chicago'),
      ('denver', 'America/Denver'), ('phoenix', 'America/Phoenix'),
      ('san francisco', 'America/Los_Angeles'), ('los angeles', 'America/Los_Angeles'), ('seattle', 'America/Los_Angeles'),
      ('san diego', 'America/Los_Angeles'), ('vancouver', 'America/Vancouver')
    ) as z(place, zone) on z.place = btrim(part.name)
   order by part.n
   limit 1
$$;
grant execute on function public.location_time_zone(text) to anon, authenticated, service_role;

-- Inferred when the location is set or changes, unless the same statement sets the zone itself.
create or replace function public.candidates_infer_time_zone() returns trigger
  language plpgsql set search_path = pg_catalog
  as $$
begin
  if tg_op = 'INSERT' then
    new.time_zone := coalesce(new.time_zone, public.location_time_zone(new.location));
  elsif new.location is distinct from old.location and new.time_zone is not distinct from old.time_zone then
    new.time_zone := public.location_time_zone(new.location);
  end if;
  return new;
end
$$;
create trigger candidates_infer_time_zone before insert or update of location, time_zone on public.candidates
  for each row execute function public.candidates_infer_time_zone();

update public.candidates set time_zone = public.location_time_zone(location) where location is not null;
