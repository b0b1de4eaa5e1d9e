-- When a queued message may go out at the earliest (null: at once). Sequences'
-- later steps, send windows in the candidate's morning, sender limits and
-- soft-bounce retries all wait this way: the delivery claim and the sweep skip a
-- message until then, so nothing depends on a job's timing.
alter table public.messages add column send_after timestamptz;
comment on column public.messages.send_after is
  'The earliest moment a queued message may be sent (null: at once). The delivery claim and the sweep honour it.';
create index messages_waiting on public.messages (send_after) where status = 'queued' and send_after is not null;
