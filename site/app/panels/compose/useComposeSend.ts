// Sending from the compose dialog (spec §5, §7, §8): an individual message
// after the consent checks, or a pool send as a "Quick Message" campaign.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorText } from '#app/api/ApiError.ts';
import { quickMessageName } from '#app/messaging/campaignTypes.ts';
import type { MessageFormValues } from '#app/messaging/messageFormSchema.ts';
import { createCampaign, refreshMessaging, sendCandidateMessage } from '#app/messaging/queries.ts';
import { individualSendBlock } from '#app/messaging/recipients.ts';
import type { Candidate } from '#domain/candidates/schemas.ts';
import { toast } from '#app/toast/toast.ts';

export const MESSAGE_SENT_INDIVIDUAL = 'Your message has been sent successfully.';
export const MESSAGE_SENT_POOL = 'Your campaign has been created and will be sent shortly.';

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
  return sendCandidateMessage(values.candidateId!, {
    content: values.content,
    platform: values.channel,
    channel: values.channel,
    subject: values.subject,
    allowWhatsAppReplies: values.allowWhatsAppReplies,
  });
}

export function useComposeSend({ candidates, onSent }: { candidates: Candidate[]; onSent: () => void }) {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: async (_reply, values) => {
      toast({
        title: 'Message Sent',
        description: values.recipientType === 'pool' ? MESSAGE_SENT_POOL : MESSAGE_SENT_INDIVIDUAL,
        variant: 'success',
      });
      onSent();
      await refreshMessaging(client);
    },
    onError: (error) => {
      toast({ title: 'Error', description: errorText(error, 'Failed to send message'), variant: 'destructive' });
    },
  });

  /** The submit rules; returns without sending when one blocks. */
  const submit = (values: MessageFormValues) => {
    if (values.recipientType === 'individual') {
      if (!values.candidateId) {
        toast({ title: 'Missing Recipient', description: 'Please select a candidate to message.', variant: 'destructive' });
        return;
      }
      const candidate = candidates.find((c) => c.id === values.candidateId);
      const blocked = candidate ? individualSendBlock(candidate, values.channel) : null;
      if (blocked) {
        toast({ ...blocked, variant: 'destructive' });
        return;
      }
    } else if (!values.talentPoolId) {
      toast({ title: 'Missing Recipient', description: 'Please select a talent pool.', variant: 'destructive' });
      return;
    }
    mutation.mutate(values);
  };

  return { submit, sending: mutation.isPending };
}
