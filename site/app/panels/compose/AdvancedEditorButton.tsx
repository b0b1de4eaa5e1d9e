// "Advanced Editor": closes the dialog and continues on the communications
// page in the campaign wizard, carrying the dialog's values (spec §2).
import { Button } from '@mantine/core';
import type { UseFormReturn } from 'react-hook-form';
import { buildAdvancedEditorUrl } from '#app/messaging/advancedEditor.ts';
import { useT } from '#app/i18n/useT.ts';
import type { MessageFormValues } from '#app/messaging/messageFormSchema.ts';
import { navigate } from '#app/router/navigate.ts';
import { toast } from '#app/toast/toast.ts';

interface AdvancedEditorButtonProps {
  form: UseFormReturn<MessageFormValues>;
  candidateName?: string;
  placeholderShowing: boolean;
  onLeave: () => void;
}

export function AdvancedEditorButton({ form, candidateName, placeholderShowing, onLeave }: AdvancedEditorButtonProps) {
  const t = useT();
  const open = () => {
    const values = form.getValues();
    const url = buildAdvancedEditorUrl({
      candidateId: values.recipientType === 'individual' ? values.candidateId : null,
      candidateName: values.recipientType === 'individual' ? candidateName : null,
      talentPoolId: values.recipientType === 'pool' ? values.talentPoolId : null,
      channel: values.channel,
      subject: values.subject,
      content: placeholderShowing ? null : values.content,
      template: values.selectedTemplate,
      prompt: values.aiPrompt,
      language: values.language,
    });
    onLeave();
    navigate(url);
    toast({ title: t('panels.compose.openingEditor'), description: t('panels.compose.openingEditorBody'), variant: 'info' });
  };
  return <Button variant="subtle" onClick={open}>{t('panels.compose.advancedEditor')}</Button>;
}
