-- The dashboard's Data rights card counts the people the retention rules erase in the next 7 days. At a million
-- candidates retention_due() takes about a second (the inactive rule reads every candidate), so the count is kept
-- (decision 061): counted again when it is older than its allowed age, when the rules, exemptions or data requests
-- change or a candidate is deleted (those empty the table), and by the hourly retention job after it has erased.
create table private.retention_due_counts (
  until date primary key,
  due integer not null,
  counted_at timestamp with time zone default now() not null
);
comment on table private.retention_due_counts is
  'How many people retention_due(until) returns, as counted at counted_at: the dashboard''s Data rights card '
  '(through retention_due_count()). Emptied when the rules, exemptions or data requests change or a candidate '
  'is deleted; candidates'' activity and consent age it at most p_max_age (decision 061).';

create or replace function public.retention_due_count(p_until date, p_max_age interval default '01:00:00'::interval)
  returns table(due integer, counted_at timestamp with time zone)
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $$
declare
  kept private.retention_due_counts;
begin
  if not (public.is_admin() or auth.role() = 'service_role' or current_setting('role', true) = 'service_role') then
    raise exception 'only admins can see who is due for erasure' using errcode = 'insufficient_privilege';
  end if;
  select * into kept from private.retention_due_counts k where k.until = p_until and k.counted_at > now() - p_max_age;
  if not found then
    insert into private.retention_due_counts as k (until, due, counted_at)
    select p_until, count(*)::integer, now() from public.retention_due(p_until)
    on conflict (until) do update set due = excluded.due, counted_at = excluded.counted_at
    returning * into kept;
  end if;
  return query select kept.due, kept.counted_at;
end
$$;
revoke all on function public.retention_due_count(p_until date, p_max_age interval) from public, anon, authenticated, service_role;
grant execute on function public.retention_due_count(p_until date, p_max_age interval) to authenticated, service_role;
comment on function public.retention_due_count(p_until date, p_max_age interval) is
  'How many people retention_due(p_until) returns: the kept count when it is younger than p_max_age, else '
  'counted now and kept (decision 061). Admins and service_role.';

create or replace function private.forget_retention_due_counts()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $$
begin
  delete from private.retention_due_counts;
  return null;
end
$$;
revoke all on function private.forget_retention_due_counts() from public, anon, authenticated, service_role;

create trigger retention_rules_forget_due_counts after insert or update or delete on public.retention_rules
  for each statement execute function private.forget_retention_due_counts();
create trigger retention_exemptions_forget_due_counts after insert or update or delete on public.retention_exemptions
  for each statement execute function private.forget_retention_due_counts();
create trigger data_requests_forget_due_counts after insert or update or delete on public.data_requests
  for each statement execute function private.forget_retention_due_counts();
create trigger candidates_forget_due_counts after delete on public.candidates
  for each statement execute function private.forget_retention_due_counts();
