// De kleine pagina's achter de links in een e-mail, in het Nederlands (je-vorm).
import type { Resources } from '../en.ts';

export const linkPages: Resources['linkPages'] = {
  unsubscribe: {
    confirm: {
      title: 'Afmelden',
      heading: 'Afmelden, {{name}}?',
      headingNoName: 'Afmelden?',
      text: 'Je ontvangt dan geen e-mails meer van onze recruiters.',
      button: 'Afmelden',
    },
    unsubscribed: {
      title: 'Afgemeld',
      heading: 'Je bent afgemeld',
      text: 'Je ontvangt geen e-mails meer van ons.',
      changedMind: 'Toch van gedachten veranderd?',
      button: 'Ik wil toch e-mails ontvangen',
    },
    resubscribed: {
      title: 'Weer aangemeld',
      heading: 'Welkom terug',
      text: 'Je ontvangt onze e-mails weer. Afmelden kan altijd via de link in elke e-mail.',
    },
    notValid: {
      title: 'Link niet geldig',
      heading: 'Deze link is niet geldig',
      text: 'Misschien is hij niet helemaal gekopieerd.',
    },
  },
  trackedLink: {
    notValid: {
      title: 'Link niet geldig',
      heading: 'Deze link is niet geldig',
      text: 'Misschien is hij niet helemaal gekopieerd. In de e-mail waar hij vandaan komt, staat nog de juiste link.',
    },
  },
  unavailable: {
    title: 'Probeer het later opnieuw',
    heading: 'Deze pagina is nu niet beschikbaar',
    text: 'Er ging bij ons iets mis. Probeer het over een paar minuten opnieuw.',
  },
};
