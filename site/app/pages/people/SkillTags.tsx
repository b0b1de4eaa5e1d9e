// The first few skill tags, then "+N".
import { Badge, Group } from '@mantine/core';

/** Badges shrink (with an ellipsis) by default; in a table cell they must keep their width. */
export const UNSHRINKING = { flexShrink: 0, minWidth: 'max-content' } as const;

/** `wrap`: the badges may take several lines (a narrow table column); all of them always do. */
export function SkillTags({ tags, max = 3, wrap = false }: { tags: string[]; max?: number; wrap?: boolean }) {
  const shown = max === Infinity ? tags : tags.slice(0, max);
  return (
    <Group gap={4} wrap={max === Infinity || wrap ? 'wrap' : 'nowrap'}>
      {shown.map((tag) => <Badge key={tag} size="xs" variant="outline" color="gray" tt="none" style={UNSHRINKING}>{tag}</Badge>)}
      {tags.length > shown.length && <Badge size="xs" variant="transparent" color="gray" style={UNSHRINKING}>+{tags.length - shown.length}</Badge>}
    </Group>
  );
}
