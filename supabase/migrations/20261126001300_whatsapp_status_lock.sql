-- The last gap of 20261126001100: a status whose webhook looked for its message just
-- before the worker recorded the wamid, and whose event the worker's trigger looked for
-- just before the webhook committed it, was applied by neither. Both now take one
-- transaction-level lock before they look, so whichever comes second sees what the
-- first committed. One key for all statuses (not one per wamid): each transaction takes
-- it once, so two cannot wait for each other; only WhatsApp status work and the records
-- of WhatsApp messages take it.
create function public.lock_whatsapp_status_matching() returns void
  language sql security definer set search_path = pg_catalog
  as $$ select pg_advisory_xact_lock(hashtextextended('talentloop:whatsapp-status-matching', 0)) $$;
revoke execute on function public.lock_whatsapp_status_matching() from public;
grant execute on function public.lock_whatsapp_status_matching() to service_role;

create or replace function public.apply_early_whatsapp_statuses() returns trigger
  language plpgsql security definer set search_path = public
  as $$
  declare
    early record;
  begin
    -- After the lock, the query below sees an event a webhook committed meanwhile (a new snapshot per statement).
    perform public.lock_whatsapp_status_matching();
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
