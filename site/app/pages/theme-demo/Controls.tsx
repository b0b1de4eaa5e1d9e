// Buttons, inputs and the app's own badges (reused, never copied: sentiment,
// consent and engagement bands).
import { Button, Checkbox, Group, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { SentimentBadge } from '#app/panels/SentimentBadge.tsx';
import { ConsentBadges } from '../people/ConsentBadges.tsx';
import { EngagementBandBadge } from '../people/EngagementBar.tsx';

const SENTIMENTS = ['positive', 'neutral', 'negative', 'other', null] as const;
const BAND_SCORES = [{ band: 'cold', score: 10 }, { band: 'warm', score: 50 }, { band: 'hot', score: 90 }] as const;

export function Buttons() {
  return (
    <Stack gap="xs">
      <Title order={2}>Buttons</Title>
      <Group gap="sm">
        <Button>Filled</Button>
        <Button variant="light">Light</Button>
        <Button variant="outline">Outline</Button>
        <Button variant="subtle">Subtle</Button>
        <Button variant="default">Default</Button>
        <Button color="red">Destructive</Button>
        <Button disabled>Disabled</Button>
      </Group>
    </Stack>
  );
}

export function Inputs() {
  return (
    <Stack gap="xs">
      <Title order={2}>Inputs</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Name" description="As the candidate writes it" placeholder="Anouk de Vries" />
        <TextInput label="Email" error="Enter an email address" defaultValue="anouk@" />
        <Select label="Language" data={['English', 'Dutch']} defaultValue="English" />
        <Textarea label="Message" rows={3} defaultValue="Hi Anouk, would you like to talk next week?" />
        <Checkbox label="Allows email" defaultChecked />
        <Switch label="Allows WhatsApp" />
      </SimpleGrid>
    </Stack>
  );
}

export function Badges() {
  return (
    <Stack gap="xs">
      <Title order={2}>Badges</Title>
      <Group gap="sm">
        <Text size="sm" w={110}>Sentiment</Text>
        {SENTIMENTS.map((sentiment) => <SentimentBadge key={sentiment ?? 'none'} sentiment={sentiment} />)}
      </Group>
      <Group gap="sm">
        <Text size="sm" w={110}>Consent</Text>
        <ConsentBadges allowsEmail allowsWhatsapp />
        <ConsentBadges allowsEmail allowsWhatsapp={false} />
        <ConsentBadges allowsEmail={false} allowsWhatsapp={false} />
      </Group>
      <Group gap="sm">
        <Text size="sm" w={110}>Engagement</Text>
        {BAND_SCORES.map(({ band, score }) => <EngagementBandBadge key={band} band={band} score={score} />)}
      </Group>
    </Stack>
  );
}
