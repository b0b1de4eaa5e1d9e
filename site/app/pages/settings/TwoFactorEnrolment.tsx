import { Button, Code, CopyButton, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { errorText } from '#app/api/ApiError.ts';
import type { TwoFactorEnrolment as Enrolment } from '#domain/auth/schemas.ts';
import { useT } from '#app/i18n/useT.ts';
import { toast } from '#app/toast/toast.ts';
import { BackupCodes } from './BackupCodes.tsx';
import { useConfirmTwoFactor } from './twoFactorMutations.ts';

export function qrCodeSrc(svg: string): string {
  return 'data:image/svg+xml;utf8,' + encodeURIComponent(svg);
}

/** Step 2: scan the QR code, keep the backup codes, confirm with a code. */
export function TwoFactorEnrolment({ setup, onCancel }: { setup: Enrolment; onCancel: () => void }) {
  const t = useT();
  const [code, setCode] = useState('');
  const [saved, setSaved] = useState(false);
  const [codeError, setCodeError] = useState<string | null>(null);
  const confirm = useConfirmTwoFactor();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(trimmed)) {
      setCodeError(t('settings.twoFactor.enterCode'));
      return;
    }
    setCodeError(null);
    confirm.mutate(trimmed, {
      onSuccess: () => toast({ title: t('settings.twoFactor.enabled'), variant: 'success' }),
      onError: (error) => setCodeError(errorText(error)),
    });
  };

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Text fw={600}>{t('settings.twoFactor.scan')}</Text>
        <Image src={qrCodeSrc(setup.qrCodeSvg)} alt={t('settings.twoFactor.qrAlt')} w={200} h={200} fit="contain" />
        <Text size="sm" c="dimmed">{t('settings.twoFactor.cantScan')}</Text>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Code block style={{ wordBreak: 'break-all', flex: 1 }} data-testid="otpauth-uri">{setup.totpURI}</Code>
          <CopyButton value={setup.totpURI}>
            {({ copied, copy }) => (
              <Button size="xs" variant="default" onClick={copy}>{copied ? t('settings.twoFactor.copied') : t('settings.twoFactor.copy')}</Button>
            )}
          </CopyButton>
        </Group>
      </Stack>

      <BackupCodes codes={setup.backupCodes} saved={saved} onSavedChange={setSaved} />

      <form onSubmit={submit} noValidate>
        <Stack gap="sm" maw={320}>
          <Text fw={600}>{t('settings.twoFactor.enterShown')}</Text>
          <TextInput
            label={t('settings.twoFactor.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={codeError}
          />
          <Group>
            <Button type="submit" loading={confirm.isPending} disabled={!saved}>{t('settings.twoFactor.confirm')}</Button>
            <Button variant="subtle" color="gray" onClick={onCancel}>{t('settings.cancel')}</Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
