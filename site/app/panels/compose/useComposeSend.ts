// Sending from the compose dialog (spec §5, §7, §8): an individual message
// after the consent checks, or a pool send as a "Quick Message" campaign.
// Issue 14: to one candidate by WhatsApp, a text inside the 24-hour window or
// an approved template outside it, as GET /api/candidates/{id}/whatsapp said.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorText } from '#app/api/ApiError.ts';
import { quickMessageName } from '#app/messaging/campaignTypes.ts';
import type { MessageFormValues } from '#app/messaging/messageFormSchema.ts';
import { createCampaign, refreshMessaging, sendCandidateMessage } from '#app/messaging/queries.ts';
import { individualSendBlock } from '#app/messaging/recipients.ts';
import type { Candidate } from '#domain/candidates/schemas.ts';
import type { WhatsAppChannel } from '#domain/whatsapp/schemas.ts';
import { useWhatsAppBlockTexts } from '../whatsapp/WhatsAppChannelNote.tsx';
import { toast } from '#app/toast/toast.ts';
import { useT } from '#app/i18n/useT.ts';

function send(values: MessageFormValues): Promise<unknown> {
  if (values.recipientType === 'pool') {
    return createCampaign({
      name: quickMessageName(),
      messageTemplate: values.content,
      talentPoolId: values.talentPoolId!,
      scheduledAt: new Date().toISOString(),
      channels: ['email'],
      primaryChannel: 'email',
      emailSubject: values.subject,
      emailContent: values.content,
    });
  }
  if (values.channel === 'whatsapp') {
    // No subject on WhatsApp; a template carries its own (approved) text.
    const template = values.whatsappMode === 'template' ? values.whatsappTemplate ?? null : null;
    return sendCandidateMessage(values.candidateId!, template
      ? { channel: 'whatsapp', platform: 'whatsapp', whatsappTemplate: template }
      : { content: values.content, channel: 'whatsapp', platform: 'whatsapp' });
  }
  return sendCandidateMessage(values.candidateId!, {
    content: values.content,
    platform: values.channel,
    channel: values.channel,
    subject: values.subject,
    allowWhatsAppReplies: values.allowWhatsAppReplies,
    // Only from "Send booking link" with a type chosen.
    ...(values.bookingMeetingTypeId ? { bookingMeetingTypeId: values.bookingMeetingTypeId } : {}),
  });
}

interface ComposeSendOptions {
  candidates: Candidate[];
  /** GET /api/candidates/{id}/whatsapp for the chosen candidate, once read (WhatsApp only). */
  whatsapp?: WhatsAppChannel;
  onSent: () => void;
}

export function useComposeSend({ candidates, whatsapp, onSent }: ComposeSendOptions) {
  const client = useQueryClient();
  const t = useT();
  const whatsappBlockTexts = useWhatsAppBlockTexts();
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: async (_reply, values) => {
      toast({
        title: t('panels.compose.sent'),
        description: values.recipientType === 'pool' ? t('panels.compose.sentPool') : t('panels.compose.sentIndividual'),
        variant: 'success',
      });
      onSent();
      await refreshMessaging(client);
    },
    onError: (error) => {
      toast({ title: t('panels.error'), description: errorText(error, t('panels.compose.sendFailed')), variant: 'destructive' });
    },
  });

  /** The submit rules; returns without sending when one blocks. */
  const submit = (values: MessageFormValues) => {
    if (values.recipientType === 'individual') {
      if (!values.candidateId) {
        toast({ title: t('panels.compose.missingRecipient'), description: t('panels.compose.selectCandidateToMessage'), variant: 'destructive' });
        return;
      }
      const candidate = candidates.find((c) => c.id === values.candidateId);
      const blocked = candidate ? individualSendBlock(candidate, values.channel) : null;
      if (blocked) {
        toast({ ...blocked, variant: 'destructive' });
        return;
      }
      // The spec's checks passed; the API may still say no (not configured, an invalid number), or not have answered yet.
      if (values.channel === 'whatsapp' && (!whatsapp?.allowed || !values.whatsappMode)) {
        const why = whatsapp ? whatsappBlockTexts(whatsapp).join(' ') : t('panels.whatsapp.checking');
        toast({ title: t('panels.whatsapp.cannotSend'), description: why, variant: 'destructive' });
        return;
      }
    } else if (!values.talentPoolId) {
      toast({ title: t('panels.compose.missingRecipient'), description: t('panels.compose.selectPoolToMessage'), variant: 'destructive' });
      return;
    }
    mutation.mutate(values);
  };

  return { submit, sending: mutation.isPending };
}
