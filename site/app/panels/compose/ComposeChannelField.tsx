// The compose dialog's channel (spec §2: email-first). For one candidate WhatsApp is offered too
// (issue 14); choosing it asks the API what applies and says so before the recruiter sends.
// A pool send stays email (a campaign by WhatsApp template is the wizard's).
import { Checkbox, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useT } from '#app/i18n/useT.ts';
import type { MessageFormValues } from '#app/messaging/messageFormSchema.ts';
import type { WhatsAppChannel } from '#domain/whatsapp/schemas.ts';
import { WhatsAppChannelNote } from '../whatsapp/WhatsAppChannelNote.tsx';
import { WhatsAppTemplateFields } from '../whatsapp/WhatsAppTemplateFields.tsx';

interface Props {
  form: UseFormReturn<MessageFormValues>;
  /** One candidate is the recipient: WhatsApp can be chosen. */
  individual: boolean;
  channel: MessageFormValues['channel'];
  whatsapp: UseQueryResult<WhatsAppChannel>;
}

export function ComposeChannelField({ form, individual, channel, whatsapp }: Props) {
  const t = useT();
  const { control, register, formState: { errors } } = form;
  const templateErrors = errors.whatsappTemplate;
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="center" wrap="wrap" gap="xs">
        {individual ? (
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" fw={500} id="compose-channel">{t('panels.compose.channel')}</Text>
            <Controller
              control={control}
              name="channel"
              render={({ field }) => (
                <SegmentedControl
                  aria-labelledby="compose-channel"
                  size="xs"
                  data={[{ value: 'email', label: t('panels.compose.email') }, { value: 'whatsapp', label: t('panels.whatsapp.channelWhatsApp') }]}
                  value={field.value}
                  onChange={(value) => field.onChange(value)}
                  data-testid="compose-channel"
                />
              )}
            />
          </Group>
        ) : (
          <Text size="sm"><Text span fw={500}>{t('panels.compose.channel')}</Text> {t('panels.compose.email')}</Text>
        )}
        {channel === 'email' && <Checkbox label={t('panels.compose.allowWhatsApp')} {...register('allowWhatsAppReplies')} />}
      </Group>
      {channel === 'whatsapp' && (
        <>
          <WhatsAppChannelNote query={whatsapp} />
          {whatsapp.data?.mode === 'template' && (
            <Controller
              control={control}
              name="whatsappTemplate"
              render={({ field }) => (
                <WhatsAppTemplateFields
                  templates={whatsapp.data?.templates ?? []}
                  value={field.value ?? null}
                  onChange={field.onChange}
                  errors={{
                    name: templateErrors?.name?.message ?? templateErrors?.message,
                    parameters: Array.isArray(templateErrors?.parameters)
                      ? (templateErrors.parameters as ({ message?: string } | undefined)[]).map((e) => e?.message) : undefined,
                  }}
                />
              )}
            />
          )}
        </>
      )}
    </Stack>
  );
}
