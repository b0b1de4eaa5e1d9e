-- Demo recruiting data: a few talent pools and 200 candidates with Dutch and
-- English names and a mix of consent. Deterministic, so every fresh start looks alike.

insert into public.talent_pools (name, description) values
  ('Backend Engineers', 'Go, Java and TypeScript engineers for platform teams'),
  ('Frontend Engineers', 'React and design-system specialists'),
  ('Data & AI', 'Data engineers, analysts and ML engineers'),
  ('Sales Amsterdam', 'Account executives and SDRs around Amsterdam'),
  ('Graduates 2027', 'Students graduating next summer');

with first_names(list) as (
  select array['Anouk','Daan','Sanne','Lars','Femke','Jeroen','Lotte','Bram','Noor','Thijs',
               'Emma','Liam','Olivia','Noah','Sophie','Oliver','Charlotte','Jack','Amelia','Harry',
               'Fleur','Ruben','Maud','Sem','Isa','Milan','Jasmijn','Stijn','Zoë','Joël']
), last_names(list) as (
  select array['de Vries','Jansen','van den Berg','Bakker','Visser','Smit','Meijer','de Boer','Mulder','Janssen',
               'Smith','Jones','Taylor','Brown','Williams','Wilson','Johnson','Davies','Müller','van Dijk',
               'Hendriks','Dekker','Peeters','Brouwer','de Graaf','Kuipers','Vermeulen','Bos','Clarke','Evans']
), jobs(list) as (
  select array['Backend Engineer','Frontend Engineer','Data Engineer','Product Designer','Account Executive',
               'Data Scientist','DevOps Engineer','Engineering Manager','QA Engineer','Sales Development Rep']
), skills(list) as (
  select array['typescript','react','go','java','python','sql','kubernetes','aws','figma','salesforce',
               'postgres','terraform','machine-learning','kotlin','negotiation']
), places(list) as (
  select array['Amsterdam','Rotterdam','Utrecht','Eindhoven','Den Haag','Groningen','London','Manchester','Remote','Berlin']
), levels(list) as (
  select array['junior','medior','senior','lead','principal']
), people as (
  select g as n,
         (select list[1 + (g * 7) % 30] from first_names) || ' ' || (select list[1 + (g * 11 + g / 30) % 30] from last_names) as name,
         (select list[1 + g % 10] from jobs) as job,
         array[(select list[1 + g % 15] from skills), (select list[1 + (g * 3 + 1) % 15] from skills)] as tags,
         (select list[1 + (g * 5) % 10] from places) as place,
         (select list[1 + (g * 3) % 5] from levels) as level
    from generate_series(1, 200) as g
)
insert into public.candidates (name, email, phone, whatsapp_number, preferred_contact_method,
                               job_function, skill_tags, seniority_level, location, preferred_role, lead_score)
select name,
       -- every 15th candidate has no email address on file
       case when n % 15 = 0 then null
            else lower(regexp_replace(public.f_unaccent(name), '[^a-zA-Z]+', '.', 'g')) || '.' || n || '@example.com' end,
       '+316' || lpad((10000000 + n * 7919 % 89999999)::text, 8, '0'),
       case when n % 3 = 0 then '+316' || lpad((20000000 + n * 104729 % 79999999)::text, 8, '0') end,
       case when n % 3 = 0 then 'whatsapp' else 'email' end,
       job, (select array_agg(distinct t) from unnest(tags) t), level, place,
       'Senior ' || job,
       (n * 37) % 101
  from people
 order by n;

-- Consent goes through the ledger; its trigger sets the candidates' flags.
insert into public.consent_events (candidate_id, channel, granted, source, wording)
select id, 'email', id % 9 <> 0, 'seed', 'Demo data: consent recorded at import'
  from public.candidates;
insert into public.consent_events (candidate_id, channel, granted, source, wording)
select id, 'whatsapp', id % 3 = 0, 'seed', 'Demo data: consent recorded at import'
  from public.candidates;

-- Pool membership: each candidate in the pool that fits their job, some in two.
insert into public.talent_pool_members (talent_pool_id, candidate_id)
select p.id, c.id
  from public.candidates c
  join public.talent_pools p on p.name = case
       when c.job_function in ('Backend Engineer','DevOps Engineer','Engineering Manager','QA Engineer') then 'Backend Engineers'
       when c.job_function in ('Frontend Engineer','Product Designer') then 'Frontend Engineers'
       when c.job_function in ('Data Engineer','Data Scientist') then 'Data & AI'
       else 'Sales Amsterdam' end
union
select p.id, c.id
  from public.candidates c
  join public.talent_pools p on p.name = 'Graduates 2027'
 where c.seniority_level = 'junior' and c.id % 2 = 0;

-- Meetings (issue 10): every demo user books like a recruiter. Weekday mornings and afternoons
-- in Amsterdam with a lunch break, 10 minutes kept free after each meeting, and one meeting type.
insert into public.booking_settings (recruiter_id, time_zone, availability, overrides, buffer_before_minutes,
                                     buffer_after_minutes, minimum_notice_minutes, horizon_days, slot_step_minutes, max_per_day)
select id, 'Europe/Amsterdam',
       jsonb_build_object(
         'monday', hours, 'tuesday', hours, 'wednesday', hours, 'thursday', hours, 'friday', hours,
         'saturday', '[]'::jsonb, 'sunday', '[]'::jsonb),
       '[]', 0, 10, 240, 30, 30, 6
  from public.profiles,
       (select '[{"start": "09:00", "end": "12:00"}, {"start": "13:00", "end": "17:00"}]'::jsonb as hours) as office;
insert into public.meeting_types (recruiter_id, name, duration_minutes, description, location_kind, colour)
select id, 'Intro call', 30, 'A first conversation: who you are, what you are looking for, and the roles we have.', 'teams', 'blue'
  from public.profiles;

-- A team's meeting types (issue 29): the recruiter's round-robin intro call shared with the admin,
-- spread evenly, and a collective panel interview that needs both of them free.
with team_types as (
  insert into public.meeting_types (recruiter_id, name, duration_minutes, description, location_kind, colour, kind, distribution)
  select p.id, t.name, t.minutes, t.description, 'teams', t.colour, t.kind, 'even'
    from public.profiles p,
         (values ('Team intro call', 30, 'A first conversation with whoever of our recruiters is free first.', 'teal', 'round_robin'),
                 ('Panel interview', 60, 'Meet the hiring team together: a recruiter and the hiring manager.', 'grape', 'collective'))
           as t(name, minutes, description, colour, kind)
   where p.username = 'recruiter'
  returning id
)
insert into public.meeting_type_hosts (meeting_type_id, host_id, priority)
select team_types.id, p.id, 1 from team_types, public.profiles p where p.username = 'admin';
