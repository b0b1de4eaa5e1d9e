// Pause, resume and cancel (cancel asks first: the unsent messages are never sent).
import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '#app/api/ApiError.ts';
import { useT } from '#app/i18n/useT.ts';
import { toast } from '#app/toast/toast.ts';
import { ACTION_FROM, type CampaignAction, type CampaignStatus } from '#domain/campaigns/schemas.ts';
import { useCampaignControl } from './queries.ts';

export function CampaignControls({ id, status }: { id: number; status: CampaignStatus }) {
  const control = useCampaignControl(id);
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const can = (action: CampaignAction) => ACTION_FROM[action].includes(status);
  const run = (action: CampaignAction) => control.mutate(action, {
    onSuccess: () => { setConfirming(false); toast({ title: t(`communications.controls.done.${action}`), variant: 'success' }); },
    onError: (error) => { setConfirming(false); toast({ title: t('communications.controls.failed'), description: errorText(error), variant: 'destructive' }); },
  });
  if (!can('pause') && !can('resume') && !can('cancel')) return null;
  const busy = control.isPending ? control.variables : null;
  return (
    <Group gap="xs" data-testid="campaign-controls">
      {can('pause') && <Button size="xs" variant="light" onClick={() => run('pause')} loading={busy === 'pause'}>{t('communications.controls.pause')}</Button>}
      {can('resume') && <Button size="xs" variant="light" onClick={() => run('resume')} loading={busy === 'resume'}>{t('communications.controls.resume')}</Button>}
      {can('cancel') && <Button size="xs" variant="subtle" color="red" onClick={() => setConfirming(true)}>{t('communications.controls.cancel')}</Button>}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('communications.controls.confirmTitle')}>
        <Text size="sm">{t('communications.controls.confirmBody')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" data-autofocus onClick={() => setConfirming(false)}>{t('communications.controls.keep')}</Button>
          <Button color="red" onClick={() => run('cancel')} loading={busy === 'cancel'}>{t('communications.controls.cancel')}</Button>
        </Group>
      </Modal>
    </Group>
  );
}
