// /app/communications: campaigns, inbox, threads, campaign results.
export const communications = {};
