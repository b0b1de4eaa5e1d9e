-- Campaigns, their follow-up steps and their recipients (decisions 018, 021): a cancel stops the queued
-- messages, a candidate leaves a sequence by triggers (reply, booking, unsubscribe, hard bounce, consent
-- withdrawn, removed from the pool), an automatic reply pauses a candidate's sequences (decision 038), a
-- campaign pauses itself on bounces and complaints (decision 019), record_deliveries() records what became of
-- each message the delivery sent and of its campaign recipient (decision 062), and complete_campaigns() closes
-- campaigns for the delivery, the sweep and pause/cancel (decision 030).
--
-- The current schema, not its history: supabase/migrations/ is what databases apply. A change
-- is a new migration plus the same change here (by hand, or npm run schema:files);
-- tests/db/declarative-schema.test.ts fails until both make the same schema (decision 031).

-- ---------------------------------------------------------------- tables

create table public.campaigns (
  id bigint generated always as identity primary key,
  name text not null check (length(btrim(name)) between 1 and 200),
  campaign_type text not null check (campaign_type in ('nurture', 'announcement', 'followup', 'event', 'quick')),
  talent_pool_id bigint references public.talent_pools (id) on delete set null,
  email_subject text,
  email_content text,
  message_template text,
  whatsapp_content text,
  language text default 'english'::text not null check (language in ('english', 'dutch')),
  channels text[] default '{email}'::text[] not null check ((channels <@ array['email'::text,
    'whatsapp'::text]) and (cardinality(channels) > 0)),
  primary_channel text default 'email'::text not null check (primary_channel in ('email', 'whatsapp')),
  status text default 'scheduled'::text not null check (status in ('draft', 'scheduled', 'sending', 'paused',
    'sent', 'cancelled', 'failed')),
  scheduled_at timestamp with time zone default now() not null,
  started_at timestamp with time zone,
  completed_at timestamp with time zone,
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  join_late boolean default false not null,
  send_window_start time without time zone,
  send_window_end time without time zone,
  send_window_weekdays_only boolean default false not null,
  send_window_candidate_zone boolean default false not null,
  send_window_time_zone text,
  paused_reason text,
  health_since timestamp with time zone,
  dispatch_cursor bigint,
  whatsapp_template jsonb check ((whatsapp_template is null) or ((jsonb_typeof(whatsapp_template) = 'object'::text) and (whatsapp_template ? 'name'::text) and (whatsapp_template ? 'language'::text))),
  paused_reason_code text,
  paused_reason_params jsonb,
  constraint campaigns_send_window check (((send_window_start is null) and (send_window_end is null)) or ((send_window_start is not null) and (send_window_end > send_window_start)))
);
create index campaigns_dispatching on public.campaigns (id) where (dispatch_cursor is not null);
create index campaigns_due on public.campaigns (scheduled_at) where (status = 'scheduled'::text);
create index campaigns_name_trgm on public.campaigns using gin (search_doc(variadic array[name]) gin_trgm_ops);
comment on table public.campaigns is
  'Campaigns. Policy campaigns_members: members read and write all; the worker (service_role) sends '
  'them.';
comment on column public.campaigns.paused_reason is
  'Why the campaign paused by itself (null when a person paused it or it is not paused). Cleared on any '
  'other status.';
comment on column public.campaigns.health_since is 'The automatic pause counts only mail sent from this moment (the last resume).';
comment on column public.campaigns.paused_reason_code is 'The code of paused_reason (decision 032); paused_reason_params fill it in.';

alter table public.engagement_events add constraint engagement_events_campaign_id_fkey
  foreign key (campaign_id) references public.campaigns (id) on delete set null;

alter table public.messages add constraint messages_campaign_id_fkey
  foreign key (campaign_id) references public.campaigns (id) on delete set null;

create table public.campaign_steps (
  campaign_id bigint not null references public.campaigns (id) on delete cascade,
  "position" integer not null check ("position" between 2 and 6),
  delay_days integer not null check (delay_days between 1 and 180),
  business_days_only boolean default false not null,
  subject text not null,
  content text not null check (length(btrim(content)) > 0),
  constraint campaign_steps_pkey primary key (campaign_id, "position")
);
comment on table public.campaign_steps is
  'A campaign''s follow-ups (2 = the first follow-up). Policy campaign_steps_members: members read and '
  'add; the worker sends them.';

create table public.campaign_recipients (
  id bigint generated always as identity primary key,
  campaign_id bigint not null references public.campaigns (id) on delete cascade,
  candidate_id bigint not null references public.candidates (id) on delete cascade,
  message_id bigint references public.messages (id) on delete set null,
  status text default 'pending'::text not null check (status in ('pending', 'sent', 'skipped', 'failed',
    'cancelled')),
  skip_reason text,
  created_at timestamp with time zone default now() not null,
  current_step integer default 1 not null,
  exit_reason text check (exit_reason in ('replied', 'booked', 'unsubscribed', 'consent_withdrawn', 'bounced',
    'removed', 'manual')),
  exited_at timestamp with time zone,
  paused_until date,
  pause_reason text check (pause_reason = 'out_of_office'::text),
  constraint campaign_recipients_campaign_id_candidate_id_key unique (campaign_id, candidate_id),
  constraint campaign_recipients_exit check ((exit_reason is null) = (exited_at is null)),
  constraint campaign_recipients_pause check ((paused_until is null) = (pause_reason is null))
);
create index campaign_recipients_active on public.campaign_recipients (campaign_id, candidate_id) where (exit_reason is null);
create index campaign_recipients_candidate on public.campaign_recipients (candidate_id);
create index campaign_recipients_message on public.campaign_recipients (message_id) where (message_id is not null);
create index campaign_recipients_progress on public.campaign_recipients (campaign_id, status);
comment on table public.campaign_recipients is
  'One row per campaign recipient. Policy campaign_recipients_members: members read and write all; '
  'written by the worker.';
comment on column public.campaign_recipients.current_step is 'The latest step a message was written for.';
comment on column public.campaign_recipients.paused_until is
  'The last day of a pause (out of office): no later step is written before the next day. Cleared when '
  'one is written.';
comment on column public.campaign_recipients.pause_reason is 'Why the sequence is paused: out_of_office (an automatic reply).';

-- ---------------------------------------------------------------- functions

create or replace function public.stop_cancelled_campaign_messages(campaign_ids bigint[])
  returns integer
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $$
declare stopped integer;
begin
  if not exists (select 1 from public.campaigns k where k.id = any (campaign_ids) and k.status = 'cancelled') then
    return 0;
  end if;
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
revoke all on function public.stop_cancelled_campaign_messages(campaign_ids bigint[]) from public, anon, authenticated, service_role;
grant execute on function public.stop_cancelled_campaign_messages(campaign_ids bigint[]) to service_role;

create or replace function public.campaigns_stop_on_cancel()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $$
begin
  perform public.stop_cancelled_campaign_messages(array[new.id]);
  return null;
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

create or replace function public.campaign_delivery_health(campaign bigint, window_size integer default 200, out sent integer, out bad integer)
  returns record
  language sql
  stable security definer
  set search_path to 'pg_catalog'
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
revoke all on function public.campaign_delivery_health(campaign bigint, window_size integer, out sent integer, out bad integer) from public, anon, authenticated, service_role;
grant execute on function public.campaign_delivery_health(campaign bigint, window_size integer, out sent integer, out bad integer) to authenticated, service_role;

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
revoke all on function public.auto_pause_campaign(campaign bigint) from public, anon, authenticated, service_role;
grant execute on function public.auto_pause_campaign(campaign bigint) to service_role;

create or replace function public.engagement_events_auto_pause()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
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
revoke all on function private.exit_campaign_sequences(p_candidate bigint, p_reason text, p_at timestamp with time zone, p_pool bigint, p_campaign bigint) from public, anon, authenticated, service_role;

create or replace function private.exit_on_engagement()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $$
begin
  perform private.exit_campaign_sequences(new.candidate_id,
    case new.kind when 'reply' then 'replied' when 'meeting_booked' then 'booked' when 'unsubscribe' then 'unsubscribed' else 'bounced' end,
    new.occurred_at);
  return null;
end
$$;

create or replace function private.exit_on_consent()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $$
begin
  perform private.exit_campaign_sequences(new.id,
    case when new.unsubscribed_at is not null then 'unsubscribed' else 'consent_withdrawn' end, now());
  return null;
end
$$;

create or replace function private.exit_on_pool_removal()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $$
begin
  perform private.exit_campaign_sequences(old.candidate_id, 'removed', now(), old.talent_pool_id);
  return null;
end
$$;

create or replace function public.remove_campaign_recipient(p_campaign bigint, p_candidate bigint)
  returns integer
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $$
begin
  if not public.is_member() then
    raise exception 'not a member' using errcode = 'insufficient_privilege';
  end if;
  return private.exit_campaign_sequences(p_candidate, 'manual', now(), null, p_campaign);
end
$$;
revoke all on function public.remove_campaign_recipient(p_campaign bigint, p_candidate bigint) from public, anon, authenticated, service_role;
grant execute on function public.remove_campaign_recipient(p_campaign bigint, p_candidate bigint) to authenticated;

create or replace function public.record_deliveries(p_outcomes jsonb, p_worker text, p_watched bigint[])
  returns setof integer
  language plpgsql
  set search_path to 'pg_catalog'
  set plan_cache_mode to 'force_generic_plan'
as $$
declare
  -- The plan is made once per connection and kept (plan_cache_mode: left to itself, PostgreSQL would plan again
  -- on every call, since two ids look cheaper than the ten a kept plan assumes). The planner expects a hundred
  -- outcomes where there are two or so: joined on the outcomes alone, a plan made while a campaign's first
  -- messages were being written scanned all messages, or all campaign recipients, on every record. Restricted
  -- to these ids as well, both tables are read by index whatever their size when the plan was made.
  v_ids bigint[] := array(select (outcome ->> 'id')::bigint from jsonb_array_elements(p_outcomes) outcome);
begin
  return query
  with outcome as (
    select * from jsonb_to_recordset(p_outcomes) as o(id bigint, status text, error text, provider_id text, code text, params jsonb)
  ), recorded as (
    update public.messages m
       set status = case o.status when 'sent' then 'sent' when 'retry' then 'queued' when 'released' then 'queued' else 'failed' end,
           attempts = case when o.status = 'released' then m.attempts - 1 else m.attempts end,
           sent_at = case when o.status = 'sent' then now() else m.sent_at end,
           provider_message_id = case when o.status = 'sent' then o.provider_id else m.provider_message_id end,
           error = case when o.status = 'sent' then null when o.status = 'released' then m.error else o.error end,
           error_code = case when o.status = 'sent' then null when o.status = 'released' then m.error_code else o.code end,
           error_params = case when o.status = 'sent' then null when o.status = 'released' then m.error_params else o.params end
      from outcome o
     where m.id = o.id and m.id = any (v_ids)
       and case when o.status = 'sent' then m.status <> 'sent' else m.status = 'sending' and m.claimed_by = p_worker end
    returning m.id, o.status, o.code
  ), recipients as (
    update public.campaign_recipients r
       set status = case when recorded.status in ('sent', 'skipped') then recorded.status else 'failed' end,
           skip_reason = case when recorded.status = 'skipped' then recorded.code else r.skip_reason end
      from recorded
     where r.message_id = recorded.id and recorded.status not in ('retry', 'released')
       and r.message_id = any (v_ids)
  )
  select k.id::integer from public.campaigns k where k.id = any (p_watched) and k.status in ('paused', 'cancelled');
end
$$;
revoke all on function public.record_deliveries(p_outcomes jsonb, p_worker text, p_watched bigint[]) from public, anon, authenticated, service_role;
grant execute on function public.record_deliveries(p_outcomes jsonb, p_worker text, p_watched bigint[]) to service_role;

create or replace function public.complete_campaigns(p_ids bigint[])
  returns void
  language sql
  set search_path to 'pg_catalog', 'public'
  set enable_seqscan to 'off'
as $$
    update public.campaigns k
       set status = case when exists (select 1 from public.campaign_recipients r where r.campaign_id = k.id and r.status = 'failed')
                          and not exists (select 1 from public.campaign_recipients r where r.campaign_id = k.id and r.status = 'sent')
                         then 'failed' else 'sent' end,
           completed_at = now()
     where k.status = 'sending' and k.dispatch_cursor is null and (p_ids is null or k.id = any(p_ids))
       and not exists (select 1 from public.campaign_recipients r where r.campaign_id = k.id and r.status = 'pending')
       and not exists (
         select 1 from public.campaign_steps s where s.campaign_id = k.id and (
           exists (select 1 from public.messages m where m.campaign_id = k.id and m.campaign_step > 1 and m.status in ('queued', 'sending'))
           or exists (
             select 1 from public.campaign_recipients r
               join public.messages prev on prev.campaign_id = r.campaign_id and prev.campaign_step = r.current_step
                                         and prev.candidate_id = r.candidate_id and prev.status = 'sent'
               join public.candidates c on c.id = r.candidate_id
              where r.campaign_id = k.id and r.exit_reason is null and r.current_step < s.position
                and public.can_contact(c, 'email'))))
  $$;
revoke all on function public.complete_campaigns(p_ids bigint[]) from public, anon, authenticated, service_role;
grant execute on function public.complete_campaigns(p_ids bigint[]) to authenticated, service_role;

create or replace function private.pause_sequences_on_auto_reply()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $$
declare
  mail_day date := (new.created_at at time zone 'UTC')::date;
begin
  -- A stated date in the past or far ahead is not believed: two weeks instead.
  update public.campaign_recipients r
     set paused_until = case when new.auto_reply_until between mail_day and mail_day + 90 then new.auto_reply_until
                             else mail_day + 14 end,
         pause_reason = 'out_of_office'
    from public.campaigns k
   where r.candidate_id = new.candidate_id and r.exit_reason is null and k.id = r.campaign_id
     and k.status in ('sending', 'paused') and r.created_at <= new.created_at
     and exists (select 1 from public.campaign_steps s where s.campaign_id = k.id and s.position > r.current_step);
  return null;
end
$$;
revoke all on function private.pause_sequences_on_auto_reply() from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------- triggers

create trigger candidates_exit_sequences after update of allows_email on public.candidates
  for each row
  when (old.allows_email and not new.allows_email)
  execute function private.exit_on_consent();

create trigger talent_pool_members_exit_sequences after delete on public.talent_pool_members
  for each row execute function private.exit_on_pool_removal();

create trigger messages_auto_reply_pauses_sequences after insert on public.messages
  for each row
  when (new.direction = 'in'::text and new.auto_reply)
  execute function private.pause_sequences_on_auto_reply();

create trigger engagement_events_auto_pause after insert on public.engagement_events
  referencing new table as new_events
  for each statement execute function engagement_events_auto_pause();

create trigger engagement_events_exit_sequences after insert on public.engagement_events
  for each row
  when ((new.kind = any (array['reply'::text, 'meeting_booked'::text, 'unsubscribe'::text])) or new.kind = 'bounce'::text and (new.metadata ->> 'type'::text) = 'hard'::text)
  execute function private.exit_on_engagement();

create trigger campaigns_paused_reason before update of status on public.campaigns
  for each row
  when (old.status is distinct from new.status)
  execute function campaigns_paused_reason();

create trigger campaigns_stop_on_cancel after update of status on public.campaigns
  for each row
  when (new.status = 'cancelled'::text and old.status is distinct from 'cancelled'::text)
  execute function campaigns_stop_on_cancel();

create trigger campaigns_touch before update on public.campaigns
  for each row execute function touch_updated_at();

-- ---------------------------------------------------------------- row-level security, privileges and policies

alter table public.campaigns enable row level security;
revoke all on public.campaigns from anon, authenticated, service_role;
grant select, insert, update, delete on public.campaigns to authenticated, service_role;
revoke all on sequence public.campaigns_id_seq from anon, authenticated, service_role;
grant usage on sequence public.campaigns_id_seq to authenticated, service_role;
create policy campaigns_members on public.campaigns for all to authenticated
  using ((select is_member()))
  with check ((select is_member()));

alter table public.campaign_steps enable row level security;
revoke all on public.campaign_steps from anon, authenticated, service_role;
grant select, insert on public.campaign_steps to authenticated;
grant select, insert, update, delete on public.campaign_steps to service_role;
create policy campaign_steps_members on public.campaign_steps for all to authenticated
  using ((select is_member()))
  with check ((select is_member()));

alter table public.campaign_recipients enable row level security;
revoke all on public.campaign_recipients from anon, authenticated, service_role;
grant select, insert, update, delete on public.campaign_recipients to authenticated, service_role;
revoke all on sequence public.campaign_recipients_id_seq from anon, authenticated, service_role;
grant usage on sequence public.campaign_recipients_id_seq to authenticated, service_role;
create policy campaign_recipients_members on public.campaign_recipients for all to authenticated
  using ((select is_member()))
  with check ((select is_member()));
