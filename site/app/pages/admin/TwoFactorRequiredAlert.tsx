import { Alert, Button } from '@mantine/core';
import { useT } from '#app/i18n/useT.ts';
import { linkClickHandler } from '#app/router/Link.tsx';
import { ShieldIcon } from '#app/shell/icons.tsx';

export const ENROL_2FA_PATH = '/app/settings?enrol=2fa';

export function TwoFactorRequiredAlert() {
  const t = useT();
  return (
    <Alert color="yellow" title={t('admin.twoFactor.title')} icon={<ShieldIcon />} data-testid="admin-2fa-required">
      {t('admin.twoFactor.body')}
      <div>
        <Button component="a" href={ENROL_2FA_PATH} onClick={linkClickHandler(ENROL_2FA_PATH)} mt="sm" size="xs">
          {t('admin.twoFactor.goToSettings')}
        </Button>
      </div>
    </Alert>
  );
}
