import { PageHeader } from './PageHeader.tsx';

/** A page that is not built yet: its title and what will be there. */
export function PlaceholderPage({ title, description }: { title: string; description: string }) {
  return <PageHeader title={title} description={description} />;
}
