-- Chunked dispatch (issue 12, "Scale"; decision 021): a large pool is dispatched
-- a few thousand members per transaction, in candidate id order. The cursor is the
-- last candidate id written; null when the dispatch is done (or never started).
-- While it is set the campaign is not complete and late joiners wait: every member
-- above the cursor is still to come from the dispatch itself.
alter table public.campaigns add column dispatch_cursor bigint;
create index campaigns_dispatching on public.campaigns (id) where dispatch_cursor is not null;
