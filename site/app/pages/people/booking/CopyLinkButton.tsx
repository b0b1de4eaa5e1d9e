// "Copy link": the clipboard when the browser allows it, else the link shown
// selected in a field, ready for Ctrl+C.
import { Button, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useT } from '#app/i18n/useT.ts';
import { toast } from '#app/toast/toast.ts';

/** True when the text went to the clipboard; false when the browser refused or has none (http, permissions). */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function CopyLinkButton({ url }: { url: string }) {
  const t = useT();
  const [manual, setManual] = useState(false);
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!manual) return;
    field.current?.focus();
    field.current?.select();
  }, [manual]);

  const copy = async () => {
    if (await copyToClipboard(url)) {
      setManual(false);
      toast({ title: t('people.booking.linkCopied'), variant: 'success' });
      return;
    }
    setManual(true);
    field.current?.select();
    toast({ title: t('people.booking.copyYourself'), description: t('people.booking.copyYourselfBody'), variant: 'warning' });
  };

  return (
    <>
      <Button size="xs" variant="light" onClick={() => void copy()}>{t('people.booking.copyLink')}</Button>
      {manual && (
        <TextInput
          ref={field}
          readOnly
          value={url}
          aria-label={t('people.booking.bookingLink')}
          size="xs"
          w="100%"
          onFocus={(event) => event.currentTarget.select()}
          data-testid="booking-link-text"
        />
      )}
    </>
  );
}
