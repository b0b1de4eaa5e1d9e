// /app/settings: its tabs.
export const settings = {};
