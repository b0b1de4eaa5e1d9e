// The four campaign types (spec §3) and what choosing one fills in (spec §4):
// a name (type name + short date), the default schedule and a default subject.
import dayjs from 'dayjs';
import { campaignTypeSchema, type CampaignType } from '#domain/ai/schemas.ts';
import { type Language } from '#domain/schemas/language.ts';
import type { CampaignSummary } from '#domain/campaigns/schemas.ts';
import { panels } from '#domain/i18n/en/panels.ts';
import { DEFAULT_SCHEDULE_BY_TYPE, type ScheduleOption } from './schedule.ts';

export interface CampaignTypeInfo {
  value: CampaignType;
  label: string;
  description: string;
}

// In English always: these labels also name new campaigns and tell the AI drafter the campaign's type.
// The interface shows them in its own language (panels.campaignTypes).
const TYPE_TEXT: Record<CampaignType, Omit<CampaignTypeInfo, 'value'>> = panels.campaignTypes;

/** The wizard's cards, in the API's order of the types. */
export const CAMPAIGN_TYPES: CampaignTypeInfo[] = campaignTypeSchema.options.map((value) => ({ value, ...TYPE_TEXT[value] }));

/** A stored campaign's type as people read it ('quick': a compose dialog pool send). */
export function campaignTypeLabel(type: CampaignSummary['campaignType'] | ''): string {
  return type === 'quick' ? panels.campaignTypes.quick.label : type ? TYPE_TEXT[type].label : '';
}

/** "Nurture Campaign - Mar 5". */
export function defaultCampaignName(type: CampaignType, now: Date = new Date()): string {
  return `${campaignTypeLabel(type)} - ${dayjs(now).format('MMM D')}`;
}

/** Whether `name` is still the one choosing `type` filled in, not one the recruiter typed. */
export function isDefaultCampaignName(name: string, type: CampaignType | '', now: Date = new Date()): boolean {
  return type !== '' && name === defaultCampaignName(type, now);
}

// {{placeholders}} the recruiter fills in; the server refuses to launch while one is left.
const DEFAULT_SUBJECTS: Record<Language, Record<CampaignType, string>> = {
  english: {
    nurture: 'New opportunities in {{industry}}',
    announcement: 'New opening: {{jobTitle}} at {{company}}',
    followup: 'Following up on the {{jobTitle}} role at {{company}}',
    event: "You're invited: {{eventName}}",
  },
  dutch: {
    nurture: 'Nieuwe kansen in {{industry}}',
    announcement: 'Nieuwe vacature: {{jobTitle}} bij {{company}}',
    followup: 'Even terugkomen op de functie {{jobTitle}} bij {{company}}',
    event: 'Uitnodiging: {{eventName}}',
  },
};

export function defaultSubject(type: CampaignType, language: Language): string {
  return DEFAULT_SUBJECTS[language][type];
}

export function isDefaultSubject(subject: string): boolean {
  return Object.values(DEFAULT_SUBJECTS).some((byType) => Object.values(byType).includes(subject));
}

/** "Quick Message Mar 5, 2026": the name of a compose dialog pool send. */
export function quickMessageName(now: Date = new Date()): string {
  return `Quick Message ${dayjs(now).format('MMM D, YYYY')}`;
}

export interface TypeDefaults {
  name: string;
  scheduleOption: ScheduleOption;
  emailSubject: string;
}

export interface TypeDefaultsInput extends TypeDefaults {
  campaignType: CampaignType | '';
  language: Language;
}

/**
 * The fields after choosing `type`: each is filled unless the recruiter has
 * already typed their own (a field still holding the previous type's default,
 * or empty, is replaced).
 */
export function applyCampaignTypeDefaults(current: TypeDefaultsInput, type: CampaignType, now: Date = new Date()): TypeDefaults {
  const previous = current.campaignType || null;
  const nameIsDefault = !current.name.trim() || isDefaultCampaignName(current.name, current.campaignType, now);
  const subjectIsDefault = !current.emailSubject.trim() || isDefaultSubject(current.emailSubject);
  const scheduleIsDefault = previous === null || current.scheduleOption === DEFAULT_SCHEDULE_BY_TYPE[previous];
  return {
    name: nameIsDefault ? defaultCampaignName(type, now) : current.name,
    emailSubject: subjectIsDefault ? defaultSubject(type, current.language) : current.emailSubject,
    scheduleOption: scheduleIsDefault ? DEFAULT_SCHEDULE_BY_TYPE[type] : current.scheduleOption,
  };
}
