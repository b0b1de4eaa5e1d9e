// /app/communications: message threads, campaigns and the dev outbox, with
// Compose message and New campaign. The dev outbox is for set-up: admins see it,
// recruiters only while no mail service is configured (all mail lands there). The tab, the thread filters and the
// open thread live in the URL (a campaign has its own page); ?action=… and ?template=…
// open a dialog (communications/pageParams.ts).
import { Button, Group, Tabs } from '@mantine/core';
import { useNavigate, useSearch } from '#app/router/RouterView.tsx';
import { openPanel } from '../drawers/drawerStore.ts';
import { useOutbox } from '../messaging/queries.ts';
import { isAdmin, useCurrentUser } from '../session/CurrentUser.tsx';
import { useT } from '../i18n/useT.ts';
import { openCampaignWizard } from '../panels/wizard/openCampaignWizard.ts';
import { CampaignsTab } from './communications/CampaignsTab.tsx';
import { OutboxTab } from './communications/OutboxTab.tsx';
import {
  activeTab, COMMUNICATIONS_TABS, communicationsSearchSchema, searchFromThreadFilters, threadFilters, type CommunicationsSearch, type CommunicationsTab,
} from './communications/pageParams.ts';
import { ThreadsTab } from './communications/ThreadsTab.tsx';
import { usePageActions } from './communications/usePageActions.ts';
import { PageHeader } from './PageHeader.tsx';

export function CommunicationsPage() {
  const search = useSearch(communicationsSearchSchema);
  const navigate = useNavigate();
  const t = useT();
  usePageActions(search);
  const setSearch = (changes: CommunicationsSearch) =>
    void navigate({ search: (current) => ({ ...current, ...changes }), resetScroll: false });

  const admin = isAdmin(useCurrentUser());
  // A recruiter's question, asked once per visit: is mail going anywhere but the outbox?
  const outbox = useOutbox({ enabled: !admin });
  const showOutbox = admin || outbox.data?.transport === 'outbox';
  const wanted = activeTab(search);
  const tab = wanted === 'outbox' && !showOutbox ? 'messages' : wanted;
  const changeTab = (next: CommunicationsTab) => setSearch({ tab: next === 'messages' ? undefined : next });

  return (
    <>
      <Group justify="space-between" align="flex-start">
        <PageHeader title={t('communications.title')} description={t('communications.description')} />
        <Group gap="sm">
          <Button variant="default" onClick={() => openPanel('compose')}>{t('communications.composeMessage')}</Button>
          <Button onClick={() => openCampaignWizard()}>{t('communications.newCampaign')}</Button>
        </Group>
      </Group>
      <Tabs value={tab} onChange={(value) => changeTab(COMMUNICATIONS_TABS.find((tab) => tab === value) ?? 'messages')} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="messages">{t('communications.tabs.messages')}</Tabs.Tab>
          <Tabs.Tab value="campaigns">{t('communications.tabs.campaigns')}</Tabs.Tab>
          {showOutbox && <Tabs.Tab value="outbox">{t('communications.tabs.outbox')}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="messages">
          <ThreadsTab
            filters={threadFilters(search)}
            onFiltersChange={(filters) => setSearch(searchFromThreadFilters(filters))}
            openThread={search.thread ?? null}
            onOpenThread={(thread) => setSearch({ thread })}
            onCloseThread={() => setSearch({ thread: undefined })}
          />
        </Tabs.Panel>
        <Tabs.Panel value="campaigns">
          <CampaignsTab />
        </Tabs.Panel>
        {showOutbox && <Tabs.Panel value="outbox"><OutboxTab /></Tabs.Panel>}
      </Tabs>
    </>
  );
}
