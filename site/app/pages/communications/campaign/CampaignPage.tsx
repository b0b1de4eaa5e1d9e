// A campaign's own page (/app/communications/campaigns/{id}, GET /api/campaigns/{id}): Back to the list, status
// with a live progress bar while sending, pause / resume / cancel, Duplicate (the wizard with its copy), why recipients were skipped, a sequence's steps,
// the funnel, and the recipients a page at a time.
import { useNavigate, useParam, useSearch } from '#app/router/RouterView.tsx';
import { Alert, Button, Center, Divider, Group, List, Loader, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { CAMPAIGNS_LIST_PATH } from '#domain/campaigns/paths.ts';
import { appLinkProps } from '#app/router/Link.tsx';
import { useDocumentTitle, useOpenItemTitle } from '#app/router/useDocumentTitle.ts';
import { NotFoundPage } from '#app/pages/NotFoundPage.tsx';
import { errorText } from '#app/api/ApiError.ts';
import type { CampaignDetail } from '#domain/campaigns/schemas.ts';
import { formatDateTime } from '#app/lib/formatDate.ts';
import { useT } from '#app/i18n/useT.ts';
import { codeText } from '#app/i18n/serverText.ts';
import { openPanel } from '#app/drawers/drawerStore.ts';
import { campaignCopy } from '#app/messaging/campaignCopy.ts';
import { CampaignStatusBadge } from '../CampaignStatusBadge.tsx';
import { CampaignControls } from './CampaignControls.tsx';
import { CampaignFunnel } from './CampaignFunnel.tsx';
import { CampaignSteps } from './CampaignSteps.tsx';
import { RecipientTable } from './RecipientTable.tsx';
import { useLiveCampaign } from './queries.ts';
import { campaignIdParam, campaignPageSearchSchema, type CampaignPageSearch } from './pageParams.ts';

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <Text size="xl" fw={700}>{value}</Text>
      <Text size="xs" c="dimmed">{label}</Text>
    </div>
  );
}

/** What waits for a later moment, and why: the sender's daily limit, the per-minute rate, a send window or a step's delay. */
function WaitingText({ waiting: w }: { waiting: CampaignDetail['waiting'] }) {
  const t = useT();
  const lines = [
    w.waitingForDailyCap > 0 && t('communications.detail.waitingForDailyCap', { count: w.waitingForDailyCap }),
    w.waitingForLimit - w.waitingForDailyCap > 0 && t('communications.detail.waitingForLimit', { count: w.waitingForLimit - w.waitingForDailyCap }),
    w.waitingForWindow > 0 && t('communications.detail.waitingForWindow', { count: w.waitingForWindow }),
  ].filter(Boolean);
  if (!lines.length) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="campaign-waiting">
      {lines.join(' · ')}{w.nextSendAt ? t('communications.detail.nextGoesOut', { date: formatDateTime(w.nextSendAt) }) : '.'}
    </Text>
  );
}

export function CampaignPage() {
  const t = useT();
  const id = campaignIdParam(useParam('id'));
  useDocumentTitle(t('communications.title'));
  if (id === null) return <NotFoundPage />;
  return (
    <Stack gap="md">
      <Button component="a" {...appLinkProps(CAMPAIGNS_LIST_PATH)} variant="subtle" size="compact-sm" style={{ alignSelf: 'flex-start' }}
        leftSection={<span aria-hidden="true">←</span>}>{t('communications.detail.back')}</Button>
      <CampaignDetail id={id} />
    </Stack>
  );
}

function CampaignDetail({ id }: { id: number }) {
  const campaign = useLiveCampaign(id);
  const search = useSearch(campaignPageSearchSchema);
  const navigate = useNavigate();
  const t = useT();
  useOpenItemTitle(campaign.data?.name);
  const setSearch = (changes: CampaignPageSearch) =>
    void navigate({ search: (current) => ({ ...current, ...changes }), resetScroll: false, replace: 'q' in changes });
  if (campaign.isError) return <Alert color="red" title={t('communications.detail.loadFailed')}>{errorText(campaign.error)}</Alert>;
  if (!campaign.data) return <Center py="lg"><Loader aria-label={t('communications.detail.loading')} /></Center>;
  const c = campaign.data;
  const p = c.progress;
  const sending = c.status === 'sending';
  const dispatched = c.startedAt !== null;
  return (
    <Stack gap="sm" data-testid="campaign-detail">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={1}>{c.name}</Title>
            <Text size="sm" c="dimmed">
              {t(`panels.campaignTypes.${c.campaignType}.label`)}{c.talentPoolName ? ` · ${c.talentPoolName}` : ''} · {formatDateTime(c.scheduledAt)}
            </Text>
          </div>
          <Group gap="xs">
            <CampaignStatusBadge status={c.status} />
            <CampaignControls id={c.id} status={c.status} />
            <Button size="xs" variant="default"
              onClick={() => openPanel('campaign', campaignCopy(c, t('communications.detail.copyName', { name: c.name })))}>
              {t('communications.detail.duplicate')}
            </Button>
          </Group>
        </Group>
        <Text size="sm"><Text span fw={500}>{t('communications.detail.subject')}</Text> {c.emailSubject}</Text>
        {/* Issue 14: the first step's WhatsApp template for those who allow WhatsApp. */}
        {c.whatsappTemplate && (
          <Text size="sm" data-testid="campaign-whatsapp-template"><Text span fw={500}>{t('communications.detail.whatsappTemplate')}</Text>{' '}
            {t('communications.detail.whatsappTemplateValue', { name: c.whatsappTemplate.name, language: t(`panels.whatsapp.templateLanguages.${c.whatsappTemplate.language}`) })}
          </Text>
        )}
        {/* The whole track is the progress bar, with its value said in words ("40% done"): Mantine's
            Progress would give the bar's filled part the role and put aria-valuetext on a plain div. */}
        <Progress.Root role="progressbar" aria-label={t('communications.detail.progress')} aria-valuemin={0} aria-valuemax={100}
          aria-valuenow={p.percent} aria-valuetext={t('communications.detail.percentDone', { percent: p.percent })}>
          <Progress.Section value={p.percent} animated={sending} striped={sending} withAria={false} />
        </Progress.Root>
        <Text size="xs" c="dimmed" data-testid="campaign-progress-text" aria-live="polite">
          {sending ? t('communications.detail.sendingProgress', { percent: p.percent, pending: p.pending }) : t('communications.detail.percentDone', { percent: p.percent })}
        </Text>
        <SimpleGrid cols={{ base: 2, xs: 4 }}>
          <Figure label={t('communications.detail.figures.recipients')} value={p.recipients} />
          <Figure label={t('communications.detail.figures.sent')} value={p.sent} />
          <Figure label={t('communications.detail.figures.skipped')} value={p.skipped} />
          <Figure label={t('communications.detail.figures.failed')} value={p.failed} />
        </SimpleGrid>
        {c.status === 'scheduled' && p.eligibleNow !== null && <Text size="sm" c="dimmed">{t('communications.detail.eligibleNow', { count: p.eligibleNow })}</Text>}
        {c.status === 'paused' && (c.pausedReason
          ? <Alert color="orange" p="xs" data-testid="campaign-paused-reason">{t('communications.detail.pausedReason', { reason: codeText(c.pausedReasonCode, c.pausedReasonParams, c.pausedReason) })}</Alert>
          : <Text size="sm" c="dimmed">{t('communications.detail.paused')}</Text>)}
        <WaitingText waiting={c.waiting} />
        {p.cancelled > 0 && <Text size="sm" c="dimmed">{t('communications.detail.cancelledCount', { count: p.cancelled })}</Text>}
        {p.skipReasons.length > 0 && (
          <div>
            <Text size="sm" fw={500}>{t('communications.detail.skippedBecause')}</Text>
            <List size="sm">{p.skipReasons.map((r) => <List.Item key={r.reason}>{codeText(r.code, undefined, r.reason)}: {r.count}</List.Item>)}</List>
          </div>
        )}
        {c.steps.length > 1 && (
          <>
            <Divider label={t('communications.detail.sequence')} labelPosition="left" />
            <CampaignSteps campaign={c} />
          </>
        )}
        {dispatched && (
          <>
            <Divider label={t('communications.detail.results')} labelPosition="left" />
            <CampaignFunnel funnel={c.funnel} />
            <Divider label={t('communications.detail.recipients')} labelPosition="left" />
            <RecipientTable campaignId={c.id} status={c.status} steps={Math.max(1, c.steps.length)}
              running={c.status === 'sending' || c.status === 'paused'} search={search} onSearch={setSearch} />
          </>
        )}
    </Stack>
  );
}
