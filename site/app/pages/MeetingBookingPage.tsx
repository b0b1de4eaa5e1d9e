// /app/meeting-booking: the recruiter's meeting types, availability and booking
// rules, and a preview of the public booking page (issue 10).
import { Grid, Stack } from '@mantine/core';
import { useT } from '#app/i18n/useT.ts';
import { AvailabilityCard } from './meeting-booking/AvailabilityCard.tsx';
import { BookingPreview } from './meeting-booking/BookingPreview.tsx';
import { MeetingTypesCard } from './meeting-booking/MeetingTypesCard.tsx';
import { PageHeader } from './PageHeader.tsx';

export function MeetingBookingPage() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('meetingBooking.title')} description={t('meetingBooking.description')} />
      {/* One column on phones and tablets; the preview beside the settings on wide screens. */}
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="lg">
            <MeetingTypesCard />
            <AvailabilityCard />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <BookingPreview />
        </Grid.Col>
      </Grid>
    </>
  );
}
