// The Compose Message dialog (spec §2, §4, §5, §8), opened with
// openPanel('compose', { candidateId?, candidateName?, talentPoolId?, subject?, content? }).
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Checkbox, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useEffect, useEffectEvent, useMemo, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { closePanel, useDrawerState } from '#app/drawers/drawerStore.ts';
import { InsertBookingLinkButton } from '#app/pages/people/booking/InsertBookingLinkButton.tsx';
import { isAiPlaceholder } from '#app/messaging/aiPlaceholder.ts';
import { COMPOSE_MESSAGE_ROWS } from '#app/messaging/constants.ts';
import { campaignPlaceholdersToFill } from '#domain/ai/placeholders.ts';
import { useOrganisationDefaults } from '#app/messaging/organisationDefaults.ts';
import { messageFormDefaults, messageFormSchema, type MessageFormValues } from '#app/messaging/messageFormSchema.ts';
import { useAiTemplates, useCandidates, useTalentPools } from '#app/messaging/queries.ts';
import { eligiblePoolRecipients, emailBlockReasons } from '#app/messaging/recipients.ts';
import { AdvancedEditorButton } from './AdvancedEditorButton.tsx';
import { AiAssistFields } from './AiAssistFields.tsx';
import { CannotSendEmailBox } from './CannotSendEmailBox.tsx';
import { PoolRecipientsPreview } from './PoolRecipientsPreview.tsx';
import { RecipientFields } from './RecipientFields.tsx';
import { useComposeGeneration } from './useComposeGeneration.ts';
import { useComposeSend } from './useComposeSend.ts';

export const COMPOSE_DESCRIPTION = 'Send a message to a candidate or talent pool';

export function ComposeMessageDialog() {
  const panel = useDrawerState('compose');
  const { open, candidateId, candidateName, talentPoolId, subject, content } = panel;
  // The lists are read only while the dialog is open (spec §7).
  const candidatesQuery = useCandidates(open);
  const poolsQuery = useTalentPools(open);
  const templatesQuery = useAiTemplates(open);
  const organisation = useOrganisationDefaults(open);
  const candidates = useMemo(() => candidatesQuery.data ?? [], [candidatesQuery.data]);
  const pools = useMemo(() => poolsQuery.data ?? [], [poolsQuery.data]);

  const form = useForm<MessageFormValues>({
    resolver: zodResolver(messageFormSchema),
    defaultValues: messageFormDefaults(),
  });
  const { control, register, handleSubmit, reset, formState: { errors } } = form;
  // The message field itself, so "Insert booking link" can insert at its cursor.
  const contentField = register('content');
  const contentElement = useRef<HTMLTextAreaElement | null>(null);
  const generation = useComposeGeneration({ form, candidates, pools });

  const resetForm = () => {
    generation.cancel();
    reset(messageFormDefaults({ candidateId, talentPoolId, subject, content, language: organisation.language }));
  };
  const close = () => {
    generation.cancel();
    closePanel('compose');
  };
  const { submit, sending } = useComposeSend({ candidates, onSent: () => { resetForm(); closePanel('compose'); } });

  // A fresh form each time the dialog opens, with the preset values. Keyed on `open` alone:
  // the payload is read once, when the dialog opens (an effect event, so later changes do not re-run it).
  const resetOnOpen = useEffectEvent(resetForm);
  useEffect(() => {
    if (open) resetOnOpen();
  }, [open]);
  // The organisation's default language read after the opening: preselected unless the recruiter chose already.
  const orgLanguage = organisation.language;
  useEffect(() => {
    if (open && orgLanguage && !form.getFieldState('language').isDirty) form.setValue('language', orgLanguage);
  }, [open, orgLanguage, form]);

  const [recipientType, chosenCandidate, chosenPool, currentContent, currentSubject] = useWatch({
    control, name: ['recipientType', 'candidateId', 'talentPoolId', 'content', 'subject'],
  });
  const candidate = candidates.find((c) => c.id === chosenCandidate);
  const blockReasons = recipientType === 'individual' && candidate ? emailBlockReasons(candidate) : [];
  const poolRecipients = recipientType === 'pool' && chosenPool ? eligiblePoolRecipients(candidates, chosenPool) : null;
  const placeholderShowing = isAiPlaceholder(currentContent);
  const locked = Boolean(candidateId || talentPoolId);
  // A template draft may keep blanks only the recruiter can fill; the server refuses to send them. The signature (and
  // the company, when the organisation has one) are filled as the message or the pool's campaign is written.
  const toFill = placeholderShowing ? [] : campaignPlaceholdersToFill([currentSubject ?? '', currentContent ?? ''], organisation.sendTime);

  return (
    <Modal opened={open} onClose={close} title="Compose Message" size="lg" centered data-testid="compose-dialog">
      <form onSubmit={(event) => void handleSubmit(submit)(event)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">{COMPOSE_DESCRIPTION}</Text>
          <RecipientFields
            control={control}
            candidates={candidates}
            pools={pools}
            locked={locked}
            presetCandidateName={candidateName}
            loadingCandidates={candidatesQuery.isPending}
          />
          {poolRecipients && <PoolRecipientsPreview recipients={poolRecipients} loading={candidatesQuery.isPending} />}
          <CannotSendEmailBox reasons={blockReasons} />
          <Group justify="space-between" align="center">
            <Text size="sm"><Text span fw={500}>Channel:</Text> Email</Text>
            <Checkbox label="Allow WhatsApp replies" {...register('allowWhatsAppReplies')} />
          </Group>
          <AiAssistFields form={form} templates={templatesQuery.data ?? []} generating={generation.generating} onGenerate={(regenerate) => void generation.generate(regenerate)} />
          <TextInput label="Subject" withAsterisk {...register('subject')} error={errors.subject?.message} />
          <Textarea
            label="Message"
            withAsterisk
            rows={COMPOSE_MESSAGE_ROWS}
            readOnly={generation.generating}
            {...contentField}
            ref={(element) => { contentField.ref(element); contentElement.current = element; }}
            error={errors.content?.message}
          />
          <InsertBookingLinkButton form={form} textarea={() => contentElement.current} disabled={generation.generating} />
          {toFill.length > 0 && (
            <Alert color="yellow" data-testid="compose-placeholders-to-fill">
              Replace {toFill.map((name) => `{{${name}}}`).join(', ')} before sending.
            </Alert>
          )}
          <Group justify="space-between">
            <AdvancedEditorButton form={form} candidateName={candidateName ?? candidate?.name} placeholderShowing={placeholderShowing} onLeave={close} />
            <Group gap="sm">
              <Button variant="default" onClick={close}>Cancel</Button>
              <Button type="submit" loading={sending} disabled={generation.generating}>
                {generation.generating ? 'AI Generating...' : 'Send Message'}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
