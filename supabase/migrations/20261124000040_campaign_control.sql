-- Campaign control (issue 11, domain/campaigns/control.ts): a recruiter pauses,
-- resumes or cancels a scheduled or sending campaign.
--
-- 'paused': the delivery claim (domain/mail/delivery.ts) leaves the campaign's
-- queued messages queued; resuming queues their jobs again.
-- 'cancelled': its unsent messages are never sent. The trigger below marks the
-- queued ones failed ("the campaign was cancelled") and their recipients
-- 'cancelled', for every path that cancels; the delivery claim calls the same
-- function for a message that came back to the queue afterwards (a retry).
alter table public.campaigns drop constraint campaigns_status_check;
alter table public.campaigns add constraint campaigns_status_check
  check (status in ('draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled', 'failed'));

alter table public.campaign_recipients drop constraint campaign_recipients_status_check;
alter table public.campaign_recipients add constraint campaign_recipients_status_check
  check (status in ('pending', 'sent', 'skipped', 'failed', 'cancelled'));

-- The campaign results read a campaign's messages and replies by campaign.
create index if not exists messages_campaign on public.messages (campaign_id) where campaign_id is not null;

-- Stops the unsent messages of those of the given campaigns that are cancelled.
create or replace function public.stop_cancelled_campaign_messages(campaign_ids bigint[]) returns integer
  language plpgsql security definer set search_path = pg_catalog
  as $$
declare stopped integer;
begin
  with cancelled as (
    update public.messages m
       set status = 'failed', error = 'Not sent: the campaign was cancelled'
      from public.campaigns k
     where k.id = any (campaign_ids) and k.status = 'cancelled'
       and m.campaign_id = k.id and m.direction = 'out' and m.status = 'queued'
    returning m.id
  ), recipients as (
    update public.campaign_recipients r
       set status = 'cancelled', skip_reason = 'The campaign was cancelled before this message was sent'
      from cancelled
     where r.message_id = cancelled.id and r.status = 'pending'
    returning r.id
  )
  select count(*) into stopped from cancelled;
  return stopped;
end
$$;
revoke all on function public.stop_cancelled_campaign_messages(bigint[]) from public;
grant execute on function public.stop_cancelled_campaign_messages(bigint[]) to service_role;

create or replace function public.campaigns_stop_on_cancel() returns trigger
  language plpgsql security definer set search_path = pg_catalog
  as $$
begin
  perform public.stop_cancelled_campaign_messages(array[new.id]);
  return null;
end
$$;
create trigger campaigns_stop_on_cancel after update of status on public.campaigns
  for each row when (new.status = 'cancelled' and old.status is distinct from 'cancelled')
  execute function public.campaigns_stop_on_cancel();
