// The meeting type form: the API's create schema validates it; labels for its choices.
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import {
  MEETING_COLOURS, meetingTypeCreateSchema, type LocationKind, type MeetingType,
} from '#domain/meetings/booking-schemas.ts';

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

export const LOCATION_LABELS: Record<LocationKind, string> = {
  teams: 'Microsoft Teams',
  phone: 'Phone',
  in_person: 'On-site',
};

/** "Microsoft Teams", "Phone: +31 6 12345678", "On-site: Herengracht 1, Amsterdam". */
export function locationText(type: Pick<MeetingType, 'locationKind' | 'locationDetail'>): string {
  const label = LOCATION_LABELS[type.locationKind];
  return type.locationKind !== 'teams' && type.locationDetail ? `${label}: ${type.locationDetail}` : label;
}

export function colourLabel(colour: MeetingColour): string {
  return colour.charAt(0).toUpperCase() + colour.slice(1);
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
