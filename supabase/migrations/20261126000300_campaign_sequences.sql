-- Campaign sequences (issue 12, decision 018): a campaign's steps, its send
-- window, the send ledger (one message per campaign, step and candidate) and
-- the ways a candidate leaves the sequence.

-- ---- Follow-ups: step 1 is the campaign's own subject and content (campaigns.email_subject/email_content). ----
create table public.campaign_steps (
  campaign_id bigint not null references public.campaigns (id) on delete cascade,
  position integer not null check (position between 2 and 6),
  -- Days after the previous step was sent.
  delay_days integer not null check (delay_days between 1 and 180),
  business_days_only boolean not null default false,
  subject text not null,
  content text not null check (length(btrim(content)) > 0),
  primary key (campaign_id, position)
);
alter table public.campaign_steps enable row level security;
grant select, insert on public.campaign_steps to authenticated;
grant all on public.campaign_steps to service_role;
create policy campaign_steps_members on public.campaign_steps for all to authenticated
  using ((select public.is_member())) with check ((select public.is_member()));
comment on table public.campaign_steps is
  'A campaign''s follow-ups (2 = the first follow-up). Policy campaign_steps_members: members read and add; the worker sends them.';

-- ---- Options: join late, and the send window (local wall-clock times). ----
alter table public.campaigns
  add column join_late boolean not null default false,
  add column send_window_start time,
  add column send_window_end time,
  add column send_window_weekdays_only boolean not null default false,
  -- Each candidate's own zone (candidates.time_zone) when they have one; else the fallback zone.
  add column send_window_candidate_zone boolean not null default false,
  -- The fallback zone; null: the organisation's.
  add column send_window_time_zone text,
  add constraint campaigns_send_window check (
    (send_window_start is null and send_window_end is null) or (send_window_start is not null and send_window_end > send_window_start));

-- ---- The send ledger: one outbound message per (campaign, step, candidate), written before the send. ----
alter table public.messages add column campaign_step integer check (campaign_step between 1 and 6);
update public.messages m set campaign_step = 1
  from public.campaign_recipients r where r.message_id = m.id and m.direction = 'out';
create unique index messages_campaign_step on public.messages (campaign_id, campaign_step, candidate_id)
  where campaign_step is not null;
comment on column public.messages.campaign_step is
  'The campaign step this outbound message is (1 = the first email); unique per campaign, step and candidate.';

-- ---- Recipients: how far they got, and why and when they left. ----
alter table public.campaign_recipients
  add column current_step integer not null default 1,
  add column exit_reason text check (exit_reason in ('replied', 'booked', 'unsubscribed', 'consent_withdrawn', 'bounced', 'removed', 'manual')),
  add column exited_at timestamptz,
  add constraint campaign_recipients_exit check ((exit_reason is null) = (exited_at is null));
comment on column public.campaign_recipients.current_step is 'The latest step a message was written for.';
-- The step job reads the active recipients of sending campaigns.
create index campaign_recipients_active on public.campaign_recipients (campaign_id, candidate_id) where exit_reason is null;

-- ---- Exits ----

-- Records that a candidate left the sequences they are in (of one campaign, or of those
-- sending to one pool, or all) and stops their queued messages there. Automatic exits
-- (p_campaign null) apply to campaigns with follow-ups only: a one-step campaign
-- behaves as it always did. Only recipients who joined before `p_at` leave.
create or replace function private.exit_campaign_sequences(p_candidate bigint, p_reason text, p_at timestamptz,
  p_pool bigint default null, p_campaign bigint default null) returns integer
  language plpgsql security definer set search_path = pg_catalog
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
    update public.messages m set status = 'failed', error = 'Not sent: the candidate left the sequence (' || p_reason || ')'
     where m.campaign_id = any (left_ids) and m.candidate_id = p_candidate and m.direction = 'out' and m.status = 'queued'
    returning m.id
  )
  select array_agg(id) into stopped from cancelled;
  -- A first email stopped before it went out.
  update public.campaign_recipients r set status = 'cancelled', skip_reason = 'Left the sequence before the first email was sent'
   where r.message_id = any (coalesce(stopped, '{}')) and r.status = 'pending';
  return cardinality(left_ids);
end
$$;
revoke all on function private.exit_campaign_sequences(bigint, text, timestamptz, bigint, bigint) from public;

-- Reply (any sentiment), booking, unsubscribe and hard bounce, whoever writes the event.
create or replace function private.exit_on_engagement() returns trigger
  language plpgsql security definer set search_path = pg_catalog
  as $$
begin
  perform private.exit_campaign_sequences(new.candidate_id,
    case new.kind when 'reply' then 'replied' when 'meeting_booked' then 'booked' when 'unsubscribe' then 'unsubscribed' else 'bounced' end,
    new.occurred_at);
  return null;
end
$$;
create trigger engagement_events_exit_sequences after insert on public.engagement_events
  for each row when (new.kind in ('reply', 'meeting_booked', 'unsubscribe') or (new.kind = 'bounce' and new.metadata->>'type' = 'hard'))
  execute function private.exit_on_engagement();

-- Email consent withdrawn: the candidate's own unsubscribe (unsubscribed_at set) or anyone else's change.
create or replace function private.exit_on_consent() returns trigger
  language plpgsql security definer set search_path = pg_catalog
  as $$
begin
  perform private.exit_campaign_sequences(new.id,
    case when new.unsubscribed_at is not null then 'unsubscribed' else 'consent_withdrawn' end, now());
  return null;
end
$$;
create trigger candidates_exit_sequences after update of allows_email on public.candidates
  for each row when (old.allows_email and not new.allows_email)
  execute function private.exit_on_consent();

-- Removed from the pool the campaign sends to.
create or replace function private.exit_on_pool_removal() returns trigger
  language plpgsql security definer set search_path = pg_catalog
  as $$
begin
  perform private.exit_campaign_sequences(old.candidate_id, 'removed', now(), old.talent_pool_id);
  return null;
end
$$;
create trigger talent_pool_members_exit_sequences after delete on public.talent_pool_members
  for each row execute function private.exit_on_pool_removal();

-- The recruiter removes one recipient by hand (POST /api/campaigns/{id}/recipients/{candidateId}/remove).
create or replace function public.remove_campaign_recipient(p_campaign bigint, p_candidate bigint) returns integer
  language plpgsql security definer set search_path = pg_catalog
  as $$
begin
  if not public.is_member() then
    raise exception 'not a member' using errcode = 'insufficient_privilege';
  end if;
  return private.exit_campaign_sequences(p_candidate, 'manual', now(), null, p_campaign);
end
$$;
revoke all on function public.remove_campaign_recipient(bigint, bigint) from public;
grant execute on function public.remove_campaign_recipient(bigint, bigint) to authenticated;
