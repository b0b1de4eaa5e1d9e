import { Button, Code, CopyButton, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { errorText } from '#app/api/ApiError.ts';
import type { TwoFactorEnrolment as Enrolment } from '#domain/auth/schemas.ts';
import { toast } from '#app/toast/toast.ts';
import { BackupCodes } from './BackupCodes.tsx';
import { useConfirmTwoFactor } from './twoFactorMutations.ts';

export function qrCodeSrc(svg: string): string {
  return 'data:image/svg+xml;utf8,' + encodeURIComponent(svg);
}

/** Step 2: scan the QR code, keep the backup codes, confirm with a code. */
export function TwoFactorEnrolment({ setup, onCancel }: { setup: Enrolment; onCancel: () => void }) {
  const [code, setCode] = useState('');
  const [saved, setSaved] = useState(false);
  const [codeError, setCodeError] = useState<string | null>(null);
  const confirm = useConfirmTwoFactor();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(trimmed)) {
      setCodeError('Enter the 6-digit code from your authenticator app');
      return;
    }
    setCodeError(null);
    confirm.mutate(trimmed, {
      onSuccess: () => toast({ title: 'Two-factor enabled', variant: 'success' }),
      onError: (error) => setCodeError(errorText(error)),
    });
  };

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Text fw={600}>1. Scan this QR code with your authenticator app</Text>
        <Image src={qrCodeSrc(setup.qrCodeSvg)} alt="QR code for your authenticator app" w={200} h={200} fit="contain" />
        <Text size="sm" c="dimmed">Can't scan it? Add this link to your app instead:</Text>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Code block style={{ wordBreak: 'break-all', flex: 1 }} data-testid="otpauth-uri">{setup.totpURI}</Code>
          <CopyButton value={setup.totpURI}>
            {({ copied, copy }) => (
              <Button size="xs" variant="default" onClick={copy}>{copied ? 'Copied' : 'Copy'}</Button>
            )}
          </CopyButton>
        </Group>
      </Stack>

      <BackupCodes codes={setup.backupCodes} saved={saved} onSavedChange={setSaved} />

      <form onSubmit={submit} noValidate>
        <Stack gap="sm" maw={320}>
          <Text fw={600}>2. Enter the code your app shows</Text>
          <TextInput
            label="Authentication code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={codeError}
          />
          <Group>
            <Button type="submit" loading={confirm.isPending} disabled={!saved}>Confirm</Button>
            <Button variant="subtle" color="gray" onClick={onCancel}>Cancel</Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
