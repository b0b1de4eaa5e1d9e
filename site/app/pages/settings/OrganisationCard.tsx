// The organisation's settings: company, website, industry, default sender, signature,
// default language, time zone and how long email consent lasts. Admins change them; everyone else sees them read-only,
// because drafts use them ({{company}}, {{industry}}, the signature under their own).
import { Alert, Button, Card, Group, Loader, NumberInput, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { errorText } from '#app/api/ApiError.ts';
import { useT } from '#app/i18n/useT.ts';
import { isAdmin } from '#app/session/CurrentUser.tsx';
import { toast } from '#app/toast/toast.ts';
import type { SessionUser } from '#domain/auth/schemas.ts';
import { CONSENT_LIMITS, SEND_FROM, SETTINGS_LIMITS, type OrganisationSettings, type OrganisationSettingsInput } from '#domain/settings/schemas.ts';
import { TimeZoneSelect } from '../meeting-booking/TimeZoneSelect.tsx';
import {
  DEFAULT_LANGUAGE_OPTIONS, ORGANISATION_FIELDS, organisationFormValues, organisationResolver, type OrganisationFormValues,
} from './settingsForms.ts';
import { showFieldError, useOrganisationSettings, useSaveOrganisationSettings } from './settingsQueries.ts';
import { issueText } from '#app/i18n/serverText.ts';

export function OrganisationCard({ user }: { user: SessionUser }) {
  const t = useT();
  const settings = useOrganisationSettings();
  const admin = isAdmin(user);
  return (
    <Card withBorder padding="lg" data-testid="organisation-card">
      <Title order={2} size="h3" mb="xs">{t('settings.organisation.title')}</Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('settings.organisation.intro')}
        {admin ? '' : t('settings.organisation.adminOnly')}
      </Text>
      {settings.isPending ? <Loader size="sm" aria-label={t('settings.organisation.loading')} /> : settings.isError ? (
        <Text size="sm" c="red">{t('settings.organisation.loadFailed', { error: errorText(settings.error) })}</Text>
      ) : admin ? <OrganisationForm settings={settings.data} /> : <OrganisationView settings={settings.data} />}
    </Card>
  );
}

function Value({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{label}</Text>
      <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{children || '—'}</Text>
    </div>
  );
}

function OrganisationView({ settings }: { settings: OrganisationSettings }) {
  const t = useT();
  const language = settings.defaultLanguage ? t(`settings.organisation.languages.${settings.defaultLanguage}`)
    : t('settings.organisation.noDefaultLanguage');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" data-testid="organisation-view">
      <Value label={t('settings.organisation.companyName')}>{settings.companyName}</Value>
      <Value label={t('settings.organisation.website')}>{settings.website}</Value>
      <Value label={t('settings.organisation.industry')}>{settings.industry}</Value>
      <Value label={t('settings.organisation.defaultSender')}>{[settings.senderName, settings.senderEmail && `<${settings.senderEmail}>`].filter(Boolean).join(' ')}</Value>
      <Value label={t('settings.organisation.defaultLanguage')}>{language}</Value>
      <Value label={t('settings.organisation.timeZone')}>{settings.timeZone}</Value>
      <Value label={t('settings.organisation.sendFrom')}>{t(`settings.organisation.sendFromOptions.${settings.sendFrom}`)}</Value>
      <Value label={t('settings.organisation.consent')}>
        {t('settings.organisation.consentValue', { months: settings.consentValidMonths, days: settings.renewalLeadDays })}
      </Value>
      <Value label={t('settings.organisation.adminEmails')}>
        {[settings.retentionDigest && t('settings.organisation.retentionDigest'), settings.accessRequestEmails && t('settings.organisation.accessRequestEmails')]
          .filter(Boolean).join(', ') || t('settings.organisation.adminEmailsNone')}
      </Value>
      <Value label={t('settings.organisation.signature')}>{settings.signature}</Value>
    </SimpleGrid>
  );
}

/** Whom the emails to admins go to, as saved; a warning when they go to nobody. */
function AdminEmailRecipients({ recipients, sent }: { recipients: OrganisationSettings['adminEmailRecipients']; sent: boolean }) {
  const t = useT();
  if (!recipients || !sent) return null;
  if (!recipients.length) {
    return (
      <Alert color="yellow" variant="light" title={t('settings.organisation.adminEmailsNobody')} data-testid="admin-email-recipients">
        {t('settings.organisation.adminEmailsNobodyBody', { setting: t('settings.profile.staffEmails') })}
      </Alert>
    );
  }
  return (
    <Text size="sm" c="dimmed" data-testid="admin-email-recipients">
      {t('settings.organisation.adminEmailsTo', { count: recipients.length, names: recipients.map((admin) => admin.name).join(', ') })}
    </Text>
  );
}

function OrganisationForm({ settings }: { settings: OrganisationSettings }) {
  const t = useT();
  const languageOptions = DEFAULT_LANGUAGE_OPTIONS.map((value) => ({ value, label: t(`settings.organisation.languages.${value}`) }));
  const save = useSaveOrganisationSettings();
  const { register, control, handleSubmit, reset, setError, formState: { errors, isDirty } } = useForm<OrganisationFormValues, unknown, OrganisationSettingsInput>({
    resolver: organisationResolver,
    defaultValues: organisationFormValues(settings),
  });
  useEffect(() => reset(organisationFormValues(settings)), [settings, reset]);

  const onSubmit = handleSubmit((values) => {
    save.mutate(values, {
      onSuccess: () => toast({ title: t('settings.organisation.saved'), description: t('settings.organisation.savedBody'), variant: 'success' }),
      onError: (error) => {
        showFieldError(error, ORGANISATION_FIELDS, setError);
        toast({ title: t('settings.organisation.saveFailed'), description: errorText(error), variant: 'destructive' });
      },
    });
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('settings.organisation.form')} data-testid="organisation-form">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('settings.organisation.companyName')} autoComplete="organization" maxLength={SETTINGS_LIMITS.companyName}
            {...register('companyName')} error={issueText(errors.companyName?.message)} />
          <TextInput label={t('settings.organisation.website')} type="url" placeholder="https://example.com" autoComplete="url" maxLength={SETTINGS_LIMITS.website}
            {...register('website')} error={issueText(errors.website?.message)} />
          <TextInput label={t('settings.organisation.industry')} description={t('settings.organisation.industryHint', { industry: '{{industry}}' })} maxLength={SETTINGS_LIMITS.industry}
            {...register('industry')} error={issueText(errors.industry?.message)} />
          <Controller control={control} name="defaultLanguage" render={({ field }) => (
            <Select label={t('settings.organisation.defaultLanguage')} data={languageOptions} value={field.value || 'none'} allowDeselect={false}
              description={t('settings.organisation.defaultLanguageHint')}
              onChange={(value) => { if (value) field.onChange(value === 'none' ? '' : value); }} onBlur={field.onBlur} error={issueText(errors.defaultLanguage?.message)} />
          )} />
          <TextInput label={t('settings.organisation.senderName')} description={t('settings.organisation.senderNameHint')}
            autoComplete="off" maxLength={SETTINGS_LIMITS.senderName}
            {...register('senderName')} error={issueText(errors.senderName?.message)} />
          <TextInput label={t('settings.organisation.senderEmail')} type="email" placeholder="jobs@example.com" autoComplete="off"
            description={t('settings.organisation.senderEmailHint')}
            maxLength={SETTINGS_LIMITS.senderEmail} {...register('senderEmail')} error={issueText(errors.senderEmail?.message)} />
        </SimpleGrid>
        <Controller control={control} name="sendFrom" render={({ field }) => (
          <Select label={t('settings.organisation.sendFrom')} description={t('settings.organisation.sendFromHint')} allowDeselect={false}
            data={SEND_FROM.map((value) => ({ value, label: t(`settings.organisation.sendFromOptions.${value}`) }))}
            value={field.value} onChange={(value) => { if (value) field.onChange(value); }} onBlur={field.onBlur} error={issueText(errors.sendFrom?.message)} />
        )} />
        <Textarea label={t('settings.organisation.signature')} description={t('settings.organisation.signatureHint')}
          rows={4} maxLength={SETTINGS_LIMITS.signature} {...register('signature')} error={issueText(errors.signature?.message)} />
        <Controller control={control} name="timeZone" render={({ field }) => (
          <TimeZoneSelect label={t('settings.organisation.organisationTimeZone')} value={field.value} onChange={field.onChange} onBlur={field.onBlur}
            error={issueText(errors.timeZone?.message)} description={t('settings.organisation.timeZoneHint')} />
        )} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="organisation-consent">
          <Controller control={control} name="consentValidMonths" render={({ field }) => (
            <NumberInput label={t('settings.organisation.consentValidMonths')} description={t('settings.organisation.consentValidMonthsHint')}
              min={CONSENT_LIMITS.validMonths.min} max={CONSENT_LIMITS.validMonths.max} allowDecimal={false} allowNegative={false}
              value={field.value} onChange={(value) => field.onChange(typeof value === 'number' ? value : '')} onBlur={field.onBlur}
              error={issueText(errors.consentValidMonths?.message)} />
          )} />
          <Controller control={control} name="renewalLeadDays" render={({ field }) => (
            <NumberInput label={t('settings.organisation.renewalLeadDays')} description={t('settings.organisation.renewalLeadDaysHint')}
              min={CONSENT_LIMITS.renewalLeadDays.min} max={CONSENT_LIMITS.renewalLeadDays.max} allowDecimal={false} allowNegative={false}
              value={field.value} onChange={(value) => field.onChange(typeof value === 'number' ? value : '')} onBlur={field.onBlur}
              error={issueText(errors.renewalLeadDays?.message)} />
          )} />
        </SimpleGrid>
        <Stack gap="xs" role="group" aria-labelledby="organisation-admin-emails">
          <Text id="organisation-admin-emails" size="sm" fw={500}>{t('settings.organisation.adminEmails')}</Text>
          {(['retentionDigest', 'accessRequestEmails'] as const).map((name) => (
            <Controller key={name} control={control} name={name} render={({ field }) => (
              <Switch label={t(`settings.organisation.${name}`)} description={t(`settings.organisation.${name}Hint`)}
                checked={field.value} onChange={(event) => field.onChange(event.currentTarget.checked)} onBlur={field.onBlur}
                error={issueText(errors[name]?.message)} />
            )} />
          ))}
          <AdminEmailRecipients recipients={settings.adminEmailRecipients} sent={settings.retentionDigest || settings.accessRequestEmails} />
        </Stack>
        <Group gap="sm">
          <Button type="submit" loading={save.isPending} disabled={!isDirty}>{t('settings.organisation.save')}</Button>
          {isDirty && <Button variant="subtle" color="gray" onClick={() => reset(organisationFormValues(settings))}>{t('settings.discardChanges')}</Button>}
        </Group>
      </Stack>
    </form>
  );
}
