-- Candidates' data rights (issue 30, decision 042): every access, correction and erasure request, with its
-- one-month deadline (GDPR art. 12(3)), its state and who handled it. A request comes from the candidate's
-- privacy page or is entered by hand (a request by email, phone or letter). An erasure asked on the privacy
-- page waits out a 7-day undo window (execute_after) before the worker erases through erase_candidates().
create table public.data_requests (
  id bigint generated always as identity primary key,
  candidate_id bigint references public.candidates (id) on delete set null,
  -- Who asked, as they were when they asked: the candidate row is gone after an erasure.
  requester_name text check (length(requester_name) <= 200),
  requester_email citext check (length(requester_email) <= 254),
  kind text not null check (kind in ('access', 'correction', 'erasure')),
  source text not null check (source in ('privacy_page', 'email', 'phone', 'letter', 'other')),
  details text check (length(details) <= 4000),
  state text default 'open'::text not null check (state in ('open', 'scheduled', 'done', 'refused', 'withdrawn')),
  received_at timestamp with time zone default now() not null,
  due_at timestamp with time zone default (now() + '1 mon'::interval) not null,
  -- An erasure from the privacy page: not before this moment (the candidate can undo until then).
  execute_after timestamp with time zone,
  handled_by uuid references public.profiles (id) on delete set null,
  handled_at timestamp with time zone,
  -- Why it was refused or kept (an admin who must keep the data says why), or what was done.
  resolution text check (length(resolution) <= 2000),
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamp with time zone default now() not null,
  constraint data_requests_refusal_says_why check (state <> 'refused' or resolution is not null)
);
create index data_requests_open on public.data_requests (due_at) where (state in ('open', 'scheduled'));
create index data_requests_candidate on public.data_requests (candidate_id);
comment on table public.data_requests is
  'Candidates'' data requests (access, correction, erasure) with their deadline and state. Policies: '
  'data_requests_admin (admins read and handle all), data_requests_enter (members enter one by hand in '
  'their own name), data_requests_own (members read the ones they entered); the privacy page and the worker '
  'write as service_role.';

alter table public.data_requests enable row level security;
revoke all on public.data_requests from anon, authenticated, service_role;
grant select, insert, update on public.data_requests to authenticated;
grant select, insert, update, delete on public.data_requests to service_role;
revoke all on sequence public.data_requests_id_seq from anon, authenticated, service_role;
create policy data_requests_admin on public.data_requests for all to authenticated
  using ((select is_admin()))
  with check ((select is_admin()));
create policy data_requests_enter on public.data_requests for insert to authenticated
  with check ((select is_member()) and created_by = (select auth.uid()) and source <> 'privacy_page' and state = 'open');
create policy data_requests_own on public.data_requests for select to authenticated
  using (created_by = (select auth.uid()));
