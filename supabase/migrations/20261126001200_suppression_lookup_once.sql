-- The suppression lookup hashes the address once, not once per suppression row.
-- As written in 20261123000010 the planner saw a function call it could not fold
-- and, on a small list, scanned it hashing the address for every entry: a
-- 20,000-recipient campaign computed 1,080,045 SHA-256 hashes for 60,000
-- eligibility checks (bench/campaign-100k.ts with pg_stat_statements), the
-- single largest cost of a send. The scalar subquery is evaluated once per call,
-- and the primary key then finds the entry.
create or replace function public.email_suppression(p_email text)
  returns public.email_suppressions
  language sql stable security definer set search_path = pg_catalog
  as $$
    select s from public.email_suppressions s
     where p_email is not null and s.address_hash = (select public.email_address_hash(p_email))
  $$;
