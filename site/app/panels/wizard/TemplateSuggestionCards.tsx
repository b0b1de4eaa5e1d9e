// AI template suggestions for the campaign type; a click generates content.
// While one is generating the cards are busy and clicks are ignored (spec §4);
// the first email and each follow-up have their own set (`busy`: any set is generating).
import { Alert, Badge, Card, Group, Loader, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { errorText } from '#app/api/ApiError.ts';
import { useTemplateSuggestions } from '#app/messaging/queries.ts';
import type { CampaignType } from '#domain/ai/schemas.ts';
import { useT } from '#app/i18n/useT.ts';

interface TemplateSuggestionCardsProps {
  campaignType: CampaignType | '';
  selected: string;
  generatingId: string | null;
  onChoose: (templateId: string) => void;
  /** Another set is generating (default: this one is). */
  busy?: boolean;
}

export function TemplateSuggestionCards({ campaignType, selected, generatingId, onChoose, busy = generatingId !== null }: TemplateSuggestionCardsProps) {
  const suggestions = useTemplateSuggestions(campaignType);
  const t = useT();
  if (!campaignType) return null;
  if (suggestions.isPending) return <Group gap="xs"><Loader size="xs" /><Text size="sm" c="dimmed">{t('panels.wizard.loadingTemplates')}</Text></Group>;
  if (suggestions.isError) return <Alert color="red" title={t('panels.wizard.templatesFailed')}>{errorText(suggestions.error)}</Alert>;
  if (!suggestions.data.length) return <Text size="sm" c="dimmed">{t('panels.wizard.noTemplates')}</Text>;
  return (
    <div>
      <Text size="sm" fw={500} mb={6}>{t('panels.wizard.aiTemplates')}</Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" aria-busy={busy} data-testid="template-cards">
        {suggestions.data.map((s) => (
          <UnstyledButton
            key={s.id}
            onClick={() => { if (!busy) onChoose(s.templateId); }}
            aria-pressed={selected === s.templateId}
            aria-disabled={busy}
            data-testid={`template-card-${s.templateId}`}
            style={{ cursor: busy ? 'wait' : 'pointer', opacity: busy && generatingId !== s.templateId ? 0.6 : 1 }}
          >
            <Card withBorder padding="sm" style={{ borderColor: selected === s.templateId ? 'var(--mantine-color-blue-6)' : undefined, height: '100%' }}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text fw={600} size="sm">{s.name}</Text>
                {generatingId === s.templateId ? <Loader size="xs" aria-label={t('panels.wizard.generatingTemplate')} /> : <Badge size="xs" variant="light">{s.category}</Badge>}
              </Group>
              {s.description && <Text size="xs" c="dimmed">{s.description}</Text>}
            </Card>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </div>
  );
}
