// The three global panels of spec §3/§4 (compose, reply, campaign): each holds
// `open` plus its payload. Opening merges a payload in; closing resets the panel
// to its default; closeAll resets every panel.
import { useSyncExternalStore } from 'react';
import type { CampaignFormValues } from '#app/messaging/campaignFormSchema.ts';

export interface ComposePayload {
  candidateId?: number;
  candidateName?: string;
  talentPoolId?: number;
  subject?: string;
  content?: string;
  /** "Send booking link" with a meeting type chosen: the type of the link {{bookingLink}} makes when sent. */
  bookingMeetingTypeId?: number;
}
export interface ReplyPayload {
  messageId?: number;
}
/** The wizard's starting values, e.g. carried over from the Advanced Editor. */
export interface CampaignPayload {
  talentPoolId?: number;
  campaignType?: 'nurture' | 'announcement' | 'followup' | 'event';
  emailSubject?: string;
  emailContent?: string;
  templateId?: string;
  prompt?: string;
  language?: 'english' | 'dutch';
  /** A copy of a campaign (Duplicate): the rest of its form, over the type's defaults (messaging/campaignCopy.ts). */
  copy?: Partial<CampaignFormValues>;
}

export interface DrawerState {
  compose: { open: boolean } & ComposePayload;
  reply: { open: boolean } & ReplyPayload;
  campaign: { open: boolean } & CampaignPayload;
}
export type PanelName = keyof DrawerState;

export const DEFAULT_DRAWER_STATE: DrawerState = {
  compose: { open: false },
  reply: { open: false },
  campaign: { open: false },
};

let state: DrawerState = DEFAULT_DRAWER_STATE;
const listeners = new Set<() => void>();

function set(next: DrawerState) {
  state = next;
  for (const listener of listeners) listener();
}

export function openPanel<P extends PanelName>(panel: P, payload: Omit<DrawerState[P], 'open'> = {} as Omit<DrawerState[P], 'open'>): void {
  set({ ...state, [panel]: { ...state[panel], ...payload, open: true } });
}

export function closePanel(panel: PanelName): void {
  set({ ...state, [panel]: DEFAULT_DRAWER_STATE[panel] });
}

export function closeAllPanels(): void {
  set(DEFAULT_DRAWER_STATE);
}

export function getDrawerState(): DrawerState {
  return state;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useDrawerState(): DrawerState;
export function useDrawerState<P extends PanelName>(panel: P): DrawerState[P];
export function useDrawerState(panel?: PanelName) {
  const snapshot = useSyncExternalStore(subscribe, getDrawerState, getDrawerState);
  return panel ? snapshot[panel] : snapshot;
}
