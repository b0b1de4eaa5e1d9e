// Outside WhatsApp's 24-hour window only an approved template may be sent (issue 14): pick one of
// the configured templates, then one input per {{n}} parameter of its body, in order. When Meta's
// text of the template is known, it is shown as the candidate will read it, filled as typed.
import { Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useId } from 'react';
import { useT } from '#app/i18n/useT.ts';
import { issueText } from '#app/i18n/serverText.ts';
import { chooseTemplate, templateKey } from '#app/messaging/whatsapp.ts';
import { sameTemplate, type WhatsAppTemplate, type WhatsAppTemplateOption } from '#domain/whatsapp/schemas.ts';
import { fillTemplateBody } from '#domain/whatsapp/template-body.ts';

interface Props {
  templates: readonly WhatsAppTemplateOption[];
  value: WhatsAppTemplate | null;
  onChange: (value: WhatsAppTemplate | null) => void;
  /** Field errors: on the template itself, and per parameter (index). */
  errors?: { name?: string; parameters?: (string | undefined)[] };
  disabled?: boolean;
}

export function WhatsAppTemplateFields({ templates, value, onChange, errors, disabled }: Props) {
  const t = useT();
  const id = useId();
  const options = templates.map((template) => ({
    value: templateKey(template),
    label: t('panels.whatsapp.templateOption', { name: template.name, language: t(`panels.whatsapp.templateLanguages.${template.language}`) }),
  }));
  const chosen = value ? templates.find((template) => sameTemplate(template, value)) : undefined;
  const setParameter = (index: number, text: string) => {
    if (value) onChange({ ...value, parameters: value.parameters.map((p, i) => (i === index ? text : p)) });
  };
  return (
    <Stack gap="xs" data-testid="whatsapp-template-fields">
      <Select
        label={t('panels.whatsapp.template')}
        placeholder={t('panels.whatsapp.chooseTemplate')}
        data={options}
        withAsterisk
        value={value ? templateKey(value) : null}
        onChange={(key) => onChange(chooseTemplate(templates, key))}
        nothingFoundMessage={t('panels.whatsapp.noTemplates')}
        error={issueText(errors?.name)}
        disabled={disabled}
        comboboxProps={{ withinPortal: true }}
        data-testid="whatsapp-template-select"
      />
      {templates.length === 0 && <Text size="sm" c="orange.8">{t('panels.whatsapp.noTemplates')}</Text>}
      {value && value.parameters.length === 0 && <Text size="sm" c="dimmed">{t('panels.whatsapp.noParameters')}</Text>}
      {value?.parameters.map((parameter, index) => (
        <TextInput
          // The parameters have no names of their own: {{1}}, {{2}}, … in the template's body.
          key={`${id}-${index}`}
          label={t('panels.whatsapp.parameter', { number: index + 1 })}
          withAsterisk
          value={parameter}
          onChange={(event) => setParameter(index, event.currentTarget.value)}
          error={issueText(errors?.parameters?.[index])}
          disabled={disabled}
        />
      ))}
      {chosen?.status && chosen.status !== 'APPROVED' && (
        <Text size="sm" c="orange.8" data-testid="whatsapp-template-status">{t('panels.whatsapp.notApproved', { status: chosen.status })}</Text>
      )}
      {value && chosen?.body && (
        <Paper withBorder p="xs" radius="md" bg="var(--mantine-color-green-light)" data-testid="whatsapp-template-preview">
          <Text size="xs" fw={600}>{t('panels.whatsapp.preview')}</Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{fillTemplateBody(chosen.body, value.parameters)}</Text>
        </Paper>
      )}
    </Stack>
  );
}
