-- A retention exemption (issue 30, decision 043) follows a merge: the kept candidate keeps their own, or takes the
-- merged one's, so merging never makes someone due for erasure who was kept with a reason.
create or replace function public.merge_candidates(p_kept bigint, p_other bigint, p_fields jsonb default '{}'::jsonb)
  returns jsonb
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $$
declare
  kept public.candidates;
  other public.candidates;
  outcome jsonb;
  ch text;
  why jsonb;
  pair record;
  winner record;
  loser record;
  campaigns jsonb := '[]';
  moved jsonb := '{}';
  n integer;
  final_email text;
  final_phone text;
  also text[];
  merge_note text;
  pick text;
  kept_allows boolean;
begin
  if not (public.is_member() or current_setting('role', true) = 'service_role') then
    raise exception 'permission denied to merge candidates' using errcode = 'insufficient_privilege';
  end if;
  if p_kept is null or p_other is null or p_kept = p_other then
    raise exception 'a candidate cannot be merged with itself'
      using errcode = 'check_violation', constraint = 'merge_other_candidate';
  end if;
  -- Both rows locked in id order: two merges of one pair wait for each other and never deadlock.
  perform 1 from public.candidates where id in (p_kept, p_other) order by id for update;
  select * into kept from public.candidates where id = p_kept;
  select * into other from public.candidates where id = p_other;
  if kept.id is null or other.id is null then
    raise exception 'candidate % not found', case when kept.id is null then p_kept else p_other end
      using errcode = 'no_data_found', constraint = case when kept.id is null then 'merge_kept_missing' else 'merge_other_missing' end;
  end if;
  outcome := jsonb_build_object('email', public.merge_consent_outcome(p_kept, p_other, 'email'),
                                'whatsapp', public.merge_consent_outcome(p_kept, p_other, 'whatsapp'));

  -- Campaigns: one recipient row per campaign. Where both are recipients, the row further along stays (the
  -- higher step, then the one sent, then the kept one's); the other's queued messages of that campaign are not
  -- sent and its messages keep the campaign without a step number, so no step is written or sent twice.
  perform 1 from public.campaign_recipients where candidate_id in (p_kept, p_other) order by id for update;
  for pair in
    select k.id as kept_row, o.id as other_row
      from public.campaign_recipients k
      join public.campaign_recipients o on o.campaign_id = k.campaign_id and o.candidate_id = p_other
     where k.candidate_id = p_kept
     order by k.campaign_id
  loop
    select * into winner from public.campaign_recipients r where r.id in (pair.kept_row, pair.other_row)
     order by r.current_step desc, (r.status = 'sent') desc, (r.candidate_id = p_kept) desc limit 1;
    select * into loser from public.campaign_recipients r where r.id in (pair.kept_row, pair.other_row) and r.id <> winner.id;
    update public.messages m
       set status = 'failed', error = 'Not sent: the candidate was merged with a duplicate further along in this campaign',
           error_code = 'delivery.merged_duplicate', error_params = null
     where m.campaign_id = loser.campaign_id and m.candidate_id = loser.candidate_id and m.direction = 'out'
       and m.status = 'queued';
    update public.messages m set campaign_step = null
     where m.campaign_id = loser.campaign_id and m.candidate_id = loser.candidate_id and m.campaign_step is not null;
    delete from public.campaign_recipients where id = loser.id;
    update public.campaign_recipients r
       set paused_until = greatest(r.paused_until, loser.paused_until),
           pause_reason = case when coalesce(r.paused_until, loser.paused_until) is not null then 'out_of_office' end
     where r.id = winner.id;
    campaigns := campaigns || jsonb_build_object('campaignId', winner.campaign_id, 'keptStep', winner.current_step,
                                                 'droppedStep', loser.current_step, 'leftBecause', loser.exit_reason);
  end loop;
  update public.campaign_recipients set candidate_id = p_kept where candidate_id = p_other;
  moved := moved || jsonb_build_object('campaigns', (select count(*) from public.campaign_recipients where candidate_id = p_kept));
  -- Someone who left a sequence as one of the two (a reply, a booking) has left it as the person.
  for pair in select (c ->> 'campaignId')::bigint as campaign_id, c ->> 'leftBecause' as reason
                from jsonb_array_elements(campaigns) c where c ->> 'leftBecause' is not null
  loop
    perform private.exit_campaign_sequences(p_kept, pair.reason, now(), null, pair.campaign_id);
  end loop;

  -- Messages and threads (a step number the kept one has already is left off the other's copy).
  update public.messages o set campaign_step = null
   where o.candidate_id = p_other and o.campaign_step is not null
     and exists (select 1 from public.messages k
                  where k.candidate_id = p_kept and k.campaign_id = o.campaign_id and k.campaign_step = o.campaign_step);
  update public.messages set candidate_id = p_kept where candidate_id = p_other;
  get diagnostics n = row_count;
  moved := moved || jsonb_build_object('messages', n);

  update public.engagement_events set candidate_id = p_kept where candidate_id = p_other;
  get diagnostics n = row_count;
  moved := moved || jsonb_build_object('engagementEvents', n);
  delete from private.engagement_pending where candidate_id = p_other;
  insert into private.engagement_pending (candidate_id) values (p_kept) on conflict do nothing;

  -- Pools: one membership per pool.
  delete from public.talent_pool_members o
   where o.candidate_id = p_other
     and exists (select 1 from public.talent_pool_members k where k.candidate_id = p_kept and k.talent_pool_id = o.talent_pool_id);
  update public.talent_pool_members set candidate_id = p_kept where candidate_id = p_other;
  moved := moved || jsonb_build_object('pools', (select count(*) from public.talent_pool_members where candidate_id = p_kept));

  update public.meetings set candidate_id = p_kept where candidate_id = p_other;
  get diagnostics n = row_count;
  moved := moved || jsonb_build_object('meetings', n);
  update public.booking_links set candidate_id = p_kept where candidate_id = p_other;
  update public.whatsapp_events set candidate_id = p_kept where candidate_id = p_other;
  update public.data_requests set candidate_id = p_kept where candidate_id = p_other;
  insert into public.retention_exemptions (candidate_id, reason, created_by, created_at)
    select p_kept, e.reason, e.created_by, e.created_at from public.retention_exemptions e where e.candidate_id = p_other
  on conflict (candidate_id) do nothing;
  delete from public.retention_exemptions where candidate_id = p_other;

  -- The consent ledger: the other's entries move with their dates and words.
  perform set_config('talentloop.merging', p_other || '>' || p_kept, true);
  update public.consent_events set candidate_id = p_kept where candidate_id = p_other;
  get diagnostics n = row_count;
  perform set_config('talentloop.merging', '', true);
  moved := moved || jsonb_build_object('consentEvents', n);
  -- The candidate's own opt-out stands on the kept one (only they can opt back in), before the entry below
  -- withdraws the flag (so the sequences it ends say unsubscribed).
  update public.candidates c
     set unsubscribed_at = coalesce(c.unsubscribed_at, other.unsubscribed_at),
         whatsapp_opted_out_at = coalesce(c.whatsapp_opted_out_at, other.whatsapp_opted_out_at)
   where c.id = p_kept
     and ((c.unsubscribed_at is null and other.unsubscribed_at is not null)
       or (c.whatsapp_opted_out_at is null and other.whatsapp_opted_out_at is not null));
  foreach ch in array array['email', 'whatsapp'] loop
    why := outcome -> ch;
    kept_allows := case ch when 'email' then kept.allows_email else kept.allows_whatsapp end;
    if why ->> 'state' <> 'allowed' and (why ->> 'candidateId')::bigint = p_other and kept_allows then
      insert into public.consent_events (candidate_id, channel, granted, source, wording, created_by)
      values (p_kept, ch, false, 'system', format('Merged with candidate %s (%s), %s: %s consent withdrawn',
        p_other, other.name,
        case why ->> 'state'
          when 'opted_out' then format('who opted out of %s on %s', case ch when 'email' then 'email' else 'WhatsApp' end,
                                       to_char((why ->> 'since')::timestamptz at time zone 'UTC', 'DD Mon YYYY'))
          when 'withdrawn' then format('whose %s consent was withdrawn on %s', case ch when 'email' then 'email' else 'WhatsApp' end,
                                       to_char((why ->> 'since')::timestamptz at time zone 'UTC', 'DD Mon YYYY'))
          else format('who had not given %s consent', case ch when 'email' then 'email' else 'WhatsApp' end) end,
        case ch when 'email' then 'email' else 'WhatsApp' end), auth.uid());
    end if;
  end loop;

  -- The likely pairs: this one is resolved; the other's pairs with third candidates become the kept one's.
  delete from public.candidate_duplicates where low_id = least(p_kept, p_other) and high_id = greatest(p_kept, p_other);
  insert into public.candidate_duplicates (low_id, high_id, reason, similarity, found_at, dismissed_at, dismissed_by)
  select least(p_kept, t.x), greatest(p_kept, t.x), d.reason, d.similarity, d.found_at, d.dismissed_at, d.dismissed_by
    from public.candidate_duplicates d
    cross join lateral (select case when d.low_id = p_other then d.high_id else d.low_id end as x) t
   where (d.low_id = p_other or d.high_id = p_other) and t.x <> p_kept
  on conflict (low_id, high_id) do nothing;
  delete from public.candidate_duplicates where low_id = p_other or high_id = p_other;

  -- The merged id answers with the kept one (and ids merged into the other follow it).
  update public.candidate_redirects set new_id = p_kept where new_id = p_other;
  insert into public.candidate_redirects (old_id, new_id, merged_by) values (p_other, p_kept, auth.uid())
  on conflict (old_id) do update set new_id = excluded.new_id, merged_at = excluded.merged_at, merged_by = excluded.merged_by;

  -- The other row goes (its address's suppression, a hash, stays); then the chosen fields.
  delete from public.candidates where id = p_other;
  pick := coalesce(p_fields ->> 'email', '');
  final_email := case pick when 'other' then other.email when 'kept' then kept.email else coalesce(kept.email, other.email) end;
  pick := coalesce(p_fields ->> 'phone', '');
  final_phone := case pick when 'other' then other.phone when 'kept' then kept.phone else coalesce(kept.phone, other.phone) end;
  -- Addresses and numbers the kept candidate no longer shows stay in the notes.
  select array_agg(distinct v order by v) into also
    from (select e::text as v from unnest(array[kept.email, other.email]) e
           where btrim(coalesce(e::text, '')) <> '' and lower(e::text) is distinct from lower(final_email)
          union all
          select p from unnest(array[kept.phone, other.phone]) p
           where btrim(coalesce(p, '')) <> ''
             and right(public.phone_digits(p), 9) is distinct from right(public.phone_digits(final_phone), 9)
             and right(public.phone_digits(p), 9) is distinct from
                 right(public.phone_digits(coalesce(kept.whatsapp_number, other.whatsapp_number)), 9)) dropped;
  merge_note := format('Merged with %s (candidate %s) on %s.', other.name, p_other, to_char(now() at time zone 'UTC', 'DD Mon YYYY'))
    || case when also is not null then ' Also reached at: ' || array_to_string(also, ', ') || '.' else '' end;
  update public.candidates c set
    name = case p_fields ->> 'name' when 'other' then other.name else kept.name end,
    email = final_email,
    phone = final_phone,
    location = case p_fields ->> 'location' when 'other' then other.location when 'kept' then kept.location
                    else coalesce(kept.location, other.location) end,
    job_function = case p_fields ->> 'jobFunction' when 'other' then other.job_function when 'kept' then kept.job_function
                        else coalesce(kept.job_function, other.job_function) end,
    whatsapp_number = coalesce(kept.whatsapp_number, other.whatsapp_number),
    skill_tags = (select coalesce(array_agg(t order by first_seen), '{}')
                    from (select t, min(o) as first_seen
                            from unnest(kept.skill_tags || other.skill_tags) with ordinality as s(t, o) group by t) u),
    seniority_level = coalesce(kept.seniority_level, other.seniority_level),
    preferred_role = coalesce(kept.preferred_role, other.preferred_role),
    lead_score = greatest(kept.lead_score, other.lead_score),
    language = coalesce(kept.language, other.language),
    notes = concat_ws(E'\n\n', nullif(btrim(kept.notes), ''), merge_note, nullif(btrim(other.notes), ''))
   where c.id = p_kept;

  insert into public.audit_log (actor_id, action, entity, entity_id, details)
  values (auth.uid(), 'candidate.merge', 'candidate', p_kept::text,
          jsonb_build_object('keptId', p_kept, 'mergedId', p_other, 'fields', coalesce(p_fields, '{}'),
                             'moved', moved, 'campaigns', campaigns, 'consent', outcome));
  return jsonb_build_object('keptId', p_kept, 'mergedId', p_other, 'moved', moved, 'campaigns', campaigns, 'consent', outcome);
end $$;
revoke all on function public.merge_candidates(bigint, bigint, jsonb) from public, anon, authenticated, service_role;
grant execute on function public.merge_candidates(bigint, bigint, jsonb) to authenticated, service_role;
