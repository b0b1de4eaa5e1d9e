// The small pages an email's links open, rendered by the API without client JS:
// the unsubscribe page (edge-functions/routes/unsubscribe.ts) and a tracked link that is
// not valid (edge-functions/routes/tracking.ts). In the visitor's language (Accept-Language).
export const linkPages = {
  unsubscribe: {
    /** GET: asks first (mail scanners follow links, so a GET changes nothing). */
    confirm: {
      title: 'Unsubscribe',
      heading: 'Unsubscribe, {{name}}?',
      headingNoName: 'Unsubscribe?',
      text: 'You will no longer receive emails from our recruiters.',
      button: 'Unsubscribe',
    },
    unsubscribed: {
      title: 'Unsubscribed',
      heading: 'You are unsubscribed',
      text: 'You will not receive our emails any more.',
      changedMind: 'Changed your mind?',
      button: 'I changed my mind: email me again',
    },
    resubscribed: {
      title: 'Subscribed again',
      heading: 'Welcome back',
      text: 'You will receive our emails again. You can unsubscribe at any time with the link in every email.',
    },
    notValid: {
      title: 'Link not valid',
      heading: 'This link is not valid',
      text: 'It may have been copied incompletely.',
    },
  },
  trackedLink: {
    notValid: {
      title: 'Link not valid',
      heading: 'This link is not valid',
      text: 'It may have been copied incompletely. The email it came from still has the right link.',
    },
  },
  /** When the page cannot answer: the database is not answering (503), or something else failed (500). */
  unavailable: {
    title: 'Please try again',
    heading: 'This page is not available right now',
    text: 'Something went wrong on our side. Please try again in a few minutes.',
  },
};
