// Buttons, inputs and the app's own badges (reused, never copied: sentiment,
// consent and engagement bands).
import { Button, Checkbox, Group, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useT } from '#app/i18n/useT.ts';
import { SentimentBadge } from '#app/panels/SentimentBadge.tsx';
import { ConsentBadges } from '../people/ConsentBadges.tsx';
import { EngagementBandBadge } from '../people/EngagementBar.tsx';

const SENTIMENTS = ['positive', 'neutral', 'negative', 'other', null] as const;
const BAND_SCORES = [{ band: 'cold', score: 10 }, { band: 'warm', score: 50 }, { band: 'hot', score: 90 }] as const;

export function Buttons() {
  const t = useT();
  return (
    <Stack gap="xs">
      <Title order={2}>{t('themeDemo.buttons')}</Title>
      <Group gap="sm">
        <Button>{t('themeDemo.buttonVariants.filled')}</Button>
        <Button variant="light">{t('themeDemo.buttonVariants.light')}</Button>
        <Button variant="outline">{t('themeDemo.buttonVariants.outline')}</Button>
        <Button variant="subtle">{t('themeDemo.buttonVariants.subtle')}</Button>
        <Button variant="default">{t('themeDemo.buttonVariants.default')}</Button>
        <Button color="red">{t('themeDemo.buttonVariants.destructive')}</Button>
        <Button disabled>{t('themeDemo.buttonVariants.disabled')}</Button>
      </Group>
    </Stack>
  );
}

export function Inputs() {
  const t = useT();
  const languages = (['english', 'dutch'] as const).map((value) => ({ value, label: t(`themeDemo.languages.${value}`) }));
  return (
    <Stack gap="xs">
      <Title order={2}>{t('themeDemo.inputs')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label={t('themeDemo.name')} description={t('themeDemo.nameHint')} placeholder="Anouk de Vries" />
        <TextInput label={t('themeDemo.email')} error={t('themeDemo.emailError')} defaultValue="anouk@" />
        <Select label={t('themeDemo.language')} data={languages} defaultValue="english" />
        <Textarea label={t('themeDemo.message')} rows={3} defaultValue={t('themeDemo.messageValue')} />
        <Checkbox label={t('themeDemo.allowsEmail')} defaultChecked />
        <Switch label={t('themeDemo.allowsWhatsapp')} />
      </SimpleGrid>
    </Stack>
  );
}

export function Badges() {
  const t = useT();
  return (
    <Stack gap="xs">
      <Title order={2}>{t('themeDemo.badges')}</Title>
      <Group gap="sm">
        <Text size="sm" w={110}>{t('themeDemo.sentiment')}</Text>
        {SENTIMENTS.map((sentiment) => <SentimentBadge key={sentiment ?? 'none'} sentiment={sentiment} />)}
      </Group>
      <Group gap="sm">
        <Text size="sm" w={110}>{t('themeDemo.consent')}</Text>
        <ConsentBadges allowsEmail allowsWhatsapp />
        <ConsentBadges allowsEmail allowsWhatsapp={false} />
        <ConsentBadges allowsEmail={false} allowsWhatsapp={false} />
      </Group>
      <Group gap="sm">
        <Text size="sm" w={110}>{t('themeDemo.engagement')}</Text>
        {BAND_SCORES.map(({ band, score }) => <EngagementBandBadge key={band} band={band} score={score} />)}
      </Group>
    </Stack>
  );
}
