// The meeting type form: the API's create schema validates it; labels for its choices.
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import {
  MEETING_COLOURS, meetingTypeCreateSchema, type LocationKind, type MeetingType,
} from '#domain/meetings/booking-schemas.ts';
import { locationText as meetingLocationText } from '../meetings/meetingLabels.ts';

export type MeetingColour = (typeof MEETING_COLOURS)[number];

export interface MeetingTypeFormValues {
  name: string;
  durationMinutes: number;
  description: string;
  locationKind: LocationKind;
  locationDetail: string;
  colour: MeetingColour;
}
export type MeetingTypeFormOutput = z.output<typeof meetingTypeCreateSchema>;

export const meetingTypeResolver = zodResolver(meetingTypeCreateSchema) as unknown as
  Resolver<MeetingTypeFormValues, unknown, MeetingTypeFormOutput>;

export const MEETING_TYPE_FIELDS = ['name', 'durationMinutes', 'description', 'locationKind', 'locationDetail', 'colour'] as const;

export const DURATION_PRESETS = [15, 20, 30, 45, 60, 90, 120] as const;

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

export function meetingTypeFormValues(type: MeetingType | null): MeetingTypeFormValues {
  return {
    name: type?.name ?? '',
    durationMinutes: type?.durationMinutes ?? 30,
    description: type?.description ?? '',
    locationKind: type?.locationKind ?? 'teams',
    locationDetail: type?.locationDetail ?? '',
    colour: type?.colour ?? 'blue',
  };
}
