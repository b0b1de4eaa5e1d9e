import { Alert, List } from '@mantine/core';

/** The red box for an individual who cannot be emailed, with the reasons (spec §2). */
export function CannotSendEmailBox({ reasons }: { reasons: string[] }) {
  if (reasons.length === 0) return null;
  return (
    <Alert color="red" title="Cannot Send Email" data-testid="cannot-send-email">
      <List size="sm">
        {reasons.map((reason) => <List.Item key={reason}>{reason}</List.Item>)}
      </List>
    </Alert>
  );
}
