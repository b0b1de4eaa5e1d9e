// /app/communications: message threads, campaigns and the dev outbox, with
// Compose message and New campaign. Query parameters open dialogs (?action=…,
// ?template=…) or a campaign (?campaign={id}).
import { Button, Group, Tabs } from '@mantine/core';
import { useState } from 'react';
import { openPanel } from '../drawers/drawerStore.ts';
import { openCampaignWizard } from '../panels/wizard/openCampaignWizard.ts';
import { navigate, useLocation, useSearchParams } from '../router/history.ts';
import { CampaignsTab } from './communications/CampaignsTab.tsx';
import { OutboxTab } from './communications/OutboxTab.tsx';
import { campaignParam } from './communications/pageParams.ts';
import { ThreadsTab } from './communications/ThreadsTab.tsx';
import { usePageActions } from './communications/usePageActions.ts';
import { PageHeader } from './PageHeader.tsx';

type Tab = 'messages' | 'campaigns' | 'outbox';

export function CommunicationsPage() {
  usePageActions();
  const params = useSearchParams();
  const { pathname } = useLocation();
  const selectedCampaign = campaignParam(params);
  const [tab, setTab] = useState<Tab>(selectedCampaign ? 'campaigns' : 'messages');
  const activeTab: Tab = selectedCampaign && tab !== 'outbox' ? 'campaigns' : tab;

  const changeTab = (next: Tab) => {
    setTab(next);
    // The campaign shown belongs to the campaigns tab; leaving it clears ?campaign.
    if (next !== 'campaigns' && selectedCampaign) navigate(pathname, { replace: true });
  };
  const selectCampaign = (id: number) => navigate(`${pathname}?campaign=${id}`, { replace: true });
  // ?candidateId= alone filters the threads; with ?action= it belongs to the dialog being opened.
  const candidateFilter = params.has('action') ? undefined : Number(params.get('candidateId')) || undefined;

  return (
    <>
      <Group justify="space-between" align="flex-start">
        <PageHeader title="Communications" description="Messages and campaigns: AI-drafted outreach, threaded replies and sentiment." />
        <Group gap="sm">
          <Button variant="default" onClick={() => openPanel('compose')}>Compose message</Button>
          <Button onClick={() => openCampaignWizard()}>New campaign</Button>
        </Group>
      </Group>
      <Tabs value={activeTab} onChange={(value) => changeTab((value as Tab) ?? 'messages')} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="messages">Messages</Tabs.Tab>
          <Tabs.Tab value="campaigns">Campaigns</Tabs.Tab>
          <Tabs.Tab value="outbox">Dev outbox</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="messages"><ThreadsTab initialFilters={candidateFilter ? { candidateId: candidateFilter } : {}} /></Tabs.Panel>
        <Tabs.Panel value="campaigns"><CampaignsTab selected={selectedCampaign} onSelect={selectCampaign} /></Tabs.Panel>
        <Tabs.Panel value="outbox"><OutboxTab /></Tabs.Panel>
      </Tabs>
    </>
  );
}
