// The four campaign types as cards; choosing one fills the defaults (spec §4).
import { Card, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { CAMPAIGN_TYPES } from '#app/messaging/campaignTypes.ts';
import type { CampaignType } from '#domain/ai/schemas.ts';
import { useT } from '#app/i18n/useT.ts';

interface CampaignTypeCardsProps {
  value: CampaignType | '';
  onChange: (type: CampaignType) => void;
  error?: string;
}

export function CampaignTypeCards({ value, onChange, error }: CampaignTypeCardsProps) {
  const t = useT();
  return (
    <div>
      <Text size="sm" fw={500} mb={6} id="campaign-type-label">{t('panels.wizard.campaignType')} <Text span c="red">*</Text></Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" role="group" aria-labelledby="campaign-type-label">
        {CAMPAIGN_TYPES.map((type, index) => {
          const selected = value === type.value;
          // The wizard's first field: focus starts on the chosen type, else the first (the dialog opening, Back to step 1).
          const first = value ? selected : index === 0;
          return (
            <UnstyledButton key={type.value} onClick={() => onChange(type.value)} aria-pressed={selected} data-testid={`campaign-type-${type.value}`}
              data-autofocus={first || undefined}>
              <Card withBorder padding="sm" style={{ borderColor: selected ? 'var(--mantine-color-blue-6)' : undefined, height: '100%' }}>
                <Text fw={600} size="sm">{t(`panels.campaignTypes.${type.value}.label`)}</Text>
                <Text size="xs" c="dimmed">{t(`panels.campaignTypes.${type.value}.description`)}</Text>
              </Card>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
      {error && <Text size="xs" c="red" mt={4}>{error}</Text>}
    </div>
  );
}
