-- Email as such (decisions 006, 019): what the dev outbox "delivered", each sending mailbox's daily cap
-- and per-minute rate (take_sender_quota(), which locks the counters for the claim's transaction), and
-- bounces: a hard bounce suppresses the address, and a bounce as the API shows it; the recruiters' own mailboxes
-- and the state of reading their inboxes, with Graph's change-notification subscriptions on them (decision 039).
--
-- The current schema, not its history: supabase/migrations/ is what databases apply. A change
-- is a new migration plus the same change here (by hand, or npm run schema:files);
-- tests/db/declarative-schema.test.ts fails until both make the same schema (decision 031).

-- ---------------------------------------------------------------- tables

create table public.mail_outbox (
  id bigint generated always as identity primary key,
  message_id bigint references public.messages (id) on delete set null,
  internet_message_id text not null unique,
  from_address text not null,
  to_address text not null,
  reply_to text,
  subject text not null,
  text_body text,
  html_body text,
  headers jsonb default '{}'::jsonb not null,
  raw text not null,
  created_at timestamp with time zone default now() not null
);
create index mail_outbox_created on public.mail_outbox (created_at desc, id desc);
comment on table public.mail_outbox is 'Mail the dev outbox "delivered". Policy mail_outbox_read: members read; only service_role writes.';

create table private.sender_sends (
  sender text not null,
  window_kind text not null check (window_kind in ('day', 'minute')),
  window_start timestamp with time zone not null,
  used integer default 0 not null check (used >= 0),
  constraint sender_sends_pkey primary key (sender, window_kind, window_start)
);
comment on table private.sender_sends is
  'Sends claimed per sending mailbox (lower-case From address) and window; written only by '
  'public.take_sender_quota().';

create table public.mailboxes (
  email text primary key check ((email = lower(email)) and (email ~ '^[^@\s]+@[^@\s]+$'::text)),
  user_id uuid references public.profiles (id) on delete set null,
  state text default 'syncing'::text not null check (state in ('syncing', 'error')),
  error text,
  error_code text,
  error_params jsonb,
  last_sync_at timestamp with time zone,
  delta_link text,
  retry_after timestamp with time zone,
  failures integer default 0 not null,
  sync_claimed_by text,
  sync_claimed_at timestamp with time zone,
  created_at timestamp with time zone default now() not null
);
comment on table public.mailboxes is
  'A recruiter''s own Microsoft 365 mailbox that sends their mail; its inbox is read for candidates'' '
  'answers (decision 039). Policy mailboxes_read_own: a recruiter reads their own, admins all; only '
  'service_role writes.';
comment on column public.mailboxes.delta_link is
  'Graph''s @odata.deltaLink of the last complete read of the inbox; null: start again from the last 7 '
  'days.';

create table public.mailbox_subscriptions (
  mailbox text primary key references public.mailboxes (email) on delete cascade,
  subscription_id text not null unique,
  client_state_hash text not null check (client_state_hash ~ '^[0-9a-f]{64}$'::text),
  notification_url text not null,
  expires_at timestamp with time zone not null,
  created_at timestamp with time zone default now() not null,
  renewed_at timestamp with time zone
);
comment on table public.mailbox_subscriptions is
  'The Graph change-notification subscription on a recruiter''s inbox (decision 039): its id, the '
  'SHA-256 of its clientState, the notification URL it was made for, and when it expires. Only '
  'service_role reads or writes it.';

-- ---------------------------------------------------------------- functions

create or replace function public.take_sender_quota(sender text, wanted integer, daily_cap integer, per_minute integer, at_time timestamp with time zone default now(), out granted integer, out wait_until timestamp with time zone, out wait_reason text)
  returns record
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $$
declare
  tz text := private.organisation_zone();
  local_day timestamp := date_trunc('day', at_time at time zone tz);
  day_start timestamptz := local_day at time zone tz;
  minute_start timestamptz := date_trunc('minute', at_time);
  day_used integer := 0;
  minute_used integer := 0;
  day_left integer;
  minute_left integer;
begin
  if wanted <= 0 then granted := 0; return; end if;
  -- Always the day row before the minute row: two claims lock in the same order.
  if daily_cap is not null then
    insert into private.sender_sends values (sender, 'day', day_start, 0) on conflict do nothing;
    select s.used into day_used from private.sender_sends s
     where s.sender = take_sender_quota.sender and s.window_kind = 'day' and s.window_start = day_start for update;
  end if;
  if per_minute is not null then
    insert into private.sender_sends values (sender, 'minute', minute_start, 0) on conflict do nothing;
    select s.used into minute_used from private.sender_sends s
     where s.sender = take_sender_quota.sender and s.window_kind = 'minute' and s.window_start = minute_start for update;
  end if;
  day_left := greatest(coalesce(daily_cap - day_used, wanted), 0);
  minute_left := greatest(coalesce(per_minute - minute_used, wanted), 0);
  granted := least(wanted, day_left, minute_left);
  if granted > 0 then
    update private.sender_sends s set used = s.used + granted
     where s.sender = take_sender_quota.sender
       and ((daily_cap is not null and s.window_kind = 'day' and s.window_start = day_start)
         or (per_minute is not null and s.window_kind = 'minute' and s.window_start = minute_start));
  end if;
  if granted < wanted then
    if day_left - granted <= 0 then
      wait_until := (local_day + interval '1 day') at time zone tz;
      wait_reason := 'sender_daily_cap';
    else
      wait_until := minute_start + interval '1 minute';
      wait_reason := 'sender_rate';
    end if;
  end if;
end
$$;
revoke all on function public.take_sender_quota(sender text, wanted integer, daily_cap integer, per_minute integer, at_time timestamp with time zone, out granted integer, out wait_until timestamp with time zone, out wait_reason text) from public, anon, authenticated, service_role;
grant execute on function public.take_sender_quota(sender text, wanted integer, daily_cap integer, per_minute integer, at_time timestamp with time zone, out granted integer, out wait_until timestamp with time zone, out wait_reason text) to service_role;

create or replace function public.forget_sender_windows()
  returns integer
  language sql
  security definer
  set search_path to 'pg_catalog'
as $$
  with gone as (delete from private.sender_sends where window_start < now() - interval '3 days' returning 1)
  select count(*)::int from gone
$$;
revoke all on function public.forget_sender_windows() from public, anon, authenticated, service_role;
grant execute on function public.forget_sender_windows() to service_role;

create or replace function public.suppress_bounced_address(p_email text, p_reason text)
  returns boolean
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $$
declare added integer;
begin
  if btrim(coalesce(p_email, '')) = '' then
    return false;
  end if;
  -- An entry already there (the candidate's own opt-out, an earlier bounce) stays as it is.
  insert into public.email_suppressions (address_hash, source, by_candidate, reason)
  values (public.email_address_hash(p_email), 'bounce', false, left(p_reason, 500))
  on conflict (address_hash) do nothing;
  get diagnostics added = row_count;
  return added > 0;
end
$$;
revoke all on function public.suppress_bounced_address(p_email text, p_reason text) from public, anon, authenticated, service_role;
grant execute on function public.suppress_bounced_address(p_email text, p_reason text) to service_role;

create or replace function public.bounce_json(e engagement_events)
  returns jsonb
  language sql
  stable
  set search_path to 'pg_catalog'
as $$
    select case when e.id is null then null else jsonb_build_object(
      'type', e.metadata ->> 'type', 'status', e.metadata ->> 'status', 'diagnostic', e.metadata ->> 'diagnostic',
      'recipient', e.metadata ->> 'recipient', 'reason', coalesce(e.metadata ->> 'reason', 'Email bounced'),
      'at', to_char(e.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) end
  $$;
grant execute on function public.bounce_json(e engagement_events) to authenticated, service_role;

create or replace function public.message_bounce(p_message_id bigint)
  returns jsonb
  language sql
  stable
  set search_path to 'pg_catalog'
as $$
    select public.bounce_json(e) from public.engagement_events e
     where e.message_id = p_message_id and e.kind = 'bounce'
     order by e.occurred_at desc, e.id desc limit 1
  $$;
grant execute on function public.message_bounce(p_message_id bigint) to authenticated, service_role;

create or replace function public.candidate_email_bounce(c candidates)
  returns jsonb
  language sql
  stable
  set search_path to 'pg_catalog'
as $$
    select public.bounce_json(e) from public.engagement_events e
     where e.candidate_id = c.id and e.kind = 'bounce' and e.metadata ->> 'type' = 'hard'
       and lower(e.metadata ->> 'recipient') = lower(btrim(c.email::text))
       and (public.email_suppression(c.email::text)).address_hash is not null
     order by e.occurred_at desc, e.id desc limit 1
  $$;
grant execute on function public.candidate_email_bounce(c candidates) to authenticated, service_role;

-- ---------------------------------------------------------------- row-level security, privileges and policies

alter table public.mail_outbox enable row level security;
revoke all on public.mail_outbox from anon, authenticated, service_role;
grant select on public.mail_outbox to authenticated;
grant select, insert, update, delete on public.mail_outbox to service_role;
revoke all on sequence public.mail_outbox_id_seq from anon, authenticated, service_role;
create policy mail_outbox_read on public.mail_outbox for select to authenticated
  using (is_member());

revoke all on private.sender_sends from anon, authenticated, service_role;

alter table public.mailboxes enable row level security;
revoke all on public.mailboxes from anon, authenticated, service_role;
grant select, insert, update on public.mailboxes to service_role;
grant select (email, user_id, state, error, error_code, error_params, last_sync_at)
  on public.mailboxes to authenticated;
create policy mailboxes_read_own on public.mailboxes for select to authenticated
  using ((user_id = auth.uid()) or is_admin());

alter table public.mailbox_subscriptions enable row level security;
revoke all on public.mailbox_subscriptions from anon, authenticated, service_role;
grant select, insert, update, delete on public.mailbox_subscriptions to service_role;
