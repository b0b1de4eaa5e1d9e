-- Message templates for the drafter and the ones suggested per campaign type (decision 007). The
-- built-in templates in English and Dutch are data a migration inserts.
--
-- The current schema, not its history: supabase/migrations/ is what databases apply. A change
-- is a new migration plus the same change here (by hand, or npm run schema:files);
-- tests/db/declarative-schema.test.ts fails until both make the same schema (decision 031).

-- ---------------------------------------------------------------- tables

create table public.ai_templates (
  id bigint generated always as identity primary key,
  template_id text not null unique check (template_id ~ '^[a-z0-9_-]{2,64}$'::text),
  name text not null,
  description text,
  category text not null check (category in ('nurture', 'announcement', 'followup', 'event', 'general')),
  language text not null check (language in ('english', 'dutch')),
  subject text not null,
  body text not null,
  created_at timestamp with time zone default now() not null
);
create index ai_templates_name_trgm on public.ai_templates using gin (search_doc(variadic array[name, description]) gin_trgm_ops);
comment on table public.ai_templates is 'Message templates. Policies: ai_templates_read (members read), ai_templates_admin (admins write).';

create table public.ai_template_suggestions (
  id bigint generated always as identity primary key,
  template_id text not null references public.ai_templates (template_id) on delete cascade,
  campaign_type text not null check (campaign_type in ('nurture', 'announcement', 'followup', 'event')),
  name text not null,
  description text,
  sort_order integer default 0 not null,
  constraint ai_template_suggestions_campaign_type_template_id_key unique (campaign_type, template_id)
);
comment on table public.ai_template_suggestions is
  'Templates suggested per campaign type. Policies: ai_template_suggestions_read (members read), '
  'ai_template_suggestions_admin (admins write).';

-- ---------------------------------------------------------------- row-level security, privileges and policies

alter table public.ai_templates enable row level security;
revoke all on public.ai_templates from anon, authenticated, service_role;
grant select, insert, update, delete on public.ai_templates to authenticated, service_role;
revoke all on sequence public.ai_templates_id_seq from anon, authenticated, service_role;
grant usage on sequence public.ai_templates_id_seq to authenticated, service_role;
create policy ai_templates_admin on public.ai_templates for all to authenticated
  using (is_admin())
  with check (is_admin());
create policy ai_templates_read on public.ai_templates for select to authenticated
  using ((select is_member()));

alter table public.ai_template_suggestions enable row level security;
revoke all on public.ai_template_suggestions from anon, authenticated, service_role;
grant select, insert, update, delete on public.ai_template_suggestions to authenticated, service_role;
revoke all on sequence public.ai_template_suggestions_id_seq from anon, authenticated, service_role;
grant usage on sequence public.ai_template_suggestions_id_seq to authenticated, service_role;
create policy ai_template_suggestions_admin on public.ai_template_suggestions for all to authenticated
  using (is_admin())
  with check (is_admin());
create policy ai_template_suggestions_read on public.ai_template_suggestions for select to authenticated
  using (is_member());
