import { PlaceholderPage } from './PlaceholderPage.tsx';

export function MeetingsPage() {
  return <PlaceholderPage title="Meetings" description="Meetings candidates have booked with you, with their Teams links." />;
}
