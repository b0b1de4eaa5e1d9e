import { beforeEach, describe, expect, it } from 'vitest';
import { closeAllPanels, closePanel, DEFAULT_DRAWER_STATE, getDrawerState, openPanel } from '#app/drawers/drawerStore.ts';

beforeEach(() => closeAllPanels());

describe('drawer state (spec §4)', () => {
  it('opening merges the payload in', () => {
    openPanel('compose', { candidateId: 7, candidateName: 'Daan Bakker' });
    openPanel('compose', { subject: 'Hello' });
    expect(getDrawerState().compose).toEqual({ open: true, candidateId: 7, candidateName: 'Daan Bakker', subject: 'Hello' });
    expect(getDrawerState().reply).toEqual({ open: false });
  });

  it('closing resets that panel to its default only', () => {
    openPanel('compose', { candidateId: 7 });
    openPanel('reply', { messageId: 3 });
    closePanel('compose');
    expect(getDrawerState().compose).toEqual({ open: false });
    expect(getDrawerState().reply).toEqual({ open: true, messageId: 3 });
  });

  it('close-all resets every panel', () => {
    openPanel('compose', { candidateId: 7 });
    openPanel('campaign', { talentPoolId: 2 });
    closeAllPanels();
    expect(getDrawerState()).toEqual(DEFAULT_DRAWER_STATE);
  });
});
