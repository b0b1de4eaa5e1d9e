// The phrases opt-out.ts looks for, in English, Dutch, German and French, on
// normalised text (lower case, no accents, typos in the key words mended).
// Each rule covers a class of request rather than one wording: "stop" verbs
// aimed at us, "don't contact me (again)", polite and indirect wishes ("I'd
// appreciate it if you stopped…"), removing me or my data from a list, and the
// subscription verbs themselves. opt-out.ts then reads the sentence around a
// match: negation, another meaning (an event, a changed phone number), a
// condition, a hedge.

export type RuleVerdict = 'yes' | 'review';
export interface Rule {
  re: RegExp;
  verdict: RuleVerdict;
  /** "don't unsubscribe me": a negation before, in or after the match turns it around. */
  negatable: boolean;
  /** Only about our mail when the sentence says so ("verwijder mij uit jullie bestand"), or ends there. */
  needsList: boolean;
  /** A statement ("ik ben niet meer gemaild") unless it is a wish or an imperative ("wil niet meer gemaild worden"). */
  needsWish: boolean;
  /**
   * 'leave': a subscription or removal verb, which can be about something else than our mail
   * ("afmelden voor het webinar", "unsubscribed from LinkedIn"). 'stop': a stop verb, which can be
   * the candidate's own plan ("I stopped emailing recruiters").
   */
  kind?: 'leave' | 'stop';
  /** A 'review' that a refusal elsewhere in the reply settles ("don't unsubscribe me, just send fewer"). */
  softReview?: boolean;
  /** A 'review' that leans towards leaving ("not sure I want these", "how did you get my address?"), not a preference. */
  lean?: boolean;
}

const rule = (source: string, options: Partial<Omit<Rule, 're'>> = {}): Rule =>
  ({ re: new RegExp(source), verdict: 'yes', negatable: false, needsList: false, needsWish: false, ...options });
const leave = (source: string, options: Partial<Omit<Rule, 're'>> = {}) => rule(source, { negatable: true, kind: 'leave', ...options });

/** The key words a typo in is mended before matching (words of 7+ letters only, see text.ts). */
export const KEY_WORDS = [
  'unsubscribe', 'unsubscribed', 'unsubscribing', 'uitschrijven', 'uitgeschreven', 'afmelden', 'afgemeld', 'afmelding',
  'abmelden', 'abgemeldet', 'abmeldung', 'austragen', 'ausgetragen', 'abbestellen', 'desinscrire', 'desinscrivez',
  'desinscription', 'desinscrit', 'desabonner', 'desabonnez', 'desabonnement', 'desabonne', 'verwijder', 'verwijderen',
  'verwijderd', 'contacting', 'emailing', 'messaging', 'kontaktieren', 'kontaktiert', 'mailinglijst', 'mailinglist', 'database', 'datenbank',
];
/** Every inflected form of the key verbs: matched as written, never read as a typo of another form. */
export const INFLECTIONS = [
  'unsubscribes', 'unsubscribed', 'unsubscribing', 'afmeld', 'afmeldt', 'afmelde', 'afmeldde', 'afmeldden', 'afmeldingen', 'uitschrijf',
  'uitschrijft', 'uitschreef', 'uitschreven', 'verwijderde', 'verwijderden', 'verwijdering', 'abmelde', 'abmeldest', 'abmeldet',
  'abmeldete', 'abmeldeten', 'austrage', 'austragt', 'austragen', 'abbestelle', 'abbestellt', 'abbestellte', 'desinscris', 'desinscrit',
  'desinscrite', 'desinscrites', 'desinscrits', 'desinscrivons', 'desinscrivent', 'desinscrive', 'desinscrivais', 'desabonne', 'desabonnes',
  'desabonnee', 'desabonnees', 'desabonnons', 'desabonnent', 'desabonnez', 'desabonner', 'desabonnais',
];
/** Real words one typo away from a key word. */
export const NOT_TYPOS = [
  'anmelden', 'angemeldet', 'anmeldung', 'auftragen', 'aufgetragen', 'contracting', 'contacted', 'contracted',
  'verwijdert', 'verwijst', 'databases', 'aanmelden', 'aangemeld', 'inschrijven', 'ingeschreven', 'subscribe',
  'subscribed', 'abonner', 'desabonnes', 'desinscrits', 'mailing', 'mailings',
];

export const ME = '(?:me|mij|mijzelf|mich|moi)';
/** Up to three (two) words in between. */
export const W = String.raw`(?:[\w'-]+ ){0,3}?`;
export const W2 = String.raw`(?:[\w'-]+ ){0,2}?`;
/** Up to six: adjectives and quantifiers before the mail ("any of these automated job alert emails"). */
const W6 = String.raw`(?:[\w'-]+ ){0,6}?`;
/** Where our mail comes from: a list, a file, a database. */
export const LIST = String.raw`(?:list|lists|mailing ?lists?|mailing|mailings|database|databases|db|system|systems|records|files?|distribution|newsletters?|crm|network|talent ?pool|pool|contacts|campaigns?|e-?mails|mails|address book|\w*bestand|\w*bestanden|\w*lijst|\w*lijsten|lijstje|mailinglist|nieuwsbrief|systeem|systemen|kaartenbak|talentpool|netwerk|[\w-]*database|\w*verteiler|\w*verteilern|\w*liste|\w*listen|\w*datenbank|\w*datenbanken|kartei|karteien|systemen|fichier|fichiers|base|bases|base de donnees|listes?|liste de diffusion|vivier|cvtheque|annuaire)`;
/** Our mail itself, compounds included ("vacaturemails", "Stellenangebote"). */
export const MAIL = String.raw`(?:e-?mails?|mails?|mailtjes|messages?|berichten|berichtjes|nieuwsbrie(?:f|ven)|newsletters?|spam|nachrichten|job alerts?|alerts|vacatures|offers|job offers|recruitment e-?mails|\w*mails?|\w*berichten|\w*aanbiedingen|\w*angebote|\w*anfragen|\w*nachrichten|courriels|offres|sollicitations|propositions|relances|communications?|correspondence|notifications)`;
/** "My address", "mijn gegevens", "meine Daten", "mes coordonnees". */
export const MY_DATA = String.raw`(?:e-?mail(?: ?address| ?adres)?|address|details|data|info|information|name|profile|contact (?:details|info|information)|personal (?:data|details|information)|gegevens|persoonsgegevens|contactgegevens|adres|e-?mailadres|mailadres|naam|profiel|daten|adresse|e-?mail-?adresse|mailadresse|kontaktdaten|personlichen daten|profil|coordonnees|donnees|informations)`;
const EN_CONTACT = String.raw`(?:contact|e-?mail|mail|message|text|write(?: to)?|reach out(?: to)?|get in touch(?: with)?|approach|bother|bug|spam|pester|harass|hassle|solicit|send (?:me )?(?:anything|e-?mails|mails|messages|offers|jobs|roles|vacancies|these|this|stuff))`;
const EN_CONTACTING = String.raw`(?:e-?mailing|mailing|contacting|messaging|texting|spamming|bothering|bugging|harassing|pestering|hassling|reaching out|approaching|writing(?: to)?|getting in touch|soliciting|targeting|adding me|including me|sending me|sending these|sending (?:any ?more |more |further )?(?:e-?mails|mails|messages|this|these|stuff|offers|vacancies|jobs|roles|job offers|opportunities))`;
const NL_CONTACT = String.raw`(?:contact (?:met (?:mij|me) )?op (?:te )?nemen|contact opnemen|mailen|e-?mailen|benaderen|contacteren|sturen|berichten|lastigvallen|lastig (?:te )?vallen|storen|spammen|gemaild|ge-?e-?maild|benaderd|gecontacteerd|lastiggevallen|gestoord|aanschrijven|aangeschreven|gespamd|ontvangen|krijgen|benadert|mailt|contacteert|stuurt|appen|ge-?appt)`;
const DE_CONTACT = String.raw`(?:kontaktieren|kontaktiert|anschreiben|angeschrieben|anmailen|angemailt|schreiben|belastigen|belastigt|mailen|gemailt|senden|schicken|zuschicken|zusenden|nerven|anzuschreiben|zu kontaktieren|zu schreiben|zu schicken|zu senden|zu mailen|zu belastigen)`;
const DE_MY_DATA = String.raw`(?:daten|adresse|e-?mail-?adresse|kontaktdaten|mailadresse|kontakt|eintrag|profil|angaben|personlichen daten)`;
const FR_CONTACT = String.raw`(?:contacter|ecrire|envoyer|solliciter|spammer|harceler|relancer|deranger|mailer|importuner|joindre)`;

export const RULES: Rule[] = [
  // English: the subscription verbs, and removing me or my data from a list.
  leave(String.raw`\b(?:unsubscribe|unsub|un-? ?subscribe|unsubscribing|unsubscribed)\b`),
  leave(String.raw`\b(?:remove|delete|take) (?:from|off) (?:the |your |this |all |all your |all the )?${LIST}\b`),
  leave(String.raw`\bopt(?:ing)?[- ]?${ME}? ?out\b`),
  leave(String.raw`\b(?:remove|delete|erase|take|drop|strike|scrub|purge|wipe|get|cross)\b ${W}(?:me|my (?:${W2})?${MY_DATA})\b ${W}\b(?:from|off|out of)\b ${W}${LIST}\b`),
  leave(String.raw`\b(?:remove|delete|take|erase) me(?: off)?(?: (?:asap|now|immediately|right away|today|please|pls|plz|thanks|thank you|already|at once|for good|permanently))*$`),
  leave(String.raw`\b(?:details|data|info|information|address|e-?mail)\b.{0,60}\b(?:want|like|need|have) (?:them|it|those|these) (?:deleted|removed|erased|wiped)\b`),
  rule(String.raw`\b(?:don't|do not|never|no longer) (?:get|receive) (?:any ?more|any further|more) (?:of )?(?:these|this|them|those|${W2}${MAIL})\b`, { needsWish: true }),
  leave(String.raw`\b(?:be(?:ing)?|have me|get me) (?:removed|deleted|taken off|unsubscribed|opted out|erased)\b`),
  leave(String.raw`\b(?:cancel|end|terminate|stop) ${W2}(?:my )?subscription\b|\b(?:opzeggen|stopzetten|kundigen|beenden|annuler|annulez|resilier|resiliez)\b.{0,25}\babonnement|\babonnement ${W2}(?:opzeggen|stopzetten|beeindigen|kundigen|beenden)\b`),
  leave(String.raw`\b(?:want|get (?:me )?)(?: to (?:be|get))? (?:out of|off) ${W2}${LIST}\b|\bget me out of\b`),
  leave(String.raw`\b(?:take|get) me off\b`),
  leave(String.raw`\b(?:delete|erase|remove|destroy|wipe|purge|scrub|lose|forget|ditch|bin|discard|trash) ${W2}(?:all )?(?:of )?my (?:personal )?(?:data|details|information|info|profile|account|contact details|contact info|email address|e-?mail|address)\b`),
  leave(String.raw`\b(?:delete|erase|remove|destroy|wipe|purge) ${W2}(?:all|any|the|whatever) ${W2}(?:data|information|info|details|records) ${W}(?:about|on|of|concerning) me\b`),
  leave(String.raw`\bmy (?:personal )?(?:data|details|information|info|profile|contact details|contact info|e-?mail address|e-?mail|address) ${W2}(?:deleted|removed|erased|wiped|purged)\b`),
  rule(String.raw`\b(?:not interested in|no interest in|no longer interested in) (?:receiving|getting|hearing from (?:you|your)|being (?:contacted|e-?mailed|approached))\b`),
  rule(String.raw`\b(?:cease|stop|end) (?:all )?(?:further )?(?:communication|communications|contact|correspondence)\b|\b(?:cesser|cessez|arreter|arretez|stopper|stoppez|mettre fin a|mettez fin a) (?:\w+ment )?(?:tout |toute |tous |les |vos |ce |ces )?(?:contacts?|communications?|echanges|sollicitations|envois)\b|\b(?:kontakt|kontaktaufnahme)\w* ${W2}(?:einstellen|abbrechen|beenden|unterlassen)\b|\b(?:stop|stoppen|beeindig|beeindigen|verbreek) (?:alle |elk |het )?contact\b|\bcontact ${W2}(?:stoppen|beeindigen|verbreken|staken)\b|\bcease and desist\b|\bdo[- ]not[- ](?:contact|e-?mail|mail)\b`),
  rule(String.raw`\b(?:don't|do not|no longer) want (?:any ?more|more|further|any further|these|your|such|any) (?:${W2})?${MAIL}`),
  rule(String.raw`\b(?:stop|enough) with (?:${W2})?(?:${MAIL}|this|these|it)\b|\benough (?:of|with) (?:the|these|your|all (?:the|these|your)) ${W2}${MAIL}\b`),
  rule(String.raw`\bi object to (?:the |you |your )?(?:processing|use|using|storing|storage)\b|\bwiderspreche\b.*\b(?:verarbeitung|nutzung|daten|werbung)\b|\bbezwaar tegen (?:het |de )?(?:gebruik|verwerking|opslag)\b|\bje m'oppose\b.*\b(?:traitement|donnees)\b`),
  // Stop verbs aimed at us: "stop emailing me", "quit contacting me", "(if) you stopped emailing me".
  rule(String.raw`\b(?:stop|quit|cease|discontinue)\b ${W2}${EN_CONTACTING}\b`, { negatable: true, kind: 'stop' }),
  rule(String.raw`\b(?:stop|discontinue|cancel) (?:the|these|those|your|all|all the|all these|all your|sending) ${W2}${MAIL}\b`, { negatable: true, kind: 'stop' }),
  rule(String.raw`\b(?:stop|cease|quit) (?:receiving|getting) ${W2}(?:${MAIL}|these|this|them|anything)\b`, { negatable: true }),
  rule(String.raw`\byou (?:would |could |will |'d )?(?:stopped|quit|ceased) ${W2}${EN_CONTACTING}\b`, { needsWish: true }),
  rule(String.raw`\brefrain from ${W2}${EN_CONTACTING}\b`),
  // "Don't contact me", "please don't reach out again", "could you not email me", "I'd rather you didn't email me".
  rule(String.raw`\b(?:don't|dont|do not|never|no need to) (?:ever )?(?:bother )?(?:${EN_CONTACT}|contacting|e-?mailing) ${ME}\b`),
  rule(String.raw`\b(?:don't|dont|do not|never) (?:ever )?${EN_CONTACT} (?:(?:me|with me|to me|us) )?(?:again|any ?more|ever again|in (?:the )?future)\b|^(?:please )?(?:don't|dont|do not|never) (?:ever )?(?:contact|e-?mail|mail|message|write)$|^i want out$`),
  rule(String.raw`\b(?:could|can|would|will) you (?:please )?(?:not|no longer|never) ${EN_CONTACT} ${ME}\b|\b(?:mind|prefer|rather|please|kindly) ${W2}not ${EN_CONTACTING} ${ME}\b|\bnot ${EN_CONTACTING} me (?:any ?more|again|in (?:the )?future|ever)\b|\b(?:to|please|kindly) (?:not|never) ${EN_CONTACT} ${ME}\b`),
  rule(String.raw`\b(?:rather|prefer(?:red)?(?: it)?(?: if)?|wish) (?:that )?you (?:didn't|did not|don't|wouldn't|would not|no longer|not|never) (?:${EN_CONTACT}) ${ME}\b|\b(?:you )?no longer (?:${EN_CONTACT}) ${ME}\b`, { needsWish: true }),
  // A polite or formal wish with the verb negated: "I'd appreciate it if you didn't contact me again", "I kindly
  // request you to not send me any more emails", "I ask that you no longer email me".
  rule(String.raw`\b(?:(?:appreciate|grateful|thankful|great|good|nice|helpful|better|best|happy|glad|prefer|like|love|rather)(?: it)? if|(?:request|ask|want|need|urge|beg|insist|like|prefer|rather)(?:s|ed|ing)?(?: that)?) (?:you|u|your (?:team|company|agency|firm|colleagues|recruiters))(?: to)? (?:would |could |will |kindly |please |just |from now on )?(?:didn't|did not|don't|do not|dont|wouldn't|would not|not|never|no longer|stopped|stop|ceased|refrain from) (?:to )?(?:ever |again |any ?more )?(?:${EN_CONTACTING}|(?:contact|e-?mail|mail|message|write to|wrote to|reach out to|reached out to|approach|bother|spam|pester)(?:ed|d)? ${ME}|send(?: me)?(?= (?:any|anything|more|further|these|those|this|such|your|e-?mails?|mails?|messages?|job|jobs|roles|vacancies|offers|stuff|spam|junk|updates|opportunities)\b))`),
  rule(String.raw`\b(?:don't|dont|do not|never) (?:ever )?send me ${W2}(?:any ?more|more|these|this (?:kind|sort|type)|such|e-?mails|mails|messages|anything|any (?:further|other|more)|stuff|spam|junk|offers|vacancies|job offers)\b`),
  rule(String.raw`\b(?:i )?(?:don't|dont|do not|no longer|never|would rather not|'d rather not|rather not|prefer not to) (?:want|wish|like|care|need)? ?(?:to )?(?:be (?:contacted|e-?mailed|mailed|approached|messaged|bothered|spammed)|receive ${W6}${MAIL}|receive (?:any ?more|these|this|such|your|further)|get (?:any ?more|these|your|such|any further|any of) ${W6}${MAIL}|hear from (?:you|your (?:company|agency|firm)|you guys)|be on (?:${W2})?${LIST})\b`),
  rule(String.raw`\bno (?:more|further) (?!than\b)(?:${W2})?(?:${MAIL}|contact|of (?:these|this|your (?:e-?mails|mails|messages)))\b`),
  rule(String.raw`\bleave me (?:alone|out of (?:this|it|your)|be)\b|\bbe left (?:alone|in peace)\b`),
  leave(String.raw`\bforget (?:about )?me\b`),
  leave(String.raw`\bcount me out\b`, { verdict: 'review', lean: true }),
  rule(String.raw`\b(?:i )?never (?:gave|granted|provided|given) (?:you |anyone )?(?:my )?(?:permission|consent|my (?:e-?mail|address|details))\b|\bwithout my (?:consent|permission)\b|\bi (?:never|did not|didn't) (?:sign(?:ed)? up|subscribe[d]?|opt(?:ed)? in|consent(?:ed)?|agree(?:d)? to (?:this|be contacted|receive|these|your|being))\b`, { needsList: true }),
  rule(String.raw`\bright to (?:be forgotten|erasure)\b`),
  // Withdrawing consent: "I withdraw my consent", "ik trek mijn toestemming in", "ich widerrufe meine Einwilligung".
  rule(String.raw`\b(?:withdraw|revoke|retract)\w* ${W2}(?:my )?(?:consent|permission)\b|\btrek ${W2}(?:mijn )?(?:toestemming|akkoord) ${W2}in\b|\b(?:toestemming|akkoord) ${W2}in ?(?:te )?trekken\b|\bwiderrufe\w*\b.{0,40}\b(?:einwilligung|zustimmung|einverstandnis)\b|\b(?:retire|retirer) ${W2}(?:mon )?consentement\b`),
  rule(String.raw`\b(?:gdpr|avg|dsgvo|rgpd)\b.*\b(?:delete|remove|erase|verwijder|wis|losch|supprim|effac)|\b(?:delete|remove|erase|verwijder|wis|losch|supprim|effac)\w*\b.*\b(?:gdpr|avg|dsgvo|rgpd)\b`),

  // Dutch: the subscription verbs.
  leave(String.raw`\buit ?schrijven\b|\bschrijf ${ME} ${W2}uit\b|\buitgeschreven (?:te )?(?:worden|word)\b|\buit te schrijven\b`),
  leave(String.raw`\b(?:afmelden|afmelding|meld (?:ik )?${ME} ${W2}af|af (?:te )?melden|afgemeld(?: (?:te )?(?:worden|word))?)\b`),
  // Removing me or my data: "haal mijn adres weg", "verwijder me uit jullie systeem", "schrap mijn naam", "gooi mijn gegevens weg".
  leave(String.raw`\bhaal (?:${ME}|mijn ${W2}${MY_DATA}) ${W}(?:uit|van|af)\b ${W}${LIST}\b`),
  rule(String.raw`\b(?:haal|doe|zet) ${ME} ${W}(?:uit|van) ${W}(?:shortlist|procedure|vacature|sollicitatie)\b`, { verdict: 'review', lean: true }),
  leave(String.raw`\b(?:haal|gooi|doe|zet|gooien|halen) ${W2}(?:${ME}|(?:al )?(?:mijn|m'n) ${W2}${MY_DATA}) ${W2}(?:weg|eruit|er (?:\w+ )?(?:uit|af|vanaf|tussenuit)|eraf|ervan ?af|er ?van ?af)\b`),
  leave(String.raw`\bzet ${W2}${ME} ${W2}(?:uit|van|af)\b ${W2}${LIST}\b|\bzet ${W2}${ME} ${W2}op (?:non-?actief|inactief|de afmeldlijst|de blacklist|de zwarte lijst)\b`),
  leave(String.raw`\bverwijder (?:${ME}\b|${W2}(?:mijn |al mijn |m'n )${MY_DATA}\b)|\bverwijderd (?:te )?(?:worden|word)\b|\b(?:wis|schrap|wissen|schrappen) ${W2}(?:${ME}|(?:al )?(?:mijn|m'n) ${W2}${MY_DATA})\b`),
  leave(String.raw`\bmijn ${W2}${MY_DATA} ${W2}(?:verwijderen|wissen|verwijderd|schrappen|weggooien|weghalen|weg)\b`),
  leave(String.raw`\b(?:${ME}|mijn ${W2}${MY_DATA}) ${W}(?:van|uit) ${W2}${LIST} ${W2}(?:halen|verwijderen|schrappen|afhalen|wissen|weghalen|te verwijderen|te halen)\b|\bhaal ${ME} (?:er ?uit|eraf|er ?van ?af)\b`),
  leave(String.raw`\b(?:van|uit) ${W2}${LIST} ${W2}(?:gehaald|verwijderd|geschrapt|afgehaald)\b`),
  leave(String.raw`\b${ME} ${W2}verwijderen\b`, { needsList: true }),
  leave(String.raw`\b(?:${ME}|mijn ${W2}${MY_DATA}) ${W2}(?:mag|mogen) ${W2}(?:weg|eruit|uit ${W2}${LIST}|van ${W2}${LIST}(?: af)?|verwijderd|gewist|geschrapt)\b`),
  // "Mail me niet meer", "ik zou het fijn vinden als jullie me niet meer mailen", "stuur me niks meer".
  rule(String.raw`\b(?:mail|e-?mail|stuur|benader|contacteer|bericht|app|sms|spam)(?:t|en)? ${ME} ${W2}(?:niet meer|nooit meer|niet langer|niks meer|niets meer)\b`),
  rule(String.raw`\b(?:niet|nooit) (?:meer|langer) ${W2}(?:te )?${NL_CONTACT}\b`, { needsWish: true }),
  rule(String.raw`\b(?:niet|nooit) (?:meer|langer) ${W2}(?:gebeld|bellen)\b`, { verdict: 'review' }),
  // "Doe mij maar van de mailinglijst af", "zet me uit het bestand", "mij graag van de lijst af", "van de lijst af aub".
  leave(String.raw`\b(?:doe|zet|gooi|haal|doen|zetten|gooien|halen) ${W2}(?:${ME}|(?:al )?(?:mijn|m'n) ${W2}${MY_DATA}) ${W2}(?:van|uit) ${W2}(?!short|long|wacht)${LIST}(?: af| uit)?\b`),
  leave(String.raw`(?:^|\b${ME} )${W2}(?:van|uit) (?:de |het |jullie |uw |je |die |deze )?(?!short|long|wacht)${LIST} (?:af|eruit|uit)\b(?! ?(?:gehaald|gegooid|gezet|gevallen))`),
  // Dutch word orders: "Mailen hoeft niet meer", "Contact is niet langer gewenst", "Mij benaderen is niet meer nodig".
  rule(String.raw`^(?:${ME} )?(?:${NL_CONTACT}|contact(?: opnemen)?|${MAIL}) (?:${W2})?(?:hoeft|hoeven) (?:${W2})?(?:niet|nooit) (?:meer|langer)\b|^(?:${ME} )?(?:${NL_CONTACT}|contact(?: opnemen)?|${MAIL}) (?:${W2})?(?:is|zijn) (?:${W2})?(?:niet|nooit) (?:meer |langer )?(?:nodig|gewenst)\b|\b(?:contact|benadering|${MAIL}) ${W2}(?:is|zijn|wordt|worden) (?:niet (?:meer |langer )?gewenst|ongewenst)\b`),
  rule(String.raw`\b(?:kontakt\w*|${MAIL}) ${W2}(?:sind |ist )?(?:nicht (?:mehr |langer )?|un)erwunscht\b`),
  rule(String.raw`\b(?:mail|e-?mail|stuur|benader|contacteer)(?:t|en)? ${ME} ${W2}niet\b`),
  rule(String.raw`\b${ME} ${W2}niet (?:te |meer te )?(?:mailen|e-?mailen|benaderen|contacteren|lastig te vallen|lastigvallen|te benaderen)\b`, { needsWish: true }),
  rule(String.raw`\bgeen ${W2}(?:${MAIL}|contact|reclame|benadering(?:en)?|spam) (?:${W2})?meer\b|\bgeen (?:zin|behoefte|interesse) (?:meer )?(?:in|aan) (?:verdere |nog meer |jullie |deze |die |uw |je )${W2}${MAIL}\b`),
  rule(String.raw`\b(?:wil|wens|hoef) (?:ik )?${W}(?:niet|geen|niks|niets) (?:meer )?${W2}(?:ontvangen|krijgen|hebben)\b`),
  rule(String.raw`\bwil ${W2}${MAIL} (?:niet|nooit) meer\b|\bwil (?:ik )?${W2}(?:geen|niks|niets) ${W6}${MAIL} meer\b|\bwil (?:hier|er) ?(?:van ?)?af\b|\b(?:mag|kan) ik ${W2}(?:uit|van) ${W2}${LIST}(?: af)?\b`),
  rule(String.raw`\bneem ${W}geen contact ${W}op\b|\b(?:wil|wens) ${W}geen contact\b`),
  rule(String.raw`\blaat ${ME} ${W2}met rust\b`),
  rule(String.raw`\bgeen (?:verdere |nieuwe |andere )?${W2}${MAIL} ${W2}(?:te )?(?:ontvangen|krijgen)\b`),
  rule(String.raw`\b(?:kappen|kap|ophouden|stoppen|stop|klaar) ${W2}met ${W}(?:mailen|e-?mailen|sturen|benaderen|spammen|contact|me te mailen|mij te mailen|${MAIL})\b`, { kind: 'stop' }),
  rule(String.raw`\b(?:kappen|kap|ophouden|stoppen|stop) ${W2}(?:hiermee|ermee|daarmee|met (?:dit|deze|dat|die))\b|^(?:kappen|kap ermee|ophouden)$`, { kind: 'stop' }),
  rule(String.raw`\b(?:wil|graag|wens) ${W}van ${W2}${LIST} af\b|\b(?:wil|wens) ${W}(?:van|uit) ${W2}${LIST}$`),
  rule(String.raw`\bniet (?:meer|langer) (?:van )?(?:die|deze|jullie|dat soort|zulke|uw|je) ${W2}${MAIL}\b`),
  rule(String.raw`\bniet (?:dat|dass|que) ${W2}(?:${ME}|mij) ${W2}(?:nog |weiterhin |encore |meer )?(?:mailen|e-?mailen|benaderen|contacteren|kontaktieren|anschreiben|contactiez|ecriviez|sollicitiez)\b|\bhoef ${W2}(?:niks|niets) meer\b`),
  rule(String.raw`\bhou(?:d|dt)? (?:(?:nou|eens|toch|nu|alsjeblieft|aub|ermee|er|nu eens|gewoon|alstublieft) )*op(?:$| met\b)`, { kind: 'stop' }),
  rule(String.raw`\bnooit ${W}(?:toestemming|akkoord|permissie) ${W}gegeven\b|\bzonder (?:mijn )?(?:toestemming|akkoord)\b|\b(?:heb|ben) ${ME}? ?nooit (?:aangemeld|ingeschreven)\b`, { needsList: true }),
  rule(String.raw`\bniet (?:meer |langer )?(?:in|op) ${W2}${LIST} ${W2}(?:staan|zitten|blijven)\b|\bniet (?:meer|langer) in ${W2}${LIST}\b|\b(?:wil|graag|wens) ${W}uit ${W2}${LIST}\b`),

  // German
  // "Ich melde mich (hiermit) ab", "hiermit trage ich mich aus": leaving, said in the first person.
  leave(String.raw`\b(?:melde (?:ich )?mich ${W2}ab|trage (?:ich )?mich ${W2}aus)\b`),
  leave(String.raw`\b(?:abmelden|abmeldung|abbestellen|austragen|melden sie ${ME}\b.{0,40}?\bab|tragen sie ${ME}\b.{0,40}?\baus|streichen sie ${ME})\b`),
  leave(String.raw`\b(?:nehmen|entfernen|streichen|loschen|tragen) ${W}(?:${ME}|meine[nrs]? ${W2}${DE_MY_DATA}) ${W}(?:aus|von) ${W2}${LIST}\b|\b(?:${ME}|meine ${W2}(?:daten|adresse|e-?mail-?adresse|kontaktdaten|mailadresse)) ${W}(?:aus|von) ${W2}${LIST} ${W2}(?:zu )?(?:nehmen|entfernen|streichen|loschen|austragen|herausnehmen|rauszunehmen|herauszunehmen|rausnehmen)\b`),
  rule(String.raw`\bkeine[nrs]? ${W2}(?:${MAIL}|werbung|kontaktaufnahme|kontaktaufnahmen|angebote|kontakt) (?:${W2})?mehr\b`),
  leave(String.raw`\b(?:aus|von) ${W2}${LIST} ${W2}(?:genommen|entfernt|gestrichen|geloscht|ausgetragen)\b`),
  rule(String.raw`\bkeine (?:weitere|weiteren|neue|neuen|erneute|erneuten) ${W2}(?:${MAIL}|kontaktaufnahmen?|werbung|kontaktversuche)\b|\bkein interesse (?:mehr )?an (?:weiteren|ihren|diesen|solchen) ${W2}${MAIL}\b`),
  rule(String.raw`\b(?:kontaktieren|schreiben|anschreiben|mailen|kontakten|belastigen|senden|schicken) sie (?:${ME}|mir) ${W2}(?:nicht mehr|nicht langer|nie wieder|nicht weiter|keine \w+ mehr|nichts mehr)\b|\b(?:nicht|nie) (?:mehr|weiter|wieder|langer) ${W2}${DE_CONTACT}\b|\bmelden sie sich ${W2}nicht mehr\b`),
  rule(String.raw`\bnicht mehr ${W2}(?:zu )?melden\b`, { needsWish: true }),
  leave(String.raw`\b(?:loschen|entfernen|streichen) sie ${W2}(?:meine[nrs]? ${W2}${DE_MY_DATA}|${ME})\b|\bmeine[nrs]? ${W2}${DE_MY_DATA} ${W2}(?:loschen|entfernen|geloscht|entfernt)\b|\bloschung ${W2}(?:meiner|der|aller) ${W2}(?:daten|adresse|kontaktdaten|e-?mail-?adresse)\b`),
  rule(String.raw`\blassen sie ${ME} ${W2}in ruhe\b|\bnichts (?:mehr )?(?:von (?:ihnen|euch|dir) )?(?:mehr )?(?:horen|bekommen|erhalten)\b`),
  // "Hören Sie auf, mir zu schreiben", "hört auf mit den Mails", "Schluss mit den Mails", "unterlassen Sie weitere Kontaktaufnahmen".
  rule(String.raw`\b(?:hor(?:en sie|t|e)?|horen) ${W2}auf,? ${W2}(?:${ME} |mir )?${W2}(?:zu )?${DE_CONTACT}\b|\b(?:hor(?:en sie|t|e)?|horen) ${W2}auf,? ${W2}(?:mit ${W2}(?:${MAIL}|spam|dem|diesen)\b|damit$)|\baufhoren\b.{0,30}\b(?:${DE_CONTACT}|mails?|e-?mails?|nachrichten)\b`, { negatable: true }),
  rule(String.raw`\bschluss (?:mit|jetzt mit) ${W2}(?:${MAIL}|spam|dem spam|der werbung)\b|\bunterlass(?:en|t|e)?\b.{0,40}\b(?:kontakt\w*|e-?mails?|mails?|nachrichten|anfragen|anschreiben|zuschriften|schreiben)\b|\bsehen sie ${W}von ${W2}(?:kontakt\w*|e-?mails|mails|nachrichten|anfragen|zuschriften) ab\b`),
  rule(String.raw`\b(?:mochte|will|wunsche|mochten) ${W}(?:aus|von) ${W2}${LIST}(?: (?:raus|heraus|gestrichen|geloscht|entfernt|genommen|ausgetragen))?(?: werden)?$`),

  // French
  leave(String.raw`\b(?:desabonner|desabonnez|desabonnement|desinscrire|desinscrivez|desinscription|desinscris|me desabonne|me desinscris)\b`),
  rule(String.raw`\bne ${W2}plus ${W2}(?:\w+')?(?:${FR_CONTACT}|recevoir|etre (?:contacte|sollicite|recontacte|derange|importune)e?s?)\b|\bne (?:me |m')(?:contactez|ecrivez|sollicitez|envoyez|appelez|relancez|derangez) (?:${W2})?plus\b`),
  leave(String.raw`\b(?:me|m') ?(?:retirez|supprimez|enlevez|effacez|rayez|desinscrivez|desabonnez)\b`),
  leave(String.raw`\b(?:retirez|supprimez|enlevez|effacez|rayez|oubliez)[- ]moi\b|\b(?:me )?(?:retirer|supprimer|enlever|rayer|effacer|radier) ${W2}de ${W2}${LIST}\b|\bsupprime[rz]? ${W2}mes (?:donnees|coordonnees)\b`),
  rule(String.raw`(?:^|\bne ${W}|\bn'\w+ ${W2})plus (?:jamais )?(?:de |d')${W2}(?:e-?mails|mails|messages|courriels|offres|sollicitations|propositions|relances)\b|\bstop (?:aux|a vos|avec (?:les|vos|ces)) ${W2}${MAIL}\b|\b(?:arretez|cessez|stoppez) (?:vos|ces|les|tous (?:vos|ces|les)|toutes (?:vos|ces|les)) ${W2}(?:${MAIL}|envois)\b`),
  rule(String.raw`\bne ${W2}(?:souhaite|veux|desire) pas (?:etre (?:contacte|sollicite|recontacte)e?|recevoir)\b|\b(?:plus|jamais) (?:\w+ )?entendre parler\b|\b(?:m'oublier|oubliez[- ]moi)\b`),
  rule(String.raw`\b(?:arretez|arrete|arreter|cessez|cesser|stoppez|stopper) (?:de |d')(?:${ME} |m'|nous |me )?${W2}(?:${FR_CONTACT}|envoyer)\b`, { negatable: true, kind: 'stop' }),
  // "Merci de ne pas me recontacter", "je vous prie de ne jamais m'écrire": a wish with "ne pas".
  rule(String.raw`\b(?:merci|veuillez|priere|je vous (?:prie|demande|saurais gre)|je (?:prefere|souhaite|voudrais|prefererais|souhaiterais)|j'aimerais) (?:de |d')?(?:bien )?(?:vouloir )?ne (?:pas|jamais|plus) (?:me |m')?(?:re)?${FR_CONTACT}\b`),
  rule(String.raw`\b(?:ensure|make sure|see to it) (?:that )?(?:i|i'm|my (?:details|address|e-?mail|data)) (?:am |is |are |will be |get |'m )?(?:not|never|no longer) ${W2}(?:contacted|e-?mailed|mailed|approached|messaged)\b`),
  rule(String.raw`\blaissez[- ]moi (?:tranquille|en paix)\b|\bje refuse (?:d'etre|qu'on|que vous) ${W2}(?:contacte|sollicite|${FR_CONTACT})\b`),
  leave(String.raw`\b(?:retirez|supprimez|enlevez|effacez|rayez|retirer|supprimer|enlever|effacer) ${W2}(?:mon adresse|mon e-?mail|mes coordonnees|mes donnees|mon nom|mon profil|mes informations)\b`),
  leave(String.raw`\b(?:etre|soit|soient|sois) (?:definitivement )?(?:retire|supprime|efface|desinscrit|desabonne|raye|enleve|radie)e?s?\b`),

  // Ambiguous: for a recruiter to read.
  rule(String.raw`\b(?:how|where) (?:\w+ )?did you (?:\w+ )?(?:get|find|obtain) my (?:e-?mail|address|details|data|number|contact|info)|\bhoe (?:komen|kom|komt) (?:jullie|je|u) ${W2}aan mijn\b|\bwaar (?:hebben|heb|heeft) (?:jullie|je|u) mijn ${W2}vandaan\b|\bwoher haben sie meine\b|\bou avez-vous (?:eu|trouve|obtenu) mes\b`, { verdict: 'review', lean: true }),
  rule(String.raw`\b(?:this is|that's|this looks like|feels like|pure|more) spam\b|\b(?:report|mark|flag)(?:ing|ed)? ${W2}as spam\b|\bdit is spam\b`, { verdict: 'review', lean: true }),
  rule(String.raw`\b(?:remove|take|drop) me ${W}(?:from|off) ${W2}(?:shortlist|process|application|vacancy|role|interview|pipeline|candidates)\b`, { verdict: 'review', lean: true }),
  rule(String.raw`\b(?:don't|dont|do not|stop) (?:call|calling|phone|phoning|ring|ringing|whatsapp|text|texting) me\b|\bbel ${ME} ${W2}(?:niet meer|nooit meer)\b`, { verdict: 'review' }),
  // "Not sure I still want these", "weet niet of ik deze mails nog wil", "ich weiß nicht, ob ich das noch will".
  rule(String.raw`\b(?:not sure|unsure|don't know|dont know|do not know|no idea|weet (?:niet|ik niet)|twijfel|weiss nicht|nicht sicher|ne sais pas|pas sur|pas certaine?)\b(?=.{0,60}\b(?:want|wil|will|mochte|veux|souhaite|need|hoef)\b)(?=.{0,60}\b(?:${MAIL}|these|deze|diese|ces|ontvangen|receive|recevoir|erhalten|bekommen|krijgen)\b)`, { verdict: 'review', lean: true }),
  // A rhetorical complaint about pace or volume: "Do I really need to get these every week?", "Moet ik deze mails echt
  // allemaal krijgen?", "Muss ich diese Mails wirklich bekommen?", "Est-ce vraiment nécessaire… toutes les semaines ?".
  rule(String.raw`\b(?:do|must|should|shall) (?:i|we) (?:really |actually |honestly |seriously |still )?(?:need|have|got) to (?:get|receive|read|see)\b|\bwhy (?:do|am|must|should|would) (?:i|we) (?:\w+ )?(?:get|getting|receive|receiving)\b|\b(?:moet|moeten) (?:ik|wij|we)\b.{0,60}\b(?:krijgen|ontvangen|lezen)\b|\bwaarom (?:krijg|ontvang) ik\b|\b(?:muss|soll|mussen) (?:ich|wir)\b.{0,60}\b(?:bekommen|erhalten|kriegen|lesen)\b|\bwarum (?:bekomme|erhalte|kriege) ich\b|\b(?:est-ce|est ce|c'est) (?:vraiment |bien |reellement )?(?:necessaire|utile|indispensable|oblige)\b|\b(?:dois|faut)[- ](?:je|il)\b.{0,40}\b(?:recevoir|lire)\b|\bpourquoi (?:est-ce que )?je (?:recois|continue)\b`, { verdict: 'review', lean: true }),
  // Fewer mails, not none: "less often", "minder vaak", "seltener", "moins souvent", "too many".
  rule(String.raw`\b(?:too (?:many|often|much|frequent)|te (?:veel|vaak)|zu (?:viele|oft|haufig)|trop (?:de|souvent)|every (?:single )?day|elke dag|jeden tag|tous les jours)\b.{0,40}\b(?:${MAIL}|these|deze|diese|ces|them)\b|\b(?:${MAIL}|these|deze|diese|ces) ${W2}(?:too (?:often|frequently)|te vaak|zu oft|trop souvent)\b`, { verdict: 'review', softReview: true, lean: true }),
  rule(String.raw`\b(?:less (?:often|frequently)|fewer (?:${MAIL}|messages)|not so (?:often|many|much)|minder (?:vaak|mails|berichten|e-?mails|frequent)|wat minder|niet zo vaak|seltener|weniger (?:oft|haufig|mails|e-?mails|nachrichten)|moins (?:souvent|frequemment|de (?:mails|messages|e-?mails|courriels)))\b`, { verdict: 'review', softReview: true }),
  // "Can you pause these until…": a break, not an end.
  rule(String.raw`\bpause ${W2}(?:these|the|your|all|${MAIL})\b|\b(?:pauzeer|pauzeren|pauze)\b.{0,30}\b${MAIL}\b|\bpausieren\b|\bmettre en pause\b|\ben pause\b`, { verdict: 'review' }),
  // "I don't appreciate these emails", "ik stel deze mails niet op prijs".
  rule(String.raw`\b(?:don't|do not) appreciate ${W2}${MAIL}|\bstel ${W2}(?:het |deze |die |jullie )?(?:${MAIL} )?(?:niet|geen) (?:op )?prijs\b`, { verdict: 'review', lean: true }),
  // "I'm sick of these emails": a complaint; a recruiter decides.
  rule(String.raw`\b(?:sick|tired|fed up) (?:of|with) ${W2}${MAIL}\b|\bgenoeg (?:van|met) ${W2}${MAIL}\b|\b(?:reicht|reichts|genug) ${W2}mit ${W2}${MAIL}\b|\b(?:assez|marre) (?:de|des) ${W2}${MAIL}\b|\b(?:ben )?(?:het )?(?:zat|beu) ${W2}(?:van )?${W2}${MAIL}\b|\b(?:genervt|satt)\b.{0,30}\b${MAIL}\b`, { verdict: 'review', lean: true }),
];

/**
 * A short reply that is only fed up, with no object: "Whatever. Enough.", "Nee. Laat maar.", "Es reicht langsam.",
 * "Bon, ça suffit maintenant." A recruiter reads it (leaning out); it is no withdrawal.
 */
export const FED_UP = /^(?:(?:ok|okay|well|right|so|whatever|alright|fine|nee|nou|tja|bon|bah|ach|na|gut|also|ja|yes|oh|eh|hmm|zo|pff|meh|nein|non|no|ok dan)[ ,]+)*(?:enough|that's enough|that is enough|it's enough|enough is enough|genoeg|(?:het|dit|dat) is (?:wel |nu |zo |echt )?genoeg|zo is het genoeg|wel genoeg|genug|es reicht|das reicht|jetzt reicht's|jetzt reichts|ca suffit|c'est assez|assez|forget it|never ?mind|laat maar|laat ook maar|vergeet het(?: maar)?|lass (?:es|mal)(?: gut sein)?|vergiss es|vergessen sie es|laissez tomber|laisse tomber|tant pis|whatever)(?: (?:now|already|then|dan|nu|maar|zo|wel|jetzt|langsam|mal|maintenant|alors|hoor|echt|really|zo|nun|gut))*$/;

/** A whole clause that is only "stop" (with "please", "it", "now", "hiermee"…). */
const POLITE = '(?:please|pls|plz|kindly|just|now|aub|alsjeblieft|alstublieft|svp|bitte|graag|nu|gewoon|toch|thanks|thank you|merci|danke|bedankt|dank je|dankjewel|ok|okay|so|dus|also|donc|and|en|und|et|then|dan)';
export const BARE_STOP = new RegExp(`^(?:${POLITE} )*(?:stop|stopp|stoppen|arretez|arrete|halt|schluss|aufhoren|cessez|remove|remove me|delete|verwijderen|verwijder mij|verwijder me|unsubscribe|opt out|loschen|austragen|abmelden|supprimer|supprimez|no more|ca suffit|genug)(?: (?:it|this|that|now|already|hiermee|ermee|daarmee|dit|met mailen|emailing|mailing|jetzt|${POLITE}))*$`);
