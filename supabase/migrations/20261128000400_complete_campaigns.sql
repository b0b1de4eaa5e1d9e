-- When a campaign is done, as one function (it was a query in TypeScript): the
-- delivery closes the campaigns its batch touched, the sweep and pause/cancel all
-- of them, and the delivery (mail) must not depend on the campaigns code for it
-- (decision 030). A campaign with no pending recipient is done: 'sent', or
-- 'failed' when nothing could be delivered. With follow-ups, not while a later
-- step is queued or sending, nor while an active recipient (no exit, still
-- contactable) has sent a step that has a next one: the sequence still runs.
-- Only a campaign still 'sending' changes, so it completes once. p_ids null: all.
create or replace function public.complete_campaigns(p_ids bigint[]) returns void
  language sql volatile set search_path = pg_catalog, public
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
revoke all on function public.complete_campaigns(bigint[]) from public, anon;
grant execute on function public.complete_campaigns(bigint[]) to authenticated, service_role;
