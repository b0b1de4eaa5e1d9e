import { Alert, List } from '@mantine/core';
import { useT } from '#app/i18n/useT.ts';

/** The red box for an individual who cannot be emailed, with the reasons (spec §2). */
export function CannotSendEmailBox({ reasons }: { reasons: string[] }) {
  const t = useT();
  if (reasons.length === 0) return null;
  return (
    <Alert color="red" title={t('panels.compose.cannotSend')} data-testid="cannot-send-email">
      <List size="sm">
        {reasons.map((reason) => <List.Item key={reason}>{reason}</List.Item>)}
      </List>
    </Alert>
  );
}
