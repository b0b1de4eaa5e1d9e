-- One mailbox, one consent (issue 25; decision 008, amended 2026-11-28).
--
-- The suppression list compared the address as typed (trimmed, lower case), so after
-- x@example.com opted out a new candidate x+anything@example.com was emailed: the same
-- mailbox (RFC 5233 sub-addressing). The list now compares the mailbox key,
-- public.mailbox_key(): the address without its +tag, and for Gmail without the dots
-- of the user part. The candidate's own address is stored and shown as before.
--
-- Entries written before this hash the old form; the lookup still finds them, an
-- admin's lift and a grant remove them, and those whose address a candidate still
-- has move to the new hash below.

-- ---------------------------------------------------------------- the rule
-- THE rule for which mailbox an address reaches, mirrored by mailboxKey() in
-- domain/consent/mailbox-key.ts (tests/db/mailbox-key.test.ts runs both):
--   trimmed of spaces, ASCII letters lower-cased (collate "C": the same key in every
--   database locale and in the browser), the last "@" splits user and domain, the user
--   part ends at its first "+" (unless it starts with one: no user is left to fold to),
--   and gmail.com / googlemail.com ignore dots and are one domain.
-- Text without an "@" is only trimmed and lower-cased.
create or replace function public.mailbox_key(p_email text) returns text
  language plpgsql immutable strict parallel safe set search_path = pg_catalog
  as $$
declare
  address text := lower(btrim(p_email) collate "C");
  domain_part text;
  local_part text;
begin
  if strpos(address, '@') = 0 then
    return address;
  end if;
  domain_part := split_part(address, '@', -1);
  local_part := left(address, length(address) - length(domain_part) - 1);
  if strpos(local_part, '+') > 1 then
    local_part := left(local_part, strpos(local_part, '+') - 1);
  end if;
  if domain_part in ('gmail.com', 'googlemail.com') then
    return replace(local_part, '.', '') || '@gmail.com';
  end if;
  return local_part || '@' || domain_part;
end
$$;
grant execute on function public.mailbox_key(text) to authenticated, service_role;

-- The mailbox key, hashed with the database's pepper (as before: the list keeps no
-- readable address). For an address without a +tag outside Gmail the key is the old
-- form, so most entries keep their hash.
create or replace function public.email_address_hash(p_email text) returns bytea
  language sql stable security definer set search_path = pg_catalog
  as $$
    select sha256((select value from private.settings where name = 'email_hash_pepper')
                  || convert_to(public.mailbox_key(p_email), 'UTF8'))
  $$;

-- The hash as 20261123000010 made it, for finding and removing entries written before
-- this migration only; nothing writes it any more.
create or replace function public.legacy_email_address_hash(p_email text) returns bytea
  language sql stable security definer set search_path = pg_catalog
  as $$
    select sha256((select value from private.settings where name = 'email_hash_pepper')
                  || convert_to(lower(btrim(p_email)), 'UTF8'))
  $$;
revoke all on function public.legacy_email_address_hash(text) from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------- the lookup
-- Either hash finds the entry. Each is a scalar subquery, computed once per call
-- (20261126001200), and the primary key finds the rows. Should both forms be listed,
-- the candidate's own opt-out is the answer (only they can lift it), then the oldest.
create or replace function public.email_suppression(p_email text)
  returns public.email_suppressions
  language sql stable security definer set search_path = pg_catalog
  as $$
    select s from public.email_suppressions s
     where p_email is not null
       and s.address_hash in ((select public.email_address_hash(p_email)), (select public.legacy_email_address_hash(p_email)))
     order by s.by_candidate desc, s.created_at
     limit 1
  $$;

-- ---------------------------------------------------------------- entries of known addresses
-- An old entry whose address a candidate still has moves to the mailbox key's hash, so an
-- opt-out of x+tag@example.com now also stops x@example.com. Several variants of one mailbox
-- become one entry: a candidate's own opt-out first, then the oldest (merged as the ledger's
-- trigger merges). Entries of erased candidates cannot be re-keyed (only the hash is left):
-- they keep matching their exact address.
insert into public.email_suppressions (address_hash, source, by_candidate, reason, created_at)
select distinct on (public.email_address_hash(c.email::text))
       public.email_address_hash(c.email::text), s.source, s.by_candidate, s.reason, s.created_at
  from public.candidates c
  join public.email_suppressions s on s.address_hash = public.legacy_email_address_hash(c.email::text)
 where public.mailbox_key(c.email::text) <> lower(btrim(c.email::text))
 order by public.email_address_hash(c.email::text), s.by_candidate desc, s.created_at
on conflict (address_hash) do update
  set by_candidate = email_suppressions.by_candidate or excluded.by_candidate,
      source = case when excluded.by_candidate and not email_suppressions.by_candidate
                    then excluded.source else email_suppressions.source end;

delete from public.email_suppressions s
 using public.candidates c
 where public.mailbox_key(c.email::text) <> lower(btrim(c.email::text))
   and s.address_hash = public.legacy_email_address_hash(c.email::text);

-- ---------------------------------------------------------------- removing an entry
-- A grant (as in 20261123000010) and an admin's lift remove the entry in both forms:
-- an old entry left behind would keep suppressing the address.
create or replace function public.apply_consent_event() returns trigger
  language plpgsql security definer set search_path = pg_catalog
  as $$
declare
  c public.candidates;
  by_candidate boolean := new.source = any (public.candidate_consent_sources());
  suppressed public.email_suppressions;
begin
  select * into c from public.candidates where id = new.candidate_id;
  if new.channel = 'email' then
    if not new.granted and new.source = 'suppression' then
      suppressed := public.email_suppression(c.email::text);
      by_candidate := coalesce(suppressed.by_candidate, false);
    end if;
    -- Written only when it changes something: an import records both channels for
    -- every new candidate, and most of those entries confirm the default.
    update public.candidates
       set allows_email = new.granted,
           unsubscribed_at = case when new.granted then null
                                  when by_candidate then coalesce(unsubscribed_at, suppressed.created_at, new.created_at)
                                  else unsubscribed_at end
     where id = new.candidate_id
       and (allows_email is distinct from new.granted or (new.granted and unsubscribed_at is not null)
            or (by_candidate and not new.granted and unsubscribed_at is null));
    if btrim(coalesce(c.email::text, '')) <> '' then
      if new.granted then
        delete from public.email_suppressions
         where address_hash in ((select public.email_address_hash(c.email::text)),
                                (select public.legacy_email_address_hash(c.email::text)));
      else
        insert into public.email_suppressions (address_hash, source, by_candidate, reason, created_at)
        values (public.email_address_hash(c.email::text), new.source, by_candidate, left(new.wording, 500), new.created_at)
        on conflict (address_hash) do update
          set by_candidate = email_suppressions.by_candidate or excluded.by_candidate,
              source = case when excluded.by_candidate and not email_suppressions.by_candidate
                            then excluded.source else email_suppressions.source end;
      end if;
    end if;
  else
    update public.candidates
       set allows_whatsapp = new.granted,
           whatsapp_opted_out_at = case when new.granted then null
                                        when by_candidate then coalesce(whatsapp_opted_out_at, new.created_at)
                                        else whatsapp_opted_out_at end
     where id = new.candidate_id
       and (allows_whatsapp is distinct from new.granted or (new.granted and whatsapp_opted_out_at is not null)
            or (by_candidate and not new.granted and whatsapp_opted_out_at is null));
  end if;
  return new;
end
$$;

create or replace function public.remove_email_suppression(p_email text, p_reason text) returns boolean
  language plpgsql security definer set search_path = pg_catalog
  as $$
declare removed integer;
begin
  if not public.is_admin() then
    raise exception 'only admins can remove a suppression' using errcode = 'insufficient_privilege';
  end if;
  if btrim(coalesce(p_reason, '')) = '' then
    raise exception 'a reason is required' using errcode = 'check_violation', constraint = 'suppression_reason_required';
  end if;
  delete from public.email_suppressions
   where address_hash in ((select public.email_address_hash(p_email)), (select public.legacy_email_address_hash(p_email)));
  get diagnostics removed = row_count;
  if removed > 0 then
    insert into public.audit_log (actor_id, action, entity, entity_id, details)
    values (auth.uid(), 'suppression.remove', 'email_suppression', null,
            jsonb_build_object('reason', left(p_reason, 500)));
  end if;
  return removed > 0;
end
$$;

comment on table public.email_suppressions is
  'Mailboxes that opted out, hashed (public.email_address_hash of public.mailbox_key; entries from before '
  '20261128000100 may hold public.legacy_email_address_hash). Written by the consent ledger''s trigger; '
  'read by members as a count only (through email_suppression_count); an admin removes one through remove_email_suppression().';
