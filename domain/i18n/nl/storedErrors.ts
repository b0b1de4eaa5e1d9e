// De redenen die de server bewaart en later laat zien (decision 032), in het Nederlands. Wat een
// provider zelf zei (`detail`, `tail`) blijft zoals het is, na onze woorden.
import type { Resources } from '../en.ts';

export const delivery: Resources['errors']['delivery'] = {
  provider_failed: 'Niet verstuurd: {{detail}}',
  worker_lost_contact: 'De worker verloor het contact met de database voordat hij verstuurde',
  released: 'Door zijn worker teruggegeven',
  campaign_cancelled: 'Niet verstuurd: de campagne werd geannuleerd',
  merged_duplicate: 'Niet verstuurd: de kandidaat is samengevoegd met een dubbele die verder was in deze campagne',
  mailbox_refused: 'Niet verstuurd: Microsoft 365 weigerde te versturen vanaf {{mailbox}} ({{status}}): {{detail}}',
  no_sender_mailbox: 'Niet verstuurd: mail vertrekt uit de eigen mailbox van de recruiter, en bij dit bericht hoort geen recruiter met een e-mailadres',
  left_sequence: {
    replied: 'Niet verstuurd: de kandidaat stapte uit de reeks (gereageerd)',
    booked: 'Niet verstuurd: de kandidaat stapte uit de reeks (afspraak geboekt)',
    unsubscribed: 'Niet verstuurd: de kandidaat stapte uit de reeks (afgemeld)',
    consent_withdrawn: 'Niet verstuurd: de kandidaat stapte uit de reeks (toestemming ingetrokken)',
    bounced: 'Niet verstuurd: de kandidaat stapte uit de reeks (e-mail gebounced)',
    removed: 'Niet verstuurd: de kandidaat stapte uit de reeks (uit de pool gehaald)',
    manual: 'Niet verstuurd: de kandidaat stapte uit de reeks (handmatig eruit gehaald)',
  },
  bounce_retry: '{{reason}}; wordt opnieuw verstuurd (poging {{retry}} van {{retries}})',
  bounce_gave_up: '{{reason}}; opgegeven na {{retries}} pogingen',
  whatsapp_undelivered: 'WhatsApp kon het bericht niet afleveren',
  whatsapp_outside_window: 'Buiten het 24-uursvenster van WhatsApp: de kandidaat kan alleen met een goedgekeurde template opnieuw worden benaderd{{tail}}',
  whatsapp_rate_limit: 'De limiet van WhatsApp is bereikt; later wordt het opnieuw verstuurd{{tail}}',
  whatsapp_template_unknown: 'De WhatsApp-template bestaat niet in deze taal of is niet goedgekeurd{{tail}}',
  whatsapp_template_mismatch: 'De parameters van de template passen niet bij de goedgekeurde template{{tail}}',
  whatsapp_cannot_receive: 'Dit nummer kan geen WhatsApp-berichten ontvangen{{tail}}',
  whatsapp_not_allowed: 'Dit nummer staat niet in de lijst van toegestane nummers van het WhatsApp-testnummer{{tail}}',
  whatsapp_invalid_number: 'Ongeldig WhatsApp-nummer{{tail}}',
  whatsapp_token_refused: 'WhatsApp weigerde het toegangstoken (WHATSAPP_TOKEN){{tail}}',
  whatsapp_temporary: 'WhatsApp had een tijdelijk probleem{{tail}}',
  whatsapp_refused_message: 'WhatsApp weigerde het bericht{{tail}}',
  whatsapp_refused_request: 'WhatsApp weigerde het verzoek{{tail}}',
  whatsapp_unreachable: 'De WhatsApp Cloud API was niet bereikbaar: {{detail}}',
  whatsapp_no_answer: 'De WhatsApp Cloud API was niet bereikbaar: geen antwoord binnen {{seconds}} s',
  whatsapp_no_message_id: 'De WhatsApp Cloud API nam het bericht aan zonder bericht-id',
  whatsapp_no_business_account: 'WHATSAPP_BUSINESS_ACCOUNT_ID is niet ingesteld',
};

export const unmatched: Resources['errors']['unmatched'] = {
  unknown_sender: 'Onbekende afzender {{from}} en geen verwijzing naar een verstuurd bericht',
  no_sender: 'Geen afzenderadres en geen verwijzing naar een verstuurd bericht',
  unsubscribe_unknown: 'Afmeldmail (List-Unsubscribe-adres) voor een bericht dat we niet kennen',
  bounce_unreadable: 'Bounce die niet kon worden gelezen ({{detail}})',
  bounce_no_status: 'Bounce zonder status die we konden lezen',
  bounce_unmatched: 'Bounce ({{status}}) voor {{recipient}}: geen bericht van ons past erbij',
  report_not_bounce: 'Afleverrapport ({{action}}, {{status}}) voor {{recipient}}: geen bounce, niets te doen',
};

export const mailbox: Resources['errors']['mailbox'] = {
  refused: 'Microsoft 365 weigerde de mailbox {{mailbox}} te lezen ({{status}}): {{detail}}',
  throttled: 'Microsoft Graph vroeg {{seconds}} s te wachten voordat {{mailbox}} opnieuw wordt gelezen',
  failed: 'Microsoft Graph kon {{mailbox}} niet lezen ({{status}}): {{detail}}; opnieuw over {{seconds}} s',
  send_refused: 'Microsoft 365 weigerde te versturen vanaf de mailbox {{mailbox}} ({{status}}): {{detail}}',
  no_graph: 'Microsoft Graph is niet ingesteld, dus deze mailbox wordt niet gelezen',
  not_read_yet: 'Nog niet gelezen: hij wordt gelezen zodra er mail uit vertrekt, of meteen met Nu synchroniseren',
};

export const reminder: Resources['errors']['reminder'] = {
  no_candidate: 'Niet verstuurd: bij de afspraak hoort geen kandidaat',
  meeting_started: 'Niet verstuurd: de afspraak was al begonnen',
  meeting_moved_on: 'Niet verstuurd: de afspraak gaat op dit tijdstip niet meer door',
  whatsapp_no_template: 'Niet verstuurd: er is geen WhatsApp-template voor herinneringen ingesteld (WHATSAPP_REMINDER_TEMPLATE)',
  whatsapp_template_not_approved: 'Niet verstuurd: de WhatsApp-template voor herinneringen {{name}} staat niet bij de goedgekeurde templates (WHATSAPP_TEMPLATES)',
  whatsapp_template_parameters: 'Niet verstuurd: de WhatsApp-template voor herinneringen {{name}} heeft {{count}} parameters; een herinnering vult er hoogstens {{max}}',
  gave_up: '{{detail}} (opgegeven na {{attempts}} pogingen)',
};
