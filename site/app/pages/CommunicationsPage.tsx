import { PlaceholderPage } from './PlaceholderPage.tsx';

export function CommunicationsPage() {
  return (
    <PlaceholderPage
      title="Communications"
      description="Messages and campaigns: AI-drafted outreach, threaded replies and sentiment."
    />
  );
}
