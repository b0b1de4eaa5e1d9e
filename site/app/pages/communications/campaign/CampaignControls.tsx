// Pause, resume and cancel (cancel asks first: the unsent messages are never sent).
import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '#app/api/ApiError.ts';
import { toast } from '#app/toast/toast.ts';
import { ACTION_FROM, type CampaignAction, type CampaignStatus } from '#domain/campaigns/schemas.ts';
import { useCampaignControl } from './queries.ts';

const DONE: Record<CampaignAction, string> = { pause: 'Campaign paused', resume: 'Campaign resumed', cancel: 'Campaign cancelled' };

export function CampaignControls({ id, status }: { id: number; status: CampaignStatus }) {
  const control = useCampaignControl(id);
  const [confirming, setConfirming] = useState(false);
  const can = (action: CampaignAction) => ACTION_FROM[action].includes(status);
  const run = (action: CampaignAction) => control.mutate(action, {
    onSuccess: () => { setConfirming(false); toast({ title: DONE[action], variant: 'success' }); },
    onError: (error) => { setConfirming(false); toast({ title: 'Could not change the campaign', description: errorText(error), variant: 'destructive' }); },
  });
  if (!can('pause') && !can('resume') && !can('cancel')) return null;
  const busy = control.isPending ? control.variables : null;
  return (
    <Group gap="xs" data-testid="campaign-controls">
      {can('pause') && <Button size="xs" variant="light" onClick={() => run('pause')} loading={busy === 'pause'}>Pause</Button>}
      {can('resume') && <Button size="xs" variant="light" onClick={() => run('resume')} loading={busy === 'resume'}>Resume</Button>}
      {can('cancel') && <Button size="xs" variant="subtle" color="red" onClick={() => setConfirming(true)}>Cancel campaign</Button>}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Cancel this campaign?">
        <Text size="sm">Messages not sent yet will never be sent. Messages already sent stay sent. This cannot be undone.</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(false)}>Keep campaign</Button>
          <Button color="red" onClick={() => run('cancel')} loading={busy === 'cancel'}>Cancel campaign</Button>
        </Group>
      </Modal>
    </Group>
  );
}
