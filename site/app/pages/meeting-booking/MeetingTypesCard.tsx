// The recruiter's meeting types (their own, and the ones they host): list, add, edit and delete (archive) their own.
import { Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { Fragment, useState } from 'react';
import { useT } from '#app/i18n/useT.ts';
import { QueryState } from '#app/pages/admin/QueryState.tsx';
import { ConfirmModal } from '#app/pages/people/ConfirmModal.tsx';
import { useCurrentUser } from '#app/session/CurrentUser.tsx';
import type { MeetingType } from '#domain/meetings/booking-schemas.ts';
import { useDeleteMeetingType, useMeetingTypes } from './bookingQueries.ts';
import { MeetingTypeModal } from './MeetingTypeModal.tsx';
import { MeetingTypeRow } from './MeetingTypeRow.tsx';

export function MeetingTypesCard() {
  const t = useT();
  const user = useCurrentUser();
  const types = useMeetingTypes();
  const deleteType = useDeleteMeetingType();
  const [editing, setEditing] = useState<{ meetingType: MeetingType | null } | null>(null);
  const [deleting, setDeleting] = useState<MeetingType | null>(null);
  const list = types.data?.meetingTypes ?? [];

  return (
    <Card withBorder padding="lg" data-testid="meeting-types">
      <Group justify="space-between" mb={4}>
        <Title order={2} size="h3">{t('meetingBooking.types.title')}</Title>
        <Button size="xs" variant="light" onClick={() => setEditing({ meetingType: null })}>{t('meetingBooking.types.add')}</Button>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">{t('meetingBooking.types.intro')}</Text>
      <QueryState isPending={types.isPending} error={types.error}>
        {list.length === 0
          ? <Text size="sm" c="dimmed">{t('meetingBooking.types.none')}</Text>
          : (
            <Stack gap={0}>
              {list.map((meetingType, index) => (
                <Fragment key={meetingType.id}>
                  {index > 0 && <Divider />}
                  <MeetingTypeRow meetingType={meetingType} actions={meetingType.ownerId === user.id
                    ? { onEdit: () => setEditing({ meetingType }), onDelete: () => setDeleting(meetingType) }
                    : null} />
                </Fragment>
              ))}
            </Stack>
          )}
      </QueryState>
      <MeetingTypeModal opened={editing !== null} meetingType={editing?.meetingType ?? null} onClose={() => setEditing(null)} />
      <ConfirmModal
        opened={deleting !== null}
        title={t('meetingBooking.types.deleteTitle')}
        confirmLabel={t('meetingBooking.types.delete')}
        loading={deleteType.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && deleteType.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      >
        {t('meetingBooking.types.deleteBody', { name: deleting?.name ?? '' })}
      </ConfirmModal>
    </Card>
  );
}
