-- The weekly erasure preview by email (issue 30, decision 043 amended): each Monday from 08:00 in the
-- organisation's zone, every admin gets one email listing whom the retention rules erase in the week ahead.
-- The organisation can switch it off; the ledger makes it one email per admin per week however many workers
-- run the hourly job, and lets a failed one be tried again within the week.
alter table public.organisation_settings add column retention_digest boolean default true not null;
comment on column public.organisation_settings.retention_digest is
  'Whether admins get the weekly email of whom the retention rules erase in the week ahead.';

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
  'One row per admin and week (the Monday, in the organisation''s zone) of the weekly erasure preview email: '
  'claimed by the worker (sending), then sent, failed (tried again within the week, 3 attempts) or nothing_due.';

-- Admins switch it (organisation_settings_admin_update); the other columns' grants are as before.
grant update (retention_digest) on public.organisation_settings to authenticated;
