// The AI section of the compose dialog: template, prompt (3 rows), language,
// Generate, and Regenerate once there is real content (spec §2). A prompt beside
// "Manual" gets a word under the template: choose one to draft from it.
import { Button, Group, Paper, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { canRegenerate } from '#app/messaging/aiPlaceholder.ts';
import { AI_PROMPT_ROWS, DRAFT_LANGUAGES } from '#app/messaging/constants.ts';
import { useT } from '#app/i18n/useT.ts';
import type { MessageFormValues } from '#app/messaging/messageFormSchema.ts';
import { MANUAL_TEMPLATE, type AiTemplate } from '#domain/ai/schemas.ts';

interface AiAssistFieldsProps {
  form: UseFormReturn<MessageFormValues>;
  templates: AiTemplate[];
  generating: boolean;
  onGenerate: (regenerate: boolean) => void;
}

export function AiAssistFields({ form, templates, generating, onGenerate }: AiAssistFieldsProps) {
  const t = useT();
  const content = useWatch({ control: form.control, name: 'content' });
  const [template, prompt] = useWatch({ control: form.control, name: ['selectedTemplate', 'aiPrompt'] });
  // A prompt typed beside "Manual" would not be used: the template field says what to do.
  const manualWithPrompt = template === MANUAL_TEMPLATE && prompt.trim() !== '';
  const templateOptions = [
    { value: MANUAL_TEMPLATE, label: t('panels.compose.ai.manual') },
    ...templates.map((template) => ({ value: template.templateId, label: template.name })),
  ];
  const languageOptions = DRAFT_LANGUAGES.map((value) => ({ value, label: t(`panels.draftLanguages.${value}`) }));
  return (
    <Paper withBorder p="sm" data-testid="compose-ai-section">
      <Stack gap="xs">
        <Text size="sm" fw={600}>{t('panels.compose.ai.title')}</Text>
        <Controller
          control={form.control}
          name="selectedTemplate"
          render={({ field }) => (
            <Select
              ref={field.ref}
              label={t('panels.compose.ai.template')}
              description={manualWithPrompt ? t('panels.compose.ai.manualWithPrompt') : undefined}
              data={templateOptions}
              allowDeselect={false}
              value={field.value}
              onChange={(value) => field.onChange(value ?? MANUAL_TEMPLATE)}
              disabled={generating}
              data-testid="compose-template-select"
            />
          )}
        />
        <Textarea
          label={t('panels.compose.ai.prompt')}
          placeholder={t('panels.compose.ai.promptPlaceholder')}
          rows={AI_PROMPT_ROWS}
          disabled={generating}
          {...form.register('aiPrompt')}
        />
        <Text size="sm" fw={500} id="compose-language">{t('panels.compose.ai.language')}</Text>
        <Controller
          control={form.control}
          name="language"
          render={({ field }) => (
            <SegmentedControl
              aria-labelledby="compose-language"
              data={languageOptions}
              value={field.value}
              onChange={(value) => field.onChange(value)}
              disabled={generating}
            />
          )}
        />
        <Group gap="sm">
          <Button variant="light" onClick={() => onGenerate(false)} loading={generating} disabled={generating}>
            {t('panels.compose.ai.generate')}
          </Button>
          {canRegenerate(content) && !generating && (
            <Button variant="subtle" onClick={() => onGenerate(true)}>{t('panels.compose.ai.regenerate')}</Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
