// Who I am (username and role: shown, changed by an admin) and what I change myself:
// display name, title, email, signature, time zone (also my booking page's), the
// interface language and, as an admin, whether staff emails reach me. Drafts sign with the name, title and signature.
import { Alert, Badge, Button, Card, Group, Loader, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { errorText } from '#app/api/ApiError.ts';
import { useT } from '#app/i18n/useT.ts';
import { i18n } from '#app/i18n/i18n.ts';
import { toast } from '#app/toast/toast.ts';
import type { SessionUser } from '#domain/auth/schemas.ts';
import { SETTINGS_LIMITS, type ProfileSettings, type ProfileSettingsInput } from '#domain/settings/schemas.ts';
import { TimeZoneSelect } from '../meeting-booking/TimeZoneSelect.tsx';
import { INTERFACE_LANGUAGE_NAMES, PROFILE_FIELDS, profileFormValues, profileResolver, type ProfileFormValues } from './settingsForms.ts';
import { showFieldError, useOrganisationSettings, useProfileSettings, useSaveProfileSettings } from './settingsQueries.ts';
import { issueText } from '#app/i18n/serverText.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{label}</Text>
      <Text style={{ overflowWrap: 'anywhere' }}>{children}</Text>
    </div>
  );
}

export function ProfileCard({ user }: { user: SessionUser }) {
  const t = useT();
  const settings = useProfileSettings();
  return (
    <Card withBorder padding="lg" data-testid="profile-card">
      <Title order={2} size="h3" mb="md">{t('settings.profile.title')}</Title>
      {/* The account as signed in; username and role are changed by an admin (Admin Portal). */}
      <Group gap="sm" mb="sm" wrap="wrap">
        <Text fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>{user.displayName || user.username}</Text>
        <Badge variant="light" tt="capitalize" component="span">{t(`shell.roles.${user.role}`)}</Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mb="lg">
        <Field label={t('settings.profile.username')}>{user.username}</Field>
      </SimpleGrid>
      {settings.isPending ? <Loader size="sm" aria-label={t('settings.profile.loading')} /> : settings.isError ? (
        <Text size="sm" c="red">{t('settings.profile.loadFailed', { error: errorText(settings.error) })}</Text>
      ) : <ProfileForm settings={settings.data} isAdmin={user.role === 'admin'} userId={user.id} />}
    </Card>
  );
}

/** With "Admin emails to me" off: a warning when no other admin gets them (the organisation's answer says who does). */
function NobodyElseGetsAdminEmails({ userId }: { userId: string }) {
  const t = useT();
  const recipients = useOrganisationSettings().data?.adminEmailRecipients;
  if (!recipients || recipients.some((admin) => admin.id !== userId)) return null;
  return <Alert color="yellow" variant="light" data-testid="no-other-admin-emails">{t('settings.profile.staffEmailsNobodyElse')}</Alert>;
}

function ProfileForm({ settings, isAdmin, userId }: { settings: ProfileSettings; isAdmin: boolean; userId: string }) {
  const t = useT();
  const languageOptions = [{ value: 'browser', label: t('settings.profile.browserLanguage') }, ...INTERFACE_LANGUAGE_NAMES];
  const save = useSaveProfileSettings();
  const { register, control, handleSubmit, reset, setError, formState: { errors, isDirty } } = useForm<ProfileFormValues, unknown, ProfileSettingsInput>({
    resolver: profileResolver,
    defaultValues: profileFormValues(settings),
  });
  const staffEmails = useWatch({ control, name: 'staffEmails' });
  // What the server saved (trimmed, the zone's usual spelling) becomes the form's new starting point.
  useEffect(() => reset(profileFormValues(settings)), [settings, reset]);

  const onSubmit = handleSubmit((values) => {
    save.mutate(values, {
      // i18n.t, not this render's t: saving a language has just switched the interface (useSaveProfileSettings).
      onSuccess: () => toast({ title: i18n.t('settings.profile.saved'), description: i18n.t('settings.profile.savedBody'), variant: 'success' }),
      onError: (error) => {
        showFieldError(error, PROFILE_FIELDS, setError);
        toast({ title: t('settings.profile.saveFailed'), description: errorText(error), variant: 'destructive' });
      },
    });
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('settings.profile.form')} data-testid="profile-form">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('settings.profile.displayName')} withAsterisk autoComplete="name" maxLength={SETTINGS_LIMITS.displayName}
            {...register('displayName')} error={issueText(errors.displayName?.message)} />
          <TextInput label={t('settings.profile.jobTitle')} description={t('settings.profile.jobTitleHint')} autoComplete="organization-title"
            maxLength={SETTINGS_LIMITS.title} {...register('title')} error={issueText(errors.title?.message)} />
        </SimpleGrid>
        <TextInput label={t('settings.profile.email')} withAsterisk type="email" autoComplete="email" maxLength={SETTINGS_LIMITS.email}
          description={t('settings.profile.emailHint')}
          {...register('email')} error={issueText(errors.email?.message)} />
        <Textarea label={t('settings.profile.signature')} description={t('settings.profile.signatureHint')}
          rows={4} maxLength={SETTINGS_LIMITS.signature} {...register('signature')} error={issueText(errors.signature?.message)} />
        <Controller control={control} name="timeZone" render={({ field }) => (
          <TimeZoneSelect value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={issueText(errors.timeZone?.message)}
            description={t('settings.profile.timeZoneHint')} />
        )} />
        <Controller control={control} name="language" render={({ field }) => (
          <Select label={t('settings.profile.language')} description={t('settings.profile.languageHint')} data={languageOptions}
            value={field.value || 'browser'} allowDeselect={false}
            onChange={(value) => { if (value) field.onChange(value === 'browser' ? '' : value); }} onBlur={field.onBlur}
            error={issueText(errors.language?.message)} />
        )} />
        {/* The organisation's switches (Settings → Organisation) decide whether these emails go; this, whether to me. */}
        {isAdmin && <Controller control={control} name="staffEmails" render={({ field }) => (
          <Switch label={t('settings.profile.staffEmails')} description={t('settings.profile.staffEmailsHint')}
            checked={field.value} onChange={(event) => field.onChange(event.currentTarget.checked)} onBlur={field.onBlur}
            error={issueText(errors.staffEmails?.message)} />
        )} />}
        {isAdmin && !staffEmails && <NobodyElseGetsAdminEmails userId={userId} />}
        <Group gap="sm">
          <Button type="submit" loading={save.isPending} disabled={!isDirty}>{t('settings.profile.save')}</Button>
          {isDirty && <Button variant="subtle" color="gray" onClick={() => reset(profileFormValues(settings))}>{t('settings.discardChanges')}</Button>}
        </Group>
      </Stack>
    </form>
  );
}
