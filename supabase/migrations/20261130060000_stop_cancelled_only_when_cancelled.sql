-- stop_cancelled_campaign_messages() returns at once when none of the campaigns is cancelled (issue 31, decision
-- 063). The delivery calls it before every claim, and nearly always none is. Its statement's kept plan expects
-- thousands of stopped messages, so it hash-joins them to every pending campaign recipient, and PostgreSQL reads
-- the join's first recipient before it knows there is nothing to join: while a campaign sends, the pending ones
-- are the last in the table, so that read scanned most of it. This made 224 of the 237 whole scans of
-- campaign_recipients (11.6 million rows) while one campaign sent to 100,000 people. What a cancelled campaign's
-- messages become is unchanged.
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
