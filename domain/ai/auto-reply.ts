// Out-of-office and other automatic replies, in English, Dutch, German and
// French, and the date the sender is back when the reply states one
// (./return-date.ts). An auto-reply says nothing about the candidate's
// interest: its sentiment is 'other'.
import { returnDate } from './return-date.ts';
import { normalise } from './text.ts';

export interface AutoReply {
  autoReply: boolean;
  /** The return (or "away until") date as YYYY-MM-DD, when the reply states one. */
  returnDate: string | null;
}

/** The headers RFC 3834 and the big mail systems put on automatic replies. */
export interface AutoReplyHeaders {
  autoSubmitted?: string | null;
  xAutoreply?: string | null;
  xAutorespond?: string | null;
  precedence?: string | null;
}

// Decisive: the reply says it is automatic.
const AUTOMATIC = new RegExp([
  String.raw`\b(?:automatic|automated|auto)[- ]?(?:reply|response|answer|message|antwort)\b`, String.raw`\bautoreply\b`,
  String.raw`\bautomatische?n? (?:antwoord|bericht|beantwoording|reactie|antwort)\b`, String.raw`\babwesenheits(?:notiz|nachricht|meldung|assistent)\b`,
  String.raw`\bafwezigheids(?:bericht|melding|assistent)\b`, String.raw`\breponse automatique\b`, String.raw`\bmessage (?:d'absence|automatique)\b`,
  String.raw`\bthis is an automatic\b`, String.raw`\bdit is een automatisch\b`, String.raw`\bceci est un message automatique\b`,
  String.raw`\bdies ist eine automatische\b`,
].join('|'));
// "Out of office": usually automatic, but a person may write it too ("I'm out of office, but yes, let's talk").
const OUT_OF_OFFICE = /\bout[- ]of[- ](?:the[- ])?office\b|\booo\b|\bafwezig:|\babwesend:|\babsent ?:|^(?:afwezig|abwesend|absente?|away|niet aanwezig|nicht im buro|nicht im haus)\b(?! from)/;

const ABSENT = new RegExp([
  // English
  String.raw`\b(?:i am|i'm|i will be|i'll be|i shall be)(?: currently| now)? (?:away|out|off|absent|travelling|traveling|not in the office|out of the country|unavailable|not available|on (?:annual |parental |maternity |paternity |sick |study |holiday |garden |medical )?(?:leave|holidays?|vacation|pto|a business trip|business travel|sabbatical|a course|a training|a conference)|off work)\b`,
  String.raw`\b(?:limited|no|without|intermittent|sporadic) (?:access to (?:my )?e-?mail|e-?mail access)\b`,
  String.raw`\b(?:i am|i'm) (?:currently )?away from (?:my desk|the office|work)\b`,
  // Dutch
  String.raw`\b(?:ik ben|ben ik|ik zal|zal ik)\b.{0,40}\b(?:afwezig|met vakantie|op vakantie|met verlof|op reis|niet aanwezig|niet op kantoor|niet bereikbaar|beperkt bereikbaar|beperkt aanwezig|ziek|op cursus|op een congres)\b`,
  String.raw`\b(?:beperkte? toegang|geen toegang) tot (?:mijn )?(?:e-?mail|mail)\b`, String.raw`\b(?:zwangerschaps|ouderschaps|vakantie|studie|zorg|bevallings)verlof\b`,
  // German
  String.raw`\b(?:ich bin|bin ich|ich befinde mich)\b.{0,40}\b(?:abwesend|nicht im buro|im urlaub|auf urlaub|ausser haus|auser haus|außer haus|nicht im haus|nicht im hause|nicht am arbeitsplatz|nicht erreichbar|in elternzeit|in mutterschutz|auf dienstreise|krank)\b`,
  // French
  String.raw`\b(?:je suis|je serai)\b.{0,30}\b(?:absente?|en conges?|en vacances|en deplacement|hors du bureau|indisponible|en formation)\b`,
].join('|'));

// What an automatic reply adds around the absence: a colleague to contact, mail not read or forwarded.
const AUTO_CONTEXT = new RegExp([
  String.raw`\burgent\b`, String.raw`\bdringende?n?\b`, String.raw`\bspoed\b`, String.raw`\burgente?s?\b`, String.raw`\bcolleague\b`,
  String.raw`\bcollega\b`, String.raw`\bkollegin?\b`, String.raw`\bcollegue\b`, String.raw`\bwill (?:reply|respond|answer|get back|read)\b`,
  String.raw`\b(?:upon|on|after) my return\b`, String.raw`\bwhen i (?:am |'m )?back\b`, String.raw`\bna (?:mijn|terugkomst)\b`,
  String.raw`\b(?:reageer|beantwoord|antwoord|lees)\b.{0,30}\b(?:zo snel mogelijk|na|bij terugkomst|niet|beperkt)\b`,
  String.raw`\b(?:antworte|beantworte)\b`, String.raw`\brepondrai\b`, String.raw`\b(?:not be )?forwarded\b`, String.raw`\bdoorgestuurd\b`,
  String.raw`\bweitergeleitet\b`, String.raw`\btransmis\b`, String.raw`\bthank you for your (?:e-?mail|message)\b`,
  String.raw`\b(?:bedankt|dank) voor (?:je|uw) (?:e-?mail|bericht|mail)\b`, String.raw`\bvielen dank fur ihre\b`, String.raw`\bmerci (?:pour|de) votre\b`,
  String.raw`\bno (?:e-?mail )?access\b`, String.raw`\blimited (?:e-?mail )?access\b`, String.raw`\b(?:as soon as possible|asap|zo snel mogelijk|zsm|so schnell wie moglich|baldmoglichst|des que possible|dans les meilleurs delais)\b`,
  String.raw`\bacces limite\b`, String.raw`\b(?:pas|sans) acces\b`, String.raw`\bkeinen zugriff\b`, String.raw`\b(?:wordt|worden) niet (?:gelezen|beantwoord)\b`, String.raw`\bbeperkte? toegang\b`, String.raw`\bgeen toegang\b`,
  String.raw`\bin (?:my|mijn) absence\b`, String.raw`\btijdens mijn afwezigheid\b`, String.raw`\bwahrend meiner abwesenheit\b`,
  String.raw`\ben mon absence\b`, String.raw`\bwill not be (?:reading|checking|monitoring)\b`,
].join('|'));

// A person writing back themselves ("I'm travelling until the 5th, let's reconnect after that").
const ENGAGED = /\b(?:can you send|could you send|send me|stuur me|kun je (?:me )?(?:de|het|meer)|schicken sie mir|envoyez-moi|details|interested|interest|interesse|geinteresseerd|interessant|interessiert|interesse|sounds|klinkt|klingt|let's|lets|laten we|zullen we|call me|bel me|the role|the position|the job|this role|de functie|de vacature|die stelle|le poste|salary|salaris|happy to|graag (?:een|even|bellen|praten|meer)|love to|would like to|wil ik|count me|keen|yes)\b/;

export function detectAutoReply(input: { text: string; subject?: string | null; headers?: AutoReplyHeaders; receivedAt?: Date | null }): AutoReply {
  const h = input.headers ?? {};
  const byHeader = Boolean(h.autoSubmitted && !/^\s*no\b/i.test(h.autoSubmitted)) || Boolean(h.xAutoreply) || Boolean(h.xAutorespond)
    || /auto[_-]?reply/i.test(h.precedence ?? '');
  const subject = normalise(input.subject ?? '');
  const text = normalise(input.text).replace(/\s+/g, ' ');
  const absent = ABSENT.test(text);
  const reference = input.receivedAt ?? new Date();
  // Said so by its headers or in so many words ("Automatic reply"), not only inferred from an absence.
  const certain = byHeader || AUTOMATIC.test(subject) || AUTOMATIC.test(text);
  const auto = certain || (!ENGAGED.test(text) && (
    OUT_OF_OFFICE.test(subject) || OUT_OF_OFFICE.test(text) || (absent && (AUTO_CONTEXT.test(text) || returnDate(text, reference) !== null))));
  return { autoReply: auto, returnDate: auto ? returnDate(`${input.subject ?? ''}\n${input.text}`, reference) : null };
}
