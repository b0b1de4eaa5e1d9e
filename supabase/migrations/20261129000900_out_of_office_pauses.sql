-- Out of office pauses, not stops (issue 28, decision 038). An automatic reply pauses the candidate's
-- running sequences: no later step is written before the day after paused_until (in the zone the step is
-- timed in; domain/campaigns/sequences.server.ts), then the sequence goes on by itself. paused_until is the
-- return date the reply states when it lies between the mail's day and 90 days after it, else the mail's
-- day + 14. A trigger, as the exits are (decision 018): whichever path stores the reply, it pauses.
alter table public.campaign_recipients
  add column paused_until date,
  add column pause_reason text check (pause_reason in ('out_of_office')),
  add constraint campaign_recipients_pause check ((paused_until is null) = (pause_reason is null));
comment on column public.campaign_recipients.paused_until is
  'The last day of a pause (out of office): no later step is written before the next day. Cleared when one is written.';
comment on column public.campaign_recipients.pause_reason is 'Why the sequence is paused: out_of_office (an automatic reply).';

create function private.pause_sequences_on_auto_reply()
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

create trigger messages_auto_reply_pauses_sequences after insert on public.messages
  for each row
  when (new.direction = 'in' and new.auto_reply)
  execute function private.pause_sequences_on_auto_reply();
