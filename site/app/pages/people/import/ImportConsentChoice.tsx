// The email consent a new person gets when their row gives none: the recruiter
// chooses it here, and the ledger records the words they read (decision 035).
import { Radio, Stack, Text } from '@mantine/core';
import { useT } from '#app/i18n/useT.ts';
import { EMAIL_CONSENT_CHOICES, type EmailConsentChoice } from '#domain/imports/schemas.ts';

interface ImportConsentChoiceProps {
  value: EmailConsentChoice;
  onChange: (value: EmailConsentChoice) => void;
  /** The file's column mapped to email consent, if any: its values come first. */
  consentColumn: string | null;
}

export function ImportConsentChoice({ value, onChange, consentColumn }: ImportConsentChoiceProps) {
  const t = useT();
  return (
    <Radio.Group
      label={t('people.import.consent.title')}
      description={t('people.import.consent.help')}
      value={value}
      onChange={onChange}
      data-testid="import-consent"
    >
      <Stack gap="xs" mt="xs">
        {EMAIL_CONSENT_CHOICES.map((choice) => <Radio key={choice} value={choice} label={t(`people.import.consent.${choice}`)} />)}
        <Text size="xs" c="dimmed">
          {consentColumn !== null && <>{t('people.import.consent.fromColumn', { column: consentColumn })} </>}
          {t('people.import.consent.existing')}
        </Text>
      </Stack>
    </Radio.Group>
  );
}
