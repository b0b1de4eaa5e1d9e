import { PlaceholderPage } from './PlaceholderPage.tsx';

export function MeetingBookingPage() {
  return (
    <PlaceholderPage
      title="Meeting booking"
      description="Booking links and available times that candidates use to book a meeting themselves."
    />
  );
}
