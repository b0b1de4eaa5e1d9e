-- A message counts as sent once in the dashboard's rollup: a soft bounce's
-- resend (status sent → queued → sent, sent_at kept from the first send) is the
-- same email to the same person, not another one.
drop trigger messages_rollup_sent on public.messages;
create trigger messages_rollup_sent after update of status on public.messages
  for each row when (new.direction = 'out' and new.channel = 'email' and new.status = 'sent'
                     and old.status is distinct from 'sent' and old.sent_at is null)
  execute function private.rollup_message_sent();
