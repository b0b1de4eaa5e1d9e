// The AI section of the compose dialog: template, prompt (3 rows), language,
// Generate, and Regenerate once there is real content (spec §2).
import { Button, Group, Paper, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { canRegenerate } from '#app/messaging/aiPlaceholder.ts';
import { AI_PROMPT_ROWS, LANGUAGE_OPTIONS } from '#app/messaging/constants.ts';
import type { MessageFormValues } from '#app/messaging/messageFormSchema.ts';
import { MANUAL_TEMPLATE, type AiTemplate } from '#domain/ai/schemas.ts';

interface AiAssistFieldsProps {
  form: UseFormReturn<MessageFormValues>;
  templates: AiTemplate[];
  generating: boolean;
  onGenerate: (regenerate: boolean) => void;
}

export function AiAssistFields({ form, templates, generating, onGenerate }: AiAssistFieldsProps) {
  const content = useWatch({ control: form.control, name: 'content' });
  const templateOptions = [
    { value: MANUAL_TEMPLATE, label: 'Manual (write it yourself)' },
    ...templates.map((t) => ({ value: t.templateId, label: t.name })),
  ];
  return (
    <Paper withBorder p="sm" data-testid="compose-ai-section">
      <Stack gap="xs">
        <Text size="sm" fw={600}>AI assistant</Text>
        <Controller
          control={form.control}
          name="selectedTemplate"
          render={({ field }) => (
            <Select
              label="AI template"
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
          label="Prompt"
          placeholder="What should the message say? e.g. Invite them for a coffee to talk about senior roles"
          rows={AI_PROMPT_ROWS}
          disabled={generating}
          {...form.register('aiPrompt')}
        />
        <Text size="sm" fw={500} id="compose-language">Language</Text>
        <Controller
          control={form.control}
          name="language"
          render={({ field }) => (
            <SegmentedControl
              aria-labelledby="compose-language"
              data={LANGUAGE_OPTIONS}
              value={field.value}
              onChange={(value) => field.onChange(value)}
              disabled={generating}
            />
          )}
        />
        <Group gap="sm">
          <Button variant="light" onClick={() => onGenerate(false)} loading={generating} disabled={generating}>
            Generate
          </Button>
          {canRegenerate(content) && !generating && (
            <Button variant="subtle" onClick={() => onGenerate(true)}>Regenerate</Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
