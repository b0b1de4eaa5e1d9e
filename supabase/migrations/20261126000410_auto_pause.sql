-- A campaign pauses by itself when hard bounces or spam complaints reach 5 % of its
-- last 200 sent emails (counted from at least 20), issue 12; domain/campaigns/auto-pause.ts
-- mirrors the numbers. The reason is stored on the campaign and shown; resuming clears
-- it and starts the count afresh (only mail sent after the resume counts), so one more
-- bounce does not pause it again at once.

alter table public.campaigns
  add column paused_reason text,
  -- Mail sent before this moment no longer counts for the automatic pause (set on resume).
  add column health_since timestamptz;
comment on column public.campaigns.paused_reason is
  'Why the campaign paused by itself (null when a person paused it or it is not paused). Cleared on any other status.';
comment on column public.campaigns.health_since is
  'The automatic pause counts only mail sent from this moment (the last resume).';

-- A spam complaint (feedback loop / ARF report) is an engagement event like a bounce.
alter table public.engagement_events drop constraint engagement_events_kind_check;
alter table public.engagement_events add constraint engagement_events_kind_check
  check (kind in ('open', 'click', 'reply', 'bounce', 'unsubscribe', 'meeting_booked', 'complaint'));

-- The automatic pause reads a campaign's latest sends.
create index messages_campaign_sent on public.messages (campaign_id, sent_at desc) where sent_at is not null;

-- Hard bounces and complaints among the campaign's last `window_size` sent messages.
create or replace function public.campaign_delivery_health(campaign bigint, window_size integer default 200,
    out sent integer, out bad integer)
  language sql stable security definer set search_path = pg_catalog
  as $$
  select count(*)::int,
         (count(*) filter (where exists (
            select 1 from public.engagement_events e
             where e.message_id = last.id
               and ((e.kind = 'bounce' and e.metadata ->> 'type' = 'hard') or e.kind = 'complaint'))))::int
    from (select m.id from public.messages m join public.campaigns k on k.id = m.campaign_id
           where m.campaign_id = campaign and m.direction = 'out' and m.sent_at is not null
             and m.sent_at >= coalesce(k.health_since, '-infinity')
           order by m.sent_at desc limit window_size) last
$$;
revoke all on function public.campaign_delivery_health(bigint, integer) from public;
grant execute on function public.campaign_delivery_health(bigint, integer) to service_role, authenticated;

-- Pauses the campaign (while it is sending) when the rule is met; returns whether it did.
create or replace function public.auto_pause_campaign(campaign bigint) returns boolean
  language plpgsql security definer set search_path = pg_catalog
  as $$
declare
  health record;
begin
  select * into health from public.campaign_delivery_health(campaign, 200);
  if health.sent < 20 or health.bad * 100 < health.sent * 5 then return false; end if;
  update public.campaigns
     set status = 'paused',
         paused_reason = format('Paused automatically: %s of the last %s emails bounced or were marked as spam (%s%%; the limit is 5%%)',
                                health.bad, health.sent, round(health.bad * 100.0 / health.sent, 1))
   where id = campaign and status = 'sending';
  return found;
end
$$;
revoke all on function public.auto_pause_campaign(bigint) from public;
grant execute on function public.auto_pause_campaign(bigint) to service_role;

create or replace function public.engagement_events_auto_pause() returns trigger
  language plpgsql security definer set search_path = pg_catalog
  as $$
declare
  campaign bigint;
begin
  for campaign in
    select distinct coalesce(n.campaign_id, m.campaign_id)
      from new_events n left join public.messages m on m.id = n.message_id
     where (n.kind = 'bounce' and n.metadata ->> 'type' = 'hard') or n.kind = 'complaint'
  loop
    if campaign is not null then perform public.auto_pause_campaign(campaign); end if;
  end loop;
  return null;
end
$$;
create trigger engagement_events_auto_pause after insert on public.engagement_events
  referencing new table as new_events
  for each statement execute function public.engagement_events_auto_pause();

-- Any status but 'paused' clears the reason; a resume (paused → sending) restarts the count.
create or replace function public.campaigns_paused_reason() returns trigger
  language plpgsql set search_path = pg_catalog
  as $$
begin
  if new.status is distinct from 'paused' then new.paused_reason := null; end if;
  if old.status = 'paused' and new.status = 'sending' then new.health_since := now(); end if;
  return new;
end
$$;
create trigger campaigns_paused_reason before update of status on public.campaigns
  for each row when (old.status is distinct from new.status)
  execute function public.campaigns_paused_reason();
