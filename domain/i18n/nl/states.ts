// Wat de API zegt over de stand van zaken (decision 032), in het Nederlands.
import type { Resources } from '../en.ts';

export const states: Resources['states'] = {
  teamsSetup: 'stel MS_TENANT_ID, MS_CLIENT_ID en MS_CLIENT_SECRET in van een Entra-app met de toepassingsmachtiging Calendars.ReadWrite (met toestemming van een beheerder); elke recruiter heeft een Teams-licentie nodig en het e-mailadres in het profiel moet het Microsoft 365-adres zijn.',
  calendar: {
    connected: 'Bezette tijden in Outlook en Teams-links staan aan',
    not_connected: 'Teams is niet ingesteld: afspraken worden bevestigd en de kandidaat krijgt de uitnodiging per e-mail, maar zonder Teams-link, en bezette tijden in Outlook worden niet gecontroleerd. Om het aan te zetten: $t(states.teamsSetup)',
  },
  forRecruiters: {
    calendar: {
      not_connected: 'Teams is nog niet gekoppeld: afspraken worden per e-mail bevestigd met een agenda-uitnodiging, zonder Teams-link, en je bezette tijden in Outlook worden niet gecontroleerd. Vraag je beheerder om Microsoft Teams te koppelen.',
    },
    teams: {
      not_configured: 'Teams is nog niet gekoppeld, dus deze afspraak heeft geen Teams-link: de kandidaat heeft de uitnodiging per e-mail gekregen. Vraag je beheerder om Microsoft Teams te koppelen.',
    },
    integrations: {
      ai: { fallback: { summary: 'Concepten worden offline geschreven door de ingebouwde schrijfhulp. Je beheerder kan een AI-model koppelen.' } },
      mail: { outbox: { summary: 'Er is nog geen maildienst gekoppeld: e-mails blijven in de dev-outbox en er gaat niets de deur uit. Vraag je beheerder er een te koppelen.' } },
      teams: { off: { summary: 'Afspraken worden per e-mail bevestigd met een uitnodiging, zonder Teams-link en zonder de bezette tijden uit Outlook. Vraag je beheerder om Microsoft Teams te koppelen.' } },
      whatsapp: { off: { summary: 'WhatsApp-berichten worden nog niet verstuurd. Vraag je beheerder om WhatsApp te koppelen.' } },
      signin: { builtin: { summary: 'Je logt in met een account dat deze server bewaart; je beheerder beheert de accounts in het beheerportaal.' } },
    },
    mailboxes: {
      no_graph: 'Vraag je beheerder om Microsoft 365 te koppelen, zodat je mail uit je eigen mailbox vertrekt en de antwoorden uit je inbox worden gelezen.',
      refused: 'Vraag je beheerder Talentloop toegang tot je mailbox te geven en kies daarna Nu synchroniseren.',
    },
  },
  mailboxes: {
    no_graph: 'Om de eigen mailboxen van de recruiters te lezen: stel MS_TENANT_ID, MS_CLIENT_ID, MS_CLIENT_SECRET en MS_MAILBOX in van een Entra-app met de toepassingsmachtigingen Mail.Send en Mail.Read (met toestemming van een beheerder), en kies "De eigen mailbox van elke recruiter" onder Organisatie.',
    refused: 'Geef de mailbox een Exchange Online-licentie en voeg hem toe aan het toegangsbeleid (application access policy) van de Entra-app; kies daarna Nu synchroniseren.',
  },
  teams: {
    not_configured: 'Teams is niet ingesteld: $t(states.teamsSetup) De afspraak is bevestigd en de kandidaat heeft de uitnodiging per e-mail gekregen.',
    link_failed: 'De Teams-link kon niet worden gemaakt',
  },
  integrations: {
    names: { ai: 'AI-aanbieder', mail: 'Mail', teams: 'Microsoft Teams en Outlook', whatsapp: 'WhatsApp', signin: 'Inloggen' },
    signin: {
      builtin: {
        mode: 'Ingebouwde accounts',
        summary: 'Mensen loggen in met de accounts die deze server in zijn eigen database bewaart; beheerders beheren ze in het beheerportaal. Stel SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY en SUPABASE_JWT_SECRET in om in plaats daarvan in te loggen met Supabase Auth van een Supabase-project.',
      },
      supabase: {
        mode: 'Supabase Auth',
        summary: 'Mensen loggen in met Supabase Auth van dit Supabase-project: dat bewaart de accounts, wachtwoorden en authenticator-apps; Talentloop bewaart gebruikersnamen, rollen, back-upcodes en de lijst met sessies. Gebruikers die in het dashboard van Supabase zijn gemaakt, kunnen ook inloggen.',
      },
    },
    ai: {
      fallback: {
        mode: 'Ingebouwde offline schrijver',
        summary: 'Concepten worden offline geschreven door de ingebouwde schrijver. Stel OPENAI_API_KEY in (en OPENAI_BASE_URL voor een andere OpenAI-compatibele server) om een model te gebruiken.',
      },
      configured: { mode: 'OpenAI-compatibele API', summary: 'Concepten, onderwerpen en het sentiment van reacties komen van dit model.' },
    },
    mail: {
      smtp: { mode: 'SMTP', summary: 'E-mails aan kandidaten gaan via deze SMTP-server de deur uit.' },
      graph: { mode: 'Microsoft Graph', summary: 'E-mails aan kandidaten worden verstuurd vanuit deze Microsoft 365-mailbox.' },
      outbox: {
        mode: 'Dev-outbox',
        summary: 'Er is geen maildienst ingesteld: e-mails blijven in de dev-outbox in de app en er gaat niets de deur uit. Stel SMTP_URL in, of MS_MAILBOX met de Microsoft Graph-app, om te versturen.',
      },
    },
    teams: {
      off: {
        mode: 'Alleen uitnodigingen per e-mail',
        summary: 'Afspraken worden per e-mail bevestigd met een uitnodiging (ICS), zonder Teams-link en zonder de bezette tijden uit Outlook. Om te koppelen: $t(states.teamsSetup)',
      },
      configured: {
        mode: 'Microsoft Graph',
        summary: 'Geboekte afspraken komen in de Outlook-agenda van elke recruiter, met een Teams-link; bezette tijden in Outlook blijven vrij.',
      },
    },
    whatsapp: {
      off: {
        mode: 'WhatsApp niet ingesteld',
        summary: 'Er worden geen WhatsApp-berichten verstuurd. Stel WHATSAPP_TOKEN en WHATSAPP_PHONE_NUMBER_ID in (en WHATSAPP_APP_SECRET en WHATSAPP_VERIFY_TOKEN voor reacties) om de WhatsApp Business Cloud API te koppelen.',
      },
      configured: {
        mode: 'WhatsApp Business Cloud API',
        summary: 'WhatsApp-berichten gaan uit vanaf dit zakelijke nummer: tekst binnen het 24-uursvenster, goedgekeurde templates daarbuiten.',
      },
    },
    details: {
      server: 'Server', model: 'Model', apiKey: 'API-sleutel', login: 'Inloggen', from: 'Van', mailbox: 'Mailbox',
      phoneNumberId: 'Telefoonnummer-id', accessToken: 'Toegangstoken', appSecret: 'App-geheim (handtekeningen van de webhook)',
      verifyToken: 'Verificatietoken (handdruk van de webhook)', businessAccountId: 'Bedrijfsaccount-id (teksten van templates)',
      approvedTemplates: 'Goedgekeurde templates', templateProblems: 'Problemen met templates', templateTexts: 'Teksten van templates',
      meetingReminders: 'Herinneringen voor afspraken via WhatsApp',
    },
    values: {
      setNotShown: 'Ingesteld (niet getoond)', none: 'Geen', notSet: 'Niet ingesteld', loginNotShown: 'Gebruikersnaam en wachtwoord (niet getoond)',
      smtpUnreadable: 'SMTP_URL kon niet worden gelezen',
      templateTextsNotShown: 'Niet getoond: stel WHATSAPP_BUSINESS_ACCOUNT_ID in',
      templateTextsUnreadable: 'Kon niet bij Meta worden gelezen: {{error}}',
      templateTextsRead: 'Gelezen bij Meta ({{count}} templates in het bedrijfsaccount)',
      reminderNotSet: 'Uit: geen template ingesteld (WHATSAPP_REMINDER_TEMPLATE); herinneringen gaan alleen per e-mail',
      reminderUnlisted: 'Uit: {{name}} (WHATSAPP_REMINDER_TEMPLATE) staat niet tussen de goedgekeurde templates; herinneringen gaan alleen per e-mail',
      reminderParameters: 'Uit: {{name}} vraagt {{count}} waarden en een herinnering vult er hoogstens {{max}} in; herinneringen gaan alleen per e-mail',
      reminderDutchParameters: '{{name}} voor Engels; uit voor Nederlands: de Nederlandse versie vraagt {{count}} waarden en een herinnering vult er hoogstens {{max}} in, dus Nederlandstalige kandidaten krijgen herinneringen alleen per e-mail',
      reminderEnglishParameters: '{{name}} voor Nederlands; uit voor Engels: de Engelse versie vraagt {{count}} waarden en een herinnering vult er hoogstens {{max}} in, dus Engelstalige kandidaten krijgen herinneringen alleen per e-mail',
    },
    problems: {
      entry_unreadable: '"{{entry}}" is niet naam:taal:parameters (taal en of nl, naam in kleine letters met _)',
      not_at_meta: '{{template}} staat niet tussen de templates van het bedrijfsaccount bij Meta',
      parameters_at_meta_one: '{{template}} heeft bij Meta {{count}} parameter; WHATSAPP_TEMPLATES zegt {{configured}}',
      parameters_at_meta_other: '{{template}} heeft bij Meta {{count}} parameters; WHATSAPP_TEMPLATES zegt {{configured}}',
    },
  },
  integrationTests: {
    signin_answered: 'Supabase Auth op {{server}} antwoordde ({{name}} {{version}}).',
    signin_refused: 'Supabase Auth op {{server}} antwoordde {{status}}: {{detail}}',
    signin_unreachable: 'Supabase Auth op {{server}} was niet bereikbaar: {{detail}}',
    ai_answered: 'De AI-aanbieder antwoordde (model {{model}}): "{{said}}"',
    ai_no_answer: 'De AI-aanbieder antwoordde niet binnen {{seconds}} s.',
    provider_said: '{{detail}}',
    mail_outbox: 'De testmail aan {{to}} staat in de dev-outbox (er is geen maildienst ingesteld, dus er ging niets de deur uit).',
    mail_graph_sent: 'Microsoft Graph heeft de testmail van {{mailbox}} aan {{to}} aangenomen.',
    mail_smtp_sent: 'De SMTP-server op {{server}} heeft de testmail aan {{to}} aangenomen.',
    smtp_refused_connection: 'Kon geen verbinding maken met de SMTP-server op {{server}}: daar antwoordde niets (ECONNREFUSED).',
    smtp_login_refused: 'De SMTP-server weigerde het inloggen: {{detail}}',
    smtp_no_connection: 'Kon geen verbinding maken met de SMTP-server op {{server}}: {{detail}}',
    smtp_timeout: 'De SMTP-server op {{server}} antwoordde niet op tijd.',
    smtp_dns: 'De naam van de SMTP-server werd niet gevonden ({{server}}): {{detail}}',
    smtp_connection_failed: 'De verbinding met de SMTP-server op {{server}} mislukte: {{detail}}',
    smtp_refused_mail: 'De SMTP-server weigerde de testmail: {{detail}}',
    smtp_deferred: 'De SMTP-server stelde de testmail uit (probeer het later nog eens): {{detail}}',
    smtp_failed: 'De SMTP-server op {{server}} gaf een fout: {{detail}}',
    entra_refused: 'Microsoft Entra ID weigerde de gegevens van de app: {{detail}}',
    graph_no_token: 'Kon geen Microsoft Graph-token krijgen: {{detail}}',
    graph_refused_mail: 'Microsoft Graph weigerde de testmail te versturen ({{status}}): {{detail}}',
    graph_mail_failed: 'Microsoft Graph kon de testmail niet versturen: {{detail}}',
    outbox_failed: 'De dev-outbox kon de testmail niet bewaren: {{detail}}',
    calendar_free: 'Microsoft Graph las de Outlook-agenda van {{mailbox}}: vrij in het komende uur.',
    calendar_busy_one: 'Microsoft Graph las de Outlook-agenda van {{mailbox}}: {{count}} bezette tijd in het komende uur.',
    calendar_busy_other: 'Microsoft Graph las de Outlook-agenda van {{mailbox}}: {{count}} bezette tijden in het komende uur.',
    graph_wait: 'Microsoft Graph vroeg om {{seconds}} s te wachten (te veel verzoeken). Probeer het dan nog eens.',
    calendar_refused: 'Microsoft Graph weigerde de agenda van {{mailbox}} te lezen ({{status}}): {{detail}}',
    calendar_no_mailbox: 'Microsoft Graph vond geen mailbox {{mailbox}} (404): {{detail}} Is het e-mailadres in je profiel je Microsoft 365-adres?',
    calendar_failed: 'Microsoft Graph kon de agenda van {{mailbox}} niet lezen ({{status}}): {{detail}}',
    whatsapp_answered: 'De WhatsApp Cloud API antwoordde voor het zakelijke nummer{{number}}; er is geen bericht verstuurd.',
    failed: 'De test mislukte: {{detail}}',
  },
};
