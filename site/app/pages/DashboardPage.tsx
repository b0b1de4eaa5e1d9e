import { Stack, Text } from '@mantine/core';
import { UpcomingMeetingsCard } from './people/booking/UpcomingMeetingsCard.tsx';
import { useCurrentUser } from '../session/CurrentUser.tsx';
import { PageHeader } from './PageHeader.tsx';

export function DashboardPage() {
  const user = useCurrentUser();
  return (
    <>
      <PageHeader
        title="Dashboard"
        description="Your pipeline at a glance: talent pools, campaigns, replies and upcoming meetings."
      />
      <Stack gap="lg" maw={640}>
        <Text size="lg">Welcome back, {user.displayName || user.username}.</Text>
        <UpcomingMeetingsCard />
      </Stack>
    </>
  );
}
