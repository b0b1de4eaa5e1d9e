-- Settings → Integrations lists the recruiters' mailboxes and their state (issue 28, decision 040): a
-- recruiter reads their own mailbox only, an admin every mailbox, as with profiles.
drop policy mailboxes_read on public.mailboxes;
create policy mailboxes_read_own on public.mailboxes for select to authenticated
  using (user_id = auth.uid() or public.is_admin());
comment on table public.mailboxes is
  'A recruiter''s own Microsoft 365 mailbox that sends their mail; its inbox is read for candidates'' answers '
  '(decision 039). Policy mailboxes_read_own: a recruiter reads their own, admins all; only service_role writes.';
