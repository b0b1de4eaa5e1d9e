// The organisation's settings: company, website, industry, default sender, signature,
// default language and time zone. Admins change them; everyone else sees them read-only,
// because drafts use them ({{company}}, {{industry}}, the signature under their own).
import { Button, Card, Group, Loader, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { errorText } from '#app/api/ApiError.ts';
import { isAdmin } from '#app/session/CurrentUser.tsx';
import { toast } from '#app/toast/toast.ts';
import type { SessionUser } from '#domain/auth/schemas.ts';
import { SETTINGS_LIMITS, type OrganisationSettings, type OrganisationSettingsInput } from '#domain/settings/schemas.ts';
import { TimeZoneSelect } from '../meeting-booking/TimeZoneSelect.tsx';
import {
  DEFAULT_LANGUAGE_OPTIONS, LANGUAGE_OPTIONS, ORGANISATION_FIELDS, organisationFormValues, organisationResolver, type OrganisationFormValues,
} from './settingsForms.ts';
import { showFieldError, useOrganisationSettings, useSaveOrganisationSettings } from './settingsQueries.ts';

export function OrganisationCard({ user }: { user: SessionUser }) {
  const settings = useOrganisationSettings();
  const admin = isAdmin(user);
  return (
    <Card withBorder padding="lg" data-testid="organisation-card">
      <Title order={2} size="h3" mb="xs">Organisation</Title>
      <Text size="sm" c="dimmed" mb="md">
        Drafts fill the company, website and industry from here and end with the organisation&apos;s signature under the recruiter&apos;s;
        emails go out under the default sender.
        {admin ? '' : ' Only an administrator can change these.'}
      </Text>
      {settings.isPending ? <Loader size="sm" aria-label="Loading the organisation's settings" /> : settings.isError ? (
        <Text size="sm" c="red">Could not load the organisation&apos;s settings: {errorText(settings.error)}</Text>
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
  const language = LANGUAGE_OPTIONS.find((option) => option.value === settings.defaultLanguage)?.label
    ?? 'No default (English in Compose, Dutch in the campaign wizard)';
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" data-testid="organisation-view">
      <Value label="Company name">{settings.companyName}</Value>
      <Value label="Website">{settings.website}</Value>
      <Value label="Industry">{settings.industry}</Value>
      <Value label="Default sender">{[settings.senderName, settings.senderEmail && `<${settings.senderEmail}>`].filter(Boolean).join(' ')}</Value>
      <Value label="Default language">{language}</Value>
      <Value label="Time zone">{settings.timeZone}</Value>
      <Value label="Signature">{settings.signature}</Value>
    </SimpleGrid>
  );
}

function OrganisationForm({ settings }: { settings: OrganisationSettings }) {
  const save = useSaveOrganisationSettings();
  const { register, control, handleSubmit, reset, setError, formState: { errors, isDirty } } = useForm<OrganisationFormValues, unknown, OrganisationSettingsInput>({
    resolver: organisationResolver,
    defaultValues: organisationFormValues(settings),
  });
  useEffect(() => reset(organisationFormValues(settings)), [settings, reset]);

  const onSubmit = handleSubmit((values) => {
    save.mutate(values, {
      onSuccess: () => toast({ title: 'Organisation settings saved', description: 'New drafts and the emails sent from now on use them.', variant: 'success' }),
      onError: (error) => {
        showFieldError(error, ORGANISATION_FIELDS, setError);
        toast({ title: 'Could not save the organisation settings', description: errorText(error), variant: 'destructive' });
      },
    });
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Organisation settings" data-testid="organisation-form">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Company name" autoComplete="organization" maxLength={SETTINGS_LIMITS.companyName}
            {...register('companyName')} error={errors.companyName?.message} />
          <TextInput label="Website" type="url" placeholder="https://example.com" autoComplete="url" maxLength={SETTINGS_LIMITS.website}
            {...register('website')} error={errors.website?.message} />
          <TextInput label="Industry" description="E.g. fintech; fills {{industry}}" maxLength={SETTINGS_LIMITS.industry}
            {...register('industry')} error={errors.industry?.message} />
          <Controller control={control} name="defaultLanguage" render={({ field }) => (
            <Select label="Default language" data={DEFAULT_LANGUAGE_OPTIONS} value={field.value || 'none'} allowDeselect={false}
              description="Preselected in Compose and the campaign wizard, and used for a campaign that names no language. Without one, Compose starts in English and the wizard in Dutch."
              onChange={(value) => { if (value) field.onChange(value === 'none' ? '' : value); }} onBlur={field.onBlur} error={errors.defaultLanguage?.message} />
          )} />
          <TextInput label="Default sender name" description="The name candidates see as the sender of your emails."
            autoComplete="off" maxLength={SETTINGS_LIMITS.senderName}
            {...register('senderName')} error={errors.senderName?.message} />
          <TextInput label="Default sender address" type="email" placeholder="jobs@example.com" autoComplete="off"
            description="Emails to candidates go out from this address. Its domain must allow this server to send for it (SPF and DKIM records), or mail may be refused or land in spam."
            maxLength={SETTINGS_LIMITS.senderEmail} {...register('senderEmail')} error={errors.senderEmail?.message} />
        </SimpleGrid>
        <Textarea label="Signature" description="Under each recruiter's own signature in email drafts, e.g. the company name and address."
          rows={4} maxLength={SETTINGS_LIMITS.signature} {...register('signature')} error={errors.signature?.message} />
        <Controller control={control} name="timeZone" render={({ field }) => (
          <TimeZoneSelect label="Organisation time zone" value={field.value} onChange={field.onChange} onBlur={field.onBlur}
            error={errors.timeZone?.message} description="For candidates whose own time zone is not known." />
        )} />
        <Group gap="sm">
          <Button type="submit" loading={save.isPending} disabled={!isDirty}>Save organisation settings</Button>
          {isDirty && <Button variant="subtle" color="gray" onClick={() => reset(organisationFormValues(settings))}>Discard changes</Button>}
        </Group>
      </Stack>
    </form>
  );
}
