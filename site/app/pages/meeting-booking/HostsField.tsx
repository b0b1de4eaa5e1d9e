// A team meeting type's hosts, in priority order: the owner always among them (not removable),
// colleagues added from a searchable list, moved up and down for a round robin, removed.
import { ActionIcon, Avatar, Badge, CloseButton, Group, Input, Select, Stack, Text } from '@mantine/core';
import { useRef, useState, type Ref } from 'react';
import { useT } from '#app/i18n/useT.ts';
import { initials } from '#app/shell/initials.ts';
import { MAX_HOSTS, type MeetingKind, type TeamMember } from '#domain/meetings/booking-schemas.ts';

interface HostsFieldProps {
  value: string[];
  onChange: (hostIds: string[]) => void;
  ownerId: string;
  kind: Exclude<MeetingKind, 'one_on_one'>;
  /** The colleagues who can host; `known` names hosts that are not among them (e.g. no longer active). */
  members: TeamMember[];
  known: TeamMember[];
  loading: boolean;
  error?: string;
  /** The "Add a host" input: where a refused hostIds puts the focus. */
  inputRef: Ref<HTMLInputElement>;
}

const ID = 'meeting-type-hosts';

export function HostsField({ value, onChange, ownerId, kind, members, known, loading, error, inputRef }: HostsFieldProps) {
  const t = useT();
  const container = useRef<HTMLDivElement>(null);
  const [search, setSearch] = useState('');
  // After a move the row is placed anew: its button gets the focus back; after a removal, "Add a host" gets it.
  const focusAfter = (selector: string) => requestAnimationFrame(() => container.current?.querySelector<HTMLElement>(selector)?.focus());

  const nameOf = (id: string) => members.find((m) => m.id === id)?.name ?? known.find((m) => m.id === id)?.name ?? id;
  const available = members.filter((member) => !value.includes(member.id)).map((member) => ({ value: member.id, label: member.name }));
  const roundRobin = kind === 'round_robin';
  const full = value.length >= MAX_HOSTS;

  const move = (index: number, by: -1 | 1) => {
    const target = index + by;
    if (target < 0 || target >= value.length) return;
    const next = [...value];
    [next[index], next[target]] = [next[target], next[index]];
    onChange(next);
    focusAfter(`[data-move="${value[index]}:${by}"]`);
  };

  return (
    <Input.Wrapper id={ID} label={t('meetingBooking.typeForm.hosts')} description={t(`meetingBooking.typeForm.hostsHints.${kind}`)}
      error={error} labelElement="div" inputWrapperOrder={['label', 'description', 'input', 'error']}>
      <Stack gap={6} mt={6} ref={container}>
        <Stack component="ol" gap={4} p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={`${ID}-label`} data-testid="host-list">
          {value.map((id, index) => {
            const name = nameOf(id);
            const first = index === 0;
            const last = index === value.length - 1;
            return (
              <Group component="li" key={id} justify="space-between" wrap="nowrap" gap="xs" data-testid="host-row">
                <Group gap="xs" wrap="nowrap" miw={0}>
                  {roundRobin && <Text size="sm" c="dimmed" w={18} ta="right" aria-hidden="true">{index + 1}.</Text>}
                  <Avatar size={26} radius="xl" color="indigo" aria-hidden="true">{initials(name)}</Avatar>
                  <Text size="sm" truncate="end" miw={0}>{name}</Text>
                  {id === ownerId && <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0 }}>{t('meetingBooking.typeForm.owner')}</Badge>}
                </Group>
                <Group gap={2} wrap="nowrap" style={{ flexShrink: 0 }}>
                  {roundRobin && <>
                    {/* aria-disabled, not disabled: the button keeps the focus at the top or bottom of the list. */}
                    <ActionIcon variant="subtle" color="gray" aria-label={t('meetingBooking.typeForm.moveUp', { name })} data-move={`${id}:-1`}
                      aria-disabled={first} data-disabled={first || undefined} onClick={() => move(index, -1)}>↑</ActionIcon>
                    <ActionIcon variant="subtle" color="gray" aria-label={t('meetingBooking.typeForm.moveDown', { name })} data-move={`${id}:1`}
                      aria-disabled={last} data-disabled={last || undefined} onClick={() => move(index, 1)}>↓</ActionIcon>
                  </>}
                  {id !== ownerId && (
                    <CloseButton aria-label={t('meetingBooking.typeForm.removeHost', { name })} onClick={() => {
                      onChange(value.filter((other) => other !== id));
                      focusAfter(`#${ID}-add`);
                    }} />
                  )}
                </Group>
              </Group>
            );
          })}
        </Stack>
        <Select
          ref={inputRef}
          id={`${ID}-add`}
          aria-label={t('meetingBooking.typeForm.addHost')}
          placeholder={loading ? t('meetingBooking.typeForm.loadingHosts') : t('meetingBooking.typeForm.addHost')}
          data={available}
          value={null}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          onChange={(id) => {
            if (id) onChange([...value, id]);
            setSearch('');
          }}
          nothingFoundMessage={t('meetingBooking.typeForm.noMoreHosts')}
          disabled={full}
          error={Boolean(error)}
          aria-errormessage={error ? `${ID}-error` : undefined}
          maw={{ base: '100%', xs: 320 }}
        />
      </Stack>
    </Input.Wrapper>
  );
}
