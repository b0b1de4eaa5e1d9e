// The Compose Message dialog (spec §2, §4, §5, §8), opened with
// openPanel('compose', { candidateId?, candidateName?, talentPoolId?, subject?, content? }).
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useEffect, useEffectEvent, useMemo, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { closePanel, useDrawerState } from '#app/drawers/drawerStore.ts';
import { useT } from '#app/i18n/useT.ts';
import { issueText } from '#app/i18n/serverText.ts';
import { InsertBookingLinkButton } from '#app/pages/people/booking/InsertBookingLinkButton.tsx';
import { isAiPlaceholder } from '#app/messaging/aiPlaceholder.ts';
import { COMPOSE_DEFAULT_LANGUAGE, COMPOSE_MESSAGE_ROWS } from '#app/messaging/constants.ts';
import { campaignPlaceholdersToFill } from '#domain/placeholders/placeholders.ts';
import { useOrganisationDefaults } from '#app/messaging/organisationDefaults.ts';
import { messageFormDefaults, messageFormSchema, type MessageFormValues } from '#app/messaging/messageFormSchema.ts';
import { useAiTemplates, useCandidates, usePoolReach, useTalentPools } from '#app/messaging/queries.ts';
import { useWhatsAppChannel } from '#app/messaging/whatsapp.ts';
import { emailBlockReasons } from '#app/messaging/recipients.ts';
import { AdvancedEditorButton } from './AdvancedEditorButton.tsx';
import { AiAssistFields } from './AiAssistFields.tsx';
import { CannotSendEmailBox } from './CannotSendEmailBox.tsx';
import { ComposeChannelField } from './ComposeChannelField.tsx';
import { PoolRecipientsPreview } from './PoolRecipientsPreview.tsx';
import { RecipientFields } from './RecipientFields.tsx';
import { useComposeGeneration } from './useComposeGeneration.ts';
import { useComposeSend } from './useComposeSend.ts';

export function ComposeMessageDialog() {
  const panel = useDrawerState('compose');
  const t = useT();
  const { open, candidateId, candidateName, talentPoolId, subject, content, bookingMeetingTypeId } = panel;
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
    reset(messageFormDefaults({ candidateId, talentPoolId, subject, content, bookingMeetingTypeId, language: organisation.language }));
  };
  const close = () => {
    generation.cancel();
    closePanel('compose');
  };

  // A fresh form each time the dialog opens, with the preset values. Keyed on `open` alone:
  // the payload is read once, when the dialog opens (an effect event, so later changes do not re-run it).
  const resetOnOpen = useEffectEvent(resetForm);
  useEffect(() => {
    if (open) resetOnOpen();
  }, [open]);
  const [recipientType, chosenCandidate, chosenPool, currentContent, currentSubject, chosenChannel] = useWatch({
    control, name: ['recipientType', 'candidateId', 'talentPoolId', 'content', 'subject', 'channel'],
  });
  // WhatsApp goes to one candidate only (issue 14); a pool send is email.
  const channel = recipientType === 'individual' ? chosenChannel : 'email';
  const whatsapp = useWhatsAppChannel(chosenCandidate, open && channel === 'whatsapp');
  const whatsappMode = whatsapp.data?.mode ?? null;
  useEffect(() => {
    if (recipientType === 'pool' && form.getValues('channel') !== 'email') form.setValue('channel', 'email');
  }, [recipientType, form]);
  useEffect(() => {
    form.setValue('whatsappMode', whatsappMode);
  }, [whatsappMode, form]);
  const { submit, sending } = useComposeSend({ candidates, whatsapp: whatsapp.data, onSent: () => { resetForm(); closePanel('compose'); } });
  const templateOnly = channel === 'whatsapp' && whatsappMode === 'template';
  const candidate = candidates.find((c) => c.id === chosenCandidate);
  // The language the draft starts in, unless the recruiter chose one: writing to one candidate whose language is
  // known, theirs; else the organisation's default once read; else the spec's English (COMPOSE_DEFAULT_LANGUAGE).
  const startLanguage = (recipientType === 'individual' ? candidate?.language : null) ?? organisation.language ?? COMPOSE_DEFAULT_LANGUAGE;
  useEffect(() => {
    if (open && !form.getFieldState('language').isDirty) form.setValue('language', startLanguage);
  }, [open, startLanguage, form]);
  const blockReasons = recipientType === 'individual' && candidate && channel === 'email' ? emailBlockReasons(candidate) : [];
  // A pool's recipients are the server's count (GET /api/talent-pools/{id}/reach, as the wizard's), not the candidate list's.
  const poolChosen = open && recipientType === 'pool' && Boolean(chosenPool);
  const poolReach = usePoolReach(chosenPool, poolChosen, false, true);
  const placeholderShowing = isAiPlaceholder(currentContent);
  const locked = Boolean(candidateId || talentPoolId);
  // A template draft may keep blanks only the recruiter can fill; the server refuses to send them. The signature (and
  // the company, when the organisation has one) are filled as the message or the pool's campaign is written.
  const toFill = placeholderShowing ? [] : campaignPlaceholdersToFill([channel === 'email' ? currentSubject ?? '' : '', currentContent ?? ''], organisation.sendTime);

  return (
    <Modal opened={open} onClose={close} title={t('panels.compose.title')} size="lg" centered data-testid="compose-dialog">
      <form onSubmit={(event) => void handleSubmit(submit)(event)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">{t('panels.compose.description')}</Text>
          <RecipientFields
            control={control}
            candidates={candidates}
            pools={pools}
            locked={locked}
            presetCandidateName={candidateName}
            loadingCandidates={candidatesQuery.isPending}
          />
          {poolChosen && <PoolRecipientsPreview reach={poolReach} />}
          <CannotSendEmailBox reasons={blockReasons} />
          <ComposeChannelField form={form} individual={recipientType === 'individual'} channel={channel} whatsapp={whatsapp} />
          {/* A template's text is WhatsApp's own (approved): nothing to draft or write then. */}
          {!templateOnly && <AiAssistFields form={form} templates={templatesQuery.data ?? []} generating={generation.generating} onGenerate={(regenerate) => void generation.generate(regenerate)} />}
          {/* WhatsApp has no subject. */}
          {channel === 'email' && <TextInput label={t('panels.compose.subject')} withAsterisk {...register('subject')} error={issueText(errors.subject?.message)}
            data-autofocus={locked || undefined} />}
          {!templateOnly && <Textarea
            label={t('panels.compose.message')}
            withAsterisk
            rows={COMPOSE_MESSAGE_ROWS}
            readOnly={generation.generating}
            data-autofocus={(locked && channel !== 'email') || undefined}
            {...contentField}
            ref={(element) => { contentField.ref(element); contentElement.current = element; }}
            error={issueText(errors.content?.message)}
          />}
          {!templateOnly && <InsertBookingLinkButton form={form} textarea={() => contentElement.current} disabled={generation.generating} />}
          {!templateOnly && toFill.length > 0 && (
            <Alert color="yellow" data-testid="compose-placeholders-to-fill">
              {t('panels.compose.replacePlaceholders', { names: toFill.map((name) => `{{${name}}}`).join(', ') })}
            </Alert>
          )}
          <Group justify="space-between">
            <AdvancedEditorButton form={form} candidateName={candidateName ?? candidate?.name} placeholderShowing={placeholderShowing} onLeave={close} />
            <Group gap="sm">
              <Button variant="default" onClick={close}>{t('panels.cancel')}</Button>
              <Button type="submit" loading={sending} disabled={generation.generating} data-testid="compose-send">
                {generation.generating ? t('panels.compose.generating') : t('panels.compose.send')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
