// Does a reply ask us to stop mailing? English, Dutch, German and French, in
// their natural variants ("Haal mij a.u.b. uit het bestand", "I'd rather not
// be contacted again", a bare "STOP", "pls unsubcribe me"). Deterministic:
// consent never hangs on a model. Read only the candidate's own text
// (domain/mail/reply-text.ts), never the quoted mail with our footer.
//
// 'yes' withdraws email consent. 'review' is for a recruiter to look at ("May
// want to opt out: review"): conditional, hedged or partial requests ("maybe
// take me off for now?", "fewer emails please"), threats ("I'll unsubscribe
// if…"), "how did you get my address?", "remove me from the shortlist". 'no':
// everything else, negations ("ne me désinscrivez surtout pas", "meld me vooral
// niet af") and other meanings ("afmelden voor het webinar", "remove my old
// phone number", "stop by our office") included. The phrases are in
// opt-out-rules.ts; this file reads the sentence around a match.
import { expandShorthand, normalise, typoReader } from './text.ts';
import { BARE_STOP, FED_UP, INFLECTIONS, KEY_WORDS, LIST, MAIL, NOT_TYPOS, RULES, type Rule } from './opt-out-rules.ts';

export type OptOutVerdict = 'yes' | 'review' | 'no';
export interface OptOut {
  verdict: OptOutVerdict;
  phrase: string | null;
  /** A 'review' that leans towards leaving ("maybe take me off for now?"), not a preference about channel or pace. */
  leaning: boolean;
  /** The reply asks not to be unsubscribed ("please don't unsubscribe me", "meld me vooral niet af"), not only "I don't want to unsubscribe". */
  refused: boolean;
}

// A correct form of a key verb ("je me désinscris") is never "mended" into another one ("désinscrit").
const mendTypo = typoReader(KEY_WORDS, [...NOT_TYPOS, ...INFLECTIONS]);

// A negation governing the match: "don't (want to) unsubscribe", "niet (te) afmelden", "bitte nicht abmelden",
// "please do NOT unsubscribe me", "auf keinen Fall abmelden", with words like "really", "vooral", "surtout" in between.
const NEGATOR = String.raw`(?:don't|dont|do not|does not|doesn't|no need to|not|never|won't|wouldn't|didn't|shouldn't|needn't|no reason to|niet|nooit|geen|nicht|nie|niemals|kein|keine|keinen fall|keineswegs|pas|jamais|aucun cas|instead of|rather than|in plaats van|anstatt|statt|au lieu de)`;
const FILLER = String.raw`(?:want|wish|need|have|to|me|mij|mich|moi|ever|please|you|je|u|jij|te|zu|willen|wil|hoef|hoeft|hoeven|worden|be|being|get|getting|ik|i|going|gonna|plan|planning|intend|mean|meant|meaning|yet|ga|gaan|will|would|wollen|mochte|veux|souhaite|vais|de|het|surtout|vooral|absoluut|zeker|echt|really|absolutely|just|bitte|aub|hoor|maar|alsjeblieft|alstublieft|vraiment|gar|bloss|doch|jetzt|now|nu|ooit|mal|eens|sie|dare|even|think|about|besoin|nodig|brauchen|mussen|muss|devez|dois|ihr|jullie|dat|that|dass|que|ask|asking|vraag|do|doe|gewoon|nog|still|noch|encore|uns|us|ons|nous|auf|dream|dreaming|of|veuille|voudrais|voulais|souhaiterais|compte)`;
const NEGATED_BEFORE = new RegExp(String.raw`\b${NEGATOR}(?: ${FILLER})*\s*$`);
// "unsubscribing is not what I want", "meld me vooral niet af", "ne me désinscrivez surtout pas".
const NEGATED_AFTER = /^\s*(?:(?:is|was|would be|will be|surtout|vooral|absoluut|echt|bitte|please|hoor|maar|alsjeblieft|vraiment|alors|bloss|ja) )*(?:not|isn't|wasn't|niet|nicht|pas|jamais|no longer|keinesfalls|auf keinen fall)\b(?! (?:interested|looking|geinteresseerd|interessiert|interesse|op zoek|auf der suche|for me|voor mij|pour moi)\b)/;
const NEGATION_INSIDE = /\b(?:niet|nicht|geen|kein\w*|pas|not|jamais|nooit|never)\b/;
// French: "ne" (or "n'") before, "pas" / "jamais" / "point" after ("ne me retirez jamais de votre liste").
const FRENCH_NE = /\bn(?:e\b|')(?:\s*\S+){0,3}\s*$/;
const FRENCH_PAS = /^(?:\s*\S+){0,3}?\s*\b(?:pas|jamais|point|aucunement)\b/;
// "I almost unsubscribed", "I was going to unsubscribe but…": not a request.
const HYPOTHETICAL = /\b(?:almost|nearly|was (?:going|about) to|thought about|considered|thinking (?:about|of)|tempted to|bijna|overwoog|wilde (?:me )?eigenlijk|fast|beinahe|j'allais|failli)\b/;
// "If you keep sending these I'll unsubscribe": a threat, not a request. A polite "if possible" or
// "I'd appreciate it if you…" stays a request.
const CONDITION = /(?:^|[,:] ?|\b(?:and|en|und|et|or|of)\s)(?:if|als|wenn|falls|si|indien|unless|tenzij)\b/;
const POLITE_CONDITION = /\b(?:if (?:possible|you (?:could|would|can|don't mind|wouldn't mind|please)|that's (?:ok|okay|possible)|it's (?:ok|okay|possible))|als (?:het|dat) kan|als (?:je|u) (?:wilt|zou willen|dat wilt)|indien mogelijk|wenn (?:moglich|es geht)|si possible|si vous (?:pouvez|pouviez|voulez|vouliez))\b|\b(?:appreciate|appreciated|grateful|thankful|nice|great|good|helpful|prefer|rather|happy|dankbar|nett|schon|lieb|fijn|prettig|prijs|blij|reconnaissante?|apprecierais|prefererais)\b.{0,25}\b(?:if|als|wenn|si)\b/;
// "I'd unsubscribe if I were you", "remove me if it's junior roles again": the condition follows the request.
const CONDITION_AFTER = /^(?:\s*\S+){0,6}?\s*\b(?:if|unless|als|indien|tenzij|wenn|falls|si)\b/;
const FIRST_PERSON_FUTURE = /\b(?:i'll|i will|i'm going to|i am going to|i might|i may|i'd have to|ik ga (?:me|mij)?|ik zal|ich werde|je vais)\s*(?:\S+\s){0,2}$/;
const FIRST_PERSON = /\b(?:i|i'm|i'd|ik|ich|je|j'\w+)\b/;
// "Maybe take me off for now?", "misschien…", "vielleicht…", "peut-être…": hedged.
const HEDGE = /\b(?:i think|i guess|kind of|sort of|denk ik|ik denk|glaube ich|ich glaube|denke ich|ich denke|je crois|je pense|un peu|een beetje|ein bisschen|eigenlijk wel|langsam|maybe|perhaps|possibly|misschien|wellicht|eventueel|vielleicht|eventuell|moglicherweise|peut-etre|peut etre|eventuellement|probablement|probably)\b/;
// A request that is limited in time, channel or topic is a preference, not an opt-out.
const QUALIFIED = /\b(?:by|via|on|through|per|op) (?:my )?(?:work )?(?:phone|telephone|mobile|cell|whatsapp|linkedin|telefoon|mobiel|sms|text)\b|\b(?:sms|whatsapp|text messages?|phone calls?|inmails?|linkedin messages?|push notifications?)\b|\bfor (?:this|that|the) (?:role|vacancy|position|job|vacature|functie|rol)\b|\b(?:bel|call|app|whatsapp|text|phone) (?:me|mij) (?:liever|instead|rather)\b|\bliever (?:bellen|telefonisch|via)\b|\b(?:(?:before|after|during|between|outside|voor|na|tijdens|buiten|vor|nach|wahrend|avant|apres|pendant) (?:\d+|noon|lunch|work|office|business|werktijd|kantoortijd|werkuren|werkzeit|\w+day|\w+dag|\w+tag|the weekend|weekends|hours|uur|uhr|heures|\d+(?:am|pm|h|u))|irrelevant|irrelevante|niet relevante|until|till|for now|for the time being|for the (?:next|coming)|for a (?:while|few|couple)|this (?:month|year|quarter)|next (?:year|month|spring|summer|autumn|fall|winter)|right now|at the moment|at work|work (?:e-?mail|address)|(?:private|personal) (?:e-?mail|address)|instead|unless|except|only|about (?:roles|jobs|positions|vacancies) (?:in|for|at|outside)|(?:jobs|roles|positions|vacancies) (?:in|for|outside|that)|tot (?:na|en met|\d)|voorlopig|even niet|op dit moment|momenteel|werkmail|werkadres|prive|privemail|priveadres|voortaan naar|op (?:mijn )?werk|behalve|alleen|tenzij|bis (?:zum|nach)|vorerst|erst mal|erstmal|jusqu'|pour le moment|pour l'instant|temporarily|tijdelijk|vorubergehend|temporairement)\b/;
// "…but keep me in your database": partial.
const KEEP_ME = /\b(?:keep me (?:in|on|posted|updated|informed)|stay (?:in|on) (?:your|the|our)|remain (?:in|on)|stay subscribed|remain subscribed|(?:blijf|blijven) (?:graag )?(?:ingeschreven|aangemeld)|ingeschreven blijven|aangemeld blijven|(?:but|maar|aber|mais) (?:\w+ ){0,3}(?:wel|still|keep|continue|noch|toujours)|stay in touch|keep in touch|hou(?:d)? me (?:op de hoogte|in)|blijf (?:graag )?in (?:jullie|het|je)|in contact blijven|halten sie mich auf dem laufenden|tenez-moi au courant)\b/;
// "I unsubscribed (by mistake)": past; a complaint that mail still comes is an opt-out.
const PAST = /\b(?:unsubscribed|opted out|afgemeld|uitgeschreven|abgemeldet|desabonne|desinscrit)\b/;
const STILL = /\b(?:still|again|keep (?:getting|receiving)|nog steeds|nog altijd|toch (?:nog|weer)|alsnog|weer|immer noch|trotzdem|toujours|encore)\b/;
const MISTAKE = /\b(?:by (?:mistake|accident)|accidentally|per ongeluk|per abuis|versehentlich|par erreur|re-?subscribe|add me back|opnieuw aanmelden|weer aanmelden)\b/;
// "Can you put me back on?", "I clicked unsubscribe by accident": the reply wants our mail; its subscription verb was a slip.
const REJOIN = /\b(?:put (?:me|my \w+) back|add me (?:back|again)|re-?add(?:ed)? me|re-?subscribe\w*|re-?instate\w*|sign me (?:back )?up again|back on (?:the|your) (?:list|mailing\w*)|keep me on|opnieuw (?:aanmelden|inschrijven|toevoegen|aangemeld|ingeschreven)|weer (?:aanmelden|inschrijven|toevoegen|aangemeld|ingeschreven|op de lijst)|zet (?:me|mij) (?:weer|terug)|wieder (?:aufnehmen|anmelden|eintragen|hinzufugen|aufgenommen|angemeldet)|erneut (?:anmelden|aufnehmen|eintragen)|reinscri\w*|re-?abonn\w*|remettez[- ]moi|remettre sur)\b/;
const ACCIDENT = /\b(?:by (?:mistake|accident)|accidental(?:ly)?|inadvertently|mistakenly|unintentionally|per ongeluk|per abuis|per vergissing|onbedoeld|versehentlich|aus versehen|irrtumlich|par erreur|par megarde|par inadvertance|sans le vouloir)\b/;
// "My colleague asked to be removed", "hij wil zich afmelden": someone else's wish, for a recruiter to read.
const SOMEONE_ELSE = /\b(?:(?:my|mijn|m'n|meine?|mon|ma) (?:colleague|coworker|co-worker|wife|husband|partner|friend|boss|manager|brother|sister|son|daughter|collega|vrouw|man|vriend|vriendin|baas|broer|zus|kollegen?|kollegin|frau|mann|freund|freundin|chef|collegue|femme|mari|ami|amie|patron)|(?:he|she|they|someone|somebody|hij|zij|ze|iemand|er|sie|jemand|il|elle|ils|quelqu'un)) (?:\S+ ){0,3}(?:asked|asks|wants|wanted|wishes|said|says|thinks|told|advised|suggested|zegt|zei|vindt|sagt|meint|rat|conseille|would like|requested|vroeg|vraagt|wil|wilde|wenst|zei|bat|bittet|will|wollte|mochte|wunscht|sagte|a demande|demande|veut|voulait|souhaite|dit)\b/;
// Leaving something else than our mail: an event ("afmelden voor het webinar", "me désinscrire de l'atelier de
// jeudi", "take me off the attendee list for Friday's meetup") or another service ("unsubscribed from LinkedIn").
const EVENT = /\b(?:\w*(?:training|trainingen|workshop|sessie|webinar|bijeenkomst|cursus|evenement|borrel|lunch|beurs|dag|avond|seminar|veranstaltung|schulung|messe|termin|treffen|vortrag)|webinars?|webinaire|event|events|evenement|evenementen|bijeenkomst|meetup|meet-up|sessie|session|seance|workshop|atelier|training|trainingsdag|cursus|course|lunch|lunchlezing|borrel|diner|dinner|drinks|meeting|afspraak|gesprek|interview|call|belafspraak|presentatie|open dag|open house|beurs|banenbeurs|job fair|fair|salon|messe|conference|conferentie|conferenz|konferenz|congres|congress|kongress|veranstaltung|vortrag|schulung|termin|seminar|seminaire|rendez-vous|reunion|entretien|uitnodiging|invitation|einladung|vergadering|activiteit|excursie|assessment|test|case|opdracht|assignment|process|procedure|sollicitatieprocedure|formation|masterclass|hackathon|bootcamp|kennismakingsdag|informatieavond|infosessie|info session|attendees?|guest list|guests|participants?|deelnemers|deelnemerslijst|gastenlijst|teilnehmer\w*|inscrits|invites|dag|avond|ochtend|middag|morgen|vandaag|morning|afternoon|evening|tomorrow|today|tonight|soiree|journee|demain|maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag|monday|tuesday|wednesday|thursday|friday|saturday|sunday|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)\b/;
// The same, without the days and times (a "fijne dag" is no event): for a verb without an object.
const EVENT_NOUN = /\b(?:\w*(?:training|trainingen|workshop|sessie|webinar|bijeenkomst|cursus|evenement|borrel|beurs|seminar|veranstaltung|schulung|messe|vortrag)|webinars?|webinaire|event|events|meetup|meet-up|session|seance|atelier|course|conference|conferentie|konferenz|congres|kongress|seminaire|salon|portes ouvertes|open dag|tag der offenen tur|job fair|career (?:day|fair|event)|info ?session|informatieavond|infosessie|kennismakingsdag|masterclass|hackathon|bootcamp|formation|lunch|diner|dinner|drinks)\b/;
const THIRD_PARTY = /\b(?:(?:my )?(?:old|former|previous|current) (?:employer|company|job|work)|\w*werkgever|\w*arbeitgeber\w*|employeur|linkedin|indeed|glassdoor|monster|xing|stepstone|facebook|instagram|twitter|tiktok|werk\.nl|nationale vacaturebank|jobbird|welcome to the jungle|apec|pole emploi|france travail|their|hun|deren|leur|leurs)\b/;
// Words that place a subscription verb's object in our mail: a list, our mail, "you", "this".
const LIST_WORD = new RegExp(String.raw`\b(?:${LIST.slice(3, -1)}|${MAIL.slice(3, -1)}|alles|alle communicatie|everything|all|tout|toutes?|envois)\b`);
const OURS = /\b(?:talentloop|you|your|jullie|je|uw|u|ihnen|ihrem|ihrer|ihren|vous|vos|votre|this|these|that|it|dit|deze|die|dies|diesem|ceci|cela|ca|ici|here|hier)\b/;
// Our mail in so many words (a bare "list" may be an attendee list).
const MAIL_WORD = new RegExp(String.raw`\b(?:${MAIL.slice(3, -1)}|mailing ?lists?|mailinglijst|mailinglist|verzendlijst|nieuwsbrief|newsletter|database|bestand|verteiler|fichier|liste de diffusion|talent ?pool|talentpool)\b`);
// For needsList rules: the sentence is about mailing or data.
const ABOUT_MAIL = new RegExp(String.raw`${LIST_WORD.source}|\b(?:e-?mail\w*|mail\w*|contact\w*|benader\w*|gegevens|data|details|address|adres\w*|spam\w*|approach\w*|te mailen|gemaild)\b`);
const SUBSCRIPTION_VERB = /\b(?:afmeld|meld|opt|abmeld|unsub|un-sub|uit ?schrijv|uit te schrijven|schrijf|uitgeschreven|desinscri|desabonn|austrag|abbestell)/;
// "Remove my old phone number", "verwijder mijn oude adres, dit is mijn nieuwe": a change of contact details.
const CONTACT_CHANGE = /\b(?:old|oude|oud|alte[nmrs]?|ancien(?:ne)?|vorige|previous|former|voormalige?|fruhere?[nmrs]?|vorherige?[nmrs]?|outdated|verouderde?)\b.{0,30}(?:address|adres|adresse|e-?mail|mail|nummer|number|numero|telefon|phone|mobile|cv|resume|lebenslauf)|\b(?:use|gebruik|gebruiken|verwende|verwenden|utilisez|utiliser)\b.{0,20}\b(?:this|dit|deze|new|nieuwe|neue|nouvelle|nouveau)\b/;
// "Please delete my last email, wrong attachment": a mail the candidate sent.
const OWN_MAIL = /\b(?:my|mijn|m'n|meine?n?|mon|ma) (?:last|previous|earlier|other|first|second|prior|vorige|laatste|eerdere|letzte|vorherige|dernier|precedent)\b|\b(?:i (?:just )?sent|sent (?:you|earlier|yesterday|by mistake)|by mistake|wrong (?:attachment|cv|file|version)|from (?:earlier|yesterday|this morning)|per ongeluk|versehentlich|par erreur)\b/;
// "Stop sending me junior roles": a topic, not all mail.
const TOPIC = /^\s*(?!(?:these|those|this|such|any|more|your|all|alle|al|toutes|tous|the|job|de|die|deze|diese|ces|vos|des|d'\w+|mir|me|any ?more|further|other|van|of|about|over|for|voor|uber|with|met|mit|het|het sturen|dat soort)\b)(?:[\w-]+ ){1,2}(?:roles|jobs|positions|vacancies|openings|offers|vacatures|functies|banen|stellen|stellenangebote|postes|offres)\b/;
// "Don't contact me about junior roles": a topic. ("About jobs" is all of our mail.)
const TOPIC_ABOUT = /^\s*(?:(?:me|mij|mich|mir|moi) )?(?:about|regarding|for|with|over|voor|uber|zu|pour|concernant|wegen)\s+(?:(?:a|an|the|some|de|het|een|die|der|den|des|les|le|la|du|ein|eine|einen)\s+)?(?!(?:a|an|the|some|de|het|een|die|der|den|des|les|le|la|du|ein|eine|einen|these|those|this|such|any|more|your|all|the|job|jobs|roles|vacancies|positions|opportunities|offers|vacatures|functies|stellen|postes|offres|new|other|future|further|nieuwe|andere|neue|andere|nouveaux|autres)\b)(?:[\w-]+ ){1,2}(?:roles?|jobs?|positions?|vacanc(?:y|ies)|openings?|offers?|vacatures?|functies?|banen|baan|stellen?|stellenangebote?|postes?|offres?)\b/;
// Removing a phone number only: a preference about calls.
const PHONE = /\b(?:phone|telephone|mobile|cell|\w*nummer|number|numero|portable|telefon\w*|handy)\b/;
const DATA_WORD = /\b(?:e-?mail\w*|data|details|gegevens|daten|donnees|coordonnees|adres\w*|address|profile?|profiel)\b/;
const WISH = /\b(?:verzoek|verzoeke|verzoeken|request|requesting|ersuche|prie|demande|kunnen|kunt|kun|mogen|mag|wil|wilt|willen|wens|wenst|hoef|hoeft|hoeven|graag|liever|aub|alsjeblieft|alstublieft|gelieve|svp|please|worden|word|kunt u|kun je|wil je|wilt u|zou|zouden|moet|moeten|fijn|prijs|appreciate|grateful|prefer|rather|wish|would|kindly|mind|could|can you|bitte|mochte|wurde|ware|dankbar)\b|'d\b/;
const CLAUSE_BREAK = /[,;:]|\s[-–]\s|\b(?:but|aber|mais|so|dus|also|donc)\b/g;

// Interest in the rest of the reply ("not interested" is none).
const INTEREST = /^(?!.*\b(?:not|no|geen|kein|pas|niet|nicht|never|nooit)\b.{0,12}\b(?:interested|interesse|geinteresseerd|interessiert|interesse)).*\b(?:interested|interesse|geinteresseerd|interessiert|perfect|exactly|precies|genau|exactement|dream|keen|been waiting|gewacht|count me in|sign me up|sounds (?:good|great)|klinkt goed|klingt gut)\b/s;

function splitSentences(text: string): string[] {
  return expandShorthand(normalise(text))
    .replace(/\ba\.u\.b\.?/g, 'aub').replace(/\bs\.v\.p\.?/g, 'svp').replace(/\bz\.s\.m\.?/g, 'zsm')
    .replace(/\bs'il (?:vous|te) plait\b/g, 'svp').replace(/\be\.g\.|\bi\.e\.|\bbijv\.|\bo\.a\./g, '')
    .replace(/[a-z]+/g, mendTypo)
    .split(/(?<=[.!?;])\s+|\n+/)
    // A sentence asked as a question keeps one "?" at its end (detectOptOut reads it, then drops it).
    .map((s) => s.replace(/[“”"()[\]*_]/g, ' ').replace(/[.!?;]*\?[.!?;]*$/, '?').replace(/[.!;]+$/, '').replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/** The clause (between commas, "but", "so"…) that holds the match. */
function clauseOf(sentence: string, start: number, end: number): string {
  let from = 0;
  let to = sentence.length;
  for (const b of sentence.matchAll(CLAUSE_BREAK)) {
    if (b.index + b[0].length <= start) from = b.index + b[0].length;
    else if (b.index >= end) { to = b.index; break; }
  }
  return sentence.slice(from, to);
}

/** 'review', but not leaning towards leaving: the object or the wish is unclear ("unsubscribe from the job boards"). */
type Verdict = OptOutVerdict | 'aside';

/** A subscription or removal verb about something else than our mail: 'no', 'aside', or null when it is ours. */
function otherObject(sentence: string, before: string, match: RegExpExecArray, after: string): Verdict | null {
  // What the verb is about: the match, what follows up to the clause's end, and a phrase just before
  // (German puts it before the verb: "mich vom Workshop am Freitag abmelden").
  const lead = /\b(?:vom|von|voor|for|from|de|du|aus|fur|bei|van|of)\b[^,]{0,40}$/.exec(before)?.[0] ?? '';
  const region = `${lead} ${match[0]} ${after.split(/[,;]|\s[-–]\s/)[0].slice(0, 60)}`;
  if (THIRD_PARTY.test(region) && !MAIL_WORD.test(region.replace(/\b(?:alerts|notifications|newsletters?)\b/g, ''))) return 'no';
  if (EVENT.test(region) && !MAIL_WORD.test(region)) return 'no';
  if (!SUBSCRIPTION_VERB.test(match[0])) return null;
  const object = /^\s*(?:\S+\s){0,1}(?:voor|van|bij|for|of|from|fur|vom|von|de|du|des|aus)\b(.{0,40})/.exec(after);
  if (object && !LIST_WORD.test(object[1]) && !OURS.test(object[1])) return 'aside';
  if (!object && EVENT_NOUN.test(sentence) && !MAIL_WORD.test(sentence)) return 'no';
  if (!object && /\b(?:moet|moest|helaas|muss|leider|dois|malheureusement)\b/.test(sentence)) return 'aside';
  return null;
}

// A disavowal after the mention: "the unsubscribe link is broken. Not that I want to use it", "niet dat ik dat wil",
// "nicht dass ich mich abmelden will", "non pas que je veuille me désinscrire". Not "not that I want to be rude".
const DISAVOWAL = /\b(?:not that (?:i|we) (?:really |actually |even |would |'d )?(?:want|wanted|wish|plan|planned|intend|need|am going|'m going|was going|mean)\b(?! to (?:be|sound|seem|complain|moan|whine|nag|rant)\b)|niet dat ik\b(?!.{0,30}\b(?:klaag|klagen|zeur|zeuren|moeilijk|onaardig|lastig)\b).{0,40}\b(?:wil|wilde|ga|van plan|zou willen|hoef)\b|nicht dass ich\b(?!.{0,30}\b(?:beschweren|meckern|unhoflich)\b).{0,40}\b(?:will|wollte|mochte|vorhabe|vorhatte|muss)\b|(?:non |ce n'est )?pas que (?:je|j')(?!.{0,30}\b(?:plaindre|plains|impoli)\b).{0,40}\b(?:veuille|voulais|veux|compte|souhaite|aie envie)\b)/;
// "Afmelden? Echt niet!", "Unsubscribe? Never!": a question answered with a refusal.
const REFUSAL = /^(?:(?:oh|ah|haha|lol|nee|no|nein|non|nope) ?,? )?(?:no|nope|never|no way|not a chance|of course not|absolutely not|definitely not|hell no|nee|nee hoor|echt niet|zeker niet|nooit|absoluut niet|geen sprake van|natuurlijk niet|nein|niemals|auf keinen fall|keinesfalls|naturlich nicht|bloss nicht|non|jamais|surtout pas|certainement pas|pas question|bien sur que non|jamais de la vie)\b/;
// "Why don't you stop emailing me?": a rhetorical question, a request all the same.
const RHETORICAL = /\b(?:why|waarom|warum|pourquoi)\b[^,]*$|\b(?:can't|won't|couldn't|kun je|kunt u|konnen sie) (?:you )?\S*\s*$/;

/** "Don't unsubscribe me", "meld me vooral niet af", "ne me désinscrivez surtout pas". */
function negated(before: string, match: RegExpExecArray, after: string): boolean {
  return NEGATED_BEFORE.test(before) || NEGATION_INSIDE.test(match[0]) || NEGATED_AFTER.test(after)
    || (FRENCH_NE.test(before) && FRENCH_PAS.test(after));
}

function judge(sentence: string, text: string, r: Rule, match: RegExpExecArray): Verdict {
  const before = sentence.slice(0, match.index);
  const after = sentence.slice(match.index + match[0].length);
  const clause = clauseOf(sentence, match.index, match.index + match[0].length);
  const request = r.verdict === 'yes';
  if (r.kind === 'leave' && (REJOIN.test(text) || (ACCIDENT.test(clause) && !/\b(?:you|je|jullie|u|sie|vous)\b[^,]{0,30}$/.test(clause.split(ACCIDENT)[0])))) return 'no';
  if (REJOIN.test(text)) return 'review';
  // "Mijn vrouw zegt: doe mij maar van de lijst af": reported speech.
  if (SOMEONE_ELSE.test(before) && /\b(?:says|said|told me|zegt|zei|vroeg|sagt|sagte|dit|a dit)\s*:/.test(before)) return 'aside';
  if (SOMEONE_ELSE.test(`${before}${match[0]}`) && !/\b(?:me|mij|mich|moi|my|mijn|meine?|mes|mon)\b/.test(match[0])) return 'aside';
  if (r.negatable) {
    // "I can't unsubscribe", "the unsubscribe link doesn't work": they want out.
    if (/\b(?:can't|cannot|unable to|couldn't|can not|kan (?:me |mij )?niet|lukt (?:het )?niet)\s*(?:\S+\s){0,2}$/.test(before)
      || /^\S* ?(?:link|button|knop)\b.*\b(?:doesn't|does not|isn't|not|niet|broken|kapot)\b/.test(after)) return 'yes';
    if (negated(before, match, after) && !(r.kind === 'stop' && RHETORICAL.test(before))) return 'no';
    if (HYPOTHETICAL.test(before)) return 'no';
  }
  if (r.kind === 'leave') {
    // "I unsubscribed", but "uitgeschreven worden", "être désinscrit" are wishes.
    if (PAST.test(match[0]) && !/\b(?:worden|word|werden|etre|soit|soient|be|being)\b/.test(match[0])
      && !(/^me des/.test(match[0]) && !/\b(?:suis|etais|ete|deja)\s*$/.test(before))) {
      if (otherObject(sentence, before, match, after) === 'no') return 'no';
      return STILL.test(sentence) && !MISTAKE.test(text) ? 'yes' : MISTAKE.test(text) ? 'no' : 'review';
    }
    const other = otherObject(sentence, before, match, after);
    if (other) return other;
    // "Jullie hebben mij van de lijst gehaald", "Sie haben mich ausgetragen": a report of what we did, not a wish.
    if (/\b(?:gehaald|afgehaald|verwijderd|geschrapt|gezet|genommen|entfernt|gestrichen|geloscht|ausgetragen|removed|deleted|taken off|retire|supprime|desinscrit)\b/.test(`${match[0]}${after.slice(0, 12)}`)
      && /\b(?:heb|hebben|heeft|hebt|had|hadden|habe|haben|hat|hatten|have|has|avez|avait|ont)\b/.test(before)
      && !/\b(?:worden|werden|be|wil|wens|graag|mochte|want|etre|please|aub|bitte|svp)\b/.test(sentence) && !STILL.test(sentence)) return 'review';
    // "de foto van mijn profiel verwijderen": something of mine, not my data.
    if (/^(?:mijn|my|meine[nrs]?|mes|mon|ma)\b/.test(match[0]) && /\b(?:van|of|from|von|vom|aus|de|du|des|uit|in|op|on)\s*$/.test(before)) return 'no';
  }
  if (r.kind === 'stop') {
    // "Stop vooral niet met het sturen", "hör bloß nicht auf", "n'arrêtez surtout pas", "please don't stop".
    if (negated(before, match, after) && !RHETORICAL.test(before)) return 'no';
    // "I'll stop emailing you", "ik stop ermee", "why did you stop emailing me?": not a request to us.
    if (/\b(?:i|i'll|i've|i'm|we|ik|wij|ich|wir|je vais|je veux|j'ai|nous)(?: \S+){0,2}\s*$/.test(before) && !/\byou\b/.test(before.slice(-20))) return 'no';
    if (/\b(?:did|have|has|had)(?: \S+){0,2}\s*$/.test(before)) return 'no';
  }
  if (!request) return 'review';
  if (CONTACT_CHANGE.test(sentence) || OWN_MAIL.test(clause)) return 'no';
  if ((/\b(?:send|sending|stuur|sturen|schicken|senden|envoyer|envoyez)(?: me| mij| mir| m')?$/.test(match[0]) && TOPIC.test(after)) || TOPIC_ABOUT.test(after)) return 'review';
  if (r.kind === 'leave' && PHONE.test(clause) && !DATA_WORD.test(clause.replace(/\b\w*(?:nummer|number)\b/g, ''))) return 'aside';
  if (r.needsList && !ABOUT_MAIL.test(sentence) && after.trim()) return 'aside';
  // "ik zal je niet meer mailen", "ik heb je niet meer gemaild": about the candidate's own mail.
  if (r.kind !== 'leave' && /\bik (?:\S+ ){0,2}(?:je|jou|jullie|u)\b/.test(before) && !/\b(?:wil|wens|hoef|verzoek|verzoeke|vraag|vragen|bid|smeek)\b/.test(before)) return 'no';
  if (r.needsWish && !/^(?:(?:me|mij|mich|moi) )?$/.test(before) && !WISH.test(sentence)) return 'aside';
  if (FIRST_PERSON_FUTURE.test(before)) return 'review';
  if ((CONDITION.test(before) || CONDITION_AFTER.test(after)) && !POLITE_CONDITION.test(sentence)) return 'review';
  if (HEDGE.test(clause) || QUALIFIED.test(clause) || KEEP_ME.test(text)) return 'review';
  // "ik krijg geen mails meer", "je n'ai plus reçu de mails": a remark, unless it comes with a wish.
  if (/\b(?:geen|keine|kein|plus|niet meer|nicht mehr)\b/.test(match[0])
    && /\b(?:heb|had|kreeg|krijg|ontving|ontvang|zag|zie|gehad|gekregen|ontvangen|habe|hatte|bekam|bekomme|erhielt|erhalten|bekommen|ai|avais|recois|recu|vois)\b/.test(sentence)
    && !/\b(?:wil|wens|hoef|graag|liever|stuur|aub|alsjeblieft|alstublieft|svp|mochte|will|wollen|bitte|wunsche|senden sie|veux|souhaite|merci de|veuillez)\b/.test(sentence)) return 'no';
  return 'yes';
}

export function detectOptOut(text: string): OptOut {
  let review: string | null = null;
  let leaning = false;
  let softReview: string | null = null;
  let refused = false; // "please don't unsubscribe me"
  let declined = false; // that, or "I don't want to unsubscribe"
  const sentences = splitSentences(text);
  const questions = new Set(sentences.filter((s) => s.endsWith('?')).map((s) => s.slice(0, -1).trim()));
  const plain = sentences.map((s) => s.replace(/\?$/, '').trim()).filter(Boolean);
  for (const [index, sentence] of plain.entries()) {
    // What follows a match, up to the end of the next sentence: where a disavowal would stand.
    const following = (from: number) => `${sentence.slice(from)} ${plain[index + 1] ?? ''}`;
    // "Afmelden? Echt niet, ik lees ze graag.": the question is answered with a refusal; never a withdrawal (a
    // recruiter may read it, as any bare stop asked back).
    if (questions.has(sentence) && sentence.split(' ').length <= 6 && REFUSAL.test(plain[index + 1] ?? '')) { review ??= sentence; refused = true; continue; }
    const clauses = sentence.split(/[,:!–—-]/).map((c) => c.replace(/\s+/g, ' ').trim());
    const bare = clauses.find((c) => BARE_STOP.test(c));
    // "Stop! This is exactly the job I was waiting for": an exclamation; a recruiter reads it. So is a bare stop
    // asked back ("Unsubscribe? Never!") or under a condition or hedge ("if this is the Python role, remove me").
    if (bare && questions.has(sentence)) { review ??= bare; continue; }
    if (bare && (INTEREST.test(normalise(text)) || HEDGE.test(sentence)
      || (CONDITION.test(sentence) && !POLITE_CONDITION.test(sentence)))) review ??= bare;
    else if (bare && DISAVOWAL.test(following(sentence.indexOf(bare) + bare.length))) declined = true;
    else if (bare) return { verdict: 'yes', phrase: bare, leaning: false, refused: false };
    for (const r of RULES) {
      const match = r.re.exec(sentence);
      if (!match) continue;
      const verdict = judge(sentence, normalise(text), r, match);
      if (verdict === 'yes' && DISAVOWAL.test(following(match.index + match[0].length))) { declined = true; continue; }
      if (verdict === 'yes') return { verdict, phrase: match[0], leaning: false, refused: false };
      if (verdict === 'review' && r.softReview) {
        softReview ??= match[0];
        leaning ||= Boolean(r.lean) && !KEEP_ME.test(normalise(text));
      }
      else if (verdict === 'review' || verdict === 'aside') {
        review ??= match[0];
        leaning ||= verdict === 'review' && Boolean(r.lean || r.kind) && !KEEP_ME.test(normalise(text));
      }
      if (r.kind === 'leave' && negated(sentence.slice(0, match.index), match, sentence.slice(match.index + match[0].length))) {
        declined = true;
        refused ||= !FIRST_PERSON.test(clauseOf(sentence, match.index, match.index + match[0].length));
      }
    }
  }
  review ??= declined ? null : softReview;
  // "Whatever. Enough.", "Nee. Laat maar.": fed up, nothing else said.
  if (!review && !declined && plain.length <= 3 && plain.join(' ').split(' ').length <= 8 && FED_UP.test(plain.join(', ').replace(/!/g, '').replace(/\s+/g, ' ').trim())) {
    return { verdict: 'review', phrase: plain.join(' '), leaning: true, refused };
  }
  return review ? { verdict: 'review', phrase: review, leaning, refused } : { verdict: 'no', phrase: null, leaning: false, refused };
}
