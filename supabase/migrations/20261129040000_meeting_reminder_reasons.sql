-- Reminders sent by the worker (issue 29): why one was skipped, cancelled or failed, as a code of the
-- catalogue (decision 032) beside its English; and a dead worker's 'sending' claims found by an index.
alter table public.meeting_reminders
  add column error_code text,
  add column error_params jsonb;
comment on column public.meeting_reminders.error_code is 'The code of error (decision 032); error_params fill it in.';

-- The worker's claim also takes over a 'sending' row a dead worker left (claimed_at long ago).
create index meeting_reminders_sending on public.meeting_reminders (claimed_at) where (state = 'sending'::text);

-- As before, and a reminder scheduled afresh forgets its old reason's code too.
create or replace function public.meetings_reminders_follow()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'public'
as $$
begin
  if new.status in ('confirmed', 'rescheduled') then
    if tg_op = 'UPDATE' and new.starts_at = old.starts_at and old.status in ('confirmed', 'rescheduled') then
      return new;
    end if;
    insert into public.meeting_reminders (meeting_id, minutes_before, channel, due_at, state)
      select new.id, plan.minutes_before, plan.channel, new.starts_at - make_interval(mins => plan.minutes_before),
             case when new.starts_at - make_interval(mins => plan.minutes_before) > now() then 'scheduled' else 'cancelled' end
        from public.meeting_reminder_plan(new.meeting_type_id) as plan
    on conflict (meeting_id, minutes_before, channel) do update
      set due_at = excluded.due_at, state = excluded.state, attempts = 0, claimed_at = null, sent_at = null,
          error = null, error_code = null, error_params = null;
  else
    update public.meeting_reminders set state = 'cancelled'
     where meeting_id = new.id and state in ('scheduled', 'sending', 'failed');
  end if;
  return new;
end $$;
revoke all on function public.meetings_reminders_follow() from public, anon, authenticated, service_role;
