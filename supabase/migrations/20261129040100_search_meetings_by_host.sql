-- The palette finds meetings by their hosts (issue 29): a host whose name is like the query (trigram word
-- similarity, as titles are found), a collective meeting's other hosts included (meeting_hosts), their latest
-- meetings first by meeting_hosts_host. SECURITY DEFINER as the other lookups (decision 022): it answers ids,
-- and the rows are read by id under the caller's policies; a non-member gets none.
create or replace function public.search_host_meeting_ids(query text, max_rows integer)
  returns table (id bigint, distance real)
  language sql
  stable
  security definer
  set search_path to 'public', 'extensions'
as $$
    select hosted.meeting_id, h.distance
      from (select p.id, query <<-> public.search_doc(p.display_name) as distance
              from public.profiles p
             where (select public.may_read_people()) and query <% public.search_doc(p.display_name)
             order by 2
             limit max_rows) h
     cross join lateral (select mh.meeting_id from public.meeting_hosts mh
                          where mh.host_id = h.id order by mh.blocked_from desc limit max_rows) hosted
$$;
revoke all on function public.search_host_meeting_ids(query text, max_rows integer) from public, anon, authenticated, service_role;
grant execute on function public.search_host_meeting_ids(query text, max_rows integer) to authenticated, service_role;
