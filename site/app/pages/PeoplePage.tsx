import { PlaceholderPage } from './PlaceholderPage.tsx';

export function PeoplePage() {
  return <PlaceholderPage title="People" description="Talent pools and candidates: search, filter, import and export." />;
}
