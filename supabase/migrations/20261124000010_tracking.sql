-- Open and click tracking (issue 11, domain/engagement/tracking.ts).
--
-- Every message carries an unguessable token for its pixel (/t/o/{token}) and
-- its click links (/t/c/{token}?l={index}). The click endpoint redirects only to
-- tracked_links[index] of that one message: the URLs that were in it.
alter table public.messages
  add column tracking_token text unique default encode(gen_random_bytes(16), 'hex'),
  add column tracked_links text[] not null default '{}';
-- The delivery claim writes the message's rewritten URLs (the same ones on a resend).
grant update (tracked_links) on public.messages to service_role;

-- Events are written once per message, kind, link and hour (dedupe_key, built by
-- domain/engagement/record.ts); opens by image proxies, privacy features and
-- link scanners are kept but marked machine (domain/engagement/machine-opens.ts).
alter table public.engagement_events
  add column machine boolean not null default false,
  add column machine_reason text,
  add column dedupe_key text,
  add column user_agent text;
create unique index engagement_events_dedupe on public.engagement_events (dedupe_key) where dedupe_key is not null;
create index engagement_events_message on public.engagement_events (message_id, kind) where message_id is not null;

-- The organisation's settings: one row (id is always true).
create table public.organisation_settings (
  id boolean primary key default true check (id),
  tracking_enabled boolean not null default true,
  updated_at timestamptz not null default now(),
  updated_by uuid references public.profiles (id) on delete set null
);
insert into public.organisation_settings (id) values (true);

alter table public.organisation_settings enable row level security;
grant select, update (tracking_enabled, updated_at, updated_by) on public.organisation_settings to authenticated;
grant select on public.organisation_settings to service_role;
create policy organisation_settings_read on public.organisation_settings for select to authenticated
  using ((select public.is_member()));
create policy organisation_settings_admin_update on public.organisation_settings for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
comment on table public.organisation_settings is
  'The organisation''s settings, one row. Policies: organisation_settings_read (members read), '
  'organisation_settings_admin_update (admins change them, e.g. tracking_enabled).';
