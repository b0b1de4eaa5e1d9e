-- Row-level security, Supabase-style. The API runs every request as `anon` or
-- `authenticated` with the user's claims set for that transaction only; the
-- worker and trusted server paths run as `service_role` (BYPASSRLS).

-- True when the signed-in user is an active admin. SECURITY DEFINER so that
-- policies on profiles can call it without recursing into themselves.
create or replace function public.is_admin() returns boolean
  language sql stable security definer set search_path = public
  as $$
    select exists (select 1 from public.profiles
                    where id = auth.uid() and role = 'admin' and not banned)
  $$;

-- True for any signed-in, not banned user of the product.
create or replace function public.is_member() returns boolean
  language sql stable security definer set search_path = public
  as $$
    select exists (select 1 from public.profiles where id = auth.uid() and not banned)
  $$;

grant execute on function public.is_admin(), public.is_member() to anon, authenticated, service_role;
grant execute on function public.f_unaccent(text), public.search_doc(text[]) to anon, authenticated, service_role;

do $$
declare t text;
begin
  foreach t in array array[
    'profiles', 'talent_pools', 'candidates', 'talent_pool_members', 'consent_events',
    'campaigns', 'messages', 'campaign_recipients', 'engagement_events', 'ai_templates',
    'ai_template_suggestions', 'recruiter_availability', 'booking_links', 'meetings',
    'access_requests', 'audit_log'
  ] loop
    execute format('alter table public.%I enable row level security', t);
    execute format('grant all on public.%I to service_role', t);
  end loop;
end
$$;
grant usage on all sequences in schema public to authenticated, service_role;

-- Users: everyone reads their own row; only admins read others or change any.
grant select, insert, update, delete on public.profiles to authenticated;
create policy profiles_read_own on public.profiles for select to authenticated
  using (id = auth.uid() or public.is_admin());
create policy profiles_admin_insert on public.profiles for insert to authenticated
  with check (public.is_admin());
create policy profiles_admin_update on public.profiles for update to authenticated
  using (public.is_admin()) with check (public.is_admin());
create policy profiles_admin_delete on public.profiles for delete to authenticated
  using (public.is_admin() and id <> auth.uid());

-- Recruiting data: shared by the whole (single-tenant) team of signed-in users.
do $$
declare t text;
begin
  foreach t in array array[
    'talent_pools', 'candidates', 'talent_pool_members', 'campaigns',
    'campaign_recipients', 'booking_links', 'meetings'
  ] loop
    execute format('grant select, insert, update, delete on public.%I to authenticated', t);
    execute format('create policy %I on public.%I for all to authenticated using (public.is_member()) with check (public.is_member())',
                   t || '_members', t);
  end loop;
end
$$;

-- The consent ledger is append-only: entries are never edited or removed.
grant select, insert on public.consent_events to authenticated;
create policy consent_events_read on public.consent_events for select to authenticated
  using (public.is_member());
create policy consent_events_append on public.consent_events for insert to authenticated
  with check (public.is_member() and created_by = auth.uid());

-- Messages: an outbound message needs the candidate's consent for its channel.
-- (The trigger enforce_message_consent repeats this for every role.)
grant select, insert, update on public.messages to authenticated;
create policy messages_read on public.messages for select to authenticated
  using (public.is_member());
create policy messages_insert on public.messages for insert to authenticated
  with check (
    public.is_member()
    and (direction = 'in' or exists (
      select 1 from public.candidates c
       where c.id = candidate_id
         and ((channel = 'email' and c.allows_email and c.unsubscribed_at is null)
           or (channel = 'whatsapp' and c.allows_whatsapp))))
  );
create policy messages_update on public.messages for update to authenticated
  using (public.is_member()) with check (public.is_member());

grant select on public.engagement_events to authenticated;
create policy engagement_events_read on public.engagement_events for select to authenticated
  using (public.is_member());

-- Templates: everyone reads; admins curate.
grant select, insert, update, delete on public.ai_templates, public.ai_template_suggestions to authenticated;
create policy ai_templates_read on public.ai_templates for select to authenticated using (public.is_member());
create policy ai_templates_admin on public.ai_templates for all to authenticated
  using (public.is_admin()) with check (public.is_admin());
create policy ai_template_suggestions_read on public.ai_template_suggestions for select to authenticated using (public.is_member());
create policy ai_template_suggestions_admin on public.ai_template_suggestions for all to authenticated
  using (public.is_admin()) with check (public.is_admin());

-- Availability: a recruiter manages their own hours; colleagues can read them.
grant select, insert, update, delete on public.recruiter_availability to authenticated;
create policy recruiter_availability_read on public.recruiter_availability for select to authenticated
  using (public.is_member());
create policy recruiter_availability_own on public.recruiter_availability for all to authenticated
  using (recruiter_id = auth.uid() or public.is_admin())
  with check (recruiter_id = auth.uid() or public.is_admin());

-- Access requests: anyone may file one (pending only); only admins read or handle them.
grant insert on public.access_requests to anon, authenticated;
grant select, update, delete on public.access_requests to authenticated;
create policy access_requests_file on public.access_requests for insert to anon, authenticated
  with check (status = 'pending' and handled_by is null and handled_at is null);
create policy access_requests_admin_read on public.access_requests for select to authenticated
  using (public.is_admin());
create policy access_requests_admin_update on public.access_requests for update to authenticated
  using (public.is_admin()) with check (public.is_admin());
create policy access_requests_admin_delete on public.access_requests for delete to authenticated
  using (public.is_admin());

-- Audit log: every member writes their own entries; only admins read it.
grant select, insert on public.audit_log to authenticated;
create policy audit_log_write on public.audit_log for insert to authenticated
  with check (actor_id = auth.uid());
create policy audit_log_admin_read on public.audit_log for select to authenticated
  using (public.is_admin());

grant select on public.talent_pools_with_counts to authenticated, service_role;

-- The public booking page reads one link by its token, nothing else.
create or replace function public.booking_link_by_token(p_token text)
  returns table (id bigint, title text, duration_minutes integer, expires_at timestamptz, used_at timestamptz,
                 recruiter_name text, candidate_name text)
  language sql stable security definer set search_path = public
  as $$
    select b.id, b.title, b.duration_minutes, b.expires_at, b.used_at, p.display_name, c.name
      from public.booking_links b
      join public.profiles p on p.id = b.recruiter_id
      left join public.candidates c on c.id = b.candidate_id
     where b.token = p_token
  $$;
revoke all on function public.booking_link_by_token(text) from public;
grant execute on function public.booking_link_by_token(text) to anon, authenticated, service_role;
