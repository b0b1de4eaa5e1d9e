-- Bounces (issue 12; domain/mail/dsn.ts reads them, domain/mail/bounces.ts acts).
--
-- A bounce is an engagement event (kind 'bounce', metadata {type: hard|soft,
-- status, diagnostic, recipient, reason, dsn}); repeats of one report are kept
-- out by dedupe_key. A hard bounce puts the address on the suppression list,
-- which already blocks every send through public.contact_blockers() ('suppressed'),
-- with source 'bounce' and by_candidate false: it is not the candidate's opt-out,
-- so the candidate's consent flags stay as they were, and a recruiter granting
-- consent again (e.g. after the address was fixed) or an admin lifts it.
-- A soft bounce sends the message again later: status 'queued' with send_after.

-- The bounce path moves a soft-bounced message back to the queue with its send_after.
grant update (send_after) on public.messages to service_role;

-- The suppression list is written only by security definer functions (decision 008).
create or replace function public.suppress_bounced_address(p_email text, p_reason text) returns boolean
  language plpgsql security definer set search_path = pg_catalog
  as $$
declare added integer;
begin
  if btrim(coalesce(p_email, '')) = '' then
    return false;
  end if;
  -- An entry already there (the candidate's own opt-out, an earlier bounce) stays as it is.
  insert into public.email_suppressions (address_hash, source, by_candidate, reason)
  values (public.email_address_hash(p_email), 'bounce', false, left(p_reason, 500))
  on conflict (address_hash) do nothing;
  get diagnostics added = row_count;
  return added > 0;
end
$$;
revoke all on function public.suppress_bounced_address(text, text) from public;
grant execute on function public.suppress_bounced_address(text, text) to service_role;

-- A bounce event as the API shows it.
create or replace function public.bounce_json(e public.engagement_events) returns jsonb
  language sql stable set search_path = pg_catalog
  as $$
    select case when e.id is null then null else jsonb_build_object(
      'type', e.metadata ->> 'type', 'status', e.metadata ->> 'status', 'diagnostic', e.metadata ->> 'diagnostic',
      'recipient', e.metadata ->> 'recipient', 'reason', coalesce(e.metadata ->> 'reason', 'Email bounced'),
      'at', to_char(e.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) end
  $$;
grant execute on function public.bounce_json(public.engagement_events) to authenticated, service_role;

-- The message's latest bounce, if any (under the caller's policies on engagement_events).
create or replace function public.message_bounce(p_message_id bigint) returns jsonb
  language sql stable set search_path = pg_catalog
  as $$
    select public.bounce_json(e) from public.engagement_events e
     where e.message_id = p_message_id and e.kind = 'bounce'
     order by e.occurred_at desc, e.id desc limit 1
  $$;
grant execute on function public.message_bounce(bigint) to authenticated, service_role;

-- The candidate's address is undeliverable: its latest hard bounce, while that
-- address is still the candidate's and still suppressed (a new address, or a
-- lifted suppression, clears it).
create or replace function public.candidate_email_bounce(c public.candidates) returns jsonb
  language sql stable set search_path = pg_catalog
  as $$
    select public.bounce_json(e) from public.engagement_events e
     where e.candidate_id = c.id and e.kind = 'bounce' and e.metadata ->> 'type' = 'hard'
       and lower(e.metadata ->> 'recipient') = lower(btrim(c.email::text))
       and (public.email_suppression(c.email::text)).address_hash is not null
     order by e.occurred_at desc, e.id desc limit 1
  $$;
grant execute on function public.candidate_email_bounce(public.candidates) to authenticated, service_role;
