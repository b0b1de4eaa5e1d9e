import { PlaceholderPage } from './PlaceholderPage.tsx';

export function ThemeDemoPage() {
  return <PlaceholderPage title="Theme demo" description="A preview of the colours, type and components used across Talentloop." />;
}
