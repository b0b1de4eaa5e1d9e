import { Alert, Button } from '@mantine/core';
import { linkClickHandler } from '#app/router/Link.tsx';
import { ShieldIcon } from '#app/shell/icons.tsx';

export const ENROL_2FA_PATH = '/app/settings?enrol=2fa';

export function TwoFactorRequiredAlert() {
  return (
    <Alert color="yellow" title="Two-factor authentication required" icon={<ShieldIcon />} data-testid="admin-2fa-required">
      Set up two-factor authentication before using the Admin Portal.
      <div>
        <Button component="a" href={ENROL_2FA_PATH} onClick={linkClickHandler(ENROL_2FA_PATH)} mt="sm" size="xs">
          Go to Settings
        </Button>
      </div>
    </Alert>
  );
}
