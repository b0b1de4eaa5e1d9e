-- Per-sender limits (issue 12, domain/mail/sender-limits.ts): a daily cap per sending
-- mailbox and a per-minute rate, counted per From address. The delivery claim asks
-- public.take_sender_quota() for as many sends as it claimed; the counter rows are
-- locked (FOR UPDATE) for the rest of the claim's transaction, so two workers claiming
-- at once are served one after the other and never overshoot. What does not fit goes
-- back to the queue with send_after at the next window and wait_reason saying why.

create table private.sender_sends (
  sender text not null,
  -- 'day' (from local midnight in the organisation's zone) or 'minute'.
  window_kind text not null check (window_kind in ('day', 'minute')),
  window_start timestamptz not null,
  used integer not null default 0 check (used >= 0),
  primary key (sender, window_kind, window_start)
);
comment on table private.sender_sends is
  'Sends claimed per sending mailbox (lower-case From address) and window; written only by public.take_sender_quota().';

-- Why a queued message waits for its send_after because of a sender limit (null: it does not, or for another reason
-- such as a sequence delay or a send window).
alter table public.messages add column wait_reason text check (wait_reason in ('sender_daily_cap', 'sender_rate'));
comment on column public.messages.wait_reason is
  'Set by the delivery claim when a sender limit made the message wait for send_after: sender_daily_cap or sender_rate.';
grant update (send_after, wait_reason) on public.messages to service_role;

-- The organisation's zone (organisation_settings.time_zone, 20261126000100), read as JSON so this works
-- before that column exists; an unknown zone falls back to UTC rather than stopping delivery.
create or replace function private.organisation_zone() returns text
  language plpgsql stable security definer set search_path = pg_catalog
  as $$
declare zone text;
begin
  select to_jsonb(s) ->> 'time_zone' into zone from public.organisation_settings s limit 1;
  if zone is null then return 'UTC'; end if;
  perform now() at time zone zone;
  return zone;
exception when invalid_parameter_value then
  return 'UTC';
end
$$;

-- Grants up to `wanted` sends to `sender` at `at` within both limits (null: no such limit) and counts them.
-- granted < wanted: the rest waits until wait_until (the next local midnight for the daily cap, else the next minute),
-- for wait_reason. Locks the sender's counter rows until the caller's transaction ends: that is the race-free part.
create or replace function public.take_sender_quota(sender text, wanted integer, daily_cap integer, per_minute integer,
    at_time timestamptz default now(), out granted integer, out wait_until timestamptz, out wait_reason text)
  language plpgsql security definer set search_path = pg_catalog
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
revoke all on function public.take_sender_quota(text, integer, integer, integer, timestamptz) from public;
grant execute on function public.take_sender_quota(text, integer, integer, integer, timestamptz) to service_role;

-- Old windows are of no use; the sweep forgets them.
create or replace function public.forget_sender_windows() returns integer
  language sql security definer set search_path = pg_catalog
  as $$
  with gone as (delete from private.sender_sends where window_start < now() - interval '3 days' returning 1)
  select count(*)::int from gone
$$;
revoke all on function public.forget_sender_windows() from public;
grant execute on function public.forget_sender_windows() to service_role;

-- The campaign detail's "312 waiting for tomorrow's window" reads a campaign's waiting messages.
create index messages_campaign_waiting on public.messages (campaign_id, send_after)
  where status = 'queued' and send_after is not null;
