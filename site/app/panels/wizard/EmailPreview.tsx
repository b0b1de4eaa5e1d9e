// The wizard's preview (Launch step): the first email and its follow-ups as one of the pool's members will read
// them, every {{placeholder}} filled as the worker fills it when the mail is written (personalise and
// sendTimeValues, domain/placeholders/placeholders.ts), with my name and signature and the organisation's. Read
// only when opened.
import { Alert, Button, Collapse, Loader, Paper, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { errorText } from '#app/api/ApiError.ts';
import { useT } from '#app/i18n/useT.ts';
import type { CampaignFormValues } from '#app/messaging/campaignFormSchema.ts';
import { usePoolSample } from '#app/messaging/queries.ts';
import { delayLabel, followUpName, followUpSubjects } from '#app/messaging/sequenceForm.ts';
import { useOrganisationSettings, useProfileSettings } from '#app/pages/settings/settingsQueries.ts';
import { personalise, sendTimeValues } from '#domain/placeholders/placeholders.ts';

export function EmailPreview({ form }: { form: UseFormReturn<CampaignFormValues> }) {
  const t = useT();
  const [opened, setOpened] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const [talentPoolId, language, emailSubject, emailContent, followUps] = useWatch({
    control: form.control, name: ['talentPoolId', 'language', 'emailSubject', 'emailContent', 'followUps'],
  });
  const sample = usePoolSample(talentPoolId ? Number(talentPoolId) : null, opened);
  const profile = useProfileSettings();
  const organisation = useOrganisationSettings(opened);
  const people = sample.data ?? [];
  const person = people.find((candidate) => String(candidate.id) === chosen) ?? people[0];
  const values = sendTimeValues(
    { name: profile.data?.displayName, title: profile.data?.title ?? null, signature: profile.data?.signature ?? null },
    { companyName: organisation.data?.companyName ?? null, signature: organisation.data?.signature ?? null },
  );
  const write = (text: string) => person ? personalise(text, person, language, values, t('panels.preview.bookingLink')) : text;
  const subjects = followUpSubjects({ emailSubject, followUps });
  const emails = [
    { label: t('panels.preview.first'), subject: emailSubject, content: emailContent },
    ...followUps.map((followUp, i) => ({
      label: `${followUpName(i)} · ${delayLabel(followUp.delayDays, followUp.businessDaysOnly)}`, subject: subjects[i], content: followUp.content,
    })),
  ];

  return (
    <div>
      <Button variant="default" size="compact-sm" onClick={() => setOpened((open) => !open)} aria-expanded={opened}
        aria-controls="wizard-email-preview">
        {opened ? t('panels.preview.hide') : t('panels.preview.show')}
      </Button>
      <Collapse expanded={opened}>
        <Stack gap="sm" mt="xs" id="wizard-email-preview" data-testid="email-preview">
          {sample.isPending && opened ? <Loader size="sm" aria-label={t('panels.preview.loading')} />
            : sample.isError ? <Alert color="red" title={t('panels.preview.failed')}>{errorText(sample.error)}</Alert>
            : !person ? <Text size="sm" c="dimmed">{t('panels.preview.nobody')}</Text>
            : <>
              <Select label={t('panels.preview.for')} allowDeselect={false} value={String(person.id)} onChange={setChosen}
                data={people.map((candidate) => ({ value: String(candidate.id), label: candidate.name }))} />
              {emails.map((email) => (
                <Paper key={email.label} withBorder p="sm" data-testid="preview-email">
                  <Text size="xs" c="dimmed" fw={600}>{email.label}</Text>
                  <Text size="sm" fw={600}>{write(email.subject)}</Text>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{write(email.content)}</Text>
                </Paper>
              ))}
            </>}
        </Stack>
      </Collapse>
    </div>
  );
}
