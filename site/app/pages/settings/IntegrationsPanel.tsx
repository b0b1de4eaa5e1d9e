// Settings → Integrations: how the AI provider, mail and Microsoft Teams/Outlook are set up, the
// recruiters' own mailboxes (MailboxesCard), and (admins) "Send a test" through each, whose answer
// says in plain words what the provider said. Secrets never reach the browser (domain/integrations/state.ts).
import { Alert, Badge, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { errorText } from '#app/api/ApiError.ts';
import { formatNumber } from '#app/i18n/format.ts';
import { useT } from '#app/i18n/useT.ts';
import { codeText, stateText } from '#app/i18n/serverText.ts';
import { useAudience } from '#app/session/CurrentUser.tsx';
import type { IntegrationState } from '#domain/integrations/schemas.ts';
import { MailboxesCard } from './MailboxesCard.tsx';
import { useIntegrations, useIntegrationTest } from './settingsQueries.ts';

const STATUS_COLOUR: Record<IntegrationState['status'], string> = { configured: 'green', fallback: 'blue', off: 'gray' };

function TestResult({ test }: { test: ReturnType<typeof useIntegrationTest> }) {
  const t = useT();
  if (test.isPending) return <Text size="sm">{t('settings.integrations.sending')}</Text>;
  if (test.isError) return <Alert color="red" title={t('settings.integrations.sendFailed')}>{errorText(test.error)}</Alert>;
  if (!test.data) return null;
  const { ok, message, code, params, durationMs } = test.data;
  return (
    <Alert color={ok ? 'green' : 'red'} title={ok ? t('settings.integrations.passed') : t('settings.integrations.failed')} data-testid="integration-test-result">
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{stateText(code, params, message)}</Text>
      <Text size="xs" mt={4}>
        {durationMs < 1000 ? t('settings.integrations.tookMs', { value: durationMs })
          : t('settings.integrations.tookS', { value: formatNumber(durationMs / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false }) })}
      </Text>
    </Alert>
  );
}

function IntegrationCard({ integration, canSendTests }: { integration: IntegrationState; canSendTests: boolean }) {
  const t = useT();
  const test = useIntegrationTest();
  const { kind, code, status, details, testable, notTestable, notTestableCode } = integration;
  // Every text is the catalogue's, by the state's code (decision 032); the server's English stands in for a code this browser does not know.
  const name = stateText(`integrations.names.${kind}`, null, integration.name);
  const mode = stateText(code && `${code}.mode`, null, integration.mode);
  const summary = stateText(code && `${code}.summary`, null, integration.summary, useAudience());
  const titleId = `integration-${kind}-title`;
  const whyNot = `integration-${kind}-why-not`;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId} data-testid={`integration-${kind}`}>
      <Group justify="space-between" gap="xs" wrap="wrap" mb="xs">
        <Title order={2} size="h3" id={titleId}>{name}</Title>
        <Badge variant="light" color={STATUS_COLOUR[status]} component="span">{t(`settings.integrations.statuses.${status}`)}</Badge>
      </Group>
      <Stack gap="sm">
        <div>
          <Text fw={600}>{mode}</Text>
          <Text size="sm">{summary}</Text>
        </div>
        {details.length > 0 && (
          <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="xs" m={0}>
            {details.map((detail) => (
              <div key={detail.label}>
                <Text component="dt" size="xs" tt="uppercase" fw={600}>{stateText(detail.labelCode, null, detail.label)}</Text>
                <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>{stateText(detail.valueCode, detail.valueParams, detail.value)}</Text>
              </div>
            ))}
          </SimpleGrid>
        )}
        {canSendTests ? (
          <Stack gap="xs">
            <div>
              <Button variant="default" onClick={() => test.mutate(kind)} loading={test.isPending} disabled={!testable}
                aria-describedby={testable ? undefined : whyNot} aria-label={t('settings.integrations.sendTestLabel', { name })}>
                {t('settings.integrations.sendTest')}
              </Button>
            </div>
            {!testable && <Text size="sm" id={whyNot}>{codeText(notTestableCode, null, notTestable ?? undefined)}</Text>}
            <div role="status" aria-live="polite"><TestResult test={test} /></div>
          </Stack>
        ) : (
          <Text size="sm">{t('settings.integrations.adminOnly')}</Text>
        )}
      </Stack>
    </Card>
  );
}

export function IntegrationsPanel() {
  const t = useT();
  const integrations = useIntegrations();
  if (integrations.isError) return <Alert color="red" title={t('settings.integrations.loadFailed')}>{errorText(integrations.error)}</Alert>;
  if (integrations.isPending) return <Center py="md"><Loader size="sm" aria-label={t('settings.integrations.loading')} /></Center>;
  const { integrations: list, canSendTests, mailboxes } = integrations.data;
  return (
    <Stack gap="lg" data-testid="integrations-panel">
      {list.map((integration) => <IntegrationCard key={integration.kind} integration={integration} canSendTests={canSendTests} />)}
      <MailboxesCard mailboxes={mailboxes} />
    </Stack>
  );
}
