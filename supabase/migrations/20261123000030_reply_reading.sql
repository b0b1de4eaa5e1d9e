-- Reading candidates' replies (domain/inbound.ts, domain/mail/reply-text.ts):
-- besides the sentiment, whether the reply is an automatic one (out of office)
-- and until when its sender is away, and whether it may be a request to stop
-- that a recruiter should read ("May want to opt out: review") rather than one
-- the system acts on. Set once on arrival (insert); no job updates them, so no
-- column grant is needed: the sentiment job only relabels `sentiment`, and
-- leaves auto-replies alone.
alter table public.messages
  add column auto_reply boolean not null default false,
  add column auto_reply_until date,
  add column opt_out_review boolean not null default false;

alter table public.messages
  add constraint messages_auto_reply_until check (auto_reply or auto_reply_until is null),
  add constraint messages_reply_flags_inbound check (direction = 'in' or not (auto_reply or opt_out_review));

comment on column public.messages.auto_reply is 'An automatic reply (out of office, leave): not the candidate''s own answer; sentiment ''other''.';
comment on column public.messages.auto_reply_until is 'The date an auto-reply says its sender is back (or away until), when it states one.';
comment on column public.messages.opt_out_review is 'The reply may ask to stop mailing; a recruiter decides. Email consent was not withdrawn for it.';
