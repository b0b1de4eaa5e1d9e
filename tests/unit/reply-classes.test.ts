// The classes of reply the opt-out rules (domain/ai/opt-out.ts) and the
// sentiment lexicon cover, a few wordings each in English, Dutch, German and
// French: typos in the key words, indirect requests, removing me or my data,
// stop verbs aimed at us, negation anywhere in the clause, other meanings
// (an event, a changed phone number) and hedged requests. The measured figures
// are in reply-classification.test.ts; this file says what each class means.
import { describe, expect, it } from 'vitest';
import { detectOptOut } from '#domain/ai/opt-out.ts';
import { classifySentiment } from '#domain/ai/sentiment.ts';
import { oneTypoApart, typoReader } from '#domain/ai/text.ts';

const verdict = (text: string) => detectOptOut(text).verdict;

describe('typos', () => {
  it('one letter added, dropped, changed or two swapped is one typo', () => {
    expect(oneTypoApart('unsubcribe', 'unsubscribe')).toBe(true);
    expect(oneTypoApart('uitschijven', 'uitschrijven')).toBe(true);
    expect(oneTypoApart('afmleden', 'afmelden')).toBe(true);
    expect(oneTypoApart('unsubscribe', 'unsubscribe')).toBe(false);
    expect(oneTypoApart('uitschrijven', 'inschrijven')).toBe(false);
  });

  it('mends long words only, and leaves real words alone', () => {
    const read = typoReader(['abmelden', 'afmelden'], ['anmelden']);
    expect(read('abmleden')).toBe('abmelden');
    expect(read('anmelden')).toBe('anmelden');
    expect(read('afmeld')).toBe('afmeld');
  });

  it.each(['pls unsubcribe me', 'uitschijven pls', 'Abmleden bitte.', 'Désinscirvez-moi.', 'Graag afmeldne van deze mails.'])('"%s" is an opt-out', (text) => {
    expect(verdict(text)).toBe('yes');
  });

  it.each(['Ik heb me aangemeld voor de kennismakingsdag!', 'Ich habe mich für die Veranstaltung angemeldet.'])('"%s" is not', (text) => {
    expect(verdict(text)).toBe('no');
  });
});

describe('requests to stop', () => {
  it.each([
    // indirect and polite
    "Hi, I'm not looking and I'd appreciate it if you stopped emailing me.", 'Would you mind not emailing me anymore?',
    "No thanks. Please don't reach out again.", "I'd like to opt out of all future communications.", "I'd rather you didn't email me again.",
    'Ik zou het fijn vinden als jullie me niet meer mailen.', 'Ich wäre Ihnen dankbar, wenn Sie mich nicht mehr kontaktieren würden.',
    'Je vous serais reconnaissant de ne plus me solliciter.',
    // removing me or my data
    'Haal mijn adres weg.', 'Verwijder me uit jullie systeem.', 'Wilt u mijn gegevens uit uw systeem verwijderen?', 'Löschen Sie meinen Kontakt.',
    'Bitte nehmen Sie mich aus allen Verteilern.', 'Supprimez mes coordonnées de votre fichier.', 'Please erase my details from your records.',
    // stop verbs aimed at us
    'Hören Sie auf, mir zu schreiben!', "Arrêtez de m'écrire.", 'Cessez de me contacter.', 'stop met mailen aub', 'Quit emailing me.', 'Schluss mit den Mails!',
    // a bare stop in a clause of its own
    'No thanks, please stop.', 'Not interested – please remove.',
  ])('"%s" withdraws consent', (text) => {
    expect(verdict(text)).toBe('yes');
  });
});

describe('what is not a request to stop', () => {
  it.each([
    // negation anywhere in the clause
    "Ne me désinscrivez surtout pas, j'aime bien recevoir vos offres !", 'Meld me vooral niet af, ik lees alles!', 'Bitte melden Sie mich auf keinen Fall ab.',
    'Please do NOT unsubscribe me.', "Don't you dare take me off that list!", 'Hören Sie nicht auf, mir zu schreiben!', 'Pas besoin de me désinscrire.',
    // changing one contact detail
    'Kun je mijn oude telefoonnummer uit mijn profiel verwijderen? Nieuw nummer is 06-12345678.', 'Please delete my last email, I attached the wrong CV.',
    'Bitte löschen Sie meine alte E-Mail-Adresse und nutzen Sie ab jetzt diese.', 'Kun je de foto van mijn profiel verwijderen?',
    // leaving an event
    "Je voudrais me désinscrire de l'atelier de jeudi, j'ai un empêchement.", "Please take me off the attendee list for Friday's meetup.",
    'Ich möchte mich vom Workshop am Freitag abmelden.', 'Kun je me uitschrijven voor de sollicitatietraining?',
    'Je ne pourrai pas venir à la journée portes ouvertes, pouvez-vous me désinscrire ?',
    // another service, or the candidate's own plans
    'I unsubscribed from LinkedIn notifications, so email is the best way to reach me.', 'I will stop sending you my CV.',
    'Why did you stop emailing me? I am still interested.',
  ])('"%s" keeps consent', (text) => {
    expect(verdict(text)).toBe('no');
  });
});

describe('hedged, partial or pacing requests are for a recruiter', () => {
  it.each([
    'Maybe take me off the list for now?', 'Not sure I still want these emails.', 'Weet niet of ik deze mails nog wil ontvangen.',
    'Vielleicht nehmen Sie mich vorerst aus dem Verteiler?', "Peut-être faudrait-il me retirer de la liste pour l'instant ?",
    'Could you maybe email me a bit less often?', 'Kan het wat minder vaak?', 'Please stop sending me junior roles, I am a senior engineer.',
    'Stop! This is exactly the job I have been waiting for.',
  ])('"%s" is flagged', (text) => {
    expect(verdict(text)).toBe('review');
  });

  it('a refusal settles a pacing request', () => {
    expect(verdict("I don't want to unsubscribe, just send fewer emails")).toBe('no');
  });
});

describe('sentiment', () => {
  it.each([
    ['Sounds fantastc!', 'positive'], ['Not intrested, thanks.', 'negative'], ['Goeie timing! Wanneer kunnen we bellen?', 'positive'],
    ['ik ben er bij op de 12e', 'positive'], ['Nee joh, ik zit hier prima.', 'negative'], ['Das hört sich gut an, ich bin dabei.', 'positive'],
    ['Danke, ich habe gerade eine neue Stelle angetreten.', 'negative'], ["Avec grand plaisir, c'est exactement ce que je cherche.", 'positive'],
    ["Ce n'est pas pour moi, merci.", 'negative'], ['Le salaire ne me convient pas.', 'negative'],
    ['Thanks. What does the interview process look like?\n\nCheers,\nTom', 'neutral'],
    ['Ich muss mich leider vom Webinar am Donnerstag abmelden.', 'neutral'],
    ['Misschien moeten jullie me voorlopig maar even van de lijst halen?', 'negative'],
    ['Bitte melden Sie mich auf keinen Fall ab, ich suche noch.', 'positive'],
  ])('"%s" is %s', (text, sentiment) => {
    expect(classifySentiment(text).sentiment).toBe(sentiment);
  });

  it('keeps negation: "not", "geen", "kein", "ne … pas" turn a word around', () => {
    expect(classifySentiment('Ich bin nicht interessiert.').sentiment).toBe('negative');
    expect(classifySentiment("Non, ça ne m'intéresse pas.").sentiment).toBe('negative');
    expect(classifySentiment('Ik ga niet wisselen.').sentiment).toBe('negative');
  });
});
