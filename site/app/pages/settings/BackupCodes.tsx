import { Alert, Checkbox, Code, SimpleGrid, Stack, Text } from '@mantine/core';
import { useT } from '#app/i18n/useT.ts';

interface BackupCodesProps {
  codes: string[];
  saved: boolean;
  onSavedChange: (saved: boolean) => void;
}

/** The backup codes, shown once, with the "I have saved these codes" acknowledgement. */
export function BackupCodes({ codes, saved, onSavedChange }: BackupCodesProps) {
  const t = useT();
  return (
    <Stack gap="xs">
      <Text fw={600}>{t('settings.security.backupCodes')}</Text>
      <Alert color="yellow" variant="light">
        {t('settings.security.backupCodesShownOnce')}
      </Alert>
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs" data-testid="backup-codes">
        {codes.map((code) => <Code key={code} fz="sm" ta="center">{code}</Code>)}
      </SimpleGrid>
      <Checkbox
        label={t('settings.security.savedCodes')}
        checked={saved}
        onChange={(event) => onSavedChange(event.currentTarget.checked)}
      />
    </Stack>
  );
}
