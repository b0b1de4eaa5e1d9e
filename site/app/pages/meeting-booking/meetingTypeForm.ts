// The meeting type form: the API's create schema validates it; labels for its choices.
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import {
  DEFAULT_REMINDERS, MEETING_COLOURS, meetingTypeCreateSchema, type Distribution, type LocationKind, type MeetingKind, type MeetingType,
  type MeetingTypeCreate, type ReminderChannel,
} from '#domain/meetings/booking-schemas.ts';
import { locationText as meetingLocationText } from '../meetings/meetingLabels.ts';

export type MeetingColour = (typeof MEETING_COLOURS)[number];

export interface ReminderValues {
  minutesBefore: number;
  channel: ReminderChannel;
}

export interface MeetingTypeFormValues {
  name: string;
  durationMinutes: number;
  description: string;
  locationKind: LocationKind;
  locationDetail: string;
  colour: MeetingColour;
  kind: MeetingKind;
  /** In priority order, the owner among them (a one-on-one type sends none: its owner alone). */
  hostIds: string[];
  distribution: Distribution;
  reminders: ReminderValues[];
}
export type MeetingTypeFormOutput = z.output<typeof meetingTypeCreateSchema>;

const schemaResolver = zodResolver(meetingTypeCreateSchema) as unknown as
  Resolver<MeetingTypeFormValues, unknown, MeetingTypeFormOutput>;

/** What the form asks the API for: a one-on-one type names no hosts (the API keeps its owner alone). */
export function requestValues(values: MeetingTypeFormValues): MeetingTypeCreate {
  const { hostIds, ...rest } = values;
  return rest.kind === 'one_on_one' ? rest : { ...rest, hostIds };
}

/** The API's create schema, over what the form asks for (its errors land on the form's own paths). */
export const meetingTypeResolver: Resolver<MeetingTypeFormValues, unknown, MeetingTypeFormOutput> = (values, context, options) =>
  schemaResolver(requestValues(values) as MeetingTypeFormValues, context, options);

export const MEETING_TYPE_FIELDS = [
  'name', 'durationMinutes', 'description', 'locationKind', 'locationDetail', 'colour', 'kind', 'hostIds', 'distribution', 'reminders',
] as const;

/** Every path a server's 422 `field` can land on: the fields, and each reminder row and its inputs. */
export function meetingTypeFieldPaths(values: Pick<MeetingTypeFormValues, 'reminders'>): string[] {
  return [
    ...MEETING_TYPE_FIELDS,
    ...values.reminders.flatMap((_, index) => [`reminders.${index}`, `reminders.${index}.minutesBefore`, `reminders.${index}.channel`]),
  ];
}

export const DURATION_PRESETS = [15, 20, 30, 45, 60, 90, 120] as const;
/** The reminder lead times one pick away; any other number of minutes is "Custom". */
export const LEAD_TIME_PRESETS = [15, 60, 120, 1440, 2880] as const;
export const MAX_REMINDERS = 5;

/** A reminder to add: the first usual one the type does not have yet. */
export function nextReminder(reminders: readonly ReminderValues[]): ReminderValues {
  const taken = (minutesBefore: number, channel: ReminderChannel) =>
    reminders.some((reminder) => reminder.minutesBefore === minutesBefore && reminder.channel === channel);
  for (const channel of ['email', 'whatsapp'] as const) {
    const minutesBefore = [1440, 60, 120, 15, 2880].find((minutes) => !taken(minutes, channel));
    if (minutesBefore !== undefined) return { minutesBefore, channel };
  }
  return { minutesBefore: 1440, channel: 'email' };
}

/** "Microsoft Teams", "Phone", "On-site" in the interface's language (the meetings page's words). */
export function locationLabel(kind: LocationKind): string {
  return locationText({ locationKind: kind, locationDetail: null });
}

/** "Microsoft Teams", "Phone: +31 6 12345678", "On-site: Herengracht 1, Amsterdam": how a meeting reads its location. */
export function locationText(type: Pick<MeetingType, 'locationKind' | 'locationDetail'>): string {
  return meetingLocationText({ kind: type.locationKind, detail: type.locationKind === 'teams' ? null : type.locationDetail });
}

/** The CSS colour of a Mantine palette name. */
export function colourValue(colour: MeetingColour): string {
  return `var(--mantine-color-${colour}-6)`;
}

/** The form's values for `type`, or for a new type owned by `ownerId`. */
export function meetingTypeFormValues(type: MeetingType | null, ownerId: string): MeetingTypeFormValues {
  return {
    name: type?.name ?? '',
    durationMinutes: type?.durationMinutes ?? 30,
    description: type?.description ?? '',
    locationKind: type?.locationKind ?? 'teams',
    locationDetail: type?.locationDetail ?? '',
    colour: type?.colour ?? 'blue',
    kind: type?.kind ?? 'one_on_one',
    hostIds: type ? type.hosts.map((host) => host.id) : [ownerId],
    distribution: type?.distribution ?? 'availability',
    reminders: (type?.reminders ?? DEFAULT_REMINDERS).map((reminder) => ({ ...reminder })),
  };
}
