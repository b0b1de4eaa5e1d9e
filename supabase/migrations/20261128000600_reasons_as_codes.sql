-- The reasons the server keeps and answers later carry a code of the catalogue's `errors` (or
-- `states`) beside their English text, so that the interface shows them in its language
-- (decision 032): a message's delivery error, an import's failure and its skipped rows, an
-- automatic pause, an inbound mail kept aside, a meeting's Teams error, a WhatsApp status's
-- failure. The English stays where it was (tests and the CSV report read it); rows written
-- before have no code and show their English. The reasons SQL writes itself are written as codes
-- now: a campaign recipient's skip_reason as the code (domain/i18n/english.ts storedReason),
-- a message's error with its code beside it.
alter table public.messages add column error_code text, add column error_params jsonb;
comment on column public.messages.error_code is
  'The code of error (a key of the catalogue''s errors, decision 032), null when error is a provider''s own words; error_params fill it in.';
grant update (error_code, error_params) on public.messages to service_role;

alter table public.imports add column error_code text, add column error_params jsonb;
comment on column public.imports.error_code is 'The code of error (decision 032); error_params fill it in.';

alter table public.import_skipped_rows add column code text, add column params jsonb;
comment on column public.import_skipped_rows.code is 'The code of reason (decision 032); params fill it in.';

alter table public.inbound_unmatched add column reason_code text, add column reason_params jsonb;
comment on column public.inbound_unmatched.reason_code is 'The code of reason (decision 032); reason_params fill it in.';

alter table public.campaigns add column paused_reason_code text, add column paused_reason_params jsonb;
comment on column public.campaigns.paused_reason_code is 'The code of paused_reason (decision 032); paused_reason_params fill it in.';

alter table public.meetings add column teams_error_code text;
comment on column public.meetings.teams_error_code is
  'The code of teams_error (a key of the catalogue''s states), null when teams_error is Microsoft Graph''s own words.';

alter table public.whatsapp_events add column reason_code text, add column reason_params jsonb;
comment on column public.whatsapp_events.reason_code is 'The code of error_text (decision 032); reason_params fill it in.';

create or replace function public.stop_cancelled_campaign_messages(campaign_ids bigint[])
  returns integer
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $$
declare stopped integer;
begin
  with locked as (
    select m.id
      from public.messages m join public.campaigns k on k.id = m.campaign_id
     where k.id = any (campaign_ids) and k.status = 'cancelled'
       and m.direction = 'out' and m.status = 'queued'
     order by m.id
       for update of m
  ), cancelled as (
    update public.messages m
       set status = 'failed', error = 'Not sent: the campaign was cancelled',
           error_code = 'delivery.campaign_cancelled', error_params = null
      from locked
     where m.id = locked.id
    returning m.id
  ), recipients as (
    update public.campaign_recipients r
       set status = 'cancelled', skip_reason = 'skipped.campaign_cancelled'
      from cancelled
     where r.message_id = cancelled.id and r.status = 'pending'
    returning r.id
  )
  select count(*) into stopped from cancelled;
  return stopped;
end
$$;

create or replace function public.campaigns_paused_reason()
  returns trigger
  language plpgsql
  set search_path to 'pg_catalog'
as $$
begin
  if new.status is distinct from 'paused' then
    new.paused_reason := null;
    new.paused_reason_code := null;
    new.paused_reason_params := null;
  end if;
  if old.status = 'paused' and new.status = 'sending' then new.health_since := now(); end if;
  return new;
end
$$;

create or replace function public.auto_pause_campaign(campaign bigint)
  returns boolean
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $$
declare
  health record;
begin
  select * into health from public.campaign_delivery_health(campaign, 200);
  if health.sent < 20 or health.bad * 100 < health.sent * 5 then return false; end if;
  update public.campaigns
     set status = 'paused',
         paused_reason = format('Paused automatically: %s of the last %s emails bounced or were marked as spam (%s%%; the limit is 5%%)',
                                health.bad, health.sent, round(health.bad * 100.0 / health.sent, 1)),
         paused_reason_code = 'campaign_auto_paused',
         paused_reason_params = jsonb_build_object('bad', health.bad, 'sent', health.sent,
                                                   'percent', round(health.bad * 100.0 / health.sent, 1), 'limit', 5)
   where id = campaign and status = 'sending';
  return found;
end
$$;

create or replace function private.exit_campaign_sequences(p_candidate bigint, p_reason text, p_at timestamp with time zone, p_pool bigint default null::bigint, p_campaign bigint default null::bigint)
  returns integer
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $$
declare
  left_ids bigint[];
  stopped bigint[];
begin
  with exited as (
    update public.campaign_recipients r set exit_reason = p_reason, exited_at = p_at
      from public.campaigns k
     where r.candidate_id = p_candidate and r.exit_reason is null and k.id = r.campaign_id
       and k.status in ('sending', 'paused')
       and (p_campaign is null or k.id = p_campaign)
       and (p_pool is null or k.talent_pool_id = p_pool)
       and (p_campaign is not null
            or exists (select 1 from public.campaign_steps s where s.campaign_id = k.id))
       and r.created_at <= p_at
    returning r.campaign_id
  )
  select array_agg(campaign_id) into left_ids from exited;
  if left_ids is null then
    return 0;
  end if;
  with cancelled as (
    update public.messages m set status = 'failed', error = 'Not sent: the candidate left the sequence (' || p_reason || ')',
                                 error_code = 'delivery.left_sequence.' || p_reason, error_params = null
     where m.campaign_id = any (left_ids) and m.candidate_id = p_candidate and m.direction = 'out' and m.status = 'queued'
    returning m.id
  )
  select array_agg(id) into stopped from cancelled;
  -- A first email stopped before it went out.
  update public.campaign_recipients r set status = 'cancelled', skip_reason = 'skipped.left_sequence'
   where r.message_id = any (coalesce(stopped, '{}')) and r.status = 'pending';
  return cardinality(left_ids);
end
$$;

drop function public.apply_whatsapp_status(p_message bigint, p_status text, p_at timestamp with time zone, p_reason text);
create function public.apply_whatsapp_status(p_message bigint, p_status text, p_at timestamp with time zone, p_reason text,
                                             p_reason_code text default null, p_reason_params jsonb default null)
  returns void
  language sql
  security definer
  set search_path to 'public'
as $$
    update public.messages
       set delivery_status = p_status, delivery_status_at = coalesce(p_at, now()),
           status = case when p_status = 'failed' then 'failed' else status end,
           error = case when p_status = 'failed' then coalesce(p_reason, 'WhatsApp could not deliver the message') else error end,
           error_code = case when p_status <> 'failed' then error_code when p_reason is null then 'delivery.whatsapp_undelivered'
                             else p_reason_code end,
           error_params = case when p_status <> 'failed' then error_params when p_reason is null then null else p_reason_params end
     where id = p_message
       and (delivery_status is null or p_status = 'failed'
            or array_position(array['sent', 'delivered', 'read', 'failed'], delivery_status)
               < array_position(array['sent', 'delivered', 'read', 'failed'], p_status))
  $$;
revoke all on function public.apply_whatsapp_status(p_message bigint, p_status text, p_at timestamp with time zone, p_reason text, p_reason_code text, p_reason_params jsonb) from public, anon, authenticated, service_role;
grant execute on function public.apply_whatsapp_status(p_message bigint, p_status text, p_at timestamp with time zone, p_reason text, p_reason_code text, p_reason_params jsonb) to service_role;

create or replace function public.apply_early_whatsapp_statuses()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'public'
as $$
  declare
    early record;
  begin
    -- After the lock, the query below sees an event a webhook committed meanwhile (a new snapshot per statement).
    perform public.lock_whatsapp_status_matching();
    for early in
      select id, status, occurred_at, error_text, reason_code, reason_params from public.whatsapp_events
       where wamid = new.provider_message_id and kind = 'status' and outcome = 'unknown_message'
         and status in ('sent', 'delivered', 'read', 'failed')
       order by id
    loop
      perform public.apply_whatsapp_status(new.id, early.status, early.occurred_at, early.error_text, early.reason_code, early.reason_params);
      update public.whatsapp_events set outcome = 'status_recorded', candidate_id = new.candidate_id, message_id = new.id
       where id = early.id;
    end loop;
    return null;
  end
  $$;
