// /app/settings: four tabs, the active one in the URL (?tab=security) so it can be linked;
// ?enrol=2fa lands on Security with the enrolment notice. Organisation is for admins.
// Only the active tab is mounted: each reads its own data when opened.
import { Alert, Stack, Tabs } from '@mantine/core';
import { useNavigate, useSearch } from '#app/router/RouterView.tsx';
import { useT } from '#app/i18n/useT.ts';
import { useCurrentUser } from '#app/session/CurrentUser.tsx';
import { ShieldIcon } from '#app/shell/icons.tsx';
import { PageHeader } from '../PageHeader.tsx';
import { IntegrationsPanel } from './IntegrationsPanel.tsx';
import { OrganisationCard } from './OrganisationCard.tsx';
import { PrivacyCard } from './PrivacyCard.tsx';
import { ProfileCard } from './ProfileCard.tsx';
import { SecurityCard } from './SecurityCard.tsx';
import { TwoFactorCard } from './TwoFactorCard.tsx';
import { activeSettingsTab, DEFAULT_SETTINGS_TAB, settingsSearchSchema, settingsTabs, type SettingsTab } from './pageParams.ts';

export function SettingsPage() {
  const t = useT();
  const user = useCurrentUser();
  const search = useSearch(settingsSearchSchema);
  const navigate = useNavigate();
  const active = activeSettingsTab(search, user);
  const enrol = search.enrol === '2fa';

  const open = (tab: string | null) => {
    if (!tab || tab === active) return;
    // Leaving Security ends the enrolment notice; the default tab stays out of the URL.
    void navigate({ search: { tab: tab === DEFAULT_SETTINGS_TAB ? undefined : tab as SettingsTab }, resetScroll: false });
  };

  return (
    <>
      <PageHeader title={t('settings.title')} description={t('settings.description')} />
      <Tabs value={active} onChange={open} keepMounted={false} maw={760}>
        <Tabs.List mb="lg" aria-label={t('settings.sections')}>
          {settingsTabs(user).map((tab) => <Tabs.Tab key={tab} value={tab}>{t(`settings.tabs.${tab}`)}</Tabs.Tab>)}
        </Tabs.List>

        <Tabs.Panel value="profile">
          <ProfileCard user={user} />
        </Tabs.Panel>

        <Tabs.Panel value="security">
          <Stack gap="lg">
            {enrol && (
              <Alert color="yellow" title={t('settings.enrolTitle')} icon={<ShieldIcon />} data-testid="enrol-2fa-alert">
                {t('settings.enrolBody')}
              </Alert>
            )}
            <TwoFactorCard user={user} />
            <SecurityCard user={user} />
          </Stack>
        </Tabs.Panel>

        {user.role === 'admin' && (
          <Tabs.Panel value="organisation">
            <Stack gap="lg">
              <OrganisationCard user={user} />
              <PrivacyCard user={user} />
            </Stack>
          </Tabs.Panel>
        )}

        <Tabs.Panel value="integrations">
          <IntegrationsPanel />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
