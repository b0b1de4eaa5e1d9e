import { Alert, Checkbox, Code, SimpleGrid, Stack, Text } from '@mantine/core';

interface BackupCodesProps {
  codes: string[];
  saved: boolean;
  onSavedChange: (saved: boolean) => void;
}

/** The backup codes, shown once, with the "I have saved these codes" acknowledgement. */
export function BackupCodes({ codes, saved, onSavedChange }: BackupCodesProps) {
  return (
    <Stack gap="xs">
      <Text fw={600}>Backup codes</Text>
      <Alert color="yellow" variant="light">
        These codes are shown only once. Each one signs you in once if you lose your authenticator.
        Store them somewhere safe.
      </Alert>
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs" data-testid="backup-codes">
        {codes.map((code) => <Code key={code} fz="sm" ta="center">{code}</Code>)}
      </SimpleGrid>
      <Checkbox
        label="I have saved these codes"
        checked={saved}
        onChange={(event) => onSavedChange(event.currentTarget.checked)}
      />
    </Stack>
  );
}
