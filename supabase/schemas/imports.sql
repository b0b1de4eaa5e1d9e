-- CSV imports, all or nothing per file (decision 009): the import with its progress and the process
-- running it (decision 029), the rows staged while the file uploads, the rows skipped with their reason,
-- and insert_imported_candidates(), which writes new candidates together with their first consent.
--
-- The current schema, not its history: supabase/migrations/ is what databases apply. A change
-- is a new migration plus the same change here (by hand, or npm run schema:files);
-- tests/db/declarative-schema.test.ts fails until both make the same schema (decision 031).

-- ---------------------------------------------------------------- tables

create table public.imports (
  id bigint generated always as identity primary key,
  file_name text check (length(file_name) <= 255),
  status text default 'pending'::text not null check (status in ('pending', 'running', 'completed', 'failed')),
  talent_pool_id bigint references public.talent_pools (id) on delete set null,
  duplicate_mode text default 'update'::text not null check (duplicate_mode in ('skip', 'update')),
  mapping jsonb not null,
  delimiter text,
  total_bytes bigint,
  processed_bytes bigint default 0 not null,
  processed_rows integer default 0 not null,
  imported integer default 0 not null,
  updated integer default 0 not null,
  skipped integer default 0 not null,
  error text,
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamp with time zone default now() not null,
  started_at timestamp with time zone,
  finished_at timestamp with time zone,
  updated_at timestamp with time zone default now() not null,
  stage text check (stage in ('reading', 'writing')),
  staged_rows integer default 0 not null,
  written_rows integer default 0 not null,
  running_by text,
  error_code text,
  error_params jsonb,
  email_consent text not null check (email_consent in ('agreed', 'none')),
  email_consent_wording text not null check (length(email_consent_wording) <= 500)
);
create index imports_created on public.imports (created_at desc);
comment on table public.imports is 'CSV imports. Policy imports_members: members read and write all.';
comment on column public.imports.running_by is
  'The process (private.worker_heartbeats.worker_id) reading and writing this import while it is '
  'running.';
comment on column public.imports.error_code is 'The code of error (decision 032); error_params fill it in.';
comment on column public.imports.email_consent is
  'The email consent of a new candidate whose row gives none: agreed (a grant) or none (no consent), '
  'chosen on the mapping step.';
comment on column public.imports.email_consent_wording is 'The words of that choice as the recruiter read them; the ledger entry of each such row carries them.';

create table public.import_rows (
  import_id bigint not null references public.imports (id) on delete cascade,
  line_number integer not null,
  candidate jsonb not null,
  constraint import_rows_pkey primary key (import_id, line_number)
);
comment on table public.import_rows is 'Rows staged while an import uploads. Policy import_rows_members: members read, insert and delete.';

create table public.import_skipped_rows (
  import_id bigint not null references public.imports (id) on delete cascade,
  line_number integer not null,
  field text,
  reason text not null,
  code text,
  params jsonb,
  constraint import_skipped_rows_pkey primary key (import_id, line_number)
);
comment on table public.import_skipped_rows is 'Rows an import skipped. Policy import_skipped_rows_members: members read and write all.';
comment on column public.import_skipped_rows.code is 'The code of reason (decision 032); params fill it in.';

-- ---------------------------------------------------------------- functions

create or replace function public.insert_imported_candidates(p_id bigint[], p_name text[], p_email text[], p_phone text[], p_whatsapp text[], p_contact text[], p_job text[], p_skills text[], p_seniority text[], p_location text[], p_role text[], p_lead integer[], p_notes text[], p_allows_email boolean[], p_allows_whatsapp boolean[], p_tz text[], p_language text[], p_wording text, p_default_allows_email boolean, p_default_wording text)
  returns setof bigint
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $$
declare
  inserted bigint[];
  emails text[];
  allowed_email boolean[];
  allowed_whatsapp boolean[];
  file_email boolean[];
  file_whatsapp boolean[];
  expires timestamp with time zone := public.email_consent_expiry(now());
begin
  if not public.is_member() then
    raise exception 'permission denied to import candidates' using errcode = 'insufficient_privilege';
  end if;
  -- Each new row with its final flags (an address on the suppression list gets no email consent; the list's own
  -- trigger on candidates records why) and the expiry the ledger's trigger would give its grant.
  with rows as (
    select * from unnest(p_id, p_name, p_email, p_phone, p_whatsapp, p_contact, p_job, p_skills, p_seniority, p_location,
                         p_role, p_lead, p_notes, p_allows_email, p_allows_whatsapp, p_tz, p_language)
      as i(id, name, email, phone, whatsapp, contact, job, skills, seniority, location, role, lead, notes, allows_email, allows_whatsapp, tz,
           language)
  ), flagged as (
    select i.*, coalesce(i.allows_email, p_default_allows_email)
                and not exists (select 1 from private.address_suppressions(i.email)) as allowed
      from rows i
  ), written as (
    insert into public.candidates (id, name, email, phone, whatsapp_number, preferred_contact_method, job_function, skill_tags,
                                   seniority_level, location, preferred_role, lead_score, notes, created_by, allows_email, allows_whatsapp,
                                   time_zone, language, email_consent_expires_at)
    overriding system value
    select i.id, i.name, i.email, i.phone, i.whatsapp, coalesce(i.contact, 'email'), i.job,
           coalesce(string_to_array(i.skills, chr(31)), '{}'), i.seniority, i.location, i.role, coalesce(i.lead, 0), i.notes,
           auth.uid(), i.allowed, coalesce(i.allows_whatsapp, false), i.tz, i.language,
           case when i.allowed then expires end
      from flagged i
    on conflict (email) where email is not null do nothing
    returning id, email::text as email, allows_email, allows_whatsapp
  )
  select coalesce(array_agg(w.id order by w.id), '{}'), array_agg(w.email order by w.id), array_agg(w.allows_email order by w.id),
         array_agg(w.allows_whatsapp order by w.id), array_agg(i.allows_email order by w.id), array_agg(i.allows_whatsapp order by w.id)
    into inserted, emails, allowed_email, allowed_whatsapp, file_email, file_whatsapp
    from written w join rows i on i.id = w.id;

  -- The entries behind the flags: the email consent of every new row (the file's value, else the recruiter's
  -- choice, with its words) and each WhatsApp value the file gave. A grant held back for a suppressed address
  -- is explained by the suppression trigger's own entry. Applied here (applied_in_bulk): the flags are written
  -- already, and all apply_consent_event would still do for a new candidate is the suppression list entry of an
  -- email refusal, written below.
  insert into public.consent_events (candidate_id, channel, granted, source, wording, created_by, applied_in_bulk)
  select c.id, x.channel, x.granted, 'import', x.wording, auth.uid(), true
    from unnest(inserted, allowed_email, allowed_whatsapp, file_email, file_whatsapp)
      as c(id, allows_email, allows_whatsapp, file_email, file_whatsapp)
    cross join lateral (values ('email', c.allows_email, c.allows_email = coalesce(c.file_email, p_default_allows_email),
                                case when c.file_email is null then p_default_wording else p_wording end),
                               ('whatsapp', c.allows_whatsapp, c.file_whatsapp is not null, p_wording))
      as x(channel, granted, recorded, wording)
   where x.recorded
   order by c.id, x.channel;

  -- As apply_consent_event does for a recorded email refusal: the mailbox goes on the suppression list (not as
  -- the candidate's own opt-out); an address already there stays as it is.
  insert into public.email_suppressions (address_hash, source, by_candidate, reason, created_at)
  select distinct on (h.address_hash) h.address_hash, 'import', false, left(h.wording, 500), now()
    from (select public.email_address_hash(c.email) as address_hash, c.id,
                 case when c.file_email is null then p_default_wording else p_wording end as wording
            from unnest(inserted, emails, allowed_email, file_email) as c(id, email, allows_email, file_email)
           where not c.allows_email and not coalesce(c.file_email, p_default_allows_email) and btrim(coalesce(c.email, '')) <> '') h
   order by h.address_hash, h.id
  on conflict (address_hash) do nothing;
  return query select unnest(inserted);
end
$$;
revoke all on function public.insert_imported_candidates(p_id bigint[], p_name text[], p_email text[], p_phone text[], p_whatsapp text[], p_contact text[], p_job text[], p_skills text[], p_seniority text[], p_location text[], p_role text[], p_lead integer[], p_notes text[], p_allows_email boolean[], p_allows_whatsapp boolean[], p_tz text[], p_language text[], p_wording text, p_default_allows_email boolean, p_default_wording text) from public, anon, authenticated, service_role;
grant execute on function public.insert_imported_candidates(p_id bigint[], p_name text[], p_email text[], p_phone text[], p_whatsapp text[], p_contact text[], p_job text[], p_skills text[], p_seniority text[], p_location text[], p_role text[], p_lead integer[], p_notes text[], p_allows_email boolean[], p_allows_whatsapp boolean[], p_tz text[], p_language text[], p_wording text, p_default_allows_email boolean, p_default_wording text) to authenticated;

-- ---------------------------------------------------------------- triggers

create trigger imports_touch before update on public.imports
  for each row execute function touch_updated_at();

-- ---------------------------------------------------------------- row-level security, privileges and policies

alter table public.imports enable row level security;
revoke all on public.imports from anon, authenticated, service_role;
grant select, insert, update, delete on public.imports to authenticated, service_role;
revoke all on sequence public.imports_id_seq from anon, authenticated, service_role;
grant usage on sequence public.imports_id_seq to authenticated, service_role;
create policy imports_members on public.imports for all to authenticated
  using ((select is_member()))
  with check ((select is_member()));

alter table public.import_rows enable row level security;
revoke all on public.import_rows from anon, authenticated, service_role;
grant select, insert, delete on public.import_rows to authenticated;
grant select, insert, update, delete on public.import_rows to service_role;
create policy import_rows_members on public.import_rows for all to authenticated
  using ((select is_member()))
  with check ((select is_member()));

alter table public.import_skipped_rows enable row level security;
revoke all on public.import_skipped_rows from anon, authenticated, service_role;
grant select, insert, update, delete on public.import_skipped_rows to authenticated, service_role;
create policy import_skipped_rows_members on public.import_skipped_rows for all to authenticated
  using ((select is_member()))
  with check ((select is_member()));
