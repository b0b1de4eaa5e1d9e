-- Messaging: the dev outbox (mail "sent" when no mail service is configured),
-- inbound mail that matched no candidate, indexes the worker and the thread
-- list need, and the built-in AI templates in English and Dutch.

-- What the dev outbox adapter "delivered": the full RFC 822 message, so that
-- a recruiter can open it in the app and answer it as the candidate.
create table public.mail_outbox (
  id bigint generated always as identity primary key,
  message_id bigint references public.messages (id) on delete set null,
  -- The Message-ID header. Unique: a resend after a crash is stored once.
  internet_message_id text not null unique,
  from_address text not null,
  to_address text not null,
  reply_to text,
  subject text not null,
  text_body text,
  html_body text,
  headers jsonb not null default '{}',
  raw text not null,
  created_at timestamptz not null default now()
);
create index mail_outbox_created on public.mail_outbox (created_at desc, id desc);

-- Inbound mail that could not be tied to a thread or a known candidate: kept
-- aside for a human, never dropped.
create table public.inbound_unmatched (
  id bigint generated always as identity primary key,
  internet_message_id text unique,
  from_address text,
  to_addresses text,
  subject text,
  text_body text,
  reason text not null,
  raw text not null,
  received_at timestamptz not null default now()
);
create index inbound_unmatched_received on public.inbound_unmatched (received_at desc);

-- The worker's sweep looks for messages whose job went missing.
create index messages_pending on public.messages (updated_at) where status in ('queued', 'sending');
-- Unread replies per thread.
create index messages_unread on public.messages (coalesce(thread_id, id)) where direction = 'in' and read_at is null;
create index campaign_recipients_message on public.campaign_recipients (message_id) where message_id is not null;
create index campaign_recipients_progress on public.campaign_recipients (campaign_id, status);

alter table public.mail_outbox enable row level security;
alter table public.inbound_unmatched enable row level security;
grant all on public.mail_outbox, public.inbound_unmatched to service_role;
-- Members read both; only the server (worker, inbound webhook) writes them.
grant select on public.mail_outbox, public.inbound_unmatched to authenticated;
create policy mail_outbox_read on public.mail_outbox for select to authenticated using (public.is_member());
create policy inbound_unmatched_read on public.inbound_unmatched for select to authenticated using (public.is_member());

-- Built-in templates. One family (e.g. nurture-checkin) per row pair, suffixed
-- -en / -nl; the API lists families and picks the row by language.
-- Placeholders: candidate ones ({{firstName}}, {{candidateName}}, {{jobFunction}},
-- {{skills}}, {{location}}) are filled per recipient; the others ({{industry}},
-- {{jobTitle}}, {{company}}, {{eventName}}, {{eventDate}}) by the recruiter.
insert into public.ai_templates (template_id, name, description, category, language, subject, body) values
('nurture-checkin-en', 'Career Check-in', 'A friendly, no-pressure check-in that keeps the relationship warm.', 'nurture', 'english',
 'How are things going, {{firstName}}?',
$t$Hi {{firstName}},

It has been a while since we last spoke, so I wanted to check in. How are things going in your work as {{jobFunction}}?

We regularly see interesting opportunities in {{industry}} for people with experience in {{skills}}, also around {{location}}. Whenever you are curious what the market looks like, I am happy to share what I see, with no strings attached.

Would a short call in the coming weeks be useful?

Best regards,
{{recruiterName}}$t$),
('nurture-checkin-nl', 'Loopbaan check-in', 'Een vriendelijke, vrijblijvende check-in die het contact warm houdt.', 'nurture', 'dutch',
 'Hoe gaat het, {{firstName}}?',
$t$Hoi {{firstName}},

Het is alweer even geleden dat we elkaar spraken, dus ik wilde even horen hoe het met je gaat. Hoe bevalt je werk als {{jobFunction}}?

We zien regelmatig interessante kansen in {{industry}} voor mensen met ervaring in {{skills}}, ook in de regio {{location}}. Ben je benieuwd hoe de markt er nu voor staat? Ik deel graag wat ik zie, geheel vrijblijvend.

Zullen we de komende weken even bellen?

Met vriendelijke groet,
{{recruiterName}}$t$),
('nurture-market-en', 'Market Update', 'Shares what is happening in the candidate''s field and invites a conversation.', 'nurture', 'english',
 'What is happening in {{industry}} right now',
$t$Hi {{firstName}},

I speak with many teams hiring in {{industry}}, and I thought you might like a short update on what I see for {{jobFunction}} roles around {{location}}:

- Demand for experience with {{skills}} remains strong.
- More companies offer hybrid or remote arrangements.
- Salary ranges for experienced profiles have moved up.

If you would like to know what this means for your own next step, just reply to this email.

Kind regards,
{{recruiterName}}$t$),
('nurture-market-nl', 'Marktupdate', 'Deelt wat er speelt in het vakgebied van de kandidaat en nodigt uit tot een gesprek.', 'nurture', 'dutch',
 'Wat er nu speelt in {{industry}}',
$t$Hoi {{firstName}},

Ik spreek veel teams die in {{industry}} aan het werven zijn, en ik dacht dat je wel een korte update zou willen over wat ik zie voor functies als {{jobFunction}} in de regio {{location}}:

- De vraag naar ervaring met {{skills}} blijft groot.
- Steeds meer bedrijven bieden hybride of volledig thuiswerken aan.
- De salarissen voor ervaren profielen zijn gestegen.

Wil je weten wat dit voor jouw volgende stap betekent? Beantwoord deze e-mail gerust.

Met vriendelijke groet,
{{recruiterName}}$t$),
('announcement-role-en', 'New Role Announcement', 'Announces an open position that fits the candidate''s background.', 'announcement', 'english',
 'New opening: {{jobTitle}} at {{company}}',
$t$Hi {{firstName}},

{{company}} is hiring a {{jobTitle}}, and with your background as {{jobFunction}} and your experience with {{skills}}, I immediately thought of you.

The team works in {{industry}}. I can share the full job description, the salary range and how the team works whenever you like.

Interested? Reply to this email and I will send you the details.

Best regards,
{{recruiterName}}$t$),
('announcement-role-nl', 'Nieuwe vacature', 'Kondigt een openstaande functie aan die past bij de achtergrond van de kandidaat.', 'announcement', 'dutch',
 'Nieuwe vacature: {{jobTitle}} bij {{company}}',
$t$Hoi {{firstName}},

{{company}} zoekt een {{jobTitle}}, en met jouw achtergrond als {{jobFunction}} en je ervaring met {{skills}} moest ik meteen aan jou denken.

Het team werkt in {{industry}}. Ik deel graag de volledige vacaturetekst, de salarisindicatie en hoe het team werkt.

Interesse? Beantwoord deze e-mail en ik stuur je de details.

Met vriendelijke groet,
{{recruiterName}}$t$),
('announcement-company-en', 'Company Spotlight', 'Introduces a growing company and its upcoming roles.', 'announcement', 'english',
 '{{company}} is growing, and thinking of people like you',
$t$Hi {{firstName}},

I wanted to introduce you to {{company}}, one of the fastest-growing names in {{industry}}. They are expanding their team and are looking for people with experience in {{skills}}.

Not every role is public yet, so this is an early heads-up. If you would like to hear which positions are coming, including a {{jobTitle}} role, let me know and I will keep you posted.

Best regards,
{{recruiterName}}$t$),
('announcement-company-nl', 'Bedrijf in de schijnwerpers', 'Stelt een groeiend bedrijf en zijn komende functies voor.', 'announcement', 'dutch',
 '{{company}} groeit, en denkt aan mensen zoals jij',
$t$Hoi {{firstName}},

Graag stel ik je voor aan {{company}}, een van de snelst groeiende namen in {{industry}}. Ze breiden hun team uit en zoeken mensen met ervaring in {{skills}}.

Nog niet alle functies zijn openbaar, dus dit is een vroege tip. Wil je horen welke functies eraan komen, waaronder een rol als {{jobTitle}}? Laat het me weten, dan houd ik je op de hoogte.

Met vriendelijke groet,
{{recruiterName}}$t$),
('followup-gentle-en', 'Gentle Follow-up', 'A short, polite follow-up on an earlier message without a reply.', 'followup', 'english',
 'Following up: {{jobTitle}} at {{company}}',
$t$Hi {{firstName}},

I wanted to follow up on my earlier message about the {{jobTitle}} role at {{company}}. I know inboxes get busy, so no worries if it slipped through.

If the timing is not right, just let me know. I am also happy to keep you in mind for future roles that match your experience with {{skills}}.

Best regards,
{{recruiterName}}$t$),
('followup-gentle-nl', 'Vriendelijke herinnering', 'Een korte, beleefde opvolging van een eerder bericht zonder antwoord.', 'followup', 'dutch',
 'Even opvolgen: {{jobTitle}} bij {{company}}',
$t$Hoi {{firstName}},

Ik wilde even terugkomen op mijn eerdere bericht over de functie {{jobTitle}} bij {{company}}. Ik weet hoe druk een inbox kan zijn, dus geen zorgen als het erbij is ingeschoten.

Komt het nu niet uit? Laat het me gerust weten. Ik houd je ook graag in gedachten voor toekomstige functies die passen bij je ervaring met {{skills}}.

Met vriendelijke groet,
{{recruiterName}}$t$),
('followup-call-en', 'After Our Conversation', 'Thanks the candidate for a conversation and sets out the next steps.', 'followup', 'english',
 'Great speaking with you, {{firstName}}',
$t$Hi {{firstName}},

Thank you for taking the time to speak with me. It was great to hear more about your work as {{jobFunction}} and what you are looking for next.

As discussed, I will share your profile with {{company}} for the {{jobTitle}} role and come back to you as soon as I hear from them. If anything comes up in the meantime, just reply to this email.

Best regards,
{{recruiterName}}$t$),
('followup-call-nl', 'Na ons gesprek', 'Bedankt de kandidaat voor een gesprek en zet de volgende stappen op een rij.', 'followup', 'dutch',
 'Fijn je gesproken te hebben, {{firstName}}',
$t$Hoi {{firstName}},

Bedankt dat je de tijd nam voor ons gesprek. Leuk om meer te horen over je werk als {{jobFunction}} en waar je naar op zoek bent.

Zoals besproken deel ik je profiel met {{company}} voor de functie {{jobTitle}} en laat ik van me horen zodra ik iets van ze hoor. Komt er in de tussentijd iets op? Beantwoord deze e-mail gerust.

Met vriendelijke groet,
{{recruiterName}}$t$),
('event-invite-en', 'Event Invitation', 'Invites the candidate to a meetup, webinar or open day.', 'event', 'english',
 'You are invited: {{eventName}}',
$t$Hi {{firstName}},

We are organising {{eventName}} on {{eventDate}}, and I would love for you to join. Expect short talks from people working in {{industry}}, plenty of time to meet peers, and good food.

As someone working as {{jobFunction}}, I think you would enjoy it. Reply to this email to reserve your spot.

See you there,
{{recruiterName}}$t$),
('event-invite-nl', 'Uitnodiging evenement', 'Nodigt de kandidaat uit voor een meetup, webinar of open dag.', 'event', 'dutch',
 'Je bent uitgenodigd: {{eventName}}',
$t$Hoi {{firstName}},

Op {{eventDate}} organiseren we {{eventName}}, en ik zou het leuk vinden als je erbij bent. Je kunt korte talks verwachten van mensen die in {{industry}} werken, volop tijd om vakgenoten te ontmoeten, en lekker eten.

Als {{jobFunction}} vind je het vast interessant. Beantwoord deze e-mail om je plek te reserveren.

Tot dan,
{{recruiterName}}$t$),
('event-reminder-en', 'Event Reminder', 'Reminds registered candidates of an upcoming event.', 'event', 'english',
 'Reminder: {{eventName}} is coming up',
$t$Hi {{firstName}},

A quick reminder that {{eventName}} takes place on {{eventDate}}. We are looking forward to seeing you there.

If you can no longer make it, please reply to this email so that we can offer your spot to someone else.

See you soon,
{{recruiterName}}$t$),
('event-reminder-nl', 'Herinnering evenement', 'Herinnert aangemelde kandidaten aan een komend evenement.', 'event', 'dutch',
 'Herinnering: {{eventName}} komt eraan',
$t$Hoi {{firstName}},

Een korte herinnering: {{eventName}} vindt plaats op {{eventDate}}. We kijken ernaar uit je daar te zien.

Kun je toch niet komen? Beantwoord dan deze e-mail, zodat we je plek aan iemand anders kunnen geven.

Tot snel,
{{recruiterName}}$t$)
on conflict (template_id) do nothing;

insert into public.ai_template_suggestions (template_id, campaign_type, name, description, sort_order) values
  ('nurture-checkin-en', 'nurture', 'Career Check-in', 'Keep in touch with a friendly, no-pressure check-in.', 1),
  ('nurture-market-en', 'nurture', 'Market Update', 'Share what is happening in their field.', 2),
  ('announcement-role-en', 'announcement', 'New Role Announcement', 'Announce an open position that fits the pool.', 1),
  ('announcement-company-en', 'announcement', 'Company Spotlight', 'Introduce a growing company and its upcoming roles.', 2),
  ('followup-gentle-en', 'followup', 'Gentle Follow-up', 'Politely follow up on a message without a reply.', 1),
  ('followup-call-en', 'followup', 'After Our Conversation', 'Thank them for a call and set out next steps.', 2),
  ('event-invite-en', 'event', 'Event Invitation', 'Invite the pool to a meetup, webinar or open day.', 1),
  ('event-reminder-en', 'event', 'Event Reminder', 'Remind registered candidates of an upcoming event.', 2)
on conflict (campaign_type, template_id) do nothing;
