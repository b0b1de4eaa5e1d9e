import { Alert, Stack } from '@mantine/core';
import { useSearch } from '@tanstack/react-router';
import { useCurrentUser } from '#app/session/CurrentUser.tsx';
import { ShieldIcon } from '#app/shell/icons.tsx';
import { PageHeader } from '../PageHeader.tsx';
import { OrganisationCard } from './OrganisationCard.tsx';
import { PrivacyCard } from './PrivacyCard.tsx';
import { ProfileCard } from './ProfileCard.tsx';
import { SecurityCard } from './SecurityCard.tsx';
import { TwoFactorCard } from './TwoFactorCard.tsx';

export function SettingsPage() {
  const user = useCurrentUser();
  const enrol = useSearch({ from: '/app/settings' }).enrol === '2fa';
  return (
    <>
      <PageHeader title="Settings" description="Your profile, sign-in security, and the organisation's details and privacy setting." />
      <Stack gap="lg" maw={760}>
        {enrol && (
          <Alert color="yellow" title="Set up two-factor authentication" icon={<ShieldIcon />} data-testid="enrol-2fa-alert">
            Administrators must enrol in two-factor authentication before they can use the Admin Portal.
            Set it up below, then open the Admin Portal again.
          </Alert>
        )}
        <ProfileCard user={user} />
        <TwoFactorCard user={user} />
        <SecurityCard user={user} />
        <OrganisationCard user={user} />
        <PrivacyCard user={user} />
      </Stack>
    </>
  );
}
