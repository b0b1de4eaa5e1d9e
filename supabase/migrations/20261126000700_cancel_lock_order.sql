-- Cancelling a campaign and claiming its messages for delivery lock the same
-- queued messages, one statement each. They must take the row locks in one
-- order, or a cancel that locked message B and waits for A deadlocks with a
-- claim that locked A and waits for B (PostgreSQL then aborts one of them: the
-- recruiter's cancel answered 500). The delivery claim locks in id order
-- (domain/mail/delivery.ts); so does this function now. Before, it locked in the
-- order it found the rows, which after updates is not the id order.
create or replace function public.stop_cancelled_campaign_messages(campaign_ids bigint[]) returns integer
  language plpgsql security definer set search_path = pg_catalog
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
       set status = 'failed', error = 'Not sent: the campaign was cancelled'
      from locked
     where m.id = locked.id
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
