-- A WhatsApp status can arrive before the worker has recorded the message's wamid: Meta
-- sends "sent" as soon as it accepts the message, while the worker records its outcomes in
-- groups. Such a status was kept only as an event ('unknown_message'). Now the rule that
-- applies a status to a message lives here, once, and runs both for the webhook
-- (domain/whatsapp/webhook.ts) and when a message gets its wamid (the trigger below), which
-- applies the statuses that came early.

-- The furthest status is kept (sent < delivered < read); failed always is, and fails the message.
create function public.apply_whatsapp_status(p_message bigint, p_status text, p_at timestamptz, p_reason text) returns void
  language sql security definer set search_path = public
  as $$
    update public.messages
       set delivery_status = p_status, delivery_status_at = coalesce(p_at, now()),
           status = case when p_status = 'failed' then 'failed' else status end,
           error = case when p_status = 'failed' then coalesce(p_reason, 'WhatsApp could not deliver the message') else error end
     where id = p_message
       and (delivery_status is null or p_status = 'failed'
            or array_position(array['sent', 'delivered', 'read', 'failed'], delivery_status)
               < array_position(array['sent', 'delivered', 'read', 'failed'], p_status))
  $$;
revoke execute on function public.apply_whatsapp_status(bigint, text, timestamptz, text) from public;
grant execute on function public.apply_whatsapp_status(bigint, text, timestamptz, text) to service_role;

create function public.apply_early_whatsapp_statuses() returns trigger
  language plpgsql security definer set search_path = public
  as $$
  declare
    early record;
  begin
    for early in
      select id, status, occurred_at, error_text from public.whatsapp_events
       where wamid = new.provider_message_id and kind = 'status' and outcome = 'unknown_message'
         and status in ('sent', 'delivered', 'read', 'failed')
       order by id
    loop
      perform public.apply_whatsapp_status(new.id, early.status, early.occurred_at, early.error_text);
      update public.whatsapp_events set outcome = 'status_recorded', candidate_id = new.candidate_id, message_id = new.id
       where id = early.id;
    end loop;
    return null;
  end
  $$;

create trigger messages_apply_early_whatsapp_statuses
  after update of provider_message_id on public.messages
  for each row
  when (new.channel = 'whatsapp' and new.direction = 'out' and new.provider_message_id is not null
        and new.provider_message_id is distinct from old.provider_message_id)
  execute function public.apply_early_whatsapp_statuses();
