-- The dashboard's "sent" rollup is written once per statement, not once per message (issue 31): the delivery
-- records its outcomes in batches, and a batch now adds one row per day, sender and campaign to
-- engagement_daily instead of one upsert per email. Same rule as the row trigger it replaces (decision 016's
-- rollups; a resend after a soft bounce, sent_at kept, still counts once). A trigger with transition tables
-- takes no column list, so it looks at every update's rows and counts only those that became sent.
create or replace function private.rollup_messages_sent()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $$
begin
  perform private.engagement_daily_add(g.day, g.sender_id, g.campaign_id, p_sent => g.n)
     from (select private.utc_day(coalesce(n.sent_at, now())) as day,
                  coalesce(n.sender_id, (select k.created_by from public.campaigns k where k.id = n.campaign_id)) as sender_id,
                  n.campaign_id, count(*)::int as n
             from new_messages n join old_messages o on o.id = n.id
            where n.direction = 'out' and n.channel = 'email' and n.status = 'sent'
              and o.status is distinct from 'sent' and o.sent_at is null
            group by 1, 2, 3) g;
  return null;
end
$$;

drop trigger messages_rollup_sent on public.messages;
create trigger messages_rollup_sent after update on public.messages
  referencing old table as old_messages new table as new_messages
  for each statement execute function private.rollup_messages_sent();
