-- Every policy written out by name, so that `grep <policy name> supabase/migrations`
-- finds it. Migration 20261121000003 created the recruiting-data policies in a
-- format() loop; they are dropped and created again here one by one, with the
-- same meaning: every signed-in, not banned member may read and write
-- (public.is_member() in a sub-select: evaluated once per statement, as
-- 20261121000010 already did for the first four).

drop policy if exists talent_pools_members on public.talent_pools;
create policy talent_pools_members on public.talent_pools for all to authenticated
  using ((select public.is_member())) with check ((select public.is_member()));

drop policy if exists candidates_members on public.candidates;
create policy candidates_members on public.candidates for all to authenticated
  using ((select public.is_member())) with check ((select public.is_member()));

drop policy if exists talent_pool_members_members on public.talent_pool_members;
create policy talent_pool_members_members on public.talent_pool_members for all to authenticated
  using ((select public.is_member())) with check ((select public.is_member()));

drop policy if exists campaigns_members on public.campaigns;
create policy campaigns_members on public.campaigns for all to authenticated
  using ((select public.is_member())) with check ((select public.is_member()));

drop policy if exists campaign_recipients_members on public.campaign_recipients;
create policy campaign_recipients_members on public.campaign_recipients for all to authenticated
  using ((select public.is_member())) with check ((select public.is_member()));

drop policy if exists booking_links_members on public.booking_links;
create policy booking_links_members on public.booking_links for all to authenticated
  using ((select public.is_member())) with check ((select public.is_member()));

drop policy if exists meetings_members on public.meetings;
create policy meetings_members on public.meetings for all to authenticated
  using ((select public.is_member())) with check ((select public.is_member()));

-- Who may do what, on each table (consent_events and email_suppressions carry theirs
-- from 20261123000010). "Members" are signed-in users who are not banned
-- (public.is_member()); service_role (worker, webhooks) bypasses RLS but not the
-- triggers or column privileges; anon reaches only what is named.
comment on table public.profiles is
  'Users of the product. Policies: profiles_read_own (a user reads their own row; admins read all), '
  'profiles_admin_insert, profiles_admin_update, profiles_admin_delete (admins only; nobody deletes themselves).';
comment on table public.talent_pools is
  'Talent pools. Policy talent_pools_members: members read and write all.';
comment on table public.candidates is
  'Candidates. Policy candidates_members: members read, insert and update (column privileges keep the consent '
  'flags to the ledger); nobody deletes rows directly, only public.erase_candidates().';
comment on table public.talent_pool_members is
  'Pool membership. Policy talent_pool_members_members: members read and write all.';
comment on table public.campaigns is
  'Campaigns. Policy campaigns_members: members read and write all; the worker (service_role) sends them.';
comment on table public.campaign_recipients is
  'One row per campaign recipient. Policy campaign_recipients_members: members read and write all; written by the worker.';
comment on table public.messages is
  'Messages. Policies: messages_read (members read all), messages_insert (members; outbound only to a candidate '
  'public.can_contact() allows), messages_update (members, column privileges: read_at only). Trigger messages_consent '
  'refuses outbound messages without consent for every role.';
comment on table public.engagement_events is
  'Opens, clicks, replies, bounces. Policy engagement_events_read: members read; only service_role writes.';
comment on table public.ai_templates is
  'Message templates. Policies: ai_templates_read (members read), ai_templates_admin (admins write).';
comment on table public.ai_template_suggestions is
  'Templates suggested per campaign type. Policies: ai_template_suggestions_read (members read), '
  'ai_template_suggestions_admin (admins write).';
comment on table public.recruiter_availability is
  'Recruiters'' working hours. Policies: recruiter_availability_read (members read all), '
  'recruiter_availability_own (a recruiter writes their own; admins any).';
comment on table public.booking_links is
  'Booking links. Policy booking_links_members: members read and write all; anon reads one link by token '
  'through public.booking_link_by_token(), never the table.';
comment on table public.meetings is
  'Meetings. Policy meetings_members: members read and write all; constraint meetings_no_overlap.';
comment on table public.access_requests is
  'Requests for access. Policies: access_requests_file (anon and members file a pending request), '
  'access_requests_admin_read, access_requests_admin_update, access_requests_admin_delete (admins only).';
comment on table public.audit_log is
  'Audit log. Policies: audit_log_write (members write entries in their own name), audit_log_admin_read (admins read).';
comment on table public.candidate_name_words is
  'Name-word index for search. Policy candidate_name_words_members: members read; kept by triggers.';
comment on table public.search_words is
  'Distinct name words for typo and prefix search. Policy search_words_members: members read; kept by triggers.';
comment on table public.imports is
  'CSV imports. Policy imports_members: members read and write all.';
comment on table public.import_skipped_rows is
  'Rows an import skipped. Policy import_skipped_rows_members: members read and write all.';
comment on table public.import_rows is
  'Rows staged while an import uploads. Policy import_rows_members: members read, insert and delete.';
comment on table public.mail_outbox is
  'Mail the dev outbox "delivered". Policy mail_outbox_read: members read; only service_role writes.';
comment on table public.inbound_unmatched is
  'Inbound mail that matched no thread or candidate. Policy inbound_unmatched_read: members read; only service_role writes.';
