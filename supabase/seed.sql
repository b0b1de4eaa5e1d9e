-- Demo data. Two ways in:
-- - `npm start` (better-auth, decision 003): demo/demo.server.ts creates the demo users through
--   better-auth first, then runs this file; the users' block below sees them and does nothing.
-- - `supabase db reset` (Supabase Auth, decision 050): the migrations, then this file as the database
--   owner. The block below creates the same demo users in auth.users, the way GoTrue stores them, and
--   their public.profiles rows with the same ids. The passwords and the admin's TOTP secret are the
--   README's (demo/demo.server.ts DEMO_ADMIN, DEMO_RECRUITER): public, for a local stack only.
-- Then a few talent pools and 200 candidates with Dutch and English names and a mix of consent.
-- Deterministic, so every fresh start looks alike.

do $$
declare
  -- Fixed ids, so that a reset gives the same users (and profiles) every time.
  admin_id constant uuid := 'd3e10000-0000-4000-8000-000000000001';
  recruiter_id constant uuid := 'd3e10000-0000-4000-8000-000000000002';
begin
  -- Only on a Supabase database (GoTrue's auth.users), and only where nobody created users yet.
  if to_regclass('auth.users') is null or exists (select 1 from public.profiles) then
    return;
  end if;

  -- As GoTrue writes a confirmed email user: bcrypt in encrypted_password (pgcrypto lives in schema
  -- extensions on Supabase), the provider in raw_app_meta_data, and '' rather than NULL in the token
  -- columns GoTrue reads into non-null strings (a NULL there fails every sign-in with a 500).
  insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                          raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
                          confirmation_token, recovery_token, email_change_token_new, email_change)
  select '00000000-0000-0000-0000-000000000000', u.id, 'authenticated', 'authenticated', u.email,
         extensions.crypt(u.password, extensions.gen_salt('bf')), now(),
         '{"provider": "email", "providers": ["email"]}'::jsonb,
         jsonb_build_object('username', u.username, 'display_name', u.display_name, 'email_verified', true),
         now(), now(), '', '', '', ''
    from (values (admin_id, 'admin@talentloop.local', 'admin-demo-password', 'admin', 'Anouk de Vries'),
                 (recruiter_id, 'recruiter@talentloop.local', 'recruiter-demo-password', 'recruiter', 'Sam Jansen'))
           as u(id, email, password, username, display_name);

  -- The email identity each password user has (provider_id is the user's id for provider email).
  insert into auth.identities (id, user_id, provider_id, provider, identity_data, last_sign_in_at, created_at, updated_at)
  select u.identity_id, u.id, u.id::text, 'email',
         jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
         now(), now(), now()
    from (values ('d3e10000-0000-4000-8000-000000000011'::uuid, admin_id, 'admin@talentloop.local'),
                 ('d3e10000-0000-4000-8000-000000000012'::uuid, recruiter_id, 'recruiter@talentloop.local'))
           as u(identity_id, id, email);

  -- The admin's authenticator, enrolled and verified on the README's secret (base32, as GoTrue keeps
  -- it when its database encryption is off; with it on, GoTrue still reads a plain secret).
  insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret, created_at, updated_at)
  values ('d3e10000-0000-4000-8000-000000000021', admin_id, 'Authenticator app', 'totp', 'verified',
          'ORQWYZLOORWG633QFVSGK3LPFUZGMYJB', now(), now());

  -- What the app reads about each user, under the same ids.
  insert into public.profiles (id, username, display_name, email, role, two_factor_enabled)
  values (admin_id, 'admin', 'Anouk de Vries', 'admin@talentloop.local', 'admin', true),
         (recruiter_id, 'recruiter', 'Sam Jansen', 'recruiter@talentloop.local', 'recruiter', false)
  on conflict (id) do update
    set username = excluded.username, display_name = excluded.display_name, email = excluded.email,
        role = excluded.role, two_factor_enabled = excluded.two_factor_enabled;
end
$$;

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
