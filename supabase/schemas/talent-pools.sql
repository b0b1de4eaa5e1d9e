-- Talent pools, their members, and the pools with their member counts (a security_invoker view:
-- read under the caller's policies, decision 002). The members per engagement band are in dashboard.sql.
--
-- The current schema, not its history: supabase/migrations/ is what databases apply. A change
-- is a new migration plus the same change here (by hand, or npm run schema:files);
-- tests/db/declarative-schema.test.ts fails until both make the same schema (decision 031).

-- ---------------------------------------------------------------- tables

create table public.talent_pools (
  id bigint generated always as identity primary key,
  name text not null check (length(btrim(name)) between 1 and 120),
  description text,
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null
);
create unique index talent_pools_name_key on public.talent_pools (lower(name));
create index talent_pools_name_trgm on public.talent_pools using gin (search_doc(variadic array[name]) gin_trgm_ops);
comment on table public.talent_pools is 'Talent pools. Policy talent_pools_members: members read and write all.';

create table public.talent_pool_members (
  talent_pool_id bigint not null references public.talent_pools (id) on delete cascade,
  candidate_id bigint not null references public.candidates (id) on delete cascade,
  added_at timestamp with time zone default now() not null,
  added_by uuid references public.profiles (id) on delete set null,
  constraint talent_pool_members_pkey primary key (talent_pool_id, candidate_id)
);
create index talent_pool_members_candidate on public.talent_pool_members (candidate_id, added_at);
comment on table public.talent_pool_members is 'Pool membership. Policy talent_pool_members_members: members read and write all.';

-- ---------------------------------------------------------------- views

create view public.talent_pools_with_counts with (security_invoker = true) as
 select id,
    name,
    description,
    created_by,
    created_at,
    updated_at,
    (( select count(*) as count
           from talent_pool_members m
          where m.talent_pool_id = p.id))::integer as candidate_count
   from talent_pools p;

-- ---------------------------------------------------------------- triggers

create trigger talent_pools_touch before update on public.talent_pools
  for each row execute function touch_updated_at();

-- ---------------------------------------------------------------- row-level security, privileges and policies

alter table public.talent_pools enable row level security;
revoke all on public.talent_pools from anon, authenticated, service_role;
grant select, insert, update, delete on public.talent_pools to authenticated, service_role;
revoke all on sequence public.talent_pools_id_seq from anon, authenticated, service_role;
grant usage on sequence public.talent_pools_id_seq to authenticated, service_role;
create policy talent_pools_members on public.talent_pools for all to authenticated
  using ((select is_member()))
  with check ((select is_member()));

alter table public.talent_pool_members enable row level security;
revoke all on public.talent_pool_members from anon, authenticated, service_role;
grant select, insert, update, delete on public.talent_pool_members to authenticated, service_role;
create policy talent_pool_members_members on public.talent_pool_members for all to authenticated
  using ((select is_member()))
  with check ((select is_member()));

revoke all on public.talent_pools_with_counts from anon, authenticated, service_role;
grant select on public.talent_pools_with_counts to authenticated, service_role;
