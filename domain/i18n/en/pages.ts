// Small shared page parts: not found, placeholders, page headers.
export const pages = {
  notFound: {
    title: 'Page not found',
    text: 'The page you are looking for does not exist or has moved.',
    back: 'Back to Dashboard',
  },
  loadingPage: 'Loading page',
  pageError: 'This page could not be loaded',
  reload: 'Reload',
  loading: 'Loading',
  sessionFailed: 'Could not load your session',
  tryAgain: 'Try again',
};
