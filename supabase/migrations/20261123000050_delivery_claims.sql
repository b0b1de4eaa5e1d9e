-- Delivery claims that name their holder (decision 011).
--
-- A message in 'sending' names the worker that claimed it (claimed_by) and
-- when (claimed_at). Every worker touches its row in private.worker_heartbeats
-- every few seconds while it runs. A claim is stale, and another worker may
-- take the message, once its worker has not been seen for a while (the age is
-- the caller's: domain/workers.ts). A live worker's claim is never taken.

alter table public.messages
  add column claimed_by text,
  add column claimed_at timestamptz;
-- The delivery path writes the claim (migration 20261123000010 lists the others).
grant update (claimed_by, claimed_at) on public.messages to service_role;
-- The recovery looks up the claims held per worker.
create index messages_sending_claims on public.messages (claimed_by) where status = 'sending';

create table private.worker_heartbeats (
  worker_id text primary key,
  started_at timestamptz not null default now(),
  seen_at timestamptz not null default now()
);
revoke all on private.worker_heartbeats from public, anon, authenticated, service_role;

-- The worker runs as service_role, which has no access to schema private:
-- these three functions are all it may do with the table.
create function public.touch_worker_heartbeat(p_worker_id text) returns void
  language sql volatile security definer set search_path = pg_catalog
  as $$
    insert into private.worker_heartbeats (worker_id) values (p_worker_id)
    on conflict (worker_id) do update set seen_at = now()
  $$;

-- A worker that stops cleanly leaves no heartbeat, so what it still held is
-- free at once. (The worker's housekeeping removes rows of crashed workers.)
create function public.forget_worker(p_worker_id text) returns void
  language sql volatile security definer set search_path = pg_catalog
  as $$
    delete from private.worker_heartbeats where worker_id = p_worker_id
  $$;

create function public.worker_seen_within(p_worker_id text, p_seconds integer) returns boolean
  language sql stable security definer set search_path = pg_catalog
  as $$
    select exists (select 1 from private.worker_heartbeats
                    where worker_id = p_worker_id and seen_at > now() - make_interval(secs => p_seconds))
  $$;

revoke all on function public.touch_worker_heartbeat(text) from public, anon, authenticated;
revoke all on function public.forget_worker(text) from public, anon, authenticated;
revoke all on function public.worker_seen_within(text, integer) from public, anon, authenticated;
grant execute on function public.touch_worker_heartbeat(text) to service_role;
grant execute on function public.forget_worker(text) to service_role;
grant execute on function public.worker_seen_within(text, integer) to service_role;
