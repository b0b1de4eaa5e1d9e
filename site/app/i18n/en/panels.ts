// The compose, reply and campaign (wizard) dialogs.
export const panels = {};
