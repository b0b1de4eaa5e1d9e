-- Request Access keeps one pending request per email (issue 25): anyone may file one, and
-- 30 requests for one address from one IPv6 /64 stood as 30 rows in the admins' list. A
-- repeat while one is pending now stores nothing (domain/auth/access-requests.ts: the same
-- answer to the client, so it learns nothing; the first request's words stand, see decision 012).
--
-- Requests filed before this rule may hold several pending rows for one email, which would make
-- the index fail. Per email the oldest stays pending (the one a repeat now leaves standing, and
-- the one an admin may already have read); the later ones are closed as rejected with handled_at
-- set and handled_by empty (no admin decided), so nothing is deleted and an admin can still read
-- or approve them.
with ranked as (
  select id, row_number() over (partition by lower(email::text) order by created_at, id) as n
    from public.access_requests
   where status = 'pending'
)
update public.access_requests r
   set status = 'rejected', handled_at = now()
  from ranked
 where r.id = ranked.id and ranked.n > 1;

-- email is citext; lower() of its text says "one per address, whatever the case" in the index itself.
create unique index access_requests_one_pending on public.access_requests (lower(email::text)) where status = 'pending';
