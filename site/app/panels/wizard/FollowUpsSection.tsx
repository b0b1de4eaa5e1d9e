// The Content step's follow-ups (issue 12): each with its delay, "business days
// only", a subject (empty: "Re: " + the previous one, the same thread) and content
// drafted with the same AI template cards as the first email. At most MAX_FOLLOW_UPS.
import { Button, Checkbox, Fieldset, Group, NumberInput, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useRef } from 'react';
import { Controller, useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import type { CampaignFormValues } from '#app/messaging/campaignFormSchema.ts';
import { CAMPAIGN_CONTENT_ROWS } from '#app/messaging/constants.ts';
import {
  delayLabel, followUpName, followUpSubjectChain, MAX_FOLLOW_UPS, NEW_FOLLOW_UP,
} from '#app/messaging/sequenceForm.ts';
import { issueText } from '#app/i18n/serverText.ts';
import { useT } from '#app/i18n/useT.ts';
import { MAX_DELAY_DAYS, MIN_DELAY_DAYS } from '#domain/campaigns/sequence-schemas.ts';
import { TemplateSuggestionCards } from './TemplateSuggestionCards.tsx';

interface FollowUpsSectionProps {
  form: UseFormReturn<CampaignFormValues>;
  generatingId: string | null;
  /** Which email is being drafted (0 the first, n follow-up n), or null. */
  generatingStep: number | null;
  onChooseTemplate: (templateId: string, step: number) => void;
}

export function FollowUpsSection({ form, generatingId, generatingStep, onChooseTemplate }: FollowUpsSectionProps) {
  const { control, register, formState: { errors } } = form;
  const t = useT();
  const { fields, append, remove } = useFieldArray({ control, name: 'followUps' });
  const [campaignType, emailSubject, followUps] = useWatch({ control, name: ['campaignType', 'emailSubject', 'followUps'] });
  // One per field shown (the watched values can lag a field just added by a render).
  const subjects = followUpSubjectChain({ emailSubject, followUps: fields.map((_, index) => followUps[index] ?? NEW_FOLLOW_UP) });
  const addButton = useRef<HTMLButtonElement>(null);
  const busy = generatingId !== null;
  // Leaving one field checks the whole follow-up (mode onTouched), so a field not yet left can show an error; it is
  // checked again as it changes, so the error goes while typing (and does not vanish on the next click, moving it).
  const recheckWhileShown = (name: `followUps.${number}.content` | `followUps.${number}.subject`) => ({
    onChange: () => { if (form.getFieldState(name).error) void form.trigger(name); },
  });

  return (
    <Stack gap="md" data-testid="follow-ups">
      {fields.map((field, index) => {
        const step = index + 1;
        const { delayDays, businessDaysOnly } = followUps[index] ?? NEW_FOLLOW_UP;
        // The default subject follows the previous step as it is now.
        const { defaultSubject } = subjects[index];
        const fieldErrors = errors.followUps?.[index];
        return (
          <Fieldset key={field.id} legend={t('panels.followUps.legend', { label: followUpName(index), delay: delayLabel(delayDays, businessDaysOnly) })} data-testid={`follow-up-${step}`}>
            <Stack gap="sm">
              <Group align="flex-end" gap="md" wrap="wrap">
                <Controller
                  control={control}
                  name={`followUps.${index}.delayDays`}
                  render={({ field: delay, fieldState }) => (
                    <NumberInput
                      ref={delay.ref}
                      label={t('panels.followUps.days')}
                      min={MIN_DELAY_DAYS}
                      max={MAX_DELAY_DAYS}
                      allowDecimal={false}
                      allowNegative={false}
                      clampBehavior="none"
                      w={220}
                      value={Number.isFinite(delay.value) ? delay.value : ''}
                      onChange={(value) => delay.onChange(typeof value === 'number' ? value : value === '' ? Number.NaN : Number(value))}
                      onBlur={delay.onBlur}
                      error={issueText(fieldState.error?.message)}
                    />
                  )}
                />
                <Checkbox label={t('panels.followUps.businessDaysOnly')} mb={8} {...register(`followUps.${index}.businessDaysOnly`)} />
              </Group>
              <TextInput
                label={t('panels.followUps.subject')}
                placeholder={defaultSubject}
                description={t('panels.followUps.subjectHelp', { subject: defaultSubject })}
                {...register(`followUps.${index}.subject`, recheckWhileShown(`followUps.${index}.subject`))}
                error={issueText(fieldErrors?.subject?.message)}
              />
              <TemplateSuggestionCards
                campaignType={campaignType}
                selected={followUps[index]?.selectedTemplate ?? ''}
                generatingId={generatingStep === step ? generatingId : null}
                busy={busy}
                onChoose={(templateId) => onChooseTemplate(templateId, step)}
              />
              <Textarea
                label={t('panels.followUps.content')}
                withAsterisk
                rows={CAMPAIGN_CONTENT_ROWS}
                readOnly={generatingStep === step}
                {...register(`followUps.${index}.content`, recheckWhileShown(`followUps.${index}.content`))}
                error={issueText(fieldErrors?.content?.message)}
              />
              <Group justify="flex-end">
                {/* Not while drafting: removing one would move the draft to its neighbour. */}
                <Button variant="subtle" color="red" size="xs" disabled={busy} aria-label={t('panels.followUps.removeLabel', { number: step })}
                  onClick={() => { remove(index); addButton.current?.focus(); }}>
                  {t('panels.followUps.remove')}
                </Button>
              </Group>
            </Stack>
          </Fieldset>
        );
      })}
      <Group gap="sm">
        <Button ref={addButton} variant="light" disabled={fields.length >= MAX_FOLLOW_UPS}
          onClick={() => append({ ...NEW_FOLLOW_UP }, { focusName: `followUps.${fields.length}.delayDays` })}>
          {t('panels.followUps.add')}
        </Button>
        <Text size="xs" c="dimmed">
          {fields.length >= MAX_FOLLOW_UPS ? t('panels.followUps.max', { count: MAX_FOLLOW_UPS }) : t('panels.followUps.onlyUnanswered')}
        </Text>
      </Group>
    </Stack>
  );
}
