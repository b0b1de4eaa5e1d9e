// Settings → Integrations: how the AI provider, mail and Microsoft Teams/Outlook are set up,
// and (admins) "Send a test" through each, whose answer says in plain words what the
// provider said. Secrets never reach the browser (domain/integrations/state.ts).
import { Alert, Badge, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { errorText } from '#app/api/ApiError.ts';
import type { IntegrationState } from '#domain/integrations/schemas.ts';
import { useIntegrations, useIntegrationTest } from './settingsQueries.ts';

const STATUS: Record<IntegrationState['status'], { label: string; color: string }> = {
  configured: { label: 'Configured', color: 'green' },
  fallback: { label: 'Built-in', color: 'blue' },
  off: { label: 'Not configured', color: 'gray' },
};

function TestResult({ test }: { test: ReturnType<typeof useIntegrationTest> }) {
  if (test.isPending) return <Text size="sm">Sending the test…</Text>;
  if (test.isError) return <Alert color="red" title="Could not send the test">{errorText(test.error)}</Alert>;
  if (!test.data) return null;
  const { ok, message, durationMs } = test.data;
  return (
    <Alert color={ok ? 'green' : 'red'} title={ok ? 'Test passed' : 'Test failed'} data-testid="integration-test-result">
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{message}</Text>
      <Text size="xs" mt={4}>Took {durationMs < 1000 ? `${durationMs} ms` : `${(durationMs / 1000).toFixed(1)} s`}.</Text>
    </Alert>
  );
}

function IntegrationCard({ integration, canSendTests }: { integration: IntegrationState; canSendTests: boolean }) {
  const test = useIntegrationTest();
  const { kind, name, status, mode, summary, details, testable, notTestable } = integration;
  const titleId = `integration-${kind}-title`;
  const whyNot = `integration-${kind}-why-not`;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId} data-testid={`integration-${kind}`}>
      <Group justify="space-between" gap="xs" wrap="wrap" mb="xs">
        <Title order={2} size="h3" id={titleId}>{name}</Title>
        <Badge variant="light" color={STATUS[status].color} component="span">{STATUS[status].label}</Badge>
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
                <Text component="dt" size="xs" tt="uppercase" fw={600}>{detail.label}</Text>
                <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>{detail.value}</Text>
              </div>
            ))}
          </SimpleGrid>
        )}
        {canSendTests ? (
          <Stack gap="xs">
            <div>
              <Button variant="default" onClick={() => test.mutate(kind)} loading={test.isPending} disabled={!testable}
                aria-describedby={testable ? undefined : whyNot} aria-label={`Send a test: ${name}`}>
                Send a test
              </Button>
            </div>
            {!testable && <Text size="sm" id={whyNot}>{notTestable}</Text>}
            <div role="status" aria-live="polite"><TestResult test={test} /></div>
          </Stack>
        ) : (
          <Text size="sm">Only an administrator can send a test.</Text>
        )}
      </Stack>
    </Card>
  );
}

export function IntegrationsPanel() {
  const integrations = useIntegrations();
  if (integrations.isError) return <Alert color="red" title="Could not load the integrations">{errorText(integrations.error)}</Alert>;
  if (integrations.isPending) return <Center py="md"><Loader size="sm" aria-label="Loading the integrations" /></Center>;
  const { integrations: list, canSendTests } = integrations.data;
  return (
    <Stack gap="lg" data-testid="integrations-panel">
      {list.map((integration) => <IntegrationCard key={integration.kind} integration={integration} canSendTests={canSendTests} />)}
    </Stack>
  );
}
