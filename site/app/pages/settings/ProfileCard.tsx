// Who I am (username and role: shown, changed by an admin) and what I change myself:
// display name, title, email, signature, time zone (also my booking page's) and the
// interface language. Drafts sign with the name, title and signature.
import { Badge, Button, Card, Group, Loader, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { errorText } from '#app/api/ApiError.ts';
import { toast } from '#app/toast/toast.ts';
import type { SessionUser } from '#domain/auth/schemas.ts';
import { SETTINGS_LIMITS, type ProfileSettings, type ProfileSettingsInput } from '#domain/settings/schemas.ts';
import { TimeZoneSelect } from '../meeting-booking/TimeZoneSelect.tsx';
import { INTERFACE_LANGUAGE_OPTIONS, PROFILE_FIELDS, profileFormValues, profileResolver, type ProfileFormValues } from './settingsForms.ts';
import { showFieldError, useProfileSettings, useSaveProfileSettings } from './settingsQueries.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{label}</Text>
      <Text style={{ overflowWrap: 'anywhere' }}>{children}</Text>
    </div>
  );
}

export function ProfileCard({ user }: { user: SessionUser }) {
  const settings = useProfileSettings();
  return (
    <Card withBorder padding="lg" data-testid="profile-card">
      <Title order={2} size="h3" mb="md">Profile</Title>
      {/* The account as signed in; username and role are changed by an admin (Admin Portal). */}
      <Group gap="sm" mb="sm" wrap="wrap">
        <Text fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>{user.displayName || user.username}</Text>
        <Badge variant="light" tt="capitalize" component="span">{user.role}</Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mb="lg">
        <Field label="Username">{user.username}</Field>
      </SimpleGrid>
      {settings.isPending ? <Loader size="sm" aria-label="Loading your settings" /> : settings.isError ? (
        <Text size="sm" c="red">Could not load your settings: {errorText(settings.error)}</Text>
      ) : <ProfileForm settings={settings.data} />}
    </Card>
  );
}

function ProfileForm({ settings }: { settings: ProfileSettings }) {
  const save = useSaveProfileSettings();
  const { register, control, handleSubmit, reset, setError, formState: { errors, isDirty } } = useForm<ProfileFormValues, unknown, ProfileSettingsInput>({
    resolver: profileResolver,
    defaultValues: profileFormValues(settings),
  });
  // What the server saved (trimmed, the zone's usual spelling) becomes the form's new starting point.
  useEffect(() => reset(profileFormValues(settings)), [settings, reset]);

  const onSubmit = handleSubmit((values) => {
    save.mutate(values, {
      onSuccess: () => toast({ title: 'Profile saved', description: 'Your drafts sign with these details from now on.', variant: 'success' }),
      onError: (error) => {
        showFieldError(error, PROFILE_FIELDS, setError);
        toast({ title: 'Could not save your profile', description: errorText(error), variant: 'destructive' });
      },
    });
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Your profile" data-testid="profile-form">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Display name" withAsterisk autoComplete="name" maxLength={SETTINGS_LIMITS.displayName}
            {...register('displayName')} error={errors.displayName?.message} />
          <TextInput label="Title" description="E.g. Senior Recruiter; under your name in drafts" autoComplete="organization-title"
            maxLength={SETTINGS_LIMITS.title} {...register('title')} error={errors.title?.message} />
        </SimpleGrid>
        <TextInput label="Email" withAsterisk type="email" autoComplete="email" maxLength={SETTINGS_LIMITS.email}
          description="Test mails come here; with Microsoft 365 it must be your Outlook address (meetings go into that calendar)."
          {...register('email')} error={errors.email?.message} />
        <Textarea label="Signature" description="Ends your email drafts, instead of your name and title. Your name is added when it is missing."
          rows={4} maxLength={SETTINGS_LIMITS.signature} {...register('signature')} error={errors.signature?.message} />
        <Controller control={control} name="timeZone" render={({ field }) => (
          <TimeZoneSelect value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errors.timeZone?.message}
            description="Your own time zone; your booking page uses it too (the same setting as in Meeting booking)." />
        )} />
        <Controller control={control} name="language" render={({ field }) => (
          <Select label="Language" description="The language of this app for you." data={INTERFACE_LANGUAGE_OPTIONS}
            value={field.value || 'browser'} allowDeselect={false}
            onChange={(value) => { if (value) field.onChange(value === 'browser' ? '' : value); }} onBlur={field.onBlur}
            error={errors.language?.message} />
        )} />
        <Group gap="sm">
          <Button type="submit" loading={save.isPending} disabled={!isDirty}>Save profile</Button>
          {isDirty && <Button variant="subtle" color="gray" onClick={() => reset(profileFormValues(settings))}>Discard changes</Button>}
        </Group>
      </Stack>
    </form>
  );
}
