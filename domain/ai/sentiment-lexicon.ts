// The weights of the built-in sentiment classifier (sentiment.ts): phrases
// and words in English and Dutch (colloquial ones too: "goeie timing", "ik ben
// erbij"), and the common German and French ones. Texts are normalised first
// (lower case, no accents, "ß" as "ss", straight apostrophes); "appelez-moi"
// is read as "appelez moi".

/**
 * [phrase, weight, kind]. Phrases are matched before single words, longest
 * first. 'fixed': carries its own negation, never flipped. 'ask': proposes a
 * next step ("when can we talk?"), so it keeps its weight inside a question.
 */
export const PHRASES: Array<[string, number, ('fixed' | 'ask')?]> = [
  // English: declining
  ['no thanks', -2, 'fixed'], ['no thank you', -2, 'fixed'], ['thanks but no thanks', -2.5, 'fixed'], ['not looking', -2, 'fixed'],
  ['not for me', -2, 'fixed'], ["won't work", -2, 'fixed'], ["doesn't work for me", -2, 'fixed'], ['not the right time', -1.5, 'fixed'],
  ['not a good time', -1.5, 'fixed'], ["isn't a good time", -1.5, 'fixed'], ['not at this point', -1.5, 'fixed'], ['not at this time', -1.5, 'fixed'],
  ['not at the moment', -1.5, 'fixed'], ['not right now', -1, 'fixed'], ['not now', -1.5, 'fixed'], ['not interested', -2, 'fixed'],
  ['happy in my current', -2, 'fixed'], ['happy with my current', -2, 'fixed'], ['happy where i am', -2, 'fixed'], ['staying put', -2, 'fixed'],
  ['committed to my current', -2, 'fixed'], ['stay with my current', -2, 'fixed'], ['staying with my current', -2, 'fixed'],
  ['stay at my current', -2, 'fixed'], ['decided to stay', -2, 'fixed'], ['off the market', -2, 'fixed'], ['not in a position', -1.5, 'fixed'],
  ['not something for me', -2, 'fixed'], ['not my thing', -2, 'fixed'], ['zero interest', -2, 'fixed'], ['no interest', -2, 'fixed'],
  ['no longer looking', -2, 'fixed'], ['not open to', -1.5, 'fixed'], ['just started', -1.5, 'fixed'], ['recently started', -1.5, 'fixed'],
  ['another offer', -2], ['accepted an offer', -2], ['accepted a', -1.5], ['found a new job', -2], ['found another job', -2], ['got a new job', -2], ['found a job', -2], ['found a new role', -2], ['found a position', -2], ['found another', -2], ['found something', -1.5], ['started a new job', -2], ['have a new job', -2],
  ['signed with', -1.5], ['another company', -1], ['my current job', -1, 'fixed'], ['my current role', -1, 'fixed'],
  ['my current employer', -1, 'fixed'], ['my current position', -1, 'fixed'], ['my current team', -1, 'fixed'],
  ["i'll pass", -2], ['i will pass', -2], ['pass on this', -2], ["i'll decline", -2], ['too low', -2], ['too far', -1.5], ['far below', -2],
  ['below my level', -2], ['how did you get', -2, 'fixed'], ['where did you get', -2, 'fixed'], ["don't contact me", -1.5, 'fixed'],
  ['do not contact me', -1.5, 'fixed'], ["don't call me", -0.5, 'fixed'], ['keep sending', -1.5], ['waste of time', -2],
  // English: interested
  ["wouldn't say no", 2, 'fixed'], ['would not say no', 2, 'fixed'], ['why not', 1.5, 'fixed'], ['no problem', 1, 'fixed'],
  ["don't stop", 1.5, 'fixed'], ["don't unsubscribe me", 0, 'fixed'], ['do not unsubscribe me', 0, 'fixed'], ['not sure', -0.5, 'fixed'],
  ['not bad', 1, 'fixed'], ['count me in', 2], ['count me', 1.5], ['sign me up', 2], ["i'm in", 1.5], ['looking forward', 2], ['works for me', 1.5],
  ['suits me', 1.5], ['open to', 1.5], ['call me', 0.8, 'ask'], ['can we talk', 1.5, 'ask'], ['can we meet', 1.5, 'ask'], ['when can we', 1.5, 'ask'],
  ['can we schedule', 1.5, 'ask'], ['shall we', 1, 'ask'], ['how about', 1, 'ask'], ['how does', 0.5, 'ask'], ['what time', 1, 'ask'],
  ['are you free', 1.5, 'ask'], ['what are the next steps', 1.5, 'ask'], ["i'll be there", 1.5], ['i will be there', 1.5],
  ["let's talk", 1.5], ["let's chat", 1.5], ["let's meet", 1.5], ["let's set up", 1.5], ["let's schedule", 1.5], ["let's discuss", 1.5],
  ["let's do it", 1.5], ["let's", 1], ['calendar invite', 1], ['thinking about a move', 1.5], ['tell me more', 1.5],
  ['would love', 2], ["i'd love", 2], ['happy to', 1.5], ['jump on a call', 1.5], ['quick call', 1], ['stop by', 1, 'fixed'],
  ['add me back', 2, 'fixed'], ['keep me posted', 1.5], ['keep me in mind', 0, 'fixed'], ['happy at my current', -2, 'fixed'], ['happy at my', -1.5, 'fixed'], ['my current company', -1, 'fixed'],
  ['send me more', 1.5], ['send me the', 1], ['good fit', 2], ['great fit', 2], ['exactly the kind', 2],
  ['been looking for', 1.5], ['been hoping for', 2], ['send me the details', 1.5], ['send over', 1], ['my number is', 1.5], ['i am free', 1],
  ["i'm free", 1], ['i am available', 1], ["i'm available", 1], ['my notice period', 1], ['updated cv', 1.5], ['attached my', 1],
  ["let's reconnect", 0, 'fixed'], ["let's talk after", 0, 'fixed'], ["let's talk later", 0, 'fixed'], ['new challenge', 1.5],
  ['accidentally unsubscribed', 0, 'fixed'], ["don't remove me", 0, 'fixed'], ['do not remove me', 0, 'fixed'],
  ["don't want to miss", 1.5, 'fixed'], ['meld me aan', 1.5], ['meld mij aan', 1.5], ['nicht austragen', 0, 'fixed'], ['kind regards', 0, 'fixed'], ['best regards', 0, 'fixed'], ['warm regards', 0, 'fixed'],
  ['best wishes', 0, 'fixed'], ['kind wishes', 0, 'fixed'], ['all the best', 0, 'fixed'], ['thanks in advance', 0, 'fixed'],
  ['met vriendelijke groet', 0, 'fixed'], ['vriendelijke groeten', 0, 'fixed'], ['hartelijke groet', 0, 'fixed'], ['mit freundlichen grussen', 0, 'fixed'],
  ['wil best', 1], ['best wel', 0.5], ['best leuk', 1.5], ['best interessant', 1.5],
  ['next step', 1, 'ask'], ['next steps', 1, 'ask'], ["i'd consider", 1.5], ['would consider', 1.5], ['like to apply', 2],
  ['intro call', 1], ['catch up', 1], ['hear more', 1.5], ['learn more', 1], ['hearing more', 1.5], ['go ahead', 1.5], ['sounds good', 2],
  ["don't bother", -1.5, 'fixed'], ['not moving', -2, 'fixed'], ['not considering', -2, 'fixed'], ["not what i'm looking for", -2, 'fixed'],
  ['not what i am looking for', -2, 'fixed'], ["don't think so", -1.5, 'fixed'], ['no way', -2, 'fixed'], ['not a chance', -2, 'fixed'],
  ["i'm good", 0, 'fixed'], ["i'm fine", 0, 'fixed'], ['content where i am', -2, 'fixed'], ['content with my', -2, 'fixed'], ['where i am', -1, 'fixed'],
  ['good luck with', -1, 'fixed'], ['good luck filling', -1.5, 'fixed'], ['good luck finding', -1.5, 'fixed'], ['best of luck with', -1, 'fixed'],
  ['well under', -1.5], ['under what i', -1.5], ['below what i', -1.5], ['less than i', -1.5], ['too junior', -1.5], ['too much for me', -1.5, 'fixed'],
  ['read my profile', -1.5], ['hard pass', -2, 'fixed'], ['meet my expectations', 1.5], ['can we reschedule', 1.5, 'ask'], ['want this', 1.5],
  ['still want', 1.5], ['maybe later', 0.8, 'fixed'], ['the best', 1.5], ['great timing', 2], ['perfect timing', 2], ['good timing', 2],
  ['exactly what i', 2], ['i like', 1], ['ich mag', 1], ['actively looking', 1.5], ['on the market', 1.5], ['keep emailing', 1.5], ['please keep sending', 1.5], ['keep sending these', 1.5], ['keep them coming', 1.5], ['the best way', 0, 'fixed'], ['best way', 0, 'fixed'], ['keep me on', 1.5],
  ['add me to', 1.5, 'ask'], ['good where i am', -2, 'fixed'], ["i'm good where", -2, 'fixed'], ['i am good where', -2, 'fixed'], ['in the market', 1], ['up for', 1.5], ['down for', 1.5], ['worth a chat', 1.5],
  ["let's connect", 1.5], ['talk soon', 1], ['sounds fun', 1.5], ['would be nice', 1], ['not this time', -1.5, 'fixed'], ['not for now', -1.5, 'fixed'],
  ['thanks anyway', -0.5, 'fixed'], ['not convinced', -1, 'fixed'], ['signed a contract', -2], ['signed elsewhere', -2], ['signed a', -1.5], ['below my expectations', -2], ['happy in my', -2, 'fixed'], ['nowhere near', -1.5, 'fixed'], ['waste your time', -1.5, 'fixed'],
  ["don't waste", -1.5, 'fixed'], ['not searching', -2, 'fixed'], ['my kind of', 1.5], ['right up my', 2], ['have a new', -1.5], ['a new job', -1],
  ['another role', -1.5], ['another position', -1.5], ['already have', -1], ['already found', -2], ['already accepted', -2], ['never stop', 1.5, 'fixed'], ['spot on', 2], ['still looking', 1], ['been waiting for', 1.5], ['exactly the', 1.5],
  ['email is fine', 0.5, 'fixed'], ["don't contact me by", -0.5, 'fixed'], ["don't contact me on", -0.5, 'fixed'],
  ["don't contact me at", -0.5, 'fixed'], ["don't call me before", -0.5, 'fixed'], ["don't email me at", -0.5, 'fixed'], ["don't email me on", -0.5, 'fixed'], ['email works', 0, 'fixed'], ['feel free', 0.5], ['have a nice day', 0, 'fixed'], ['have a good day', 0, 'fixed'],
  ['nice weekend', 0, 'fixed'], ['great weekend', 0, 'fixed'], ['add me back', 2, 'fixed'], ['found something', -1.5],
  ['not available', -1.5, 'fixed'], ['going to pass', -2], ['pass on', -2], ['no need', -1, 'fixed'], ['no need to', 0, 'fixed'], ['not relevant', -1.5, 'fixed'], ['have a look', 0.5], ['get back to you', 0, 'fixed'], ['think about it', 0, 'fixed'],
  // Dutch: declining
  ['nee dank je', -2, 'fixed'], ['nee dankje', -2, 'fixed'], ['nee dank u', -2, 'fixed'], ['nee bedankt', -2, 'fixed'], ['niet op zoek', -2, 'fixed'],
  ['zoek niets', -2, 'fixed'], ['zoek niks', -2, 'fixed'], ['tevreden met mijn huidige', -2, 'fixed'], ['blijf liever', -2, 'fixed'],
  ['blijf waar ik', -2, 'fixed'], ['zit goed', -2, 'fixed'], ['pas ik', -1.5], ['ik pas', -1.5], ['laat maar', -1.5, 'fixed'],
  ['nu even niet', -1.5, 'fixed'], ['even niet', -0.8, 'fixed'], ['niet iets voor mij', -2, 'fixed'], ['niets voor mij', -2, 'fixed'],
  ['niet voor mij', -2, 'fixed'], ['zie ervan af', -2], ['zie er vanaf', -2], ['zie het niet zitten', -2, 'fixed'], ['zie ik niet zitten', -2, 'fixed'],
  ['spreekt me niet aan', -2, 'fixed'], ['spreekt mij niet aan', -2, 'fixed'], ['andere baan', -2], ['nieuwe baan gevonden', -2], ['heb een nieuwe baan', -2], ['andere werkgever', -2], ['ander bedrijf', -1.5],
  ['net getekend', -2], ['getekend bij', -2], ['niet te wachten op', -2, 'fixed'], ['niet meer op zoek', -2, 'fixed'], ['niet langer op zoek', -2, 'fixed'], ['afmelden voor', 0, 'fixed'], ['net begonnen', -1.5, 'fixed'],
  ['contract getekend', -1.5], ['naar mijn zin bij', -2, 'fixed'], ['mijn huidige werkgever', -1, 'fixed'], ['mijn huidige baan', -1, 'fixed'],
  ['mijn huidige functie', -1, 'fixed'], ['mijn plek', -1, 'fixed'], ['te laag', -2], ['te ver', -1.5], ['gek van', -2], ['niet goed uit', -1.5, 'fixed'],
  ['hoe komen jullie', -2, 'fixed'], ['geen behoefte', -2, 'fixed'], ['niet wat ik zoek', -2, 'fixed'], ['sluit niet aan', -2, 'fixed'],
  ['niet beschikbaar', -1.5, 'fixed'], ['blijf lekker', -2, 'fixed'], ['blijf zitten waar', -2, 'fixed'], ['blijf bij mijn', -2, 'fixed'], ['niet relevant', -1.5, 'fixed'], ['meld ik me af', -2, 'fixed'], ['geen tijd', -1, 'fixed'],
  ['net een nieuwe baan', -2], ['al een nieuwe baan', -2], ['al een baan', -2], ['al iets gevonden', -2], ['iets gevonden', -2], ['al voorzien', -2, 'fixed'],
  ['ben voorzien', -2, 'fixed'], ['lees eerst', -1.5], ['lees mijn profiel', -1.5], ['nee joh', -2, 'fixed'], ['zit hier prima', -2, 'fixed'],
  ['zit prima', -2, 'fixed'], ['zit hier goed', -2, 'fixed'], ['niks voor mij', -2, 'fixed'], ['succes ermee', -1, 'fixed'], ['succes met', -1, 'fixed'],
  ['veel succes', -1, 'fixed'], ['junior niveau', -1.5],
  // Dutch: interested
  ['waarom niet', 1.5, 'fixed'], ['geen probleem', 1, 'fixed'], ['geen bezwaar', 1, 'fixed'], ['niet afmelden', 0, 'fixed'],
  ['schrijf me niet uit', 0, 'fixed'], ['klinkt goed', 1.5], ['klinkt leuk', 1.5], ['klinkt interessant', 1.5], ['wil wel', 1],
  ['stuur maar', 0.5], ['stuur me', 1], ['oren naar', 2], ['kijk ernaar uit', 2], ['kijk er naar uit', 2], ['sta open', 1.5], ['open voor', 1.5],
  ['ben erbij', 1.5], ['bij mij past', 1.5], ['bij me past', 1.5], ['bel me', 1, 'ask'], ['bel mij', 1, 'ask'], ['plan maar', 1],
  ['hoor graag', 1], ['spreekt me aan', 2], ['spreekt me echt aan', 2], ['spreekt me erg aan', 2], ['laten we daarna', 0, 'fixed'], ['laten we later', 0, 'fixed'], ['spreekt mij aan', 2], ['zie ik zitten', 2], ['zie het wel zitten', 2], ['zie ik wel zitten', 2],
  ['lijkt me', 1], ['zin in', 1.5], ['vertel me meer', 1.5], ['wanneer kunnen we', 1.5, 'ask'], ['zullen we', 1, 'ask'], ['wanneer schikt', 1.5, 'ask'],
  ['laten we', 1.5], ['wanneer kan ik', 1.5, 'ask'], ['op gesprek', 1.5], ['klaar voor', 1.5], ['sluit aan', 1.5], ['doe mee', 1.5],
  ['wanneer kan je', 1.5, 'ask'], ['wanneer kun je', 1.5, 'ask'], ['wanneer heb je tijd', 1.5, 'ask'],
  ['wanneer kunt u', 1.5, 'ask'], ['goeie timing', 2], ['goed getimed', 2], ['ben er bij', 1.5], ['iets anders te zoeken', 1], ['kom maar op', 1.5],
  ['lijkt me top', 2], ['lijkt me leuk', 1.5], ['zeker weten', 1.5], ['heb er zin in', 1.5], ['precies wat ik', 2], ['blijf me', 1], ['juist meer', 1.5], ['zoek geen', -2, 'fixed'], ['wat ik zoek', 1.5], ['te weinig', -1.5], ['sla over', -1.5], ['geen optie', -1.5, 'fixed'],
  ['te junior', -1.5], ['onder mijn niveau', -2], ['te gek', 2], ['met alle plezier', 2], ['kom maar door', 1.5], ['stuur maar door', 1],
  ['sta ervoor open', 1.5], ['lijkt me wel wat', 1.5], ['niet aan de orde', -1.5, 'fixed'], ['onder mijn verwachting', -2], ['gelukkig bij', -2, 'fixed'], ['blij bij mijn', -2, 'fixed'], ['blij met mijn huidige', -2, 'fixed'], ['naar mijn zin', -2, 'fixed'], ['zoek niet', -2, 'fixed'], ['net een nieuwe', -2], ['al een nieuwe', -2],
  ['functie aangenomen', -2], ['baan aangenomen', -2], ['aanbod aangenomen', -2], ['precies mijn', 2], ['mijn ding', 1.5], ['blijf hier', -1.5],
  ['blijf bij', -1.5], ['ik blijf', -1], ['op zoek', 0.8], ['actief op zoek', 1.5], ['zoek ik niks', -2, 'fixed'], ['zoek ik niets', -2, 'fixed'], ['fijne dag', 0, 'fixed'],
  ['prettige dag', 0, 'fixed'], ['fijn weekend', 0, 'fixed'], ['zet me maar op', 1.5], ['schrijf me in', 1.5], ['mail is prima', 0, 'fixed'], ['wil juist', 1], ['misschien later', 0.8, 'fixed'],
  ['klinkt als', 0.5], ['komt als geroepen', 2], ['iets nieuws', 1], ['kom graag', 1.5], ['kom erop terug', 0, 'fixed'], ['denk erover na', 0, 'fixed'],
  // German
  ['hort sich gut an', 1.5], ['hort sich interessant an', 1.5], ['klingt spannend', 1.5], ['bin dabei', 1.5], ['sehr gerne', 2], ['freue mich', 2],
  ['wurde mich freuen', 2], ['gute idee', 1.5], ['auf jeden fall', 1], ['passt gut', 1.5], ['passt mir', 1.5], ['bin offen', 1.5], ['offen fur', 1.5],
  ['interessiert mich', 2], ['rufen sie mich an', 1, 'ask'], ['wann haben sie zeit', 1.5, 'ask'], ['anbei mein lebenslauf', 1.5],
  ['anbei meinen lebenslauf', 1.5], ['gerne mehr', 1.5], ['gerade erst angefangen', -2], ['gerade angefangen', -2], ['erst angefangen', -2], ['kein wechsel', -2, 'fixed'],
  ['unter meinen', -2], ['meinen vorstellungen', 1], ['glucklich in', -2, 'fixed'], ['glucklich bei', -2, 'fixed'], ['nicht auf jobsuche', -2, 'fixed'], ['nicht auf stellensuche', -2, 'fixed'], ['suche nicht', -2, 'fixed'],
  ['suche keine', -2, 'fixed'], ['bleibe bei', -2], ['bleibe lieber', -2], ['ich bleibe', -1.5], ['andere stelle', -1.5], ['anderes angebot', -2],
  ['angebot angenommen', -2], ['schon etwas', -1.5], ['bereits etwas', -1.5], ['noch auf der suche', 1.5], ['genau das', 1.5], ['was ich suche', 1.5], ['spricht mich an', 2], ['reizt mich', 1.5], ['freut mich', 1.5],
  ['machen wir', 1], ['zu wenig', -1.5], ['mein ding', 1.5], ['sehr gut', 1.5], ['auf der suche', 1], ['bin auf der suche', 1.5], ['schonen tag', 0, 'fixed'], ['melde mich an', 1.5], ['schreiben sie mir gerne', 1.5], ['vielleicht spater', 0.8, 'fixed'],
  ['nichts fur mich', -2, 'fixed'], ['nicht fur mich', -2, 'fixed'], ['zu niedrig', -2], ['zu weit', -1.5], ['zu gering', -2], ['kein bedarf', -2, 'fixed'],
  ['keine zeit', -1, 'fixed'], ['neue stelle angetreten', -2], ['gerade eine neue stelle', -2], ['bereits eine neue stelle', -2], ['schon eine neue stelle', -2],
  ['neue stelle gefunden', -2], ['neuen job gefunden', -2], ['etwas gefunden', -2], ['jetzigen stelle', -1, 'fixed'], ['jetzigen job', -1, 'fixed'],
  ['aktuellen stelle', -1, 'fixed'], ['aktuellen job', -1, 'fixed'], ['derzeitigen stelle', -1, 'fixed'], ['viel erfolg', -1, 'fixed'], ['keinen wechsel', -2],
  ['kein interesse', -2, 'fixed'], ['nicht auf der suche', -2, 'fixed'], ['nicht interessiert', -2, 'fixed'], ['nein danke', -2, 'fixed'], ['nicht abmelden', 0, 'fixed'],
  ['klingt gut', 1.5], ['klingt interessant', 1.5], ['wann konnen wir', 1.5, 'ask'], ['wann passt', 1.5, 'ask'],
  // French
  ['grand plaisir', 2], ['exactement ce que', 2], ['ca me plait', 2], ['me plait', 1.5], ['je suis partant', 2], ['je suis partante', 2],
  ['bonne idee', 1.5], ['pourquoi pas', 1.5, 'fixed'], ['appelez moi', 1, 'ask'], ['rappelez moi', 1, 'ask'], ['tout de suite', 0.5],
  ['en savoir plus', 1.5], ["m'en dire plus", 1.5], ['je suis disponible', 1], ['ci joint mon cv', 1.5], ["a l'ecoute", 1], ['continuez a', 1.5], ["j'aime", 1.5], ["j'adore", 2], ['me tente', 1.5], ['avec joie', 2], ['ca marche', 1], ['ok pour moi', 1.5], ['ca me va', 1.5], ['me convient', 1.5],
  ['pas maintenant', -1.5, 'fixed'], ['pas le bon moment', -1.5, 'fixed'], ['pas pour le moment', -1.5, 'fixed'], ['bien dans ma', -2, 'fixed'],
  ['deja un nouveau', -2], ['deja un poste', -2], ['deja un travail', -2], ['deja un emploi', -2], ['sans facon', -1.5, 'fixed'], ['passe mon tour', -2], ['cherche activement', 1.5], ['en recherche active', 1.5], ['toujours en recherche', 1.5], ['bonne journee', 0, 'fixed'],
  ['inscrivez moi', 1.5],
  ['peut etre plus tard', 0.8, 'fixed'], ['pas pour moi', -2, 'fixed'], ['trop bas', -2], ['trop loin', -1.5], ['trop faible', -2], ['trop peu', -1.5],
  ['bien dans mon', -2, 'fixed'], ['entreprise actuelle', -1, 'fixed'], ['deja trouve', -2], ['trouve un poste', -2], ['viens de commencer', -1.5],
  ['viens de signer', -2], ['ne correspond pas', -2, 'fixed'], ['pas a la recherche', -2, 'fixed'], ['pas en recherche', -2, 'fixed'],
  ['bonne chance', -1, 'fixed'], ['bonne continuation', -1, 'fixed'], ['aucun interet', -2, 'fixed'], ['sans interet', -2, 'fixed'],
  ['pas le moment', -1.5, 'fixed'], ['rien pour moi', -2, 'fixed'], ['en dessous de mes', -2], ['heureux dans', -2, 'fixed'], ['heureuse dans', -2, 'fixed'], ['bien la ou je suis', -2, 'fixed'], ['la ou je suis', -1.5, 'fixed'], ['ne cherche pas', -2, 'fixed'],
  ['cherche pas', -2, 'fixed'], ['reste dans mon', -1.5], ['je reste', -1], ['deja accepte', -2], ['accepte une autre', -2], ['autre offre', -2],
  ['autre poste', -1.5], ['mon domaine', 1], ['mon truc', 1.5],
  ['non merci', -2, 'fixed'], ['pas interesse', -2, 'fixed'], ['pas interessee', -2, 'fixed'], ['poste actuel', -1, 'fixed'],
  ['ne me desabonnez pas', 0, 'fixed'], ['avec plaisir', 2], ['quand pouvons', 1.5, 'ask'], ["ca m'interesse", 2],
  // Coming by in person: "I'll drop by the office", "ik kom dinsdag langs", "ich schaue vorbei", "je passerai".
  ['drop by', 1.5], ['come by', 1.5], ['swing by', 1.5], ['pop by', 1.5], ['pop in', 1], ['pop over', 1.5], ['come over', 1], ['kom langs', 1.5], ['komen langs', 1.5],
  ['wel even langs', 1.5], ['even langs', 1.5], ['schaue vorbei', 1.5], ['komme vorbei', 1.5], ['ist vorbei', -1, 'fixed'], ['je passerai', 1.5], ['je passe', 1], ['serai present', 1.5], ['serai presente', 1.5], ['serai la', 1.5],
  // Dutch declines about pay or distance: "de reisafstand is te groot", "ligt onder wat ik nu verdien", "ik ga er niet op in".
  ['te groot', -1.5], ['te lang', -1], ['ga er niet op in', -2, 'fixed'], ['ga er niet op', -2, 'fixed'], ['ga ik niet op in', -2, 'fixed'], ['onder wat ik', -2], ['minder dan ik nu', -2],
  ['lager dan', -1.5], ['zu lang', -1], ['zu gross', -1.5], ['trop long', -1], ['trop grande', -1.5],
  // Fed up: "I've had enough", "es reicht", "ça suffit", "laissez tomber". "Kind of" is no kindness.
  ['kind of', 0, 'fixed'], ['sort of', 0, 'fixed'], ['had enough', -2, 'fixed'], ['genoeg van', -1.5, 'fixed'], ['en ai assez', -2, 'fixed'], ['en ai marre', -2, 'fixed'],
  ['das reicht', -1.5, 'fixed'], ['es reicht', -1.5, 'fixed'], ['ca suffit', -1.5, 'fixed'], ['laissez tomber', -1.5, 'fixed'], ['forget it', -1.5, 'fixed'],
  ["wouldn't dream", 1, 'fixed'], ['would not dream', 1, 'fixed'],
  // Undoing an unsubscribe: they want our mail.
  ['terugdraaien', 1.5], ['ongedaan maken', 1.5], ['blijven krijgen', 1.5], ['blijven ontvangen', 1.5], ['wel blijven', 1], ['ruckgangig machen', 1.5], ['wieder in den', 1.5, 'ask'],
  ['wieder auf die', 1.5, 'ask'], ['weiterhin', 1], ['annuler ma desinscription', 1.5], ['continuer a recevoir', 1.5], ['keep receiving', 1.5, 'ask'], ['undo', 1.5],
  // Asking to be put back on the list after an unsubscribe by mistake: they want our mail.
  ['put me back', 2, 'ask'], ['keep getting', 1.5, 'ask'], ['keep receiving', 1.5, 'ask'], ['re add me', 2, 'ask'], ['weer aanmelden', 2, 'ask'],
  ['opnieuw aanmelden', 2, 'ask'], ['wieder auf', 1.5, 'ask'], ['wieder aufnehmen', 2, 'ask'], ['me reinscrire', 2, 'ask'], ['reinscrivez moi', 2, 'ask'],
];

export const WORDS: Record<string, number> = {
  // English
  interested: 2, interest: 1.5, interesting: 1.5, intrigued: 2, intriguing: 1.5, promising: 1.5, curious: 1, talk: 0.5, love: 2, great: 2,
  awesome: 2, excellent: 2, fantastic: 2, amazing: 2, perfect: 2, brilliant: 2, exciting: 2, excited: 2, keen: 2, eager: 2, happy: 1.5,
  glad: 1.5, delighted: 2, pleased: 1.5, sure: 1, yes: 1.5, yeah: 1, yep: 1, absolutely: 2, definitely: 1, certainly: 1, good: 1, nice: 1,
  cool: 1, kind: 1, thanks: 0.5, thank: 0.5, cheers: 0.5, appreciate: 1, fit: 1, match: 1, matches: 1, relevant: 1, open: 1, wishlist: 1,
  opportunities: 0.5, useful: 1.5, apply: 1.5, interview: 1, consider: 0.5, nah: -1.5, helpful: 1, fine: 1, meeting: 0.5, available: 0.5, coffee: 0.5, dream: 1.5,
  bad: -1.5, terrible: -2, awful: -2, spam: -2, annoying: -2, annoyed: -2, pushy: -2, irrelevant: -2, rude: -2, unfortunately: -0.8,
  sorry: -0.5, decline: -1.5, unsubscribe: -1.5, unsubscribed: -1.5, busy: -0.5, no: -1.5, nope: -1.5, fits: 1, enthusiastic: 2, wow: 1.5, settled: -1.5, gladly: 1.5, lowball: -2, insulting: -2, ridiculous: -2, spammy: -2,
  underpaid: -1.5,
  wonderful: 2, thrilled: 2, superb: 2, outstanding: 2, opportunity: 0.5, annoyingly: -1.5, harassment: -2, unsolicited: -1.5,
  // Dutch
  leuk: 1.5, interessant: 1.5, geinteresseerd: 2, interesse: 2, graag: 0.8, ja: 1.5, goed: 1, super: 2, top: 2, prima: 1.5, mooi: 1.5,
  mooie: 1.5, kans: 0.5, bedankt: 0.5, dank: 0.5, zeker: 1, enthousiast: 2, geweldig: 2, fijn: 1.5, past: 1, tof: 2, gaaf: 2, benieuwd: 1,
  nieuwsgierig: 1, uitnodiging: 0.5, praten: 0.5, beschikbaar: 0.5, uitdagend: 1.5, uitdagende: 1.5, afspraak: 0.5, bellen: 0.5,
  koffie: 0.5, leuke: 1.5, interessante: 1.5, goede: 1, fijne: 1.5, toffe: 2, gave: 2, prachtig: 2, prachtige: 2, geweldige: 2,
  uitstekend: 2, uitstekende: 2, spannende: 1.5, uitdaging: 1, solliciteren: 1.5, kennismaken: 1.5, kennismaking: 1, belletje: 1, gesprek: 0.5,
  nee: -1.5, slecht: -1.5, jammer: -1, helaas: -0.8, irritant: -2, vervelend: -1.5, opdringerig: -2, tevreden: -1,
  afmelden: -1.5, uitschrijven: -2, goeie: 1, tuurlijk: 1.5, jazeker: 1.5, vet: 1.5, toppie: 2, wauw: 1.5, dolgraag: 2, plezier: 1.5, geschikt: 1, onvoldoende: -1.5, wisselen: 1, overstappen: 1, switchen: 1, bijgevoegd: 1,
  // German
  interessiert: 2, gerne: 1.5, gern: 1.5, spannend: 1.5, klingt: 0.5, danke: 0.5, leider: -0.8, nein: -1.5, zufrieden: -1.5,
  abmelden: -2, wechseln: 1, wechsel: 1, gut: 1, gespannt: 1.5, neugierig: 1, lust: 1.5, einverstanden: 1, unterbezahlt: -2, toll: 2, perfekt: 2, ausgezeichnet: 2, wunderbar: 2, grossartig: 2, freue: 1.5, freuen: 1.5, verfugbar: 0.5, gesprach: 0.5,
  vorbei: 1.5, bewerben: 1.5, passt: 1, klasse: 1.5, genial: 2, interessanten: 1.5, schade: -1, nervig: -2, nervt: -2, lastig: -1.5,
  aufdringlich: -2, unverschamt: -2, unserios: -2, absage: -1.5, unpassend: -1.5, austragen: -2,
  // French
  oui: 1.5, volontiers: 2, interessee: 2, merci: 0.5, malheureusement: -0.8, non: -1.5, desabonner: -2, "m'interesse": 2,
  changer: 1, parlons: 1.5, discutons: 1.5, echangeons: 1.5, carrement: 1.5, convient: 1, emballe: 2, chouette: 1.5, nickel: 1.5,
  insuffisant: -1.5, parfait: 2, ravi: 2, ravie: 2, disponible: 1, partant: 2, partante: 2, interessantes: 1.5, motive: 1.5, motivee: 1.5,
  curieux: 1, curieuse: 1, "d'accord": 1, plaisir: 1.5, desole: -0.5, desolee: -0.5, harcelement: -2, agacant: -2, insistant: -1.5, desinscrire: -2,
};

/** Words that only say "stop mailing me": they weigh nothing in a reply that is no opt-out ("afmelden voor het webinar"). */
export const SUBSCRIPTION_WORDS = new Set(['unsubscribe', 'unsubscribed', 'unsubscribing', 'afmelden', 'uitschrijven', 'abmelden', 'austragen',
  'desabonner', 'desinscrire']);

export const NEGATORS = new Set(['not', 'no', 'never', "don't", 'dont', "doesn't", "didn't", "isn't", "aren't", "wasn't", "weren't",
  "won't", "wouldn't", "can't", 'cannot', "couldn't", "shouldn't", 'hardly', 'nothing', 'neither', 'nor',
  'niet', 'geen', 'nooit', 'niets', 'niks', 'nergens', 'noch', 'nicht', 'kein', 'keine', 'keinen', 'nie', 'niemals', 'ne', "n'", 'pas', 'jamais']);
/** Dutch and German put the negation after the verb: "dit past niet", "das passt nicht". */
export const TRAILING_NEGATORS = new Set(['niet', 'nicht']);
export const CONTRAST = new Set(['but', 'however', 'though', 'although', 'maar', 'echter', 'alleen', 'aber', 'mais']);
export const INTENSIFIERS = new Set(['very', 'really', 'so', 'extremely', 'zeer', 'erg', 'heel', 'echt', 'super', 'sehr', 'tres', 'vraiment']);
