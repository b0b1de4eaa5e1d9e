// "Insert booking link" in the compose dialog: the {{bookingLink}} placeholder at
// the cursor (or at the end) of the message, which sending fills with the
// recipient's own new link (one candidate's message, or each of a pool's). No
// link exists before the message is sent.
import { Button, Group, Text } from '@mantine/core';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useT } from '#app/i18n/useT.ts';
import type { MessageFormValues } from '#app/messaging/messageFormSchema.ts';
import { BOOKING_LINK_FIELD, insertText } from './bookingText.ts';

interface InsertBookingLinkButtonProps {
  form: UseFormReturn<MessageFormValues>;
  /** The message field, for its cursor. */
  textarea: () => HTMLTextAreaElement | null;
  disabled?: boolean;
}

export function InsertBookingLinkButton({ form, textarea, disabled }: InsertBookingLinkButtonProps) {
  const t = useT();
  const [recipientType, candidateId] = useWatch({ control: form.control, name: ['recipientType', 'candidateId'] });
  const pool = recipientType === 'pool';

  const insert = (text: string) => {
    const field = textarea();
    const content = form.getValues('content');
    // The field's selection counts only while it shows the form's value.
    const selection = field && field.value === content ? { start: field.selectionStart, end: field.selectionEnd } : null;
    const { value, caret } = insertText(content, text, selection);
    form.setValue('content', value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    if (field) {
      field.focus();
      field.setSelectionRange(caret, caret);
    }
  };

  const onClick = () => {
    if (pool || candidateId) insert(BOOKING_LINK_FIELD);
  };

  return (
    <Group gap="xs" wrap="wrap">
      <Button size="xs" variant="light" onClick={onClick} disabled={disabled || (!pool && !candidateId)}>
        {t('people.booking.insert')}
      </Button>
      <Text size="xs" c="dimmed" data-testid="booking-link-hint">
        {pool ? t('people.booking.hintPool') : candidateId ? t('people.booking.hintCandidate') : t('people.booking.hintChoose')}
      </Text>
    </Group>
  );
}
