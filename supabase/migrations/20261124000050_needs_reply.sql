-- The inbox (issue 11): a thread needs a reply when the candidate wrote last.
-- The flag lives on the thread's root (its first message, thread_id null) so
-- that the "Needs reply" list and the dashboard read one indexed row per
-- thread instead of scanning messages. A reply from the candidate sets it; a
-- message we send in the thread clears it; the recruiter clears it with
-- "Mark done" (POST /api/messages/{id}/done). An out-of-office reply neither
-- sets nor clears it: it asks for no answer, and a campaign's auto-replies
-- would otherwise bury the real ones.

alter table public.messages add column needs_reply boolean not null default false;

comment on column public.messages.needs_reply is
  'On a thread root only: the candidate wrote last (auto-replies aside) and nobody has answered or marked it done.';

create or replace function public.track_needs_reply() returns trigger
  language plpgsql security definer set search_path = pg_catalog
  as $$
begin
  if new.direction = 'in' and new.auto_reply then
    return new;
  end if;
  if new.thread_id is null then
    -- A thread's first message: a reply that started a thread (matched by sender) needs an answer.
    new.needs_reply := new.direction = 'in';
    return new;
  end if;
  update public.messages set needs_reply = (new.direction = 'in')
   where id = new.thread_id and needs_reply is distinct from (new.direction = 'in');
  return new;
end
$$;

-- Roots are set before insert (no second write); replies update their root after.
create trigger messages_needs_reply_root before insert on public.messages
  for each row when (new.thread_id is null and new.direction = 'in')
  execute function public.track_needs_reply();
create trigger messages_needs_reply_thread after insert on public.messages
  for each row when (new.thread_id is not null)
  execute function public.track_needs_reply();

-- Backfill: threads whose latest message (auto-replies aside) is the candidate's.
update public.messages root set needs_reply = true
  from (select distinct on (coalesce(m.thread_id, m.id)) coalesce(m.thread_id, m.id) as thread_id, m.direction
          from public.messages m
         where not (m.direction = 'in' and m.auto_reply)
         order by coalesce(m.thread_id, m.id), m.created_at desc, m.id desc) latest
 where root.id = latest.thread_id and latest.direction = 'in' and not root.needs_reply;

-- The "Needs reply" list (Communications and the dashboard), newest activity first.
create index messages_needs_reply on public.messages (created_at desc, id desc) where needs_reply;

-- Members mark a thread done; the trigger above (security definer) keeps it otherwise.
grant update (needs_reply) on public.messages to authenticated;

comment on table public.messages is
  'Messages. Policies: messages_read (members read all), messages_insert (members; outbound only to a candidate '
  'public.can_contact() allows), messages_update (members, column privileges: read_at and needs_reply only). Trigger '
  'messages_consent refuses outbound messages without consent for every role; triggers messages_needs_reply_* keep '
  'the thread root''s needs_reply.';
