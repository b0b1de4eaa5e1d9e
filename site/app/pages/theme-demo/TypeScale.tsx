import { Stack, Text, Title } from '@mantine/core';

const SIZES = ['xl', 'lg', 'md', 'sm', 'xs'] as const;
const HEADINGS = [2, 3, 4, 5, 6] as const;

/** Headings h2 to h6 (the page keeps its one h1) and the text sizes. */
export function TypeScale() {
  return (
    <Stack gap="xs">
      <Title order={2}>Type scale</Title>
      {HEADINGS.map((order) => <Title key={order} order={order}>Heading {order}: Talent pools</Title>)}
      {SIZES.map((size) => <Text key={size} size={size}>Text {size}: Anouk replied to the nurture campaign.</Text>)}
      <Text size="sm" c="dimmed">Dimmed: secondary details such as dates and counts.</Text>
    </Stack>
  );
}
